import type { DemoAreaSeed } from '../context.ts';
import * as assignments from './assignments.ts';
import * as events from './events.ts';
import * as home from './home.ts';
import * as messages from './messages.ts';
import * as products from './products.ts';
import * as profile from './profile.ts';

/** Every area's demo content, run in this order after the base institutes; a new area adds one line. */
export const demoAreas: readonly DemoAreaSeed[] = [home, profile, products, assignments, events, messages];
