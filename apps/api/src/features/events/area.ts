import { eventsContract } from '@campus/domain/events/events.contract';
import { defineArea } from '../../access/define-area.ts';
import { eventsRoutes } from './events.routes.ts';

export const area = defineArea({ name: 'events', contracts: [eventsContract], routes: eventsRoutes });
