import type { Session } from '@campus/domain/auth/auth.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../test/auth-helpers.ts';
import { createInstitute, createStudent, enrol } from '../../../test/factories/institutes.ts';
import {
  createClassSession,
  createRecording,
  createTeacher,
  markAttendance,
} from '../../../test/factories/timetable.ts';
import { createMigratedDatabase, createTestApp, createTestStorage } from '../../../test/helpers.ts';
import { timetableBody } from '../../../test/timetable-requests.ts';
import { batches, subjects } from '../../db/schema/academics.ts';

const at = (iso: string) => new Date(iso);

// The whole month answer of a fixed fixture, kept as it was before the class-sessions query was rewritten (issue
// 28: joins instead of per-row subqueries): two sections, teachers listed in the session's order (not by id), a
// teacher named twice, one without a photo and one of another institute, a class without a subject, a recorded
// online class, an exam with its test, and classes just inside and just outside the month in the institute's zone.
describe('timeTable/v3: the month answer of a fixed fixture', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  let student: Session;
  const storage = createTestStorage();

  beforeAll(async () => {
    const database = await createMigratedDatabase();
    const { db } = database;
    const school = await createInstitute(db, { host: 'localhost', classesMode: 'HYBRID_BLENDED', examMode: 'ONLINE' });
    const other = await createInstitute(db, { host: 'other.test' });
    const [sectionB] = await db
      .insert(batches)
      .values({
        instituteId: school.id,
        standardId: school.standardId,
        academicYearId: school.currentYear.id,
        name: 'B',
      })
      .returning({ id: batches.id });
    const [maths] = await db
      .insert(subjects)
      .values({ instituteId: school.id, standardId: school.standardId, name: 'Mathematics' })
      .returning({ id: subjects.id });
    const login = await createStudent(db, school);
    await enrol(db, school, login.studentId, { batchId: sectionB!.id, rollNo: 2 });
    const first = await createTeacher(db, school, { name: 'Asha Rao', storage });
    const second = await createTeacher(db, school, { name: 'Bilal Khan' });
    const third = await createTeacher(db, school, { name: 'Chitra Menon', storage });
    const elsewhere = await createTeacher(db, other, { name: 'Other Institute Teacher' });

    const classA = await createClassSession(db, school, {
      classType: 'Class',
      name: '',
      subjectId: maths!.id,
      topics: 'Fractions',
      description: 'Bring a ruler',
      startsAt: at('2026-11-02T03:30:00Z'),
      durationMinutes: 45,
      teacherIds: [third, first],
      meetingWith: null,
      sessionLink: '',
    });
    await createClassSession(db, school, {
      classType: 'Class',
      batchId: sectionB!.id,
      name: 'Section B drawing',
      startsAt: at('2026-11-02T03:30:00Z'),
      durationMinutes: 40,
      teacherIds: [second, first, second],
      meetingWith: null,
      sessionLink: '',
    });
    const recorded = await createClassSession(db, school, {
      name: 'Recorded live',
      subjectId: maths!.id,
      startsAt: at('2026-11-10T08:30:00Z'),
      durationMinutes: 90,
      teacherIds: [first, elsewhere],
      sessionLink: 'https://meet.example.com/recorded',
    });
    await createRecording(db, school, recorded, { host: 'vdocipher', videoId: 'vid-1' });
    await createRecording(db, school, recorded, { host: 'vimeo', videoId: 'vim-2' });
    await createClassSession(db, school, {
      name: 'Upcoming live',
      startsAt: at('2026-11-24T08:30:00Z'),
      sessionLink: 'https://meet.example.com/upcoming',
    });
    await createClassSession(db, school, {
      classType: 'Online Exam',
      name: 'Online mock',
      startsAt: at('2026-11-25T10:00:00Z'),
      testId: 77,
    });
    // 23:30 on 30-11 in Kolkata is in the month; 00:10 on 01-12 and 23:59 on 31-10 are not.
    await createClassSession(db, school, {
      classType: 'Class',
      name: 'Late class',
      startsAt: at('2026-11-30T18:00:00Z'),
      durationMinutes: 60,
    });
    await createClassSession(db, school, {
      classType: 'Class',
      name: 'December',
      startsAt: at('2026-11-30T18:40:00Z'),
    });
    await createClassSession(db, school, { classType: 'Class', name: 'October', startsAt: at('2026-10-31T18:29:00Z') });
    await markAttendance(db, school, login.studentId, classA);
    await markAttendance(db, school, login.studentId, recorded, { status: 'A' });

    app = await createTestApp({ database, storage, rateLimits: { loginPerMinute: 1000 } });
    student = await signIn(app, { user_name: login.login, password: login.password });
  });
  afterAll(() => app.close());

  it('answers the same month, field by field, as before the query was rewritten', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v2/timeTable/v3',
      headers: { authorization: student.student_auth, host: 'localhost' },
      payload: timetableBody(student, '2026-11-01', '2026-11-30'),
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    // Signed photo addresses carry the run's signing key: only where one is given counts here.
    const stable = JSON.parse(JSON.stringify(body).replace(/\/api\/v1\/files\/[^",]+/g, 'photo:signed'));
    expect(stable).toMatchInlineSnapshot(`
      {
        "message": "",
        "proctur_live_view_or_download_visibility": 3,
        "result": {
          "batchTimeTableList": {
            "2026-11-02": [
              {
                "batch_id": 1,
                "class_type": "Class",
                "course": "Class 6 - A",
                "date": "2026-11-02",
                "description": "Bring a ruler",
                "download_links": [],
                "duration": 45,
                "end_date": "2026-11-02",
                "end_datetime": "2026-11-02T04:15:00.000Z",
                "end_time": "09:45 AM",
                "live_meeting_with": "",
                "master_course_name": "Class 6",
                "product_name": "",
                "session_id": 1,
                "session_link": "",
                "session_name": "",
                "start_datetime": "2026-11-02T03:30:00.000Z",
                "start_time": "09:00 AM",
                "student_attendance_percent": 50,
                "subject_name": "Mathematics",
                "t_photo_url": "photo:signed,photo:signed",
                "teacher_name": "Chitra Menon, Asha Rao",
                "test_id": 0,
                "test_inst_id": 0,
                "topics_covered": "Fractions",
              },
              {
                "batch_id": 5,
                "class_type": "Class",
                "course": "Class 6 - B",
                "date": "2026-11-02",
                "description": "",
                "download_links": [],
                "duration": 40,
                "end_date": "2026-11-02",
                "end_datetime": "2026-11-02T04:10:00.000Z",
                "end_time": "09:40 AM",
                "live_meeting_with": "",
                "master_course_name": "Class 6",
                "product_name": "",
                "session_id": 2,
                "session_link": "",
                "session_name": "Section B drawing",
                "start_datetime": "2026-11-02T03:30:00.000Z",
                "start_time": "09:00 AM",
                "student_attendance_percent": 0,
                "subject_name": "",
                "t_photo_url": ",photo:signed",
                "teacher_name": "Bilal Khan, Asha Rao",
                "test_id": 0,
                "test_inst_id": 0,
                "topics_covered": "",
              },
            ],
            "2026-11-10": [
              {
                "batch_id": 1,
                "class_type": "Online Class",
                "course": "Class 6 - A",
                "date": "2026-11-10",
                "description": "",
                "download_links": [
                  {
                    "download_id": 1,
                    "duration": 12,
                    "recording_date_time": "2026-11-21T06:30:00.000Z",
                    "recording_uploaded_on": "2026-11-21T06:30:00.000Z",
                    "session_name": "Recorded live",
                    "video_duration": "00:00:12",
                    "video_host": "vdocipher",
                    "video_id": "vid-1",
                    "video_size": "1.00",
                    "view_list_session_name": "Recording 10",
                    "vimeo_video_id": "",
                  },
                  {
                    "download_id": 2,
                    "duration": 12,
                    "recording_date_time": "2026-11-21T06:30:00.000Z",
                    "recording_uploaded_on": "2026-11-21T06:30:00.000Z",
                    "session_name": "Recorded live",
                    "video_duration": "00:00:12",
                    "video_host": "vimeo",
                    "video_id": "",
                    "video_size": "1.00",
                    "view_list_session_name": "Recording 11",
                    "vimeo_video_id": "vim-2",
                  },
                ],
                "duration": 90,
                "end_date": "2026-11-10",
                "end_datetime": "2026-11-10T10:00:00.000Z",
                "end_time": "03:30 PM",
                "live_meeting_with": "Zoom",
                "master_course_name": "Class 6",
                "product_name": "",
                "session_id": 3,
                "session_link": "https://meet.example.com/recorded",
                "session_name": "Recorded live",
                "start_datetime": "2026-11-10T08:30:00.000Z",
                "start_time": "02:00 PM",
                "student_attendance_percent": 50,
                "subject_name": "Mathematics",
                "t_photo_url": "photo:signed",
                "teacher_name": "Asha Rao",
                "test_id": 0,
                "test_inst_id": 0,
                "topics_covered": "",
              },
            ],
            "2026-11-24": [
              {
                "batch_id": 1,
                "class_type": "Online Class",
                "course": "Class 6 - A",
                "date": "2026-11-24",
                "description": "",
                "download_links": [],
                "duration": 60,
                "end_date": "2026-11-24",
                "end_datetime": "2026-11-24T09:30:00.000Z",
                "end_time": "03:00 PM",
                "live_meeting_with": "Zoom",
                "master_course_name": "Class 6",
                "product_name": "",
                "session_id": 4,
                "session_link": "",
                "session_name": "Upcoming live",
                "start_datetime": "2026-11-24T08:30:00.000Z",
                "start_time": "02:00 PM",
                "student_attendance_percent": 50,
                "subject_name": "",
                "t_photo_url": "",
                "teacher_name": "",
                "test_id": 0,
                "test_inst_id": 0,
                "topics_covered": "",
              },
            ],
            "2026-11-25": [
              {
                "batch_id": 1,
                "class_type": "Online Exam",
                "course": "Class 6 - A",
                "date": "2026-11-25",
                "description": "",
                "download_links": [],
                "duration": 60,
                "end_date": "2026-11-25",
                "end_datetime": "2026-11-25T11:00:00.000Z",
                "end_time": "04:30 PM",
                "live_meeting_with": "Zoom",
                "master_course_name": "Class 6",
                "product_name": "",
                "session_id": 5,
                "session_link": "",
                "session_name": "Online mock",
                "start_datetime": "2026-11-25T10:00:00.000Z",
                "start_time": "03:30 PM",
                "student_attendance_percent": 50,
                "subject_name": "",
                "t_photo_url": "",
                "teacher_name": "",
                "test_id": 77,
                "test_inst_id": 1,
                "topics_covered": "",
              },
            ],
            "2026-11-30": [
              {
                "batch_id": 1,
                "class_type": "Class",
                "course": "Class 6 - A",
                "date": "2026-11-30",
                "description": "",
                "download_links": [],
                "duration": 60,
                "end_date": "2026-12-01",
                "end_datetime": "2026-11-30T19:00:00.000Z",
                "end_time": "12:30 AM",
                "live_meeting_with": "Zoom",
                "master_course_name": "Class 6",
                "product_name": "",
                "session_id": 6,
                "session_link": "",
                "session_name": "Late class",
                "start_datetime": "2026-11-30T18:00:00.000Z",
                "start_time": "11:30 PM",
                "student_attendance_percent": 50,
                "subject_name": "",
                "t_photo_url": "",
                "teacher_name": "",
                "test_id": 0,
                "test_inst_id": 0,
                "topics_covered": "",
              },
            ],
          },
        },
        "statusCode": 200,
        "time": "2026-11-21T06:30:00.000Z",
        "view_proctur_live_recorded_session": 1,
        "vimeo_video_downlodable": 1,
      }
    `);
  });
});
