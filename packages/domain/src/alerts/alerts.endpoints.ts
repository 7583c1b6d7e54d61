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
  /** The account's own alert settings (a parent's are the parent's): kinds per channel, quiet hours, digests. */
  settings: endpoint<Schemas['settings']>({
    id: 'alerts.settings',
    method: 'GET',
    path: '/api/v1/alerts/settings',
    service: 'main',
    access: 'session',
    ids: [],
  }),
  saveSettings: endpoint<Schemas['saveSettings']>({
    id: 'alerts.saveSettings',
    method: 'PUT',
    path: '/api/v1/alerts/settings',
    service: 'main',
    access: 'session',
    ids: [],
  }),
  /** This browser's Web Push subscription, for the account that signed in. */
  subscribe: endpoint<Schemas['subscribe']>({
    id: 'alerts.subscribe',
    method: 'POST',
    path: '/api/v1/alerts/push',
    service: 'main',
    access: 'session',
    ids: [],
  }),
  unsubscribe: endpoint<Schemas['unsubscribe']>({
    id: 'alerts.unsubscribe',
    method: 'POST',
    path: '/api/v1/alerts/push/unsubscribe',
    service: 'main',
    access: 'session',
    ids: [],
  }),
};
