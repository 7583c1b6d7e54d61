import {
  cleanFileName,
  detectUploadKind,
  extensionOf,
  fileNameProblem,
  type UploadKind,
} from '@campus/domain/shared/uploads';
import { createHash } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodType } from 'zod';
import type { Db } from '../db/client.ts';
import { clearJournal, journalFiles } from '../db/pending-files.ts';
import { AppError } from '../errors.ts';
import { findIdempotentWrite, insertIdempotentWrite } from './idempotent-writes.repository.ts';
import type { Staged, Storage } from './storage.ts';

/** What one area takes in a multipart upload: files under limits, and one JSON field describing them. */
export interface UploadForm<J> {
  maxFiles: number;
  /** All files together. */
  maxBytes: number;
  /** Kinds taken, recognised by content and confirmed by name; every kind the content check knows by default. */
  kinds?: readonly UploadKind[];
  /** The multipart field holding the JSON, and its schema. */
  jsonField: string;
  jsonSchema: ZodType<J>;
  messages: {
    tooManyFiles: string;
    tooLarge: string;
    /** Answer (415) to a request that is not multipart/form-data. */
    notMultipart: string;
    notAccepted: (name: string) => string;
  };
}

/** A file streamed to a staged object, with the cleaned name it was sent under. */
export interface ReceivedFile {
  staged: Staged;
  name: string;
}

/** What a handler gets inside `receiveUpload`: the parsed JSON, the staged files and the way to store them. */
export interface ReceivedUpload<J> {
  json: J;
  files: ReceivedFile[];
  /** SHA-256 of the request: the JSON field as sent, then each file's SHA-256 and name, in order. */
  requestHash: string;
  /**
   * Stores `files` (some of the received ones) for the rows `write` inserts, so that a crash leaves the old state or
   * the new one: 1. journal new keys, 2. move the files under them, 3. one transaction runs `write` (given the keys
   * in order), journals `replacedKeys` and clears the new keys' journal. Then the replaced files go, and their
   * journal entries. On failure the files moved into place are removed again.
   */
  store<T>(
    db: Db,
    files: ReceivedFile[],
    replacedKeys: string[],
    write: (tx: Db, keys: string[]) => Promise<T>,
  ): Promise<T>;
}

/** Lets the routes of a plugin take multipart uploads (call it in the plugin that registers them). */
export async function takeMultipart(app: FastifyInstance) {
  // Keep the name as sent, folders and all, so a path is refused rather than silently cut to its base.
  await app.register(multipart, { preservePath: true });
  // An upload refused before its body was read loses its connection with the answer (plugins/timeouts.ts, for
  // every route), so the client stops sending and the socket is not left paused mid-body.
}

/** Maps what @fastify/multipart raises on a limit or a bad body to an answer. */
function multipartError(error: unknown, form: UploadForm<unknown>): AppError | undefined {
  const code = (error as { code?: string }).code;
  if (code === 'FST_FILES_LIMIT') return new AppError(413, 'PAYLOAD_TOO_LARGE', form.messages.tooManyFiles);
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError(413, 'PAYLOAD_TOO_LARGE', form.messages.tooLarge);
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
    return new AppError(413, 'PAYLOAD_TOO_LARGE', 'Too many parts');
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
    return new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', form.messages.notMultipart);
  }
  // The multipart parser's own complaints (a cut or garbled body) carry no code; disk errors carry an errno code.
  if (error instanceof Error && !(error instanceof AppError) && code === undefined) {
    return new AppError(
      400,
      'BAD_REQUEST',
      `The upload could not be read: send multipart/form-data with the files and a ${form.jsonField} part`,
    );
  }
  return undefined;
}

function parseJsonField<J>(value: unknown, form: UploadForm<J>): J {
  let raw: unknown;
  try {
    raw = JSON.parse(String(value));
  } catch {
    throw new AppError(400, 'VALIDATION_FAILED', `${form.jsonField}: must be JSON`);
  }
  const parsed = form.jsonSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new AppError(
      400,
      'VALIDATION_FAILED',
      `${form.jsonField}.${issue.path.join('.') || 'body'}: ${issue.message}`,
    );
  }
  return parsed.data;
}

