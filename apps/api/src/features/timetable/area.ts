import { timetableContract } from '@campus/domain/timetable/timetable.contract';
import { defineArea } from '../../access/define-area.ts';
import { timetablePolicies } from './timetable.policy.ts';
import { timetableRoutes } from './timetable.routes.ts';

export const area = defineArea({
  name: 'timetable',
  contracts: [timetableContract],
  routes: timetableRoutes,
  policies: timetablePolicies,
});
