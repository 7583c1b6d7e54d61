// What each area's example calls for the access matrix (`features/<area>/<area>.cells.ts`, found by
// test/access-cells.test.ts) are written with. Test support: it imports no vitest, and the server never loads a
// *.cells.ts (features/index.ts imports only area.ts), so the areas carry these examples without shipping them.
import type { IdKind } from '@campus/domain/shared/endpoint';

// The values the examples send beside the ids: the demo's password, the test device, the admin API's example rows.
export { adminEndpointNames } from '@campus/domain/admin/admin.endpoints';
export { demoPassword } from '../src/db/seed/demo-accounts.ts';
export { kindExamples } from './admin-kit.ts';
export { testDevice } from './auth-helpers.ts';

/** The owner's ids, and for each kind the values that name someone else's object (same and other institute). */
export interface Ids {
  instituteId: number;
  studentId: number;
  userId: number;
  accountUserId: number;
  userType: number;
  fileId: number;
  draftFileId: number;
  ownAttachmentId: number;
  productId: number;
  /** The owner's phone as the messages call names it (`+919000000001`). */
  phone: string;
  /** The owner's current academic year, and a receipt of the owner's in it with its financial year. */
  academicYearId: number;
  receiptNo: string;
  receiptFinYear: string;
  /** A live class of the owner's section that has started, one of its aws recordings, and the owner's section. */
  liveSessionId: number;
  recordingId: number;
  batchId: number;
  /** A test sold only in a product the owner bought (so no classmate sees it), open now. */
  testId: number;
  examLabelId: number;
  /** A test with a released result the owner took, and a question of it the owner bookmarked (report area). */
  reportTestId: number;
  questionId: number;
  /** A paid library course the owner bought, its product, a Vimeo file in it and a subject of the owner's. */
  courseId: number;
  courseProductId: number;
  libraryFileId: number;
  videoId: string;
  subjectId: number;
  /** A downloadable PDF document shared with the paid course the owner bought. */
  documentId: number;
  /** An alert to the owner's own login. */
  alertId: number;

  foreign: Record<IdKind, unknown[]>;
}

/** A request part by part, as a descriptor places it. */
export interface Input {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: Record<string, unknown>;
  headers?: Record<string, string>;
  multipart?: Record<string, unknown>;
}

/**
 * An area's example calls, keyed by endpoint id (`<area>.<endpoint>`), one for each endpoint the area serves: a
 * valid call with the owner's ids, one that the owner may make again and again without changing what the other
 * calls see (a password changed to itself, a draft saved with no file removed).
 */
export type CellExamples = Readonly<Record<string, (ids: Ids) => Input>>;
