import { addDays, instantInZone } from '@campus/domain/calendar/calendar';
import { weekdayOf } from '@campus/domain/calendar/calendar';
import { and, eq, gte, inArray, lte } from 'drizzle-orm';
import { academicYears, batches, standards, subjects } from '../../db/schema/academics.ts';
import type { classSessions } from '../../db/schema/timetable.ts';
import { enrolments, studentParents } from '../../db/schema/users.ts';
import type { DemoContext, DemoInstitute, Tx } from '../../db/seed/context.ts';
import { demoLogins } from '../../db/seed/demo-accounts.ts';
import { createClassSessions, createTeachers, markAttendance, type AttendanceValues } from './index.ts';
import type { Storage } from '../../lib/storage.ts';

/** A small round avatar with initials: the teachers' demo photos. */
function avatarSvg(name: string, hue: number): string {
  const initials = name
    .split(' ')
    .map((part) => part[0])
    .join('')
    .slice(0, 2);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96"><circle cx="48" cy="48" r="48" fill="hsl(${hue},55%,45%)"/><text x="48" y="60" font-family="sans-serif" font-size="36" fill="#fff" text-anchor="middle">${initials}</text></svg>`;
}

/** The institute's teachers, one per subject name, each with a photo in storage; answers their ids by subject. */
export async function seedTeachers(tx: Tx, storage: Storage, instituteId: number, bySubject: Record<string, string>) {
  const entries = Object.entries(bySubject);
  const photos = await Promise.all(
    entries.map(([, name], index) => storage.putBuffer(avatarSvg(name, (index * 67) % 360), 'svg')),
  );
  const ids = await createTeachers(
    tx,
    instituteId,
    entries.map(([, name], index) => ({ name, photoFileKey: photos[index]!.key })),
  );
  return Object.fromEntries(entries.map(([subject], index) => [subject, ids[index]!])) as Record<string, number>;
}

interface Period {
  time: string;
  minutes: number;
  classType: 'Class' | 'Online Class';
}

/**
 * The batches of an institute's current year (or, with `year` 'previous', of the year that ended before `today`),
 * with standard and subject names.
 */
async function currentBatches(
  tx: Tx,
  institute: DemoInstitute,
  today: string,
  year: 'current' | 'previous' = 'current',
) {
  const rows = await tx
    .select({ id: batches.id, name: batches.name, standardId: batches.standardId, start: academicYears.startDate })
    .from(batches)
    .innerJoin(
      academicYears,
      and(eq(academicYears.instituteId, batches.instituteId), eq(academicYears.id, batches.academicYearId)),
    )
    .where(
      and(
        eq(batches.instituteId, institute.id),
        year === 'current'
          ? and(lte(academicYears.startDate, today), gte(academicYears.endDate, today))
          : and(lte(academicYears.endDate, today), gte(academicYears.endDate, addDays(today, -366))),
      ),
    )
    .orderBy(batches.id);
  const subjectRows = await tx
    .select({ id: subjects.id, standardId: subjects.standardId, name: subjects.name })
    .from(subjects)
    .where(eq(subjects.instituteId, institute.id))
    .orderBy(subjects.id);
  const standardRows = await tx
    .select({ id: standards.id, name: standards.name })
    .from(standards)
    .where(eq(standards.instituteId, institute.id));
  return rows.map((row) => ({
    ...row,
    standardName: standardRows.find((standard) => standard.id === row.standardId)!.name,
    subjects: subjectRows.filter((subject) => subject.standardId === row.standardId),
  }));
}

const meetingProviders = ['Zoom', 'Webex', 'other'] as const;
const topicsBySubject: Record<string, string[]> = {
  English: ['Reading comprehension', 'Grammar: tenses', 'Poetry appreciation', 'Letter writing'],
  Hindi: ['Vyakaran: sandhi', 'Kavita path', 'Nibandh lekhan'],
  Mathematics: ['Linear equations', 'Mensuration', 'Algebraic identities', 'Probability', 'Integration by parts'],
  Science: ['Acids and bases', 'Light: reflection', 'Cell structure', 'Electricity'],
  'Social Science': ['The French Revolution', 'Resources and development', 'Federalism'],
  Physics: ['Kinematics', "Newton's laws", 'Work, energy and power', 'Electrostatics'],
  Chemistry: ['Mole concept', 'Chemical bonding', 'Thermodynamics', 'Organic: GOC'],
  Biology: ['Cell cycle', 'Genetics', 'Plant physiology', 'Human physiology'],
};

/** Deterministic pick: the demo writes the same rows on two runs of the same day. */
const pick = <T>(list: readonly T[], n: number) => list[n % list.length]!;

