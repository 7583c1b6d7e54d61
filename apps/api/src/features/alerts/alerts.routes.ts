import { alertsContract, bellSize } from '@campus/domain/alerts/alerts.contract';
import { alertKinds, describeAlert, type AlertKind } from '@campus/domain/alerts/alerts-rules';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../access/define-route.ts';
import { countUnread, findAlerts, markAlertsRead } from './alerts.repository.ts';

const isKind = (kind: string): kind is AlertKind => (alertKinds as readonly string[]).includes(kind);

/** The bell: the signed-in account's alerts, their words drawn by the domain's rules, and marking them read. */
export async function alertsRoutes(app: FastifyInstance) {
  defineRoute(app, alertsContract.list, async ({ scope }) => {
    const { instituteId, accountUserId } = scope.session;
    const [rows, unread] = await Promise.all([
      findAlerts(app.db, instituteId, accountUserId, bellSize),
      countUnread(app.db, instituteId, accountUserId),
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
    return { unread: await countUnread(app.db, instituteId, accountUserId) };
  });
}
