import { readFileSync } from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createExamTest } from '../../test/factories/exam.ts';
import { createInstitute, type TestInstitute } from '../../test/factories/institutes.ts';
import { createMigratedDatabase } from '../../test/helpers.ts';
import type { Database } from './client.ts';
import { examQuestions, examSections } from './schema/exam.ts';

/** The statements of migration 0028 before its new key: the merge of sections made twice. */
const mergeStatements = readFileSync(new URL('../../drizzle/0028_exam_section_names.sql', import.meta.url), 'utf8')
  .split('--> statement-breakpoint')
  .filter((statement) => !/INDEX/.test(statement));

// Migration 0028 puts a key on (institute, test, name) of exam sections. Sections made twice before it (two imports
// at once) are merged first: the questions of the later ones move to the first, which stays.
describe('migration 0028 on a database holding a section made twice', () => {
  let database: Database;
  let school: TestInstitute;
  beforeAll(async () => {
    database = await createMigratedDatabase();
    school = await createInstitute(database.db, {});
  });
  afterAll(() => database.close());

  it('moves the questions to the first section of the name and leaves one section of each name', async () => {
    const { db } = database;
    const testId = await createExamTest(db, school, { name: 'Merged' });
    // As before the key: the index the migration made is dropped for the set-up.
    await db.execute(sql`drop index exam_sections_institute_id_test_id_name_index`);
    const made = await db
      .insert(examSections)
      .values(['A', 'A', 'B', 'A'].map((name) => ({ instituteId: school.id, testId, name })))
      .returning({ id: examSections.id, name: examSections.name });
    const [firstA, secondA, onlyB, thirdA] = made.map((section) => section.id) as [number, number, number, number];
    await db.insert(examQuestions).values(
      [secondA, thirdA, onlyB, firstA].map((sectionId, index) => ({
        instituteId: school.id,
        testId,
        sectionId,
        questionNo: 100 + index,
        quesType: 2,
        question: `Q${index}`,
        marks: 1,
      })),
    );

    for (const statement of mergeStatements) await db.execute(sql.raw(statement));

    const sections = await db
      .select({ id: examSections.id, name: examSections.name })
      .from(examSections)
      .where(and(eq(examSections.instituteId, school.id), eq(examSections.testId, testId)));
    // The factory's own section ('Section A') aside.
    expect(sections.filter((section) => ['A', 'B'].includes(section.name)).sort((a, b) => a.id - b.id)).toEqual([
      { id: firstA, name: 'A' },
      { id: onlyB, name: 'B' },
    ]);
    const questions = await db
      .select({ questionNo: examQuestions.questionNo, sectionId: examQuestions.sectionId })
      .from(examQuestions)
      .where(and(eq(examQuestions.instituteId, school.id), eq(examQuestions.testId, testId)));
    expect(
      questions.filter((question) => question.questionNo >= 100).sort((a, b) => a.questionNo - b.questionNo),
    ).toEqual([
      { questionNo: 100, sectionId: firstA },
      { questionNo: 101, sectionId: firstA },
      { questionNo: 102, sectionId: onlyB },
      { questionNo: 103, sectionId: firstA },
    ]);
    // The key can now be made.
    await db.execute(
      sql`create unique index exam_sections_institute_id_test_id_name_index on exam_sections (institute_id, test_id, name)`,
    );
  });
});
