import { addDays } from '@campus/domain/calendar/calendar';
import { and, eq } from 'drizzle-orm';
import { documentRows } from './index.ts';
import { libraryCourses } from '../../db/schema/library.ts';
import type { DemoContext, DemoInstitute, Tx } from '../../db/seed/context.ts';
import { demoLogins } from '../../db/seed/demo-accounts.ts';
import { storeDemoMedia } from '../../db/seed/demo-media.ts';

/** Reads a document shared with a paid library course. */
export const seedAfter = ['library'];

type Media = Awaited<ReturnType<typeof storeDemoMedia>>;

/** One document of every type (and every viewer) for one audience: a subject, or an e-course. */
function everyType(media: Media, today: string, audience: { subjectId?: number; courseId?: number }) {
  const base = { subjectId: audience.subjectId ?? null, courseId: audience.courseId ?? null };
  const file = (key: keyof Media, kind: 'pdf' | 'office' | 'image' | 'audio' | 'video' | 'other') => ({
    kind,
    fileName: media[key].fileName,
    fileKey: media[key].key,
    sizeBytes: media[key].size,
  });
  return [
    {
      ...base,
      category: 'Assignment',
      title: 'Holiday homework',
      ...file('docx', 'office'),
      sharedOn: addDays(today, -1),
    },
    {
      ...base,
      category: 'EBook',
      title: 'Reference ebook',
      ...file('pdf', 'pdf'),
      isReadonly: true,
      sharedOn: addDays(today, -2),
    },
    { ...base, category: 'Exam', title: 'Unit test paper', ...file('pdf', 'pdf'), sharedOn: addDays(today, -3) },
    { ...base, category: 'Exam', title: 'Marks sheet', ...file('xlsx', 'office'), sharedOn: addDays(today, -4) },
    {
      ...base,
      category: 'Vimeo',
      title: 'Revision lecture',
      kind: 'vimeo' as const,
      videoId: '76979871',
      isReadonly: true,
      sharedOn: addDays(today, -5),
    },
    {
      ...base,
      category: 'Vimeo',
      title: 'Protected lecture',
      kind: 'vdocipher' as const,
      videoId: 'f0e1d2c3b4a59687',
      isReadonly: true,
      sharedOn: addDays(today, -5),
    },
    {
      ...base,
      category: 'Youtube',
      title: 'Explainer video',
      kind: 'youtube' as const,
      videoId: 'eRsGyueVLvQ',
      isReadonly: true,
      sharedOn: addDays(today, -6),
    },
    { ...base, category: 'Other', title: 'Class photo', ...file('png', 'image'), sharedOn: addDays(today, -7) },
    { ...base, category: 'Other', title: 'Pronunciation audio', ...file('mp3', 'audio'), sharedOn: addDays(today, -8) },
    { ...base, category: 'Other', title: 'Lab demonstration', ...file('mp4', 'video'), sharedOn: addDays(today, -9) },
    {
      ...base,
      category: 'Other',
      title: 'Slides of the week',
      ...file('pptx', 'office'),
      sharedOn: addDays(today, -10),
    },
    { ...base, category: 'Other', title: 'Project files', ...file('zip', 'other'), sharedOn: addDays(today, -11) },
  ];
}

async function seedStudentDocuments(tx: Tx, institute: DemoInstitute, login: string, today: string, media: Media) {
  const student = institute.account(login, 1);
  const standardId = institute.batches.find((batch) => batch.id === student.batchIds[0])!.standardId;
  const [first, second] = institute.subjects.filter((subject) => subject.standardId === standardId);
  if (!first) return;
  await documentRows.create(tx, institute.id, everyType(media, today, { subjectId: first.id }));
  // A second subject with one document, so the subject filter changes the list.
  if (second) {
    await documentRows.create(tx, institute.id, [
      {
        subjectId: second.id,
        category: 'EBook',
        title: 'Second subject ebook',
        kind: 'pdf',
        fileName: media.pdf.fileName,
        fileKey: media.pdf.key,
        sizeBytes: media.pdf.size,
        sharedOn: addDays(today, -2),
      },
    ]);
  }
}

/**
 * Documents of every type for Aarav's and Neha's first subjects, and for the Apex buyer's paid e-course (open
 * users see documents by course). Greenfield's open-course learner owns no course: 'No documents are available yet!'.
 */
export async function seed({ tx, storage, today, institutes: { greenfield, apex } }: DemoContext): Promise<void> {
  const gMedia = await storeDemoMedia(storage, 'Greenfield documents');
  await seedStudentDocuments(tx, greenfield, demoLogins.greenfieldStudent, today, gMedia);
  const aMedia = await storeDemoMedia(storage, 'Apex documents');
  await seedStudentDocuments(tx, apex, demoLogins.apexStudent, today, aMedia);
  const [course] = await tx
    .select({ id: libraryCourses.id })
    .from(libraryCourses)
    .where(and(eq(libraryCourses.instituteId, apex.id), eq(libraryCourses.name, 'Physics Video Course')));
  if (course) await documentRows.create(tx, apex.id, everyType(aMedia, today, { courseId: course.id }));
}
