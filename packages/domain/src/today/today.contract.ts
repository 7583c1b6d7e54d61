import { z } from 'zod';
import { bindContract } from '../shared/endpoint.ts';
import { todayKinds } from './today-rules.ts';
import { todayEndpoints } from './today.endpoints.ts';

/** One line of Today: what it is, a word of detail, and the screen that shows it. */
export const todayLineSchema = z.object({
  kind: z.enum(todayKinds),
  title: z.string(),
  /** Times, amounts and states as the screen shows them (the spec's money and date formats). */
  detail: z.string(),
  /** A short state to stand out (attendance, a fee's amount); empty when none. */
  badge: z.string(),
  /** The screen it opens, an address of the app (for a parent, with the line's child selected first). */
  path: z.string(),
});
export type TodayLine = z.infer<typeof todayLineSchema>;

/** One child's day (a student's own, or each of a parent's children). */
export const todayChildSchema = z.object({
  student_id: z.number().int(),
  /** The child's user id: the profile a parent picks to view this child. */
  user_id: z.number().int(),
  name: z.string(),
  lines: z.array(todayLineSchema),
});
export type TodayChild = z.infer<typeof todayChildSchema>;

/** Request and answer schemas of the Today endpoint. */
export const todaySchemas = {
  today: {
    answer: z.object({
      /** The institute's date, DD-MM-YYYY. */
      date: z.string(),
      children: z.array(todayChildSchema),
    }),
  },
};
export type TodayAnswer = z.infer<typeof todaySchemas.today.answer>;

/** The Today endpoint with its schemas, as the API registers it. */
export const todayContract = bindContract(todayEndpoints, todaySchemas);
