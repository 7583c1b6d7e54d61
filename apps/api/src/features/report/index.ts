// The report area's public face: the exam results it ranks, as the exam area (a submission marks ranks stale), the
// access policies (the `question` id) and the demo seed use them.
export { findAttemptedQuestion, rankTest, type Taker } from './ranking.repository.ts';
export { markRanksStale } from './ranking.jobs.ts';
export { findNewResults } from './report.repository.ts';
export * from './report.writer.ts';
