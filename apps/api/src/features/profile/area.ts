import { profileContract } from '@campus/domain/profile/profile.contract';
import { defineArea } from '../../access/define-area.ts';
import { profileRoutes } from './profile.routes.ts';

export const area = defineArea({ name: 'profile', contracts: [profileContract], routes: profileRoutes });