/**
 * Reads a multipart request: the JSON field comes first, is validated and passed to `authorize` before any file part
 * is read, so a sender who may not make the upload is refused without a byte of it on disk. Then every file streams
 * to a staged object (never whole in memory) with the count and total size enforced while it streams, its name
 * checked and its content recognised. Then `handle` runs; whatever it did not store is discarded afterwards, and
 * everything staged when reading fails.
 */
export async function receiveUpload<J, T>(
  request: FastifyRequest,
  storage: Storage,
  form: UploadForm<J>,
  /** Checks the sender may make this upload (the ids in the JSON field); throws the refusal. */
  authorize: (json: J) => Promise<void>,
  handle: (upload: ReceivedUpload<J>) => Promise<T>,
): Promise<T> {
  const files: ReceivedFile[] = [];
  const discardAll = () => Promise.all(files.map((file) => storage.discard(file.staged)));
  let json: J | undefined;
  let jsonText = '';
  let total = 0;
  const limits = { files: form.maxFiles, fileSize: form.maxBytes, fields: 5, fieldSize: 200_000, parts: 40 };
  try {
    for await (const part of request.parts({ limits })) {
      if (part.type === 'file') {
        if (json === undefined) {
          throw new AppError(400, 'BAD_REQUEST', `Send the ${form.jsonField} field before the files`);
        }
        const nameProblem = fileNameProblem(part.filename ?? '');
        if (nameProblem) throw new AppError(400, 'VALIDATION_FAILED', nameProblem);
        const name = cleanFileName(part.filename ?? '');
        const staged = await storage.stage(part.file, (bytes) => {
          total += bytes;
          if (total > form.maxBytes) throw new AppError(413, 'PAYLOAD_TOO_LARGE', form.messages.tooLarge);
        });
        files.push({ staged, name });
        if (part.file.truncated) throw new AppError(413, 'PAYLOAD_TOO_LARGE', form.messages.tooLarge);
        const kind = detectUploadKind(staged.head, name);
        if (!kind || (form.kinds && !form.kinds.includes(kind))) {
          throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', form.messages.notAccepted(name));
        }
      } else if (part.fieldname === form.jsonField) {
        // Only the field that was authorized may describe the upload.
        if (json !== undefined) throw new AppError(400, 'BAD_REQUEST', `Send the ${form.jsonField} field once`);
        const parsed = parseJsonField(part.value, form);
        await authorize(parsed);
        json = parsed;
        jsonText = String(part.value);
      }
    }
    if (json === undefined) throw new AppError(400, 'VALIDATION_FAILED', `${form.jsonField}: is required`);
  } catch (error) {
    await discardAll();
    throw multipartError(error, form as UploadForm<unknown>) ?? error;
  }

  const store: ReceivedUpload<J>['store'] = async (db, stored, replacedKeys, write) => {
    try {
      return await storeFiles(db, storage, stored, replacedKeys, write);
    } finally {
      await discardAll();
    }
  };

  const requestHash = createHash('sha256')
    .update(JSON.stringify([jsonText, ...files.map((file) => [file.staged.sha256, file.name])]))
    .digest('hex');
  try {
    return await handle({ json, files, requestHash, store });
  } finally {
    await discardAll();
  }
}

/**
 * Stores staged files for the rows `write` inserts, so that a crash leaves the old state or the new one: 1. journal
 * new keys, 2. move the files under them, 3. one transaction runs `write` (given the keys in order), journals
 * `replacedKeys` (read after `write`, which may add to it) and clears the new keys' journal. Then the replaced files
 * go, and their journal entries. On failure the files moved into place are removed again.
 */
export async function storeFiles<T>(
  db: Db,
  storage: Storage,
  stored: ReceivedFile[],
  replacedKeys: string[],
  write: (tx: Db, keys: string[]) => Promise<T>,
): Promise<T> {
  const keys = stored.map((file) => storage.reserveKey(extensionOf(file.name)));
  let committedKeys: string[] = [];
  try {
    await journalFiles(db, keys);
    committedKeys = keys;
    for (const [index, file] of stored.entries()) await storage.commit(file.staged, keys[index]!);
    const result = await db.transaction(async (tx) => {
      const written = await write(tx, keys);
      await journalFiles(tx, replacedKeys);
      await clearJournal(tx, keys);
      return written;
    });
    committedKeys = [];
    // Replaced files go now; were the process to die here, the journal has them for the start-up sweep.
    for (const key of replacedKeys) await storage.remove(key);
    await clearJournal(db, replacedKeys);
    return result;
  } catch (error) {
    // Files moved into place for rows that were never committed: nothing points at them.
    for (const key of committedKeys) await storage.remove(key).catch(() => undefined);
    await clearJournal(db, committedKeys).catch(() => undefined);
    throw error;
  }
}

