// Test rows of the library area (see ./institutes.ts for the conventions).
import type { Db } from '../../src/db/client.ts';
import type { Storage } from '../../src/lib/storage.ts';
import * as libraryWriter from '../../src/features/library/index.ts';
import { nextNumber, type TestInstitute } from './institutes.ts';

/** A study library course: free for the institute's standard, or paid through `productId`. */
export async function createLibraryCourse(
  db: Db,
  institute: TestInstitute,
  { productId, name = `Library Course ${nextNumber()}` }: { productId?: number; name?: string } = {},
) {
  const [courseId] = await libraryWriter.libraryCourseRows.create(db, institute.id, [
    {
      name,
      isPaid: productId !== undefined,
      courseTypeId: productId !== undefined ? 2 : 1,
      standardId: productId === undefined ? institute.standardId : null,
      productId: productId ?? null,
    },
  ]);
  const [subjectId] = await libraryWriter.librarySubjectRows.create(db, institute.id, [
    { courseId: courseId!, name: `Subject ${nextNumber()}` },
  ]);
  return { courseId: courseId!, subjectId: subjectId! };
}

/** A topic of a library course's subject, under `parentId` (none: top level). */
export async function createTopic(
  db: Db,
  institute: TestInstitute,
  course: { courseId: number; subjectId: number },
  { parentId = null, name = `Topic ${nextNumber()}` }: { parentId?: number | null; name?: string } = {},
) {
  const [topicId] = await libraryWriter.libraryTopicRows.create(db, institute.id, [
    { courseId: course.courseId, subjectId: course.subjectId, parentId, name },
  ]);
  return topicId!;
}

/** A library file in a topic; `content` is stored under `extension` so its signed address serves real bytes. */
export async function createLibraryFile(
  db: Db,
  storage: Storage,
  institute: TestInstitute,
  courseId: number,
  topicId: number,
  {
    content,
    extension = 'pdf',
    ...overrides
  }: Partial<Omit<libraryWriter.LibraryFileValues, 'courseId' | 'topicId'>> & {
    content?: Buffer | string;
    extension?: string;
  } = {},
) {
  const stored = content === undefined ? undefined : await storage.putBuffer(content, extension);
  const [fileId] = await libraryWriter.libraryFileRows.create(db, institute.id, [
    {
      courseId,
      topicId,
      title: `File ${nextNumber()}`,
      type: 'Notes',
      kind: 'pdf',
      fileName: `file.${extension}`,
      fileKey: stored?.key ?? null,
      sizeBytes: stored?.size ?? 0,
      sharedOn: institute.today,
      ...overrides,
    },
  ]);
  return fileId!;
}
