// The Today area's public face (issue 31): its rules and its answer's shapes.
export * from './today-rules.ts';
export type { TodayAnswer, TodayChild, TodayLine } from './today.contract.ts';
