import { authContract } from '@campus/domain/auth/auth.contract';
import { defineArea } from '../../access/define-area.ts';
import { authPolicies } from './auth.policy.ts';
import { authRoutes } from './auth.routes.ts';

export const area = defineArea({ name: 'auth', contracts: [authContract], routes: authRoutes, policies: authPolicies });
