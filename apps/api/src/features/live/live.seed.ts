import { readFile } from 'node:fs/promises';
import { dateInZone, instantInZone } from '@campus/domain/calendar/calendar';
import { and, eq } from 'drizzle-orm';
import { createClassSessions, createRecordings, type RecordingValues } from '../timetable/index.ts';
import { subjects } from '../../db/schema/academics.ts';
import { teachers } from '../../db/schema/timetable.ts';
import type { DemoContext, DemoInstitute, Tx } from '../../db/seed/context.ts';
import { demoLogins } from '../../db/seed/demo-accounts.ts';
import type { Storage } from '../../lib/storage.ts';

/** Reads live classes taught by the timetable's teachers. */
export const seedAfter = ['timetable'];

/**
 * The demo recording: a 12-second 320×180 H.264/AAC MP4 (test pattern and a tone, a key frame every second, the
 * index at the front), 91 KB, made once with Debian's ffmpeg:
 *   ffmpeg -f lavfi -i testsrc=size=320x180:rate=15:duration=12 -f lavfi -i sine=frequency=440:duration=12 \
 *     -c:v libx264 -profile:v baseline -pix_fmt yuv420p -crf 38 -g 15 -c:a aac -b:a 24k -movflags +faststart out.mp4
 * Shipped in the repository so the seed needs no ffmpeg.
 */
export const demoRecordingPath = new URL('../../db/seed/files/demo-recording.mp4', import.meta.url);
export const demoRecordingSeconds = 12;

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

/** `instant` rounded down to 5 minutes, so the cards read like real schedules. */
const roundDown = (instant: number) => Math.floor(instant / (5 * minute)) * 5 * minute;

interface LivePlan {
  name: string;
  startsAt: Date;
  minutes: number;
  provider: 'Zoom' | 'Webex' | 'other';
  recordings?: ('aws' | 'vimeo' | 'vdocipher')[];
}

/**
 * Live classes for the demo students' own batch, relative to the seed's now, so that every state shows: one
 * ongoing and one later today (plus one earlier today with a recording when the day allows), upcoming ones in the
 * next days, and past ones with recordings of all three hosts (aws files served from storage, vimeo and vdocipher
 * ids), one with several recordings, one with none, and a name longer than 30 characters.
 */
function plans(now: Date, timeZone: string, subjectName: string): LivePlan[] {
  const today = dateInZone(now, timeZone);
  const at = (offset: number) => new Date(roundDown(now.getTime() + offset));
  const sameDay = (instant: Date) => dateInZone(instant, timeZone) === today;
  const later = [at(2 * hour), at(30 * minute), at(10 * minute)].find(sameDay) ?? at(10 * minute);
  const earlier = at(-3 * hour);
  // Started a quarter of an hour ago, but never on the day before: seeded just after midnight, the class running
  // now still belongs to today.
  const dayStart = instantInZone(today, '00:00', timeZone);
  const ongoing = new Date(Math.max(at(-15 * minute).getTime(), dayStart.getTime()));
  return [
    { name: `${subjectName}: doubt clearing session`, startsAt: ongoing, minutes: 60, provider: 'Zoom' },
    { name: `${subjectName}: revision before the test`, startsAt: later, minutes: 45, provider: 'Webex' },
    ...(sameDay(earlier)
      ? [
          {
            name: 'Morning warm-up quiz',
            startsAt: earlier,
            minutes: 30,
            provider: 'other' as const,
            recordings: ['aws' as const],
          },
        ]
      : []),
    { name: 'Problem solving marathon', startsAt: at(day + hour), minutes: 90, provider: 'Zoom' },
    { name: 'Guest lecture: careers in science', startsAt: at(2 * day), minutes: 60, provider: 'other' },
    { name: 'Chapter test discussion', startsAt: at(5 * day), minutes: 60, provider: 'Webex' },
    {
      name: 'Organic chemistry reaction mechanisms made simple',
      startsAt: at(-1 * day),
      minutes: 60,
      provider: 'Zoom',
      recordings: ['aws', 'vimeo'],
    },
    {
      name: 'Mensuration: surface areas',
      startsAt: at(-3 * day),
      minutes: 45,
      provider: 'Webex',
      recordings: ['vimeo'],
    },
    {
      name: 'Electricity and circuits',
      startsAt: at(-6 * day),
      minutes: 60,
      provider: 'other',
      recordings: ['vdocipher'],
    },
    { name: 'Grammar clinic', startsAt: at(-9 * day), minutes: 40, provider: 'Zoom' },
    {
      name: 'Previous year paper walkthrough',
      startsAt: at(-12 * day),
      minutes: 75,
      provider: 'Zoom',
      recordings: ['aws'],
    },
  ];
}

