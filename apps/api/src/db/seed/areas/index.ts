import type { DemoAreaSeed } from '../context.ts';
import * as admin from './admin.ts';
import * as assignments from './assignments.ts';
import * as documents from './documents.ts';
import * as events from './events.ts';
import * as fees from './fees.ts';
import * as exam from './exam.ts';
import * as home from './home.ts';
import * as live from './live.ts';
import * as library from './library.ts';
import * as messages from './messages.ts';
import * as products from './products.ts';
import * as profile from './profile.ts';
import * as report from './report.ts';
import * as timetable from './timetable.ts';

/** Every area's demo content, run in this order after the base institutes; a new area adds one line. */
export const demoAreas: readonly DemoAreaSeed[] = [
  home,
  profile,
  products,
  assignments,
  events,
  messages,
  fees,
  timetable,
  live,
  exam,
  library,
  documents,
  admin,
  report,
];
