import { libraryContract } from '@campus/domain/library/library.contract';
import { defineArea } from '../../access/define-area.ts';
import { libraryPolicies } from './library.policy.ts';
import { libraryRoutes } from './library.routes.ts';

export const area = defineArea({
  name: 'library',
  contracts: [libraryContract],
  routes: libraryRoutes,
  policies: libraryPolicies,
});
