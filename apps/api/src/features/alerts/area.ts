import { defineArea } from '../../access/define-area.ts';
import { absenceAlertsJob, alertsSweepJob } from './alerts.jobs.ts';

// The alerts area (issue 31): so far its production in the background; the bell's routes come next.
export const area = defineArea({
  name: 'alerts',
  contracts: [],
  routes: async () => undefined,
  jobs: [absenceAlertsJob, alertsSweepJob],
});
