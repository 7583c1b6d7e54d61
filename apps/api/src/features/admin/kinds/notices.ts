// Teachers, announcements, assignments, events and messages: what the institute posts for its students.
// Announcements and events are written by their areas' writers (features/home, features/events); teachers,
// assignments and messages still by one table each, until their areas have writers.
import { and, count, eq, inArray } from 'drizzle-orm';
import { anyOf } from '../admin.repository.ts';
import { assignmentAttachments, assignments, smsOutbox, submissions, teachers } from '../../../db/schema/index.ts';
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
import { resolveFiles } from './files.ts';
import { chunks, resolveReferences, toInstant, type KindContext } from './kind.ts';
import { storeKind, tableKind, type ChildSet } from './table-kind.ts';

export const teachersKind = tableKind({
  kind: 'teachers',
  table: teachers,
  // Their names stay on what they posted.
  deletes: 'soft',
  build: async () => (row) => ({ columns: { name: row.name, phone: row.phone ?? '', email: row.email ?? '' } }),
});

export const announcementsKind = storeKind<'announcements', AnnouncementValues>({
  kind: 'announcements',
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
    const names = new Map<number, string>();
    if (teacherIds.size > 0) {
      const rows = await context.tx
        .select({ id: teachers.id, name: teachers.name })
        .from(teachers)
        .where(and(eq(teachers.instituteId, context.instituteId), anyOf(teachers.id, [...teacherIds.values()])));
      for (const row of rows) names.set(row.id, row.name);
    }
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

/** One of an assignment's own files: the teacher's (shown with it) or a solution (shown once released). */
interface OwnFile {
  kind: 'teacher' | 'solution';
  fileKey: string;
  displayName: string;
  sizeBytes: number;
  sha256: string;
}

/** An assignment's teacher and solution files, in order (students' files and links are theirs, never touched). */
const ownFiles: ChildSet<OwnFile[]> = {
  async load(context: KindContext, ids: number[]) {
    const found = new Map<number, OwnFile[]>(ids.map((id) => [id, []]));
    for (const part of chunks(ids, 5000)) {
      const rows = await context.tx
        .select({
          id: assignmentAttachments.assignmentId,
          kind: assignmentAttachments.kind,
          fileKey: assignmentAttachments.fileKey,
          displayName: assignmentAttachments.displayName,
          sizeBytes: assignmentAttachments.sizeBytes,
          sha256: assignmentAttachments.sha256,
        })
        .from(assignmentAttachments)
        .where(
          and(
            eq(assignmentAttachments.instituteId, context.instituteId),
            anyOf(assignmentAttachments.assignmentId, part),
            inArray(assignmentAttachments.kind, ['teacher', 'solution']),
          ),
        )
        .orderBy(assignmentAttachments.kind, assignmentAttachments.id);
      for (const row of rows) {
        found.get(row.id)?.push(ownFile(row.kind as OwnFile['kind'], row));
      }
    }
    return found;
  },
  async save(context, id, files, isNew) {
    if (!isNew) {
      await context.tx
        .delete(assignmentAttachments)
        .where(
          and(
            eq(assignmentAttachments.instituteId, context.instituteId),
            eq(assignmentAttachments.assignmentId, id),
            inArray(assignmentAttachments.kind, ['teacher', 'solution']),
          ),
        );
    }
    if (files.length > 0) {
      await context.tx.insert(assignmentAttachments).values(
        files.map((file) => ({
          instituteId: context.instituteId,
          assignmentId: id,
          createdAt: context.now,
          ...file,
        })),
      );
    }
  },
};

/** The same fields in the same order whether read back or built from a row, so a rerun compares equal. */
const ownFile = (
  kind: OwnFile['kind'],
  file: { fileKey: string | null; displayName: string; sizeBytes: number; sha256: string | null },
): OwnFile => ({
  kind,
  fileKey: file.fileKey ?? '',
  displayName: file.displayName,
  sizeBytes: file.sizeBytes,
  sha256: file.sha256 ?? '',
});

export const assignmentsKind = tableKind({
  kind: 'assignments',
  table: assignments,
  // Deleted for good, but never one with students' work: that is refused (the row names it).
  deletes: 'hard',
  children: ownFiles,
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
    const listed = (kind: OwnFile['kind'], externalIds: string[] | undefined) =>
      [...new Set(externalIds ?? [])].map((externalId) => {
        const file = files.get(externalId)!;
        return ownFile(kind, { ...file, displayName: file.fileName });
      });
    return (row) => ({
      children: [
        // In the order they are read back: the enum's (teacher, solution), then as listed.
        ...listed('teacher', row.file_external_ids),
        ...listed('solution', row.solution_file_external_ids),
      ],
      columns: {
        batchId: batchIds.get(row.batch_external_id),
        subjectId: subjectIds.get(row.subject_external_id),
        title: row.title,
        topicName: row.topic_name ?? '',
        descriptionHtml: row.description_html ?? '',
        dueAt: toInstant(row.due_at, context.timeZone),
        isLateAllowed: row.is_late_allowed ?? false,
        isEvaluationRequired: row.is_evaluation_required ?? true,
        isGradeEnabled: row.is_grade_enabled ?? false,
        maxMarks: row.max_marks ?? null,
        isSolutionReleased: row.is_solution_released ?? false,
      },
    });
  },
  async keep(context, ids) {
    const kept = new Map<number, string>();
    for (const part of chunks(ids, 5000)) {
      const rows = await context.tx
        .select({ id: submissions.assignmentId, total: count() })
        .from(submissions)
        .where(and(eq(submissions.instituteId, context.instituteId), anyOf(submissions.assignmentId, part)))
        .groupBy(submissions.assignmentId);
      for (const row of rows) {
        kept.set(row.id, `has ${row.total} students' submissions, so it cannot be deleted`);
      }
    }
    return kept;
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

export const messagesKind = tableKind({
  kind: 'messages',
  table: smsOutbox,
  deletes: 'hard',
  // Without sent_at a message is dated when it is first loaded; a rerun leaves that time alone.
  insertDefaults: (context) => ({ createdAt: context.now }),
  build: async (context) => (row) => ({
    columns: {
      phone: row.phone,
      purpose: 'notice',
      body: row.body,
      ...(row.sent_at ? { createdAt: toInstant(row.sent_at, context.timeZone) } : {}),
    },
  }),
});
