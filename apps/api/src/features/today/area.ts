import { todayContract } from '@campus/domain/today/today.contract';
import { defineArea } from '../../access/define-area.ts';
import { todayRoutes } from './today.routes.ts';

// Today on home (issue 31): reads what other areas keep, through their public faces; it has no rows of its own.
export const area = defineArea({ name: 'today', contracts: [todayContract], routes: todayRoutes });
