// The exam area's public face: what the report area reads of a test and its attempts, and the lookups of the exam
// ids the access policies check.
export { findAnswerKeyState } from './answer-key.repository.ts';
export { findExamLabel, findVisibleTestIds } from './exam-access.repository.ts';
export * from './exam.writer.ts';
