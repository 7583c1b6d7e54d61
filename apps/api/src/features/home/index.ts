// The home area's public face: its writer (notices and banners), for the admin API, the demo seed and the test
// factories.
export * from './home.writer.ts';
