// The alerts area's example calls for the access matrix (test/access-cells.test.ts finds this file by its name).
// Test support: the server never loads it.
import { alertChannels, alertKinds } from '@campus/domain/alerts/index';
import type { CellExamples } from '../../../test/access-cells-kit.ts';

/** Every kind with every channel on: a valid settings table. */
const settingsBody = {
  kinds: alertKinds.map((kind) => ({
    kind,
    channels: Object.fromEntries(alertChannels.map((channel) => [channel, true])),
    urgent: false,
  })),
  quiet_start: '21:00',
  quiet_end: '07:00',
  digest: { sms: null, email: '18:00', push: null },
};

export const cells: CellExamples = {
  'alerts.list': () => ({}),
  'alerts.read': (ids) => ({ body: { alert_ids: [ids.alertId] } }),
  'alerts.settings': () => ({}),
  'alerts.saveSettings': () => ({ body: settingsBody }),
  'alerts.subscribe': () => ({
    body: { endpoint: 'https://fcm.googleapis.com/fcm/send/cell', keys: { p256dh: 'BKey', auth: 'auth' } },
  }),
  'alerts.unsubscribe': () => ({ body: { endpoint: 'https://fcm.googleapis.com/fcm/send/cell' } }),
};
