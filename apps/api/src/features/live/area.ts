import { liveContract } from '@campus/domain/live/live.contract';
import { defineArea } from '../../access/define-area.ts';
import { liveRoutes } from './live.routes.ts';

export const area = defineArea({ name: 'live', contracts: [liveContract], routes: liveRoutes });
