// Teachers, announcements, assignments, events and messages: what the institute posts for its students, each
// written by its area's writer (timetable, home, assignments, events, messages); this module maps a batch's rows
// onto them by external id.
import {
  assignmentFile,
  createAssignments,
  deleteAssignments,
  findAssignments,
  findKeptAssignments,
  updateAssignment,
  type AssignmentFile,
  type AssignmentValues,
  type StoredAssignment,
} from '../../assignments/index.ts';
import {
  createEvents,
  deleteEvents,
  eventColumns,
  findEvents,
  updateEvent,
  type EventValues,
} from '../../events/index.ts';
import {
  createAnnouncements,
  findAnnouncements,
  hideAnnouncements,
  noticeAudience,
  updateAnnouncement,
  type AnnouncementValues,
} from '../../home/index.ts';
import {
  deleteMessages,
  findMessages,
  queueMessages,
  updateMessage,
  type MessageValues,
} from '../../messages/index.ts';
import { createTeachers, findTeachers, updateTeacher, type TeacherValues } from '../../timetable/index.ts';
import { enqueueAlerts } from '../../alerts/index.ts';
import { resolveFiles } from './files.ts';
import { resolveReferences, toInstant } from './kind.ts';
import { storeKind } from './table-kind.ts';

export const teachersKind = storeKind<'teachers', TeacherValues>({
  kind: 'teachers',
  // Their names stay on the classes and what they posted: a delete only takes the external id out of use.
  deletes: 'soft',
  store: {
    load: async ({ tx, instituteId }, ids) =>
      (await findTeachers(tx, instituteId, ids)) as Map<number, unknown> as Map<number, Record<string, unknown>>,
    insert: ({ tx, instituteId }, values) => createTeachers(tx, instituteId, values),
    update: ({ tx, instituteId }, id, value) => updateTeacher(tx, instituteId, id, value),
  },
  build: async () => (row) => ({ name: row.name, phone: row.phone ?? '', email: row.email ?? '' }),
});

export const announcementsKind = storeKind<'announcements', AnnouncementValues>({
  kind: 'announcements',
  // What it changes, its institute's alerts tell (features/alerts).
  afterCommit: (jobs, instituteId) => enqueueAlerts(jobs, instituteId),
  deletes: 'soft',
  store: {
    load: ({ tx, instituteId }, ids) => findAnnouncements(tx, instituteId, ids),
    insert: ({ tx, instituteId }, values) => createAnnouncements(tx, instituteId, values),
    update: ({ tx, instituteId }, id, value) => updateAnnouncement(tx, instituteId, id, value),
    hide: ({ tx, instituteId }, ids) => hideAnnouncements(tx, instituteId, ids),
  },
  build: async (context, rows, problems) => {
    const { batch_external_ids: batchIds, teacher_external_id: teacherIds } = await resolveReferences(
      context,
      rows,
      problems,
      {
        batch_external_ids: 'batches',
        teacher_external_id: 'teachers',
      },
    );
    const files = await resolveFiles(context, rows, problems, {
      file_external_id: 'any',
      image_file_external_id: 'image',
    });
    const teachersById = await findTeachers(context.tx, context.instituteId, [...teacherIds.values()]);
    const names = new Map([...teachersById].map(([id, teacher]) => [id, teacher.name]));
    return (row) => {
      const announcedAt = toInstant(row.announced_at, context.timeZone);
      const teacherId = row.teacher_external_id ? teacherIds.get(row.teacher_external_id) : undefined;
      const attachment = row.file_external_id ? files.get(row.file_external_id) : undefined;
      return {
        title: row.title,
        descriptionHtml: row.description_html,
        announcedAt,
        updatedAt: announcedAt,
        updatedBy: row.posted_by || (teacherId !== undefined ? (names.get(teacherId) ?? '') : ''),
        isActive: row.is_active ?? true,
        attachmentFileKey: attachment?.fileKey ?? null,
        attachmentName: attachment?.fileName ?? null,
        imageFileKey: row.image_file_external_id ? (files.get(row.image_file_external_id)?.fileKey ?? null) : null,
        batchIds: noticeAudience((row.batch_external_ids ?? []).map((batch) => batchIds.get(batch)!)),
      };
    };
  },
});

