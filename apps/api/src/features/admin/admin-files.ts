// Files through the admin API and the import: the institute's system uploads each file once under its own external
// id, and rows of other kinds name it (`file_external_id`). The rows copy the file's storage key, name and size into
// their own columns, so every screen reads its rows as before; the admin_files row owns the stored object.
import { adminFileJsonSchema, type AdminFileAnswer } from '@campus/domain/admin/admin.contract';
import { kindOfFileName } from '@campus/domain/media/media-rules';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import type { Db } from '../../db/client.ts';
import { clearJournal, journalFiles } from '../../db/pending-files.ts';
import {
  adminFiles,
  announcements,
  assignmentAttachments,
  classRecordings,
  documents,
  examQuestions,
  libraryFiles,
} from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import type { Storage } from '../../lib/storage.ts';
import { receiveUpload, storeFiles, type ReceivedFile, type UploadForm } from '../../lib/uploads.ts';
import { cleanFileName, detectUploadKind, fileNameProblem } from '@campus/domain/shared/uploads';
import { insertAuditRows } from './admin.repository.ts';
import type { BatchResult, Writer } from './admin.service.ts';
import { BatchRefused, checkRows } from './admin.service.ts';
import { findAdminFiles, type AdminFile } from './kinds/files.ts';

/** Recorded classes are the largest files an institute sends; the upload streams, so the cap is about disk. */
export const maxAdminFileBytes = 4 * 1024 * 1024 * 1024;

const fileForm: UploadForm<{ external_id: string }> = {
  maxFiles: 1,
  maxBytes: maxAdminFileBytes,
  jsonField: 'fileJson',
  jsonSchema: adminFileJsonSchema,
  messages: {
    tooManyFiles: 'Send one file per request',
    tooLarge: `A file must be at most ${maxAdminFileBytes / 1024 ** 3} GB`,
    notMultipart: 'Send multipart/form-data: a fileJson field {"external_id": "…"} first, then the file',
    notAccepted: (name) =>
      `${name}: the content is not a PDF, image, MP4 video, Word, Excel, PowerPoint or text file its name says`,
  },
};

/**
 * Points every row that shows the stored object `from` at the file `to` (a replaced file): announcements, teachers'
 * files and solutions, recordings, study material files and posters, documents. Answers how many rows moved.
 */
async function moveReferences(tx: Db, instituteId: number, from: string, to: AdminFile): Promise<number> {
  const kind = kindOfFileName(to.fileName);
  const moved = await Promise.all([
    tx
      .update(announcements)
      .set({ attachmentFileKey: to.fileKey, attachmentName: to.fileName })
      .where(and(eq(announcements.instituteId, instituteId), eq(announcements.attachmentFileKey, from)))
      .returning({ id: announcements.id }),
    tx
      .update(announcements)
      .set({ imageFileKey: to.fileKey })
      .where(and(eq(announcements.instituteId, instituteId), eq(announcements.imageFileKey, from)))
      .returning({ id: announcements.id }),
    tx
      .update(assignmentAttachments)
      .set({ fileKey: to.fileKey, displayName: to.fileName, sizeBytes: to.sizeBytes, sha256: to.sha256 })
      .where(
        and(
          eq(assignmentAttachments.instituteId, instituteId),
          eq(assignmentAttachments.fileKey, from),
          inArray(assignmentAttachments.kind, ['teacher', 'solution']),
        ),
      )
      .returning({ id: assignmentAttachments.id }),
    tx
      .update(classRecordings)
      .set({ fileKey: to.fileKey, sizeBytes: to.sizeBytes })
      .where(and(eq(classRecordings.instituteId, instituteId), eq(classRecordings.fileKey, from)))
      .returning({ id: classRecordings.id }),
    tx
      .update(libraryFiles)
      .set({ fileKey: to.fileKey, fileName: to.fileName, sizeBytes: to.sizeBytes, kind })
      .where(and(eq(libraryFiles.instituteId, instituteId), eq(libraryFiles.fileKey, from)))
      .returning({ id: libraryFiles.id }),
    tx
      .update(libraryFiles)
      .set({ posterKeys: sql`array_replace(${libraryFiles.posterKeys}, ${from}, ${to.fileKey})` })
      .where(and(eq(libraryFiles.instituteId, instituteId), sql`${from} = any(${libraryFiles.posterKeys})`))
      .returning({ id: libraryFiles.id }),
    tx
      .update(examQuestions)
      .set({ mediaFileKey: to.fileKey, mediaType: kind })
      .where(and(eq(examQuestions.instituteId, instituteId), eq(examQuestions.mediaFileKey, from)))
      .returning({ id: examQuestions.id }),
    tx
      .update(documents)
      .set({ fileKey: to.fileKey, fileName: to.fileName, sizeBytes: to.sizeBytes, kind })
      .where(and(eq(documents.instituteId, instituteId), eq(documents.fileKey, from)))
      .returning({ id: documents.id }),
  ]);
  return moved.reduce((total, rows) => total + rows.length, 0);
}

