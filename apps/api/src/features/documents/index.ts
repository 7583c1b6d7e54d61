// The documents area's public face: its writer.
export * from './documents.writer.ts';