export const assignmentsKind = storeKind<'assignments', AssignmentValues>({
  kind: 'assignments',
  // What it changes, its institute's alerts tell (features/alerts).
  afterCommit: (jobs, instituteId) => enqueueAlerts(jobs, instituteId),
  // Deleted for good, but never one with students' work: that is refused (the row names it).
  deletes: 'hard',
  store: {
    load: async ({ tx, instituteId }, ids) =>
      (await findAssignments(tx, instituteId, ids)) as Map<number, unknown> as Map<number, Record<string, unknown>>,
    insert: ({ tx, instituteId, now }, values) => createAssignments(tx, instituteId, values, now),
    // The files the batch's load read: compared there, not read again for each row.
    update: ({ tx, instituteId, now }, id, value, stored) =>
      updateAssignment(tx, instituteId, id, value, now, (stored as StoredAssignment).files),
    remove: ({ tx, instituteId }, ids) => deleteAssignments(tx, instituteId, ids),
  },
  keep: ({ tx, instituteId }, ids) => findKeptAssignments(tx, instituteId, ids),
  build: async (context, rows, problems) => {
    const { batch_external_id: batchIds, subject_external_id: subjectIds } = await resolveReferences(
      context,
      rows,
      problems,
      {
        batch_external_id: 'batches',
        subject_external_id: 'subjects',
      },
    );
    const files = await resolveFiles(context, rows, problems, {
      file_external_ids: 'any',
      solution_file_external_ids: 'any',
    });
    const listed = (kind: AssignmentFile['kind'], externalIds: string[] | undefined) =>
      [...new Set(externalIds ?? [])].map((externalId) => {
        const file = files.get(externalId)!;
        return assignmentFile(kind, { ...file, displayName: file.fileName });
      });
    return (row) => ({
      batchId: batchIds.get(row.batch_external_id)!,
      subjectId: subjectIds.get(row.subject_external_id)!,
      title: row.title,
      topicName: row.topic_name ?? '',
      descriptionHtml: row.description_html ?? '',
      dueAt: toInstant(row.due_at, context.timeZone),
      isLateAllowed: row.is_late_allowed ?? false,
      isEvaluationRequired: row.is_evaluation_required ?? true,
      isGradeEnabled: row.is_grade_enabled ?? false,
      maxMarks: row.max_marks ?? null,
      isSolutionReleased: row.is_solution_released ?? false,
      files: [
        // In the order they are read back: the enum's (teacher, solution), then as listed.
        ...listed('teacher', row.file_external_ids),
        ...listed('solution', row.solution_file_external_ids),
      ],
    });
  },
});

export const eventsKind = storeKind<'events', EventValues>({
  kind: 'events',
  deletes: 'hard',
  store: {
    load: ({ tx, instituteId }, ids) => findEvents(tx, instituteId, ids),
    insert: ({ tx, instituteId }, values) => createEvents(tx, instituteId, values),
    update: ({ tx, instituteId }, id, value) => updateEvent(tx, instituteId, id, value),
    remove: ({ tx, instituteId }, ids) => deleteEvents(tx, instituteId, ids),
  },
  build: async (context, rows, problems) => {
    const { standard_external_ids: standardIds } = await resolveReferences(context, rows, problems, {
      standard_external_ids: 'standards',
    });
    // Through the writer's rules, so a row loaded again compares equal to what it stored.
    return (row) =>
      eventColumns({
        eventType: row.event_type,
        holidayType: row.holiday_type ?? null,
        title: row.title,
        description: row.description ?? '',
        startDate: row.start_date,
        endDate: row.end_date,
        isAllDay: row.start_time === undefined,
        startTime: row.start_time ?? null,
        endTime: row.end_time ?? null,
        standardIds: (row.standard_external_ids ?? []).map((id) => standardIds.get(id)!),
        daysOfWeek: row.days_of_week ?? [],
      });
  },
});

/** A text as a batch's row gives it: dated by its sent_at, else when first loaded. */
type MessageRow = Omit<MessageValues, 'createdAt'> & { createdAt?: Date };

export const messagesKind = storeKind<'messages', MessageRow>({
  kind: 'messages',
  deletes: 'hard',
  store: {
    load: async ({ tx, instituteId }, ids) =>
      (await findMessages(tx, instituteId, ids)) as Map<number, unknown> as Map<number, Record<string, unknown>>,
    // Without sent_at a message is dated when it is first loaded; a rerun leaves that time alone.
    insert: ({ tx, instituteId, now }, values) =>
      queueMessages(
        tx,
        instituteId,
        values.map((value) => ({ createdAt: now, ...value })),
      ),
    update: ({ tx, instituteId }, id, value) => updateMessage(tx, instituteId, id, value),
    remove: ({ tx, instituteId }, ids) => deleteMessages(tx, instituteId, ids),
  },
  build: async (context) => (row) => ({
    phone: row.phone,
    purpose: 'notice',
    body: row.body,
    ...(row.sent_at ? { createdAt: toInstant(row.sent_at, context.timeZone) } : {}),
  }),
});
