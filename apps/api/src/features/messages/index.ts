// The messages area's public face: the account's phone the inbox policy compares, and the delivery of texts.
export { findAccountPhone } from './messages.repository.ts';
export * from './messages.writer.ts';
export { enqueueSms, smsSendJob } from './sms.jobs.ts';
