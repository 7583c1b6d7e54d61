// The exam area's public face: what the report area reads of a test and its attempts, the lookups of the exam
// ids the access policies check, and the tests open now (Today).
export { findAnswerKeyState } from './answer-key.repository.ts';
export { findExamLabel, findVisibleTestIds } from './exam-access.repository.ts';
export { findOpenTests } from './exam.repository.ts';
export * from './exam.writer.ts';
