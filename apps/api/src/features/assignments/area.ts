import { assignmentsContract } from '@campus/domain/assignments/assignments.contract';
import { defineArea } from '../../access/define-area.ts';
import { assignmentsPolicies } from './assignments.policy.ts';
import { assignmentsRoutes } from './assignments.routes.ts';

export const area = defineArea({
  name: 'assignments',
  contracts: [assignmentsContract],
  routes: assignmentsRoutes,
  policies: assignmentsPolicies,
});
