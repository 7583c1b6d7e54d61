// A second standard of an institute (see ./institutes.ts for the conventions): createInstitute makes one.
import type { Db } from '../../src/db/client.ts';
import * as academicsWriter from '../../src/access/academics.writer.ts';
import { nextNumber, type TestInstitute } from './institutes.ts';

/**
 * Another standard of the institute with a batch in the current year, answered as a view of the institute whose
 * standard and current batch are the new ones, so the factories that take an institute build rows in it.
 */
export async function createStandard(db: Db, institute: TestInstitute, name = `Class ${nextNumber()}`) {
  const [standardId] = await academicsWriter.standardRows.create(db, institute.id, [{ name }]);
  const [batchId] = await academicsWriter.batchRows.create(db, institute.id, [
    { standardId: standardId!, academicYearId: institute.currentYear.id, name: 'A' },
  ]);
  return {
    ...institute,
    standardId: standardId!,
    currentYear: { ...institute.currentYear, batchId: batchId! },
  } satisfies TestInstitute;
}