/** The first subject of the section's standard: the subject the demo's live classes of that section are in. */
async function firstSubjectOf(tx: Tx, institute: DemoInstitute, batchId: number) {
  const standardId = institute.batches.find((batch) => batch.id === batchId)!.standardId;
  const [subject] = await tx
    .select({ id: subjects.id, name: subjects.name })
    .from(subjects)
    .where(and(eq(subjects.instituteId, institute.id), eq(subjects.standardId, standardId)))
    .orderBy(subjects.id)
    .limit(1);
  return subject;
}

async function seedFor(tx: Tx, storage: Storage, now: Date, institute: DemoInstitute, login: string, video: Buffer) {
  const batchId = institute.account(login, 1).batchIds[0];
  if (batchId === undefined) return;
  const subject = await firstSubjectOf(tx, institute, batchId);
  const teacherRows = await tx
    .select({ id: teachers.id })
    .from(teachers)
    .where(eq(teachers.instituteId, institute.id))
    .orderBy(teachers.id);
  const teacherIds = teacherRows.map((row) => row.id);
  const file = await storage.putBuffer(video, 'mp4');
  const list = plans(now, institute.timeZone, subject?.name ?? 'Class');
  const sessionIds = await createClassSessions(
    tx,
    institute.id,
    list.map((plan, index) => ({
      batchId,
      subjectId: subject?.id ?? null,
      classType: 'Online Class' as const,
      name: plan.name,
      topics: plan.name.split(':').at(-1)!.trim(),
      description: 'Join five minutes early; keep your camera on.',
      startsAt: plan.startsAt,
      durationMinutes: plan.minutes,
      // Two faculty on alternate classes: the cards show several photos.
      teacherIds: index % 2 === 0 ? teacherIds.slice(0, 2) : teacherIds.slice(2, 3),
      meetingWith: plan.provider,
      sessionLink: `https://meet.example.com/live/${institute.id}-${index + 1}`,
    })),
  );
  const recordings: RecordingValues[] = [];
  list.forEach((plan, index) => {
    for (const [part, host] of (plan.recordings ?? []).entries()) {
      const end = new Date(plan.startsAt.getTime() + plan.minutes * minute);
      const common = {
        sessionId: sessionIds[index]!,
        host,
        name: `${plan.name} (part ${part + 1})`,
        recordedAt: plan.startsAt,
        uploadedAt: new Date(end.getTime() + 20 * minute),
      };
      if (host === 'aws') {
        recordings.push({
          ...common,
          sizeBytes: video.length,
          durationSeconds: demoRecordingSeconds,
          fileKey: file.key,
        });
      } else {
        // Provider ids: the server needs the institute's provider credentials to play them (none in the demo).
        recordings.push({
          ...common,
          sizeBytes: 48_234_496 + index * 1_048_576,
          durationSeconds: plan.minutes * 60,
          providerVideoId: host === 'vimeo' ? `76979871${index}` : `demo${index}a1b2c3d4e5f6`,
        });
      }
    }
  });
  await createRecordings(tx, institute.id, recordings);
}

/**
 * Two live classes of the section of 9000000002's second child (Diya): one yesterday and one tomorrow, so the
 * alerts area finds a live class of each child's that started lately (issue 31; the timetable's own online class
 * is weekly).
 */
async function seedForSecondChild(tx: Tx, now: Date, institute: DemoInstitute) {
  const batchId = institute.account(demoLogins.greenfieldSecondChild, 1).batchIds[0];
  if (batchId === undefined) return;
  const subject = await firstSubjectOf(tx, institute, batchId);
  const [teacher] = await tx
    .select({ id: teachers.id })
    .from(teachers)
    .where(eq(teachers.instituteId, institute.id))
    .orderBy(teachers.id)
    .limit(1);
  const at = (offset: number) => new Date(roundDown(now.getTime() + offset));
  const name = subject?.name ?? 'Class';
  await createClassSessions(
    tx,
    institute.id,
    [
      { name: `${name}: reading circle`, startsAt: at(-1 * day) },
      { name: `${name}: question hour`, startsAt: at(day + 2 * hour) },
    ].map((plan, index) => ({
      batchId,
      subjectId: subject?.id ?? null,
      classType: 'Online Class' as const,
      name: plan.name,
      topics: plan.name.split(':').at(-1)!.trim(),
      description: 'Join five minutes early; keep your camera on.',
      startsAt: plan.startsAt,
      durationMinutes: 45,
      teacherIds: teacher ? [teacher.id] : [],
      meetingWith: 'Zoom' as const,
      sessionLink: `https://meet.example.com/live/${institute.id}-child-${index + 1}`,
    })),
  );
}

/**
 * Live classes of both demo institutes for 9000000001's section and student@apex.test's batch, and two for the
 * section of 9000000002's second child.
 */
export async function seed({ tx, storage, now, institutes: { greenfield, apex } }: DemoContext) {
  const video = await readFile(demoRecordingPath);
  await seedFor(tx, storage, now, greenfield, demoLogins.greenfieldStudent, video);
  await seedForSecondChild(tx, now, greenfield);
  await seedFor(tx, storage, now, apex, demoLogins.apexStudent, video);
}
