import { alertSettingsContract, alertsContract } from '@campus/domain/alerts/alerts.contract';
import { defineArea } from '../../access/define-area.ts';
import { alertsSweepJob, liveSoonAlertsJob, produceAlertsJob } from './alerts.jobs.ts';
import { alertsPolicies } from './alerts.policy.ts';
import { alertsDeliverJob, alertsPlanJob } from './delivery.jobs.ts';
import { alertsRoutes } from './alerts.routes.ts';

// Alerts (issue 31): produced in the background from the data the institute loads; the bell reads them.
export const area = defineArea({
  name: 'alerts',
  contracts: [alertsContract, alertSettingsContract],
  routes: alertsRoutes,
  policies: alertsPolicies,
  jobs: [produceAlertsJob, alertsSweepJob, liveSoonAlertsJob, alertsPlanJob, alertsDeliverJob],
});
