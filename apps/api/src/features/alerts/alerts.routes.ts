import { alertSettingsContract, alertsContract, bellSize } from '@campus/domain/alerts/alerts.contract';
import { alertChannels, alertKinds, describeAlert, type AlertKind } from '@campus/domain/alerts/alerts-rules';
import { channelOn, digestChannels, settingsFromTable } from '@campus/domain/alerts/alerts-settings';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../access/define-route.ts';
import { countUnread, findAlerts, markAlertsRead } from './alerts.repository.ts';
import { findAccountEmail } from './alerts.repository.ts';
import { AppError } from '../../errors.ts';
import { isPushService } from '../../lib/push-services.ts';
import { removeSubscription, saveSubscription } from './push.repository.ts';
import { findAlertSettings, saveAlertSettings } from './settings.repository.ts';

const isKind = (kind: string): kind is AlertKind => (alertKinds as readonly string[]).includes(kind);

/** The bell: the signed-in account's alerts, their words drawn by the domain's rules, and marking them read. */
export async function alertsRoutes(app: FastifyInstance) {
  // The bell leaves out the kinds the account keeps out of the app (its settings).
  const hiddenKinds = async (session: { instituteId: number; accountUserId: number; isParent: boolean }) => {
    const settings = (await findAlertSettings(app.db, session.instituteId, [session.accountUserId])).get(
      session.accountUserId,
    )!;
    const role = session.isParent ? 'parent' : 'student';
    return alertKinds.filter((kind) => !channelOn(settings, kind, 'app', role));
  };

  defineRoute(app, alertsContract.list, async ({ scope }) => {
    const { instituteId, accountUserId } = scope.session;
    const hidden = await hiddenKinds(scope.session);
    const [rows, unread] = await Promise.all([
      findAlerts(app.db, instituteId, accountUserId, bellSize, hidden),
      countUnread(app.db, instituteId, accountUserId, hidden),
    ]);
    return {
      unread,
      alerts: rows
        .filter((row) => isKind(row.kind))
        .map((row) => ({
          alert_id: row.id,
          kind: row.kind as AlertKind,
          ...describeAlert(row.kind as AlertKind, row.data),
          student_id: row.studentId,
          created_at: row.createdAt.toISOString(),
          read: row.readAt !== null,
        })),
    };
  });

  // The policy has checked every id is the account's own.
  defineRoute(app, alertsContract.read, async ({ scope, body }) => {
    const { instituteId, accountUserId } = scope.session;
    await markAlertsRead(app.db, instituteId, accountUserId, body.alert_ids, app.now());
    return { unread: await countUnread(app.db, instituteId, accountUserId, await hiddenKinds(scope.session)) };
  });

  // The account's own settings, every kind spelled out with its defaults filled in.
  defineRoute(app, alertSettingsContract.settings, async ({ scope }) => {
    const { instituteId, accountUserId, isParent } = scope.session;
    const role = isParent ? 'parent' : 'student';
    const [settings, email] = await Promise.all([
      findAlertSettings(app.db, instituteId, [accountUserId]).then((found) => found.get(accountUserId)!),
      findAccountEmail(app.db, instituteId, accountUserId),
    ]);
    return {
      kinds: alertKinds.map((kind) => ({
        kind,
        channels: Object.fromEntries(
          alertChannels.map((channel) => [channel, channelOn(settings, kind, channel, role)]),
        ) as Record<(typeof alertChannels)[number], boolean>,
        urgent: settings.urgent.includes(kind),
      })),
      quiet_start: settings.quiet.start,
      quiet_end: settings.quiet.end,
      digest: Object.fromEntries(
        digestChannels.map((channel) => [channel, settings.digest[channel] ?? null]),
      ) as Record<(typeof digestChannels)[number], string | null>,
      has_email: Boolean(email),
      push_key: app.pushKey ?? null,
    };
  });

  defineRoute(app, alertSettingsContract.saveSettings, async ({ scope, body }) => {
    const { instituteId, accountUserId, isParent } = scope.session;
    const settings = settingsFromTable(
      body.kinds,
      { start: body.quiet_start, end: body.quiet_end },
      body.digest,
      isParent ? 'parent' : 'student',
    );
    await saveAlertSettings(app.db, instituteId, accountUserId, settings, app.now());
    return { saved: true as const };
  });

  // The server will post to the endpoint: only a browser's push service may be named.
  defineRoute(app, alertSettingsContract.subscribe, async ({ scope, body }) => {
    if (!app.pushKey) throw new AppError(409, 'CONFLICT', 'Phone notifications are not set up here');
    if (!isPushService(body.endpoint, app.pushServices)) {
      throw new AppError(400, 'VALIDATION_FAILED', 'This is not the address of a push service');
    }
    const { instituteId, accountUserId } = scope.session;
    await saveSubscription(app.db, instituteId, accountUserId, body, app.now());
    return { subscribed: true as const };
  });

  defineRoute(app, alertSettingsContract.unsubscribe, async ({ scope, body }) => {
    const { instituteId, accountUserId } = scope.session;
    await removeSubscription(app.db, instituteId, accountUserId, body.endpoint);
    return { subscribed: false as const };
  });
}
