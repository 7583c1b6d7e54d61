import { examContract } from '@campus/domain/exam/exam.contract';
import { defineArea } from '../../access/define-area.ts';
import { examSweepJob } from './exam.jobs.ts';
import { examPolicies } from './exam.policy.ts';
import { examRoutes } from './exam.routes.ts';

export const area = defineArea({
  name: 'exam',
  contracts: [examContract],
  routes: examRoutes,
  policies: examPolicies,
  jobs: [examSweepJob],
});
