// The lookups the exam area's id policies make (`test`, `label`): prepared once, keyed by the institute first.
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { p, prepared } from '../../db/prepared.ts';
import { examLabels, examProductTests, examTestBatches, examTests } from '../../db/schema/exam.ts';
import { productPurchases } from '../../db/schema/products.ts';

const anyOf = (column: Parameters<typeof eq>[0], name: string) => sql`${column} = any(${p(name)})`;

const visibleTestsQuery = prepared((db) =>
  db
    .select({ id: examTests.id })
    .from(examTests)
    .where(
      and(
        eq(examTests.instituteId, p('instituteId')),
        anyOf(examTests.id, 'testIds'),
        sql`(exists (select 1 from ${examTestBatches} b where b.institute_id = ${examTests.instituteId}
              and b.test_id = ${examTests.id} and b.batch_id = any(${p('batchIds')}))
          or exists (select 1 from ${examProductTests} pt join ${productPurchases} pp
              on pp.institute_id = pt.institute_id and pp.product_id = pt.product_id
              where pt.institute_id = ${examTests.instituteId} and pt.test_id = ${examTests.id}
              and pp.user_id = ${p('userId')}))`,
      ),
    )
    .prepare('access_visible_tests'),
);

/**
 * Of `testIds`, the tests of the institute set for one of `batchIds` (the student's sections this year) or sold in
 * a product the user bought.
 */
export async function findVisibleTestIds(
  db: Db,
  instituteId: number,
  batchIds: number[],
  userId: number,
  testIds: number[],
): Promise<number[]> {
  return (await visibleTestsQuery(db, { instituteId, batchIds, userId, testIds })).map((row) => row.id);
}

const labelQuery = prepared((db) =>
  db
    .select({ id: examLabels.id, testTypeId: examLabels.testTypeId })
    .from(examLabels)
    .where(and(eq(examLabels.instituteId, p('instituteId')), eq(examLabels.id, p('labelId'))))
    .prepare('access_exam_label'),
);

/** A test label of the institute. */
export async function findExamLabel(db: Db, instituteId: number, labelId: number) {
  const [row] = await labelQuery(db, { instituteId, labelId });
  return row;
}
