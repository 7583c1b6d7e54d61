// The messages area's public face: the account's phone the inbox policy compares.
export { findAccountPhone } from './messages.repository.ts';
export * from './messages.writer.ts';
