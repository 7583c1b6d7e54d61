import { messagesContract } from '@campus/domain/messages/messages.contract';
import { maskedSecret } from '@campus/domain/messages/messages-rules';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../access/define-route.ts';
import { findMessagesByPhone } from './messages.repository.ts';

/** Messages: the texts sent to the signed-in account's own phone (its `phone` policy checked the number). */
export async function messagesRoutes(app: FastifyInstance) {
  defineRoute(app, messagesContract.byPhone, async ({ scope, query }) => {
    const rows = await findMessagesByPhone(app.db, {
      instituteId: scope.session.instituteId,
      phone: scope.accountPhone!,
      startIndex: query.start_index,
      batchSize: query.batch_size,
      now: app.now(),
      mask: maskedSecret,
    });
    return rows.map((row) => ({ message: row.message, createdDateTime: row.createdAt.toISOString() }));
  });
}
