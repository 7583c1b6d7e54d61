import { endpoint } from '../shared/endpoint.ts';
import type { alertsSchemas } from './alerts.contract.ts';

type Schemas = typeof alertsSchemas;

/**
 * The bell (issue 31; not in the spec): the signed-in account's alerts and marking them read. A parent may mark
 * their own alerts read: it changes their bell, not a child's data.
 */
export const alertsEndpoints = {
  list: endpoint<Schemas['list']>({
    id: 'alerts.list',
    method: 'GET',
    path: '/api/v1/alerts/bell',
    service: 'main',
    access: 'session',
    ids: [],
  }),
  read: endpoint<Schemas['read']>({
    id: 'alerts.read',
    method: 'POST',
    path: '/api/v1/alerts/bell/read',
    service: 'main',
    access: 'session',
    ids: [{ in: 'body', name: 'alert_ids[]', kind: 'alert' }],
  }),
};