/**
 * A weekly timetable for every batch (coaching) or section (school) of the current academic year, from its first
 * day to its last: Greenfield has four classroom periods a weekday and two on Saturday, with one online class on
 * Wednesdays and a monthly unit test; Apex runs its batches online (morning or evening) with fortnightly online
 * tests. The demo students (and the children of the demo parents) get attendance for every past class with every
 * status (present, absent, leave) and homework notes. Tara (9000000015) gets none: each of her classes' Attendance
 * Details shows the spec's 'NO ATTENDANCE MARKED FOR THIS CLASS!' (issue 27, item 18).
 */
export async function seed({ tx, storage, now, today, institutes: { greenfield, apex } }: DemoContext) {
  const greenfieldTeachers = await seedTeachers(tx, storage, greenfield.id, {
    English: 'Anita Desai',
    Hindi: 'Ramesh Tiwari',
    Mathematics: 'Suresh Iyer',
    Science: 'Kavita Menon',
    'Social Science': 'Farah Khan',
  });
  const apexTeachers = await seedTeachers(tx, storage, apex.id, {
    Physics: 'Dr. Vikram Rao',
    Chemistry: 'Neha Kulkarni',
    Mathematics: 'Arjun Mehta',
    Biology: 'Priya Nair',
  });

  const plans = [
    {
      institute: greenfield,
      teacherIds: greenfieldTeachers,
      weekday: [
        { time: '08:00', minutes: 45, classType: 'Class' },
        { time: '09:00', minutes: 45, classType: 'Class' },
        { time: '10:15', minutes: 45, classType: 'Class' },
        { time: '11:15', minutes: 45, classType: 'Class' },
      ] as Period[],
      saturday: [
        { time: '08:00', minutes: 45, classType: 'Class' },
        { time: '09:00', minutes: 45, classType: 'Class' },
      ] as Period[],
      wednesdayOnline: { time: '14:00', minutes: 60, classType: 'Online Class' } as Period,
    },
    {
      institute: apex,
      teacherIds: apexTeachers,
      weekday: [] as Period[],
      saturday: [] as Period[],
      wednesdayOnline: undefined,
    },
  ];

  const rows: (typeof classSessions.$inferInsert)[] = [];
  // Greenfield's previous year gets its first month of periods: a user who picks that year in the sidebar sees its
  // timetable open on a month with classes and attendance (issue 27, item 7).
  const runs = [
    ...plans.map((plan) => ({ plan, year: 'current' as const, days: 366 })),
    { plan: plans[0]!, year: 'previous' as const, days: 30 },
  ];
  for (const { plan, year, days } of runs) {
    const { institute } = plan;
    const list = await currentBatches(tx, institute, today, year);
    for (const [batchIndex, batch] of list.entries()) {
      const yearStart = batch.start;
      const yearEnd = [
        addDays(`${Number(yearStart.slice(0, 4)) + 1}${yearStart.slice(4)}`, -1),
        addDays(yearStart, days - 1),
      ].sort()[0]!;
      const evening = batch.name === 'Evening';
      // Apex: three online classes a day, Monday to Saturday, at the batch's time of day.
      const apexPeriods: Period[] = (evening ? ['16:00', '17:15', '18:30'] : ['07:00', '08:15', '09:30']).map(
        (time) => ({ time, minutes: 60, classType: 'Online Class' }),
      );
      let n = batchIndex;
      for (let date = yearStart; date <= yearEnd; date = addDays(date, 1)) {
        const weekday = weekdayOf(date);
        if (weekday === 0) {
          // Apex: an online test every other Sunday.
          if (institute === apex && Number(date.slice(8)) % 14 < 7) {
            rows.push({
              instituteId: institute.id,
              batchId: batch.id,
              classType: 'Online Exam',
              name: `${batch.standardName} weekly test`,
              topics: 'Full syllabus so far',
              startsAt: instantInZone(date, '10:00', institute.timeZone),
              durationMinutes: 180,
              testId: 5000 + n,
            });
          }
          continue;
        }
        const periods =
          institute === apex
            ? apexPeriods
            : [
                ...(weekday === 6 ? plan.saturday : plan.weekday),
                ...(weekday === 3 && plan.wednesdayOnline ? [plan.wednesdayOnline] : []),
              ];
        for (const period of periods) {
          n += 1;
          const subject = pick(batch.subjects, n + weekday);
          const topics = topicsBySubject[subject.name] ?? ['Revision'];
          const online = period.classType === 'Online Class';
          rows.push({
            instituteId: institute.id,
            batchId: batch.id,
            subjectId: subject.id,
            classType: period.classType,
            name: online ? `${subject.name}: ${pick(topics, n)}` : '',
            topics: pick(topics, n),
            description: online ? 'Keep your notebook and the textbook ready.' : '',
            startsAt: instantInZone(date, period.time, institute.timeZone),
            durationMinutes: period.minutes,
            teacherIds: [plan.teacherIds[subject.name]!],
            ...(online
              ? {
                  meetingWith: pick(meetingProviders, n),
                  sessionLink: `https://meet.example.com/${institute === apex ? 'apex' : 'greenfield'}/${batch.id}-${n}`,
                }
              : {}),
          });
        }
        // Greenfield: a unit test on the second Saturday of each month.
        if (institute === greenfield && weekday === 6 && Number(date.slice(8)) > 7 && Number(date.slice(8)) <= 14) {
          rows.push({
            instituteId: institute.id,
            batchId: batch.id,
            classType: 'Offline Exam',
            name: `${batch.standardName} unit test`,
            topics: 'Chapters covered this month',
            description: 'Bring your own geometry box.',
            startsAt: instantInZone(date, '10:15', institute.timeZone),
            durationMinutes: 90,
          });
        }
      }
    }
  }
  // Each institute's sessions through the timetable's writer, which answers their ids in the order given.
  const inserted: { id: number; instituteId: number; batchId: number; startsAt: Date; topics: string }[] = [];
  for (const institute of [greenfield, apex]) {
    const own = rows.filter((row) => row.instituteId === institute.id);
    const ids = await createClassSessions(
      tx,
      institute.id,
      own.map(({ instituteId: _instituteId, ...values }) => values),
    );
    for (const [index, row] of own.entries()) {
      const { batchId, startsAt, topics = '' } = row;
      inserted.push({ id: ids[index]!, instituteId: institute.id, batchId, startsAt, topics });
    }
  }

  // Attendance of the demo students and the demo parents' children, for every class that has started.
  const demoStudents: { instituteId: number; studentId: number }[] = [];
  const addStudent = (institute: DemoInstitute, login: string) => {
    const { studentId } = institute.account(login, 1);
    if (studentId !== null) demoStudents.push({ instituteId: institute.id, studentId });
  };
  addStudent(greenfield, demoLogins.greenfieldStudent);
  addStudent(apex, demoLogins.apexStudent);
  for (const [institute, login] of [
    [greenfield, demoLogins.greenfieldParentOfTwo],
    [apex, demoLogins.apexParent],
  ] as const) {
    const parent = institute.account(login, 2);
    const children = await tx
      .select({ studentId: studentParents.studentId })
      .from(studentParents)
      .where(and(eq(studentParents.instituteId, institute.id), eq(studentParents.parentUserId, parent.userId)));
    for (const child of children) demoStudents.push({ instituteId: institute.id, studentId: child.studentId });
  }
  const unique = [...new Map(demoStudents.map((row) => [`${row.instituteId}:${row.studentId}`, row])).values()];
  const enrolled = unique.length
    ? await tx
        .select({ instituteId: enrolments.instituteId, studentId: enrolments.studentId, batchId: enrolments.batchId })
        .from(enrolments)
        .where(
          inArray(
            enrolments.studentId,
            unique.map((row) => row.studentId),
          ),
        )
    : [];
  const statuses = ['P', 'P', 'P', 'P', 'P', 'A', 'P', 'P', 'L', 'P', 'P', 'A'];
  const homework = ['Done', 'Done', 'Not Done', 'Partially Done', ''];
  const marks: (AttendanceValues & { instituteId: number })[] = [];
  for (const student of unique) {
    const batchIds = new Set(
      enrolled
        .filter((row) => row.instituteId === student.instituteId && row.studentId === student.studentId)
        .map((row) => row.batchId),
    );
    let n = student.studentId;
    for (const session of inserted) {
      if (session.instituteId !== student.instituteId || !batchIds.has(session.batchId)) continue;
      if (session.startsAt.getTime() >= now.getTime()) continue;
      n += 1;
      const status = pick(statuses, n);
      const homeworkStatus = status === 'P' ? pick(homework, n) : '';
      marks.push({
        instituteId: student.instituteId,
        studentId: student.studentId,
        sessionId: session.id,
        status,
        homeworkStatus,
        remark:
          status === 'A'
            ? 'Absent without leave'
            : status === 'L'
              ? 'Leave approved'
              : pick(['', 'Attentive', 'Participated well'], n),
        homeworkAssigned: homeworkStatus ? 'Exercise questions from the chapter' : '',
        note: status === 'P' ? 'Class held as planned' : '',
        topicsCovered: session.topics,
      });
    }
  }
  for (const institute of [greenfield, apex]) {
    await markAttendance(
      tx,
      institute.id,
      marks.filter((mark) => mark.instituteId === institute.id).map(({ instituteId: _instituteId, ...mark }) => mark),
    );
  }
}
