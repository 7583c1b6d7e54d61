// The events area's public face: its writer (calendar events), for the admin API, the demo seed and the test
// factories.
export * from './events.writer.ts';
