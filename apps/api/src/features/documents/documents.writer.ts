// The documents area's writer (issue 29): documents (hosted videos or uploaded files shared with a subject's students
// or a library course's users), for the admin API, the demo seed and the test factories, in the caller's
// transaction.
import { instituteRows } from '../../db/institute-rows.ts';
import { documents } from '../../db/schema/index.ts';

/** A document as written. */
export type DocumentValues = Omit<typeof documents.$inferInsert, 'instituteId' | 'id'>;

/** Documents, found, created, changed and deleted by id. */
export const documentRows = instituteRows(documents);