/** What still shows each of `keys`, in words (the first place found), for refusing to delete it. */
async function usesOf(tx: Db, instituteId: number, keys: string[]): Promise<Map<string, string>> {
  const used = new Map<string, string>();
  if (keys.length === 0) return used;
  const list = sql`array[${sql.join(
    keys.map((key) => sql`${key}`),
    sql`, `,
  )}]::text[]`;
  const found = (await tx.execute(sql`
    select file_key, what from (
      select attachment_file_key as file_key, 'an announcement' as what from announcements
        where institute_id = ${instituteId} and attachment_file_key = any(${list})
      union all select image_file_key, 'an announcement' from announcements
        where institute_id = ${instituteId} and image_file_key = any(${list})
      union all select file_key, 'an assignment' from assignment_attachments
        where institute_id = ${instituteId} and file_key = any(${list}) and kind in ('teacher', 'solution')
      union all select file_key, 'a recording' from class_recordings
        where institute_id = ${instituteId} and file_key = any(${list})
      union all select file_key, 'a study material file' from library_files
        where institute_id = ${instituteId} and file_key = any(${list})
      union all select unnest(poster_keys), 'a study material poster' from library_files
        where institute_id = ${instituteId} and poster_keys && ${list}
      union all select file_key, 'a document' from documents
        where institute_id = ${instituteId} and file_key = any(${list})
      union all select media_file_key, 'a question' from exam_questions
        where institute_id = ${instituteId} and media_file_key = any(${list})
    ) uses where file_key = any(${list})`)) as unknown as { rows: { file_key: string; what: string }[] };
  for (const row of found.rows) if (!used.has(row.file_key)) used.set(row.file_key, row.what);
  return used;
}

/** Audit row of one file write. */
const auditRow = (
  writer: Writer,
  now: Date,
  action: string,
  externalId: string,
  before: number | null,
  after: number | null,
) => ({
  instituteId: writer.instituteId,
  keyId: writer.keyId,
  source: writer.source,
  at: now,
  kind: 'files',
  action,
  externalId,
  beforeId: before,
  afterId: after,
});

/**
 * Stores one received file under the institute's external id: a new id is created; the same name and content is
 * unchanged (nothing written); anything else replaces the stored object, moving every row that showed the old one,
 * and the old object goes once the transaction has committed. Two uploads of one new id at once: the second waits on
 * the unique key and then replaces the first.
 */
async function storeFile(
  db: Db,
  storage: Storage,
  writer: Writer,
  now: Date,
  externalId: string,
  file: ReceivedFile,
): Promise<AdminFileAnswer> {
  const answerOf = (action: AdminFileAnswer['action'], rowsMoved = 0): AdminFileAnswer => ({
    external_id: externalId,
    action,
    file_name: file.name,
    size_bytes: file.staged.size,
    sha256: file.staged.sha256,
    rows_moved: rowsMoved,
  });
  const [current] = [...(await findAdminFiles(db, writer.instituteId, [externalId])).values()];
  if (current && current.sha256 === file.staged.sha256 && current.fileName === file.name) {
    await storage.discard(file.staged);
    return answerOf('unchanged');
  }
  // Filled inside the transaction: the object the new one replaces goes after the commit (store() reads it then).
  const replaced: string[] = [];
  return storeFiles(db, storage, [file], replaced, async (tx, [fileKey]) => {
    const columns = { fileKey: fileKey!, fileName: file.name, sizeBytes: file.staged.size, sha256: file.staged.sha256 };
    const [created] = await tx
      .insert(adminFiles)
      .values({ instituteId: writer.instituteId, externalId, ...columns, createdAt: now, updatedAt: now })
      .onConflictDoNothing()
      .returning({ id: adminFiles.id });
    if (created) {
      await insertAuditRows(tx, [auditRow(writer, now, 'create', externalId, null, created.id)]);
      return answerOf('created');
    }
    const [old] = await tx
      .select()
      .from(adminFiles)
      .where(and(eq(adminFiles.instituteId, writer.instituteId), eq(adminFiles.externalId, externalId)))
      .for('update');
    await tx
      .update(adminFiles)
      .set({ ...columns, updatedAt: now })
      .where(and(eq(adminFiles.instituteId, writer.instituteId), eq(adminFiles.id, old!.id)));
    const moved = await moveReferences(tx, writer.instituteId, old!.fileKey, { id: old!.id, ...columns });
    replaced.push(old!.fileKey);
    await insertAuditRows(tx, [auditRow(writer, now, 'update', externalId, old!.id, old!.id)]);
    return answerOf('updated', moved);
  });
}

