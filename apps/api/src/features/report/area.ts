import { reportContract } from '@campus/domain/report/report.contract';
import { defineArea } from '../../access/define-area.ts';
import { rankStaleTestsJob, rankTestJob } from './ranking.jobs.ts';
import { reportPolicies } from './report.policy.ts';
import { reportRoutes } from './report.routes.ts';

export const area = defineArea({
  name: 'report',
  contracts: [reportContract],
  routes: reportRoutes,
  policies: reportPolicies,
  jobs: [rankTestJob, rankStaleTestsJob],
});
