import {
  assignmentDetailAnswerSchema,
  assignmentListAnswerSchema,
  assignmentListBodySchema,
  downloadAnswerSchema,
  downloadBodySchema,
  solutionAnswerSchema,
  studentAttachmentsAnswerSchema,
} from '@campus/domain/assignments/assignments.contract';
import { messageAnswerSchema } from '@campus/domain/auth/auth.contract';
import { errorBodySchema } from '@campus/domain/shared/error.contract';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import { assertOwnInstitute, requireAuth } from '../../plugins/auth.ts';
import {
  findAssignments,
  findAttachments,
  findAttachmentsByIds,
  findBatchIds,
  findTimeZone,
} from './assignments.repository.ts';
import { signedUrl, toAttachment, toDetail, toListItem } from './assignments.service.ts';
import { saveSubmissionLimited } from './submission.service.ts';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  413: errorBodySchema,
  415: errorBodySchema,
};
const id = z.coerce.number().int().positive();

/** The student a request may read: the session's own (a parent's chosen child), named where the path names one. */
function ownStudent(request: FastifyRequest, instituteId: number, studentId?: number) {
  const auth = requireAuth(request);
  assertOwnInstitute(request, instituteId);
  if (auth.studentId === null || (studentId !== undefined && studentId !== auth.studentId)) {
    throw new AppError(404, 'NOT_FOUND', 'Not Found');
  }
  return { ...auth, studentId: auth.studentId };
}

export const assignmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Keep the name as sent, folders and all, so a path is refused rather than silently cut to its base.
  await app.register(multipart, { preservePath: true });

  /** The assignment `fileId` if it is set for the student's batches this year, else 404. */
  const loadAssignment = async (
    auth: { instituteId: number; studentId: number; academicYearId: number },
    fileId: number,
  ) => {
    const batchIds = await findBatchIds(app.db, auth.instituteId, auth.studentId, auth.academicYearId);
    const [row] = await findAssignments(app.db, auth.instituteId, auth.studentId, batchIds, fileId);
    if (!row) throw new AppError(404, 'NOT_FOUND', 'Not Found');
    return row;
  };

  app.post(
    '/api/v2/onlineAssignment/student/getAssignmentsDetail',
    {
      schema: {
        tags: ['assignments'],
        body: assignmentListBodySchema,
        response: { 200: assignmentListAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const auth = ownStudent(request, request.body.institute_id, request.body.student_id);
      const [batchIds, timeZone] = await Promise.all([
        findBatchIds(app.db, auth.instituteId, auth.studentId, auth.academicYearId),
        findTimeZone(app.db, auth.instituteId),
      ]);
      const rows = await findAssignments(app.db, auth.instituteId, auth.studentId, batchIds);
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
    },
  );

  app.get(
    '/api/v2/onlineAssignment/get/:instituteId/:fileId',
    {
      schema: {
        tags: ['assignments'],
        params: z.object({ instituteId: id, fileId: id }),
        response: { 200: assignmentDetailAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const auth = ownStudent(request, request.params.instituteId);
      const row = await loadAssignment(auth, request.params.fileId);
      const [teacherFiles, timeZone] = await Promise.all([
        findAttachments(app.db, auth.instituteId, row.assignment.id, ['teacher']),
        findTimeZone(app.db, auth.instituteId),
      ]);
      return {
        statusCode: 200,
        message: 'success',
        result: toDetail(row, teacherFiles, app.signer, app.now(), timeZone),
      };
    },
  );

  app.get(
    '/api/v2/onlineAssignment/studentAttachmentsDetail/:instituteId/:studentId/:fileId',
    {
      schema: {
        tags: ['assignments'],
        params: z.object({ instituteId: id, studentId: id, fileId: id }),
        response: { 200: studentAttachmentsAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const auth = ownStudent(request, request.params.instituteId, request.params.studentId);
      const row = await loadAssignment(auth, request.params.fileId);
      const files = await findAttachments(
        app.db,
        auth.instituteId,
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
    },
  );

  app.get(
    '/api/v2/onlineAssignment/getAssignmentSolution/:instituteId/:studentId/:fileId',
    {
      schema: {
        tags: ['assignments'],
        params: z.object({ instituteId: id, studentId: id, fileId: id }),
        response: { 200: solutionAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const auth = ownStudent(request, request.params.instituteId, request.params.studentId);
      const row = await loadAssignment(auth, request.params.fileId);
      if (!row.assignment.isSolutionReleased) {
        return {
          statusCode: 200,
          message: 'The solution is not released yet',
          result: { is_released: false, solution_attachments: [] },
        };
      }
      const files = await findAttachments(app.db, auth.instituteId, row.assignment.id, ['solution']);
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
    },
  );

  app.post(
    '/api/v2/onlineAssignment/downloadFile',
    { schema: { tags: ['assignments'], body: downloadBodySchema, response: { 200: downloadAnswerSchema, ...errors } } },
    async (request) => {
      const auth = ownStudent(request, request.body.institute_id);
      const ids = [...new Set(request.body.attachmentId_array)];
      const [rows, batchIds] = await Promise.all([
        findAttachmentsByIds(app.db, auth.instituteId, ids),
        findBatchIds(app.db, auth.instituteId, auth.studentId, auth.academicYearId),
      ]);
      // Every id must be one this student may open; otherwise nothing is answered.
      const allowed = rows.filter(({ attachment, batchId, isSolutionReleased, submitterId }) => {
        if (attachment.kind === 'teacher') return batchIds.includes(batchId);
        if (attachment.kind === 'solution') return batchIds.includes(batchId) && isSolutionReleased;
        return submitterId === auth.studentId;
      });
      if (allowed.length !== ids.length) throw new AppError(404, 'NOT_FOUND', 'Not Found');
      const now = app.now();
      const bodies = ids.map((wanted) =>
        signedUrl(app.signer, allowed.find((row) => row.attachment.id === wanted)!.attachment, now),
      );
      return { statusCode: 200, message: 'success', result: { body: bodies[0]!, bodies } };
    },
  );

  app.post(
    '/api/v2/onlineAssignment/student/updateAssignment',
    { schema: { tags: ['assignments'], response: { 200: messageAnswerSchema, ...errors } } },
    async (request) => saveSubmissionLimited(app.db, app.storage, request, requireAuth(request), app.now()),
  );
};