/** `POST /api/admin/v1/files`: one file streamed to storage (checked by name and content) under its external id. */
export async function uploadAdminFile(
  db: Db,
  storage: Storage,
  request: FastifyRequest,
  writer: Writer,
  now: Date,
  authorize: (json: unknown) => Promise<void>,
): Promise<AdminFileAnswer> {
  return receiveUpload(request, storage, fileForm, authorize, async ({ json, files }) => {
    if (files.length !== 1) throw new AppError(400, 'VALIDATION_FAILED', 'files: send exactly one file');
    return storeFile(db, storage, writer, now, json.external_id, files[0]!);
  });
}

/**
 * The import's way in: a file read from disk, checked like an upload (name and content), stored under its external
 * id. Answers what happened, or throws AppError naming the problem.
 */
export async function importAdminFile(
  db: Db,
  storage: Storage,
  writer: Writer,
  now: Date,
  externalId: string,
  name: string,
  source: Readable,
): Promise<AdminFileAnswer> {
  const nameProblem = fileNameProblem(name);
  if (nameProblem) throw new AppError(400, 'VALIDATION_FAILED', nameProblem);
  const cleaned = cleanFileName(name);
  let total = 0;
  const staged = await storage.stage(source, (bytes) => {
    total += bytes;
    if (total > maxAdminFileBytes) throw new AppError(413, 'PAYLOAD_TOO_LARGE', fileForm.messages.tooLarge);
  });
  if (!detectUploadKind(staged.head, cleaned)) {
    await storage.discard(staged);
    throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', fileForm.messages.notAccepted(cleaned));
  }
  return storeFile(db, storage, writer, now, externalId, { staged, name: cleaned });
}

/** Rolls a dry run's transaction back. */
class DryRunDone extends Error {}

/**
 * `POST /api/admin/v1/files/delete`: removes files no row names any more, all or none; a file still shown somewhere
 * refuses the batch, naming the row and the place. The objects go after the commit (journalled until then).
 */
export async function deleteAdminFiles(
  db: Db,
  storage: Storage,
  writer: Writer,
  rows: readonly unknown[],
  now: Date,
  { dryRun = false }: { dryRun?: boolean } = {},
): Promise<BatchResult> {
  const { valid, problems } = checkRows('files' as never, adminFileJsonSchema, rows, (row) => String(row.external_id));
  if (problems.length > 0) throw new BatchRefused(problems);
  const removed: string[] = [];
  let outcomes: BatchResult['rows'] = [];
  const written = db.transaction(async (tx) => {
    const found = await findAdminFiles(
      tx,
      writer.instituteId,
      valid.map((item) => item.key),
    );
    const used = await usesOf(
      tx,
      writer.instituteId,
      [...found.values()].map((file) => file.fileKey),
    );
    const refused = valid.flatMap(({ index, key }) => {
      const what = found.has(key) ? used.get(found.get(key)!.fileKey) : undefined;
      return what
        ? [{ row: index, field: 'external_id', rule: `is still shown by ${what}; change that row first` }]
        : [];
    });
    if (refused.length > 0) throw new BatchRefused(refused);
    const ids = [...found.values()].map((file) => file.id);
    if (ids.length > 0) {
      await tx
        .delete(adminFiles)
        .where(and(eq(adminFiles.instituteId, writer.instituteId), inArray(adminFiles.id, ids)));
    }
    removed.push(...[...found.values()].map((file) => file.fileKey));
    await journalFiles(tx, removed);
    await insertAuditRows(
      tx,
      valid.flatMap(({ key }) =>
        found.has(key) ? [auditRow(writer, now, 'delete', key, found.get(key)!.id, null)] : [],
      ),
    );
    outcomes = valid.map(({ index, key }) => ({ row: index, key, action: found.has(key) ? 'deleted' : 'missing' }));
    // A dry run rolls back, having checked and counted everything a real run would.
    if (dryRun) throw new DryRunDone();
  });
  await written.catch((error: unknown) => {
    if (!(error instanceof DryRunDone)) throw error;
    removed.length = 0;
  });
  for (const key of removed) await storage.remove(key);
  await clearJournal(db, removed);
  const deleted = outcomes.filter((outcome) => outcome.action === 'deleted').length;
  return {
    kind: 'files',
    created: 0,
    updated: 0,
    unchanged: 0,
    deleted,
    restored: 0,
    rows: outcomes,
    passwords: [],
    createdLogins: [],
  } as BatchResult;
}
