import { z } from 'zod';
import { bindContract } from '../shared/endpoint.ts';
import { assignmentsEndpoints } from './assignments.endpoints.ts';
import { messageAnswerSchema } from '../auth/auth.contract.ts';
import {
  maxAssignmentFiles,
  maxAssignmentLinks,
  maxLinkNameLength,
  maxLinkRemarksLength,
  maxStudentCommentLength,
} from './assignment-rules.ts';

const id = z.coerce
  .number({ error: 'must be a whole number' })
  .int('must be a whole number')
  .positive('must be positive');

/** Body of POST /api/v2/onlineAssignment/student/getAssignmentsDetail. */
export const assignmentListBodySchema = z.object({
  category_id: z.coerce.number<number | string>().int().optional(),
  institute_id: id,
  student_id: id,
});

const studentStatus = z.enum(['Pending', 'Draft', 'Submitted', 'Not Submitted', 'Expired']);

export const assignmentListItemSchema = z.object({
  file_id: z.number().int(),
  title: z.string(),
  course_name: z.string(),
  subject_name: z.string(),
  /** Due instant, ISO 8601. */
  end_date: z.string(),
  days_left: z.number().int(),
  time_left: z.string(),
  student_status: studentStatus,
  teacher_status: z.string(),
});
export type AssignmentListItem = z.infer<typeof assignmentListItemSchema>;

export const assignmentListAnswerSchema = z.object({
  statusCode: z.number().int(),
  message: z.string(),
  result: z.object({
    upcoming_online_assignment_list: z.array(assignmentListItemSchema),
    past_online_assignment_list: z.array(assignmentListItemSchema),
  }),
});

export const attachmentSchema = z.object({
  attachment_id: z.number().int(),
  attachment_url: z.string(),
  attachment_display_name: z.string(),
  /** Bytes; 0 for links. */
  size: z.number().int(),
});
/** An attachment as listed. */
export type Attachment = z.infer<typeof attachmentSchema>;

export const studentAttachmentSchema = attachmentSchema.extend({
  is_link: z.boolean(),
  remarks: z.string(),
});

export const assignmentDetailSchema = z.object({
  file_id: z.number().int(),
  title: z.string(),
  subject_name: z.string(),
  topic_name: z.string(),
  sub_topic_name: z.string(),
  end_date: z.string(),
  course_name: z.string(),
  description: z.string(),
  attachment_lists: z.array(attachmentSchema),
  student_status: studentStatus,
  teacher_status: z.string(),
  days_left: z.number().int(),
  time_left: z.string(),
  allow_assignment_late_submission: z.enum(['Y', 'N']),
  evaluation_required: z.enum(['Y', 'N']),
  enable_grade: z.enum(['Y', 'N']),
  grade: z.string(),
  evaluation_marks: z.number().nullable(),
  student_marks: z.number().nullable(),
  teacher_comment: z.string(),
  student_comment: z.string(),
});
export type AssignmentDetail = z.infer<typeof assignmentDetailSchema>;

export const assignmentDetailAnswerSchema = z.object({
  statusCode: z.number().int(),
  message: z.string(),
  result: assignmentDetailSchema,
});

export const studentAttachmentsAnswerSchema = z.object({
  statusCode: z.number().int(),
  message: z.string(),
  result: z.object({ student_attachment: z.array(studentAttachmentSchema) }),
});

export const solutionAttachmentSchema = attachmentSchema.extend({ attachment_name: z.string() });

export const solutionAnswerSchema = z.object({
  statusCode: z.number().int(),
  message: z.string(),
  result: z.object({ is_released: z.boolean(), solution_attachments: z.array(solutionAttachmentSchema) }),
});

/** Body of POST /api/v2/onlineAssignment/downloadFile. */
export const downloadBodySchema = z.object({
  attachmentId_array: z.array(id).min(1, 'name at least one attachment').max(maxAssignmentFiles),
  institute_id: id,
});

export const downloadAnswerSchema = z.object({
  statusCode: z.number().int(),
  message: z.string(),
  /** `body` is the (first) address to open; `bodies` lists one per attachment asked for. */
  result: z.object({ body: z.string(), bodies: z.array(z.string()) }),
});

/** The fileJson part of POST /api/v2/onlineAssignment/student/updateAssignment. */
export const updateAssignmentJsonSchema = z
  .object({
    institute_id: id,
    category_id: z.coerce.number<number | string>().int().optional(),
    studentId_array: z.array(id).length(1, 'name exactly one student'),
    file_id: id,
    student_status: z.enum(['Draft', 'Submitted'], { error: 'must be Draft or Submitted' }),
    student_comment: z
      .string()
      .max(maxStudentCommentLength, `must be at most ${maxStudentCommentLength} characters`)
      .default(''),
    attachmentId_array: z.array(id).max(100).default([]),
    url_lists: z
      .array(
        z.object({
          display_name: z.string().max(maxLinkNameLength * 4),
          url: z.string().max(2000),
          remarks: z
            .string()
            .max(maxLinkRemarksLength * 4)
            .optional(),
        }),
      )
      .max(maxAssignmentLinks, `must hold at most ${maxAssignmentLinks} links`)
      .default([]),
  })
  .strict();
export type UpdateAssignmentJson = z.infer<typeof updateAssignmentJsonSchema>;

const fileParams = z.object({ instituteId: id, fileId: id });
const studentFileParams = z.object({ instituteId: id, studentId: id, fileId: id });

/** Request and answer schemas of each assignment endpoint. */
export const assignmentsSchemas = {
  list: { body: assignmentListBodySchema, answer: assignmentListAnswerSchema },
  detail: { params: fileParams, answer: assignmentDetailAnswerSchema },
  studentAttachments: { params: studentFileParams, answer: studentAttachmentsAnswerSchema },
  solution: { params: studentFileParams, answer: solutionAnswerSchema },
  download: { body: downloadBodySchema, answer: downloadAnswerSchema },
  update: { multipart: updateAssignmentJsonSchema, answer: messageAnswerSchema },
};

/** The assignment endpoints with their schemas, as the API registers them. */
export const assignmentsContract = bindContract(assignmentsEndpoints, assignmentsSchemas);
