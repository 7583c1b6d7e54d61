import { endpoint, type Endpoint } from '../shared/endpoint.ts';
import type { AdminBatchSchemas, AdminFileUploadSchemas } from './admin.contract.ts';

/**
 * The kinds of rows an institute loads through the admin API and the CSV import, in the order a first load runs
 * them (each may name rows of the kinds before it). A new kind is one name here, one row schema in
 * `admin.contract.ts` and one module in `apps/api/src/features/admin/kinds/`.
 */
export const adminKinds = [
  'academic-years',
  'standards',
  'batches',
  'subjects',
  'teachers',
  'students',
  'parents',
  'enrolments',
  'announcements',
  'assignments',
  'evaluations',
  'events',
  'messages',
  'class-sessions',
  'attendance',
  'fee-structures',
  'student-fees',
  'payments',
  'recordings',
  'library-courses',
  'library-subjects',
  'library-topics',
  'library-files',
  'documents',
  'tests',
  'passages',
  'questions',
  'offline-exams',
  'offline-results',
] as const;

/** One kind of row the admin API loads. */
export type AdminKind = (typeof adminKinds)[number];

/** The base of every admin path. */
export const adminBasePath = '/api/admin/v1';

const camel = (kind: string) => kind.replace(/-([a-z])/g, (_match, letter: string) => letter.toUpperCase());

/**
 * Per kind, a batch upsert (`POST /api/admin/v1/<kind>`) and a batch delete (`POST /api/admin/v1/<kind>/delete`),
 * both for the institute's own system holding an admin API key (header `x-api-key`). Rows name each other by the
 * institute's external ids, never by portal ids, so a request carries no portal id to check.
 */
export const adminEndpoints = Object.fromEntries(
  adminKinds.flatMap((kind) => [
    [
      `${camel(kind)}Upsert`,
      endpoint<AdminBatchSchemas>({
        id: `admin.${camel(kind)}Upsert`,
        method: 'POST',
        path: `${adminBasePath}/${kind}`,
        service: 'main',
        access: 'adminKey',
        ids: [],
      }),
    ],
    [
      `${camel(kind)}Delete`,
      endpoint<AdminBatchSchemas>({
        id: `admin.${camel(kind)}Delete`,
        method: 'POST',
        path: `${adminBasePath}/${kind}/delete`,
        service: 'main',
        access: 'adminKey',
        ids: [],
      }),
    ],
  ]),
) as Record<string, Endpoint<AdminBatchSchemas>>;

/** The endpoint names of a kind's upsert and delete in `adminEndpoints`. */
export const adminEndpointNames = (kind: AdminKind) => ({
  upsert: `${camel(kind)}Upsert`,
  remove: `${camel(kind)}Delete`,
});

/**
 * Files that rows name by `file_external_id` (an announcement's attachment, a teacher's files, a recording, a study
 * material file, a poster): one multipart upload per file, by the institute's external id (sending it again with
 * other content replaces it everywhere it is named), and a batch delete of files no row names any more.
 */
export const adminFileEndpoints = {
  filesUpload: endpoint<AdminFileUploadSchemas>({
    id: 'admin.filesUpload',
    method: 'POST',
    path: `${adminBasePath}/files`,
    service: 'main',
    access: 'adminKey',
    ids: [],
    bodyType: 'multipart',
  }),
  filesDelete: endpoint<AdminBatchSchemas>({
    id: 'admin.filesDelete',
    method: 'POST',
    path: `${adminBasePath}/files/delete`,
    service: 'main',
    access: 'adminKey',
    ids: [],
  }),
};
