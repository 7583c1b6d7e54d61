// Test rows of the documents area (see ./institutes.ts for the conventions).
import type { Db } from '../../src/db/client.ts';
import * as documentsWriter from '../../src/features/documents/index.ts';
import { nextNumber, type TestInstitute } from './institutes.ts';

/** A document shared with a subject's students or an e-course's users. */
export async function createDocument(
  db: Db,
  institute: TestInstitute,
  values: Partial<documentsWriter.DocumentValues>,
) {
  const [id] = await documentsWriter.documentRows.create(db, institute.id, [
    { category: 'Other', title: `Document ${nextNumber()}`, kind: 'pdf', sharedOn: institute.today, ...values },
  ]);
  return id!;
}
