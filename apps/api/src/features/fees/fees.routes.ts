import { summarizeFees } from '@campus/domain/fees/fee-summary';
import { feeDateCell, formatMoney } from '@campus/domain/fees/fees-rules';
import { feesContract } from '@campus/domain/fees/fees.contract';
import { dateInZone } from '@campus/domain/calendar/calendar';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../access/define-route.ts';
import { AppError } from '../../errors.ts';
import { fileUrl } from '../../lib/signed-urls.ts';
import { findStudentAllocations, findStudentInstallments } from './fee-ledger.repository.ts';
import { receiptCopyFor } from './receipts.ts';
import { findReceiptByCode } from './fees.repository.ts';

/** A receipt address is opened right away as a download: five minutes is plenty, and a copied link dies soon. */
const receiptUrlLifetimeMs = 5 * 60 * 1000;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The minimal public page: no script, nothing personal beyond what the receipt's holder already shows. */
function verificationPage(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#222}h1{font-size:1.3rem}dl{display:grid;grid-template-columns:auto 1fr;gap:.4rem 1rem}dt{font-weight:600}</style></head><body>${body}</body></html>`;
}

/** Fees: a student's year of installments and payments, receipt downloads, and the public receipt check. */
export async function feesRoutes(app: FastifyInstance) {
  defineRoute(app, feesContract.summary, async ({ scope, params }) => {
    const { instituteId } = scope.session;
    const values = { instituteId, studentId: scope.studentId, academicYearId: params.academicYearId };
    const [installments, allocations, timeZone] = await Promise.all([
      findStudentInstallments(app.db, values),
      findStudentAllocations(app.db, values),
      scope.timeZone(),
    ]);
    const result = summarizeFees(installments, allocations, {
      isFineConfigured: installments.some((row) => row.lateFineAmount !== null),
      now: app.now(),
      timeZone,
    });
    return { statusCode: 200, message: 'success', result };
  });

  defineRoute(app, feesContract.receiptDownload, async ({ scope, params, query, request }) => {
    const receipt = scope.receipt!;
    // The address names the year and financial year too: a mismatch names no receipt of this student.
    if (receipt.financialYear !== query.fin_yr || receipt.academicYearId !== query.acad_year) {
      throw new AppError(404, 'NOT_FOUND', 'Not Found');
    }
    // The QR code and link name the institute's address as this reader reached it, not one written at payment time.
    const key = await receiptCopyFor(
      app.db,
      app.storage,
      {
        instituteId: scope.session.instituteId,
        paymentId: receipt.paymentId,
        verificationCode: receipt.verificationCode,
      },
      `${request.protocol}://${request.host}`,
    );
    const awsDownloadLink = fileUrl(app.signer, {
      instituteId: scope.session.instituteId,
      key,
      name: `Fee-Receipt-${params.receiptNo}.pdf`,
      type: 'application/pdf',
      disposition: 'attachment',
      expiresAt: app.now().getTime() + receiptUrlLifetimeMs,
    });
    return { statusCode: 200, message: 'success', awsDownloadLink };
  });

  defineRoute(app, feesContract.verifyReceipt, async ({ params, request, reply }) => {
    const instituteId = await app.instituteIdOfHost(request);
    const found = instituteId === undefined ? undefined : await findReceiptByCode(app.db, instituteId, params.code);
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').header('x-robots-tag', 'noindex');
    if (!found) {
      return reply
        .code(404)
        .send(
          verificationPage(
            'Receipt not found',
            '<h1>Receipt not found</h1><p>No receipt has this verification code. The receipt may be forged, or the address was copied wrongly.</p>',
          ),
        );
    }
    return reply.send(
      verificationPage(
        `Receipt ${found.receiptNo}`,
        `<h1>Verified receipt</h1><p>This receipt was issued by ${escapeHtml(found.instituteName)}.</p><dl>` +
          `<dt>Receipt No.</dt><dd>${escapeHtml(found.receiptNo)}</dd>` +
          `<dt>Date</dt><dd>${feeDateCell(dateInZone(found.paidAt, found.timeZone))}</dd>` +
          `<dt>Amount</dt><dd>${escapeHtml(formatMoney(found.amount, { decimals: 2 }))}</dd>` +
          `<dt>Institute</dt><dd>${escapeHtml(found.instituteName)}</dd></dl>`,
      ),
    );
  });
}
