import { assignmentsContract } from '@campus/domain/assignments/assignments.contract';
import type { FastifyInstance } from 'fastify';
import type { AssignmentRow } from './assignments.repository.ts';
import type { RequestScope } from '../../access/scope.ts';
import { defineRoute } from '../../access/define-route.ts';
import { takeMultipart } from '../../lib/uploads.ts';
import { findAssignmentList, findAttachments } from './assignments.repository.ts';
import { signedUrl, toAttachment, toDetail, toListItem } from './assignments.service.ts';
import { saveSubmissionLimited } from './submission.service.ts';

/** The assignment the declared `fileId` named; its policy loaded it. */
const assignmentOf = (scope: RequestScope): AssignmentRow => scope.assignment!;

export async function assignmentsRoutes(app: FastifyInstance) {
  await takeMultipart(app);

  defineRoute(app, assignmentsContract.list, async ({ scope }) => {
    const [batchIds, timeZone] = await Promise.all([scope.batchIds(), scope.timeZone()]);
    const rows = await findAssignmentList(app.db, scope.session.instituteId, scope.studentId, batchIds);
    const now = app.now();
    const items = rows.map((row) => toListItem(row, now, timeZone));
    return {
      statusCode: 200,
      message: 'success',
      result: {
        upcoming_online_assignment_list: items.filter((item) => item.days_left >= 0),
        // Most recent first for the past tab.
        past_online_assignment_list: items.filter((item) => item.days_left < 0).reverse(),
      },
    };
  });

  defineRoute(app, assignmentsContract.detail, async ({ scope }) => {
    const row = assignmentOf(scope);
    const [teacherFiles, timeZone] = await Promise.all([
      findAttachments(app.db, scope.session.instituteId, row.assignment.id, ['teacher']),
      scope.timeZone(),
    ]);
    return {
      statusCode: 200,
      message: 'success',
      result: toDetail(row, teacherFiles, app.signer, app.now(), timeZone),
    };
  });

  defineRoute(app, assignmentsContract.studentAttachments, async ({ scope }) => {
    const row = assignmentOf(scope);
    const files = await findAttachments(
      app.db,
      scope.session.instituteId,
      row.assignment.id,
      ['student_file', 'student_link'],
      row.submission?.id ?? null,
    );
    const now = app.now();
    return {
      statusCode: 200,
      message: 'success',
      result: {
        student_attachment: files.map((file) => ({
          ...toAttachment(app.signer, file, now),
          is_link: file.kind === 'student_link',
          remarks: file.remarks,
        })),
      },
    };
  });

  defineRoute(app, assignmentsContract.solution, async ({ scope }) => {
    const row = assignmentOf(scope);
    if (!row.assignment.isSolutionReleased) {
      return {
        statusCode: 200,
        message: 'The solution is not released yet',
        result: { is_released: false, solution_attachments: [] },
      };
    }
    const files = await findAttachments(app.db, scope.session.instituteId, row.assignment.id, ['solution']);
    const now = app.now();
    return {
      statusCode: 200,
      message: 'success',
      result: {
        is_released: true,
        solution_attachments: files.map((file) => ({
          ...toAttachment(app.signer, file, now),
          attachment_name: file.displayName,
        })),
      },
    };
  });

  // The attachment policy has checked every id and loaded the rows, in the order asked for.
  defineRoute(app, assignmentsContract.download, async ({ scope, body }) => {
    const now = app.now();
    const allowed = scope.attachments!;
    const bodies = [...new Set(body.attachmentId_array)].map((wanted) =>
      signedUrl(app.signer, allowed.find((row) => row.attachment.id === wanted)!.attachment, now),
    );
    return { statusCode: 200, message: 'success', result: { body: bodies[0]!, bodies } };
  });

  defineRoute(app, assignmentsContract.update, async ({ scope, request, authorizeMultipart }) =>
    saveSubmissionLimited(app.db, app.storage, request, scope.session, app.now(), async (json) => {
      await authorizeMultipart(json);
      return assignmentOf(scope);
    }),
  );
}