/** Uploads one account may have streaming at once (per API process). */
export const maxConcurrentUploads = 2;
export const uploadBusyMessage = 'Another upload is still in progress. Please wait for it to finish.';
const uploadsInFlight = new Map<string, number>();

/** Runs `upload` holding one of the account's upload slots; refuses (429) when none is free. */
export async function withUploadSlot<T>(
  account: { instituteId: number; accountUserId: number },
  upload: () => Promise<T>,
): Promise<T> {
  const slot = `${account.instituteId}:${account.accountUserId}`;
  const busy = uploadsInFlight.get(slot) ?? 0;
  if (busy >= maxConcurrentUploads) throw new AppError(429, 'TOO_MANY_REQUESTS', uploadBusyMessage);
  uploadsInFlight.set(slot, busy + 1);
  try {
    return await upload();
  } finally {
    const left = (uploadsInFlight.get(slot) ?? 1) - 1;
    if (left > 0) uploadsInFlight.set(slot, left);
    else uploadsInFlight.delete(slot);
  }
}

/**
 * The account's upload slots, through one object: a test that stands one process for several opens them wide with
 * vi.spyOn, and needs no module of its own (vi.mock) for that.
 */
export const uploadSlots = { withUploadSlot };

/** A write sent with an Idempotency-Key: the key, the endpoint it was sent to and the hash of the request. */
export interface IdempotentRequest {
  key: string;
  route: string;
  requestHash: string;
}

export const idempotencyKeyReusedMessage =
  'This Idempotency-Key was already used for a different request. Send a new key with a new request.';
const keyReused = () => new AppError(422, 'CONFLICT', idempotencyKeyReusedMessage);

/**
 * The request's Idempotency-Key with what it is bound to: the endpoint (its descriptor id) and `requestHash`;
 * undefined when the request carries no usable key.
 */
export function idempotentRequestOf(request: FastifyRequest, requestHash: string): IdempotentRequest | undefined {
  const key = idempotencyKeyOf(request);
  if (!key) return undefined;
  const endpoint = (request.routeOptions.config as { endpoint?: { id: string } }).endpoint;
  return { key, route: endpoint?.id ?? `${request.method} ${request.routeOptions.url ?? ''}`, requestHash };
}

/** The request's Idempotency-Key header, when it holds a usable one (1–100 characters). */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const raw = request.headers['idempotency-key'];
  return typeof raw === 'string' && raw.length > 0 && raw.length <= 100 ? raw : undefined;
}

/**
 * The answer given to the write first sent by this account with this key, if any; refuses (422) when the key was
 * first sent to another endpoint or with another request, so a changed request is never answered a stale success.
 */
export async function findIdempotentAnswer<A>(
  db: Db,
  account: { instituteId: number; accountUserId: number },
  request: IdempotentRequest,
): Promise<A | undefined> {
  const row = await findIdempotentWrite(db, account, request.key);
  if (!row) return undefined;
  if (row.route !== request.route || row.requestHash !== request.requestHash) throw keyReused();
  return row.answer as A;
}

/**
 * Keeps `answer` for retries of `request`; call it in the write's own transaction. When a parallel write took the
 * key first with another request, this one is refused (422) and its transaction rolls back.
 */
export async function storeIdempotentAnswer(
  tx: Db,
  account: { instituteId: number; accountUserId: number },
  request: IdempotentRequest,
  answer: unknown,
): Promise<void> {
  if (await insertIdempotentWrite(tx, account, request, answer)) return;
  const row = await findIdempotentWrite(tx, account, request.key);
  if (row && (row.route !== request.route || row.requestHash !== request.requestHash)) throw keyReused();
}
