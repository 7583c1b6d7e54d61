// Payments and their receipts: recording a payment issues its receipt (used by the demo seed, the test factories and
// the admin API's payments, through the fees area's index.ts); its SQL is in receipts.repository.ts.
import { createHash, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { dateInZone } from '@campus/domain/calendar/calendar';
import { feeDateCell, financialYearOf } from '@campus/domain/fees/fees-rules';
import type { Db } from '../../db/client.ts';
import {
  findInstituteTimeZone,
  findPayment,
  findPaymentParts,
  findReceiptFacts,
  insertAllocations,
  insertPayment,
  insertReceipt,
  findReceiptToDraw,
  setReceiptPdf,
} from './receipts.repository.ts';
import { renderReceiptPdf, type ReceiptContent } from './receipt-pdf.ts';
import type { Storage } from '../../lib/storage.ts';

/** The web app's public folder: where the institute logos the app shows (`/my-account/…`) live as files. */
const webPublicDir = fileURLToPath(new URL('../../../../web/public/', import.meta.url));

/**
 * The logo an institute's `logoUrl` names, when it is one of the app's own files (`/my-account/…`); undefined
 * otherwise: the server fetches nothing from elsewhere, and a receipt without a logo is still a receipt.
 */
export async function loadLogo(logoUrl: string): Promise<ReceiptContent['logo']> {
  const match = /^\/my-account\/([A-Za-z0-9/_-]+\.(svg|png|jpe?g))$/.exec(logoUrl);
  if (!match || match[1]!.includes('..')) return undefined;
  const bytes = await readFile(`${webPublicDir}${match[1]}`).catch(() => undefined);
  if (!bytes) return undefined;
  return match[2] === 'svg' ? { svg: bytes.toString('utf8') } : { image: bytes };
}

/** A verification code: 32 random bytes, base64url (43 characters). Guessing one is not a plan. */
export const newVerificationCode = () => randomBytes(32).toString('base64url');

/** The public page a receipt's QR code opens. */
export const verificationUrl = (origin: string, code: string) =>
  `${origin.replace(/\/$/, '')}/verify/receipt/${encodeURIComponent(code)}`;

/** A payment to record, with what it pays towards each installment (minor units). */
export interface NewPayment {
  instituteId: number;
  studentId: number;
  academicYearId: number;
  receiptNo: string;
  mode: string;
  paidAt: Date;
  parts: { studentInstallmentId: number; amount: number; fine?: number }[];
}

/** Writes a payment and what it paid towards each installment; answers its id, amount and financial year. */
async function insertPaymentRows(db: Db, payment: NewPayment) {
  const amount = payment.parts.reduce((sum, part) => sum + part.amount + (part.fine ?? 0), 0);
  const timeZone = await findInstituteTimeZone(db, payment.instituteId);
  const financialYear = financialYearOf(dateInZone(payment.paidAt, timeZone));
  const paymentId = await insertPayment(db, {
    instituteId: payment.instituteId,
    studentId: payment.studentId,
    academicYearId: payment.academicYearId,
    receiptNo: payment.receiptNo,
    mode: payment.mode,
    amount,
    financialYear,
    paidAt: payment.paidAt,
  });
  await insertAllocations(
    db,
    payment.parts.map((part) => ({
      instituteId: payment.instituteId,
      paymentId,
      studentInstallmentId: part.studentInstallmentId,
      amount: part.amount,
      fine: part.fine ?? 0,
    })),
  );
  return { paymentId, amount, financialYear };
}

/**
 * Records a payment and issues its receipt in one go: the PDF is rendered once, here, stored, and its key and
 * verification code written next to the payment. A receipt never changes afterwards. `origin` is the public address
 * of the institute's portal (the QR code's page). Run inside the caller's transaction so a payment never exists
 * without its receipt. (The demo seed, the import and the test factories; the admin API draws later, below.)
 */
export async function recordPayment(
  db: Db,
  storage: Storage,
  payment: NewPayment,
  { origin, logo }: { origin: string; logo?: ReceiptContent['logo'] | 'load' },
) {
  const { paymentId, amount, financialYear } = await insertPaymentRows(db, payment);
  const verificationCode = newVerificationCode();
  const pdf = await renderReceipt(
    db,
    { instituteId: payment.instituteId, paymentId, verificationCode },
    { origin, logo },
  );
  const stored = await storage.putBuffer(pdf, 'pdf');
  await insertReceipt(db, {
    instituteId: payment.instituteId,
    paymentId,
    pdfFileKey: stored.key,
    verificationCode,
    issuedAt: payment.paidAt,
    origin: canonicalOrigin(origin),
  });
  return { paymentId, verificationCode, pdfFileKey: stored.key, amount, financialYear, size: stored.size };
}

/**
 * Records a payment and issues its receipt (its verification code) with the PDF to draw later, by the receipt-render
 * job (receipts.jobs.ts) once the caller's transaction has committed: a batch of thousands of payments then writes
 * rows only, and no PDF is stored for a batch that does not commit.
 */
export async function recordPaymentToDraw(db: Db, payment: NewPayment, { origin }: { origin: string }) {
  const { paymentId, amount, financialYear } = await insertPaymentRows(db, payment);
  const verificationCode = newVerificationCode();
  await insertReceipt(db, {
    instituteId: payment.instituteId,
    paymentId,
    pdfFileKey: null,
    verificationCode,
    issuedAt: payment.paidAt,
    origin: canonicalOrigin(origin),
  });
  return { paymentId, verificationCode, amount, financialYear };
}

/**
 * Draws the PDF of a receipt recorded to draw later, for the address it was recorded through, and notes its key (the
 * copy a download from that address serves, so the first one waits for nothing). Answers the key; undefined when the
 * payment is gone. Drawing a receipt that has its PDF draws nothing.
 */
export async function drawReceipt(db: Db, storage: Storage, instituteId: number, paymentId: number) {
  const receipt = await findReceiptToDraw(db, instituteId, paymentId);
  if (!receipt) return undefined;
  if (receipt.pdfFileKey) return receipt.pdfFileKey;
  // Receipts before the origin was kept were all drawn at once, with a key: a row without both is not one of them.
  if (!receipt.origin) throw new Error(`receipt of payment ${paymentId} in institute ${instituteId} has no origin`);
  const key = await receiptCopyFor(
    db,
    storage,
    { instituteId, paymentId, verificationCode: receipt.verificationCode },
    receipt.origin,
  );
  await setReceiptPdf(db, instituteId, paymentId, key);
  return key;
}

/**
 * A payment's receipt as a PDF, from what the database holds: the payment, what it paid towards each installment,
 * and the receipt's verification code. `origin` is the institute's address as the reader reached it (the QR code's
 * page): a receipt downloaded from http://school.example opens http://school.example/verify/receipt/…, whatever
 * address the payment was recorded through (issue 27 #12).
 */
export async function renderReceipt(
  db: Db,
  { instituteId, paymentId, verificationCode }: { instituteId: number; paymentId: number; verificationCode: string },
  { origin, logo }: { origin: string; logo?: ReceiptContent['logo'] | 'load' },
): Promise<Buffer> {
  const payment = await findPayment(db, instituteId, paymentId);
  if (!payment) throw new Error(`no payment ${paymentId} in institute ${instituteId}`);
  const parts = await findPaymentParts(db, instituteId, paymentId);
  const facts = await findReceiptFacts(db, {
    instituteId,
    studentId: payment.studentId,
    academicYearId: payment.academicYearId,
    studentInstallmentIds: parts.map((part) => part.studentInstallmentId),
  });
  const byId = new Map(parts.map((part) => [part.studentInstallmentId, part]));
  return renderReceiptPdf({
    instituteName: facts.instituteName,
    logo: logo === 'load' ? await loadLogo(facts.logoUrl) : logo,
    receiptNo: payment.receiptNo,
    date: feeDateCell(dateInZone(payment.paidAt, facts.timeZone)),
    financialYear: payment.financialYear,
    academicYear: facts.academicYear,
    studentName: facts.studentName,
    studentDisplayId: facts.studentDisplayId,
    group: facts.installments[0]?.group ?? '',
    mode: payment.mode,
    installments: facts.installments.map((item) => ({
      installNo: item.installNo,
      dueDate: feeDateCell(item.dueDate),
      amount: byId.get(item.id)?.amount ?? 0,
      fine: byId.get(item.id)?.fine ?? 0,
    })),
    amount: payment.amount,
    verificationCode,
    verificationUrl: verificationUrl(origin, verificationCode),
    issuedAt: payment.paidAt,
  });
}

/**
 * The origin a copy is drawn for, written one way: scheme and host in lower case, without the scheme's default port
 * (http://LocalHost:80 and http://localhost are one address, and one copy).
 */
export function canonicalOrigin(origin: string): string {
  const url = new URL(origin);
  return `${url.protocol}//${url.host}`;
}

/**
 * Where the copy of a receipt drawn for `origin` is stored: a key derived from the receipt and the origin, so every
 * process, before and after a restart, finds the one copy instead of storing another (the copies used to be known
 * only to the process that drew them: a new file per address, process and restart, never cleaned up).
 */
export function receiptCopyKey(
  receipt: { instituteId: number; paymentId: number; verificationCode: string },
  origin: string,
): string {
  const hash = createHash('sha256')
    .update(`${receipt.instituteId}:${receipt.paymentId}:${receipt.verificationCode}:${origin}`)
    .digest('hex');
  // Shaped as a storage key (a folder of four digits, an id of 36); 0000 holds the derived keys.
  const id = [hash.slice(0, 8), hash.slice(8, 12), hash.slice(12, 16), hash.slice(16, 20), hash.slice(20, 32)];
  return `0000/${id.join('-')}.pdf`;
}

/** Copies being drawn now, by key: two readers of one copy at once wait for one drawing. */
const drawing = new Map<string, Promise<string>>();

const isStored = (storage: Storage, key: string) =>
  storage.open(key).then(
    ({ stream }) => {
      stream.destroy();
      return true;
    },
    (error: { code?: string }) => {
      if (error.code === 'ENOENT') return false;
      throw error;
    },
  );

/**
 * The storage key of the payment's receipt drawn for `origin` (see `renderReceipt`), rendered and stored on first
 * use under `receiptCopyKey`: one file per receipt and address, whichever process draws it.
 */
export async function receiptCopyFor(
  db: Db,
  storage: Storage,
  receipt: { instituteId: number; paymentId: number; verificationCode: string },
  origin: string,
): Promise<string> {
  const canonical = canonicalOrigin(origin);
  const key = receiptCopyKey(receipt, canonical);
  const pending = drawing.get(key);
  if (pending) return pending;
  const work = (async () => {
    if (await isStored(storage, key)) return key;
    const pdf = await renderReceipt(db, receipt, { origin: canonical, logo: 'load' });
    // Staged and moved into place: a reader never sees half a file, and a process drawing the same copy at the same
    // time only replaces it with the same receipt.
    await storage.commit(await storage.stage(Readable.from([pdf])), key);
    return key;
  })().finally(() => drawing.delete(key));
  drawing.set(key, work);
  return work;
}
