// Files through the admin API and the import: the institute's system uploads each file once under its own external
// id, and rows of other kinds name it (`file_external_id`). The rows copy the file's storage key, name and size into
// their own columns, so every screen reads its rows as before; the admin_files row owns the stored object.
import { adminFileJsonSchema, type AdminFileAnswer } from '@campus/domain/admin/admin.contract';
import type { FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import type { Db } from '../../db/client.ts';
import { clearJournal, journalFiles } from '../../db/pending-files.ts';
import { AppError } from '../../errors.ts';
import type { JobContext } from '../../lib/job-queue.ts';
import type { Storage } from '../../lib/storage.ts';
import { receiveUpload, storeFiles, type ReceivedFile, type UploadForm } from '../../lib/uploads.ts';
import { cleanFileName, detectUploadKind, fileNameProblem } from '@campus/domain/shared/uploads';
import * as assignments from '../assignments/index.ts';
import * as documentsArea from '../documents/index.ts';
import * as exam from '../exam/index.ts';
import { enqueueOfficePreview, isOfficeName } from '../files/index.ts';
import * as home from '../home/index.ts';
import * as library from '../library/index.ts';
import * as timetable from '../timetable/index.ts';
import {
  createAdminFile,
  deleteAdminFileRows,
  findAdminFiles,
  insertAuditRows,
  lockAdminFile,
  updateAdminFile,
  type AdminFile,
} from './admin.repository.ts';
import type { BatchResult, Writer } from './admin.service.ts';
import { BatchRefused, checkRows } from './admin.service.ts';

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
 * The areas whose rows show uploaded files, in the order a refusal names the first use: announcements, teachers'
 * files and solutions, recordings, study material files and posters, documents, questions. Each moves its rows to a
 * replaced file and says which of some stored objects it still shows.
 */
const fileShowers = [home, assignments, timetable, library, documentsArea, exam];

/** Points every row that shows the stored object `from` at the file `to` (a replaced file); answers how many moved. */
async function moveReferences(tx: Db, instituteId: number, from: string, to: AdminFile): Promise<number> {
  let moved = 0;
  for (const area of fileShowers) moved += await area.moveStoredFile(tx, instituteId, from, to);
  return moved;
}

/** What still shows each of `keys`, in words (the first place found), for refusing to delete it. */
async function usesOf(tx: Db, instituteId: number, keys: string[]): Promise<Map<string, string>> {
  const used = new Map<string, string>();
  if (keys.length === 0) return used;
  for (const area of fileShowers) {
    for (const [key, what] of await area.findStoredFileUses(tx, instituteId, keys)) {
      if (!used.has(key)) used.set(key, what);
    }
  }
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
    const created = await createAdminFile(tx, writer.instituteId, externalId, columns, now);
    if (created !== undefined) {
      await insertAuditRows(tx, [auditRow(writer, now, 'create', externalId, null, created)]);
      return answerOf('created');
    }
    const old = (await lockAdminFile(tx, writer.instituteId, externalId))!;
    await updateAdminFile(tx, writer.instituteId, old.id, columns, now);
    const moved = await moveReferences(tx, writer.instituteId, old.fileKey, { id: old.id, ...columns });
    replaced.push(old.fileKey);
    await insertAuditRows(tx, [auditRow(writer, now, 'update', externalId, old.id, old.id)]);
    return answerOf('updated', moved);
  });
}

/**
 * After an office file was stored (the upload committed): its preview is enqueued, so a worker converts it before the
 * first student opens it. Not enqueued now (the queue away), the first view enqueues it.
 */
export async function enqueuePreviewOf(
  app: Pick<JobContext, 'db' | 'jobs' | 'log'>,
  instituteId: number,
  answer: AdminFileAnswer,
): Promise<void> {
  if (answer.action === 'unchanged' || !isOfficeName(answer.file_name)) return;
  const file = (await findAdminFiles(app.db, instituteId, [answer.external_id])).get(answer.external_id);
  if (!file) return;
  await enqueueOfficePreview(app.jobs, file.fileKey).catch((error: unknown) =>
    app.log.warn({ err: error, externalId: answer.external_id }, 'could not enqueue an office preview'),
  );
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
    await deleteAdminFileRows(tx, writer.instituteId, ids);
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
