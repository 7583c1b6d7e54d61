import { z } from 'zod';
import { bindContract } from '../shared/endpoint.ts';
import { libraryEndpoints } from './library.endpoints.ts';

const id = z.coerce.number<number | string>({ error: 'must be a whole number' }).int().positive();

/** A course of the study library (spec part 2 §3, Course entry). */
export const libraryCourseSchema = z.object({
  ecourse_id: z.number().int(),
  course_name: z.string(),
  isPaid: z.enum(['Y', 'N']),
  /** 1 free, 2 paid: the course-type chip. */
  course_type_id: z.number().int(),
  course_type: z.string(),
  /** The product of a paid course; 0 for free ones. */
  product_id: z.number().int(),
});
export type LibraryCourse = z.infer<typeof libraryCourseSchema>;

/**
 * One study material item (spec part 2 §3) with what the viewer needs besides (file_url, preview_url, kind).
 * Fields that would be empty (an address a hosted video has not, a video id a file has not, no posters) are left
 * out (issue 28: they were 38 % of the largest answer). Addresses are the same for every user: the course grant
 * that opens them travels in a cookie the answer sets (files.endpoints.ts courseFile).
 */
export const materialItemSchema = z.object({
  title: z.string(),
  /** The name the file was shared under; its extension decides the viewer. Absent for hosted videos. */
  file_name: z.string().optional(),
  file_id: z.number().int(),
  /** Address of the file (inline), absent for hosted videos; add `?download=1` to download it when it is not
   * read-only. */
  file_url: z.string().optional(),
  /** Office documents: address of their PDF preview (file_url + `?preview=pdf`, converted on the server). */
  preview_url: z.string().optional(),
  /** Vimeo or VdoCipher id. */
  videoID: z.string().optional(),
  youtubeVideoID: z.string().optional(),
  is_vdocipher: z.boolean(),
  is_vimeo: z.boolean(),
  is_readonly: z.enum(['Y', 'N']),
  /** DD-MM-YYYY */
  student_file_share_date: z.string(),
  category_name: z.string(),
  /** Address of a video file. */
  video_url: z.string().optional(),
  /** An image's own address, else the first poster's: what a thumbnail shows. */
  posterUrl: z.string().optional(),
  /**
   * The item's poster images (spec part 2 §3), each the file's address with `?poster=<index>`: a video's still, a
   * document's cover. Shown as the item's thumbnail and a video's poster. Absent when it has none.
   */
  posterList: z.array(z.object({ posterUrl: z.string() })).optional(),
  /** The grouping key of studyMaterialMap. */
  type: z.string(),
  kind: z.enum(['pdf', 'office', 'image', 'audio', 'video', 'youtube', 'vimeo', 'vdocipher', 'other']),
});
export type MaterialItem = z.infer<typeof materialItemSchema>;

/** A topic with its subtopics to any depth; counts are of everything below it. */
export interface TopicNode {
  subjectId: number;
  subjectName: string;
  topicId: number;
  topicName: string;
  subtopic_count: number;
  file_count: number;
  studyMaterialMap: Record<string, MaterialItem[]>;
  subtopicList: TopicNode[];
  /** The institute's Vimeo download switch, on every node as the spec gives it (part 2 §3). */
  vimeo_video_downlodable: number;
}
export const topicNodeSchema: z.ZodType<TopicNode> = z.lazy(() =>
  z.object({
    subjectId: z.number().int(),
    subjectName: z.string(),
    topicId: z.number().int(),
    topicName: z.string(),
    subtopic_count: z.number().int(),
    file_count: z.number().int(),
    studyMaterialMap: z.record(z.string(), z.array(materialItemSchema)),
    subtopicList: z.array(topicNodeSchema),
    vimeo_video_downlodable: z.number().int(),
  }),
);

/** A subject of the course with its top-level topics and the counts below it. */
export const subjectNodeSchema = z.object({
  subjectId: z.number().int(),
  subjectName: z.string(),
  subtopic_count: z.number().int(),
  file_count: z.number().int(),
  subtopicList: z.array(topicNodeSchema),
  vimeo_video_downlodable: z.number().int(),
});
export type SubjectNode = z.infer<typeof subjectNodeSchema>;

export const ecoursesAnswerSchema = z.object({ result: z.array(libraryCourseSchema) });

export const studyMaterialBodySchema = z.object({
  ecourse_id: id,
  institute_id: id,
  product_id: z.coerce.number<number | string>().int().min(0).nullable().optional(),
});

export const studyMaterialAnswerSchema = z.object({
  result: z.array(subjectNodeSchema),
  /** 1 when the institute lets students download Vimeo videos. */
  vimeo_video_downlodable: z.number().int(),
});
export type StudyMaterialAnswer = z.infer<typeof studyMaterialAnswerSchema>;

/** Request and answer schemas of each library endpoint. */
export const librarySchemas = {
  ecourses: {
    params: z.object({ institute_id: id, student_or_user_id: id }),
    query: z.object({ source: z.string().max(40).optional() }),
    answer: ecoursesAnswerSchema,
  },
  studyMaterial: { body: studyMaterialBodySchema, answer: studyMaterialAnswerSchema },
};

/** The library endpoints with their schemas, as the API registers them. */
export const libraryContract = bindContract(libraryEndpoints, librarySchemas);
