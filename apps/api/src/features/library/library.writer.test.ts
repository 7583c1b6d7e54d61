import { beforeAll, describe, expect, it } from 'vitest';
import type { TestInstitute } from '../../../test/factories/institutes.ts';
import { createLibraryCourse, createTopic } from '../../../test/factories/library.ts';
import { useInstituteDatabase } from '../../../test/institute-database.ts';
import type { Db } from '../../db/client.ts';
import {
  findMixedSubjectTopics,
  findTopicCircles,
  findTopicCourses,
  findTopicDepths,
  findTopicsWithSubtopics,
  librarySubjectRows,
  libraryTopicRows,
} from './library.writer.ts';

// What the study library's rules read of its topic tree, through the writer the admin API, the demo and the
// factories write the library with.
describe('the library writer', () => {
  const opened = useInstituteDatabase();
  let db: Db;
  let school: TestInstitute;
  beforeAll(() => {
    ({ db, school } = opened);
  });

  it("reads a topic's course, its depth and the subtopics a delete would take with it", async () => {
    const course = await createLibraryCourse(db, school);
    const top = await createTopic(db, school, course);
    const middle = await createTopic(db, school, course, { parentId: top });
    const leaf = await createTopic(db, school, course, { parentId: middle });
    expect(Object.fromEntries(await findTopicCourses(db, school.id, [leaf]))).toEqual({ [leaf]: course.courseId });
    expect(Object.fromEntries(await findTopicsWithSubtopics(db, school.id, [top]))).toEqual({ [top]: 1 });
    // Deleted in one batch with its subtopics: nothing is left behind.
    expect((await findTopicsWithSubtopics(db, school.id, [top, middle, leaf])).size).toBe(0);
    const depths = new Map((await findTopicDepths(db, school.id, [middle])).map((row) => [row.id, row]));
    expect(depths.get(middle)).toMatchObject({ parentId: top, depth: 2, below: 1 });
  });

  it('finds a topic made its own ancestor, and a subtopic under another subject’s topic', async () => {
    const course = await createLibraryCourse(db, school);
    const first = await createTopic(db, school, course);
    const second = await createTopic(db, school, course, { parentId: first });
    await libraryTopicRows.update(db, school.id, first, { parentId: second });
    expect((await findTopicCircles(db, school.id, [first, second])).sort()).toEqual([first, second].sort());
    const [otherSubject] = await librarySubjectRows.create(db, school.id, [
      { courseId: course.courseId, name: 'Other' },
    ]);
    const stray = await createTopic(db, school, { ...course, subjectId: otherSubject! }, { parentId: first });
    expect(await findMixedSubjectTopics(db, school.id, [stray])).toEqual([{ id: stray, parent_id: first }]);
  });
});
