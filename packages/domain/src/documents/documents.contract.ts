import { z } from 'zod';
import { bindContract } from '../shared/endpoint.ts';
import { documentsEndpoints } from './documents.endpoints.ts';

const id = z.coerce.number<number | string>({ error: 'must be a whole number' }).int().positive();

/** A subject (students) or an e-course (open-course users) of the subject dropdown. */
export const documentSubjectSchema = z.object({
  subject_id: z.number().int().optional(),
  subject_name: z.string().optional(),
  course_id: z.number().int().optional(),
  course_name: z.string().optional(),
});
export type DocumentSubject = z.infer<typeof documentSubjectSchema>;

/** One document (spec part 1 §3 Document); addresses are short-lived and signed for this user. */
export const documentSchema = z.object({
  file_id: z.number().int(),
  file_name: z.string(),
  /** Signed address to open the file inline, or empty for hosted videos; `?download=1` downloads it when it is
   * not read-only. */
  file_url: z.string(),
  /** Office documents: signed address of their PDF preview (converted on the server); empty otherwise. */
  preview_url: z.string(),
  title: z.string(),
  /** Bytes. */
  size: z.number().int(),
  category_name: z.enum(['Assignment', 'EBook', 'Exam', 'Vimeo', 'Youtube', 'Other']),
  subject_name: z.string(),
  /** DD-MM-YYYY */
  student_file_share_date: z.string(),
  is_readonly: z.enum(['Y', 'N']),
  /** Signed thumbnail addresses (images show themselves); empty when the card shows the type's icon. */
  thumbnail_list: z.array(z.object({ posterUrl: z.string() })),
  /** Base64 of the YouTube id, or empty. */
  proc_id: z.string(),
  vimeo_video_id: z.string(),
  /** VdoCipher id, or empty. */
  vdo_video_id: z.string(),
  kind: z.enum(['pdf', 'office', 'image', 'audio', 'video', 'youtube', 'vimeo', 'vdocipher', 'other']),
});
export type DocumentItem = z.infer<typeof documentSchema>;

/** Request and answer schemas of each documents endpoint. */
export const documentsSchemas = {
  subjects: {
    params: z.object({ institute_id: id }),
    query: z.object({ student_id: id.optional(), user_id: id.optional() }),
    answer: z.object({ result: z.object({ subject_list: z.array(documentSubjectSchema) }) }),
  },
  subjectLevel: {
    params: z.object({ institute_id: id }),
    query: z.object({
      student_id: id.optional(),
      user_id: id.optional(),
      subject_id: id.optional(),
      eCourse_id: id.optional(),
      share_with: z.coerce.number<number | string>().int().optional(),
    }),
    answer: z.object({
      result: z.object({
        /** Documents by category, newest share first. */
        fileMap: z.record(z.string(), z.array(documentSchema)),
        vimeo_video_downlodable: z.number().int(),
      }),
    }),
  },
  downloadFile: {
    params: z.object({ institute_id: id }),
    query: z.object({ fileId: id }),
    /** The file itself, streamed as an attachment (byte ranges answered). */
    answer: z.unknown(),
  },
  pdfFile: {
    params: z.object({ institute_id: id }),
    query: z.object({ fileId: id }),
    /** The PDF itself, streamed inline (byte ranges answered); an office document's converted PDF. */
    answer: z.unknown(),
  },
};

/** The documents endpoints with their schemas, as the API registers them. */
export const documentsContract = bindContract(documentsEndpoints, documentsSchemas);
