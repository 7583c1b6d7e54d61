import { endpoint } from '../shared/endpoint.ts';
import type { alertSettingsSchemas } from './alerts.contract.ts';

type Schemas = typeof alertSettingsSchemas;

/**
 * An account's alert settings and this browser's push subscription (issue 31; not in the spec). Apart from the bell's
 * endpoints: the header loads those with every screen, these load with the profile.
 */
export const alertSettingsEndpoints = {
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
