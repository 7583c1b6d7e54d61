import { feesContract } from '@campus/domain/fees/fees.contract';
import { defineArea } from '../../access/define-area.ts';
import { feesPolicies } from './fees.policy.ts';
import { feesRoutes } from './fees.routes.ts';
import { receiptRenderJob, receiptRenderSweepJob } from './receipts.jobs.ts';

export const area = defineArea({
  name: 'fees',
  contracts: [feesContract],
  routes: feesRoutes,
  policies: feesPolicies,
  jobs: [receiptRenderJob, receiptRenderSweepJob],
});
