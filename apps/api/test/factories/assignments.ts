// Test rows of the assignments area (see ./institutes.ts for the conventions).
import type { Db } from '../../src/db/client.ts';
import * as assignmentsWriter from '../../src/features/assignments/index.ts';
import { fixedNow } from '../template.ts';
import { nextNumber, type TestInstitute } from './institutes.ts';

/** An assignment of the institute's current batch in `subjectId`, due a week after `fixedNow` unless told. */
export async function createAssignment(
  db: Db,
  institute: TestInstitute,
  subjectId: number,
  overrides: Partial<assignmentsWriter.AssignmentValues> = {},
) {
  const [id] = await assignmentsWriter.createAssignments(
    db,
    institute.id,
    [
      {
        batchId: institute.currentYear.batchId,
        subjectId,
        title: `Assignment ${nextNumber()}`,
        dueAt: new Date(fixedNow.getTime() + 7 * 86_400_000),
        ...overrides,
      },
    ],
    fixedNow,
  );
  return id!;
}
