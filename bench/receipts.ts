// Receipt PDF generation (issue 16): time and memory per receipt, rendered as a payment renders it (pdfkit, the QR
// code, the institute's SVG logo). In process, one receipt at a time, after a warm-up. npm run bench -- --only receipts
import { performance } from 'node:perf_hooks';
import { renderReceiptPdf, type ReceiptContent } from '../apps/api/src/features/fees/receipt-pdf.ts';
import { loadLogo, newVerificationCode, verificationUrl } from '../apps/api/src/features/fees/receipts.ts';

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

export async function measureReceipts(count = 300) {
  const logo = await loadLogo('/my-account/demo/greenfield-logo.svg');
  const content = (n: number): ReceiptContent => {
    const code = newVerificationCode();
    return {
      instituteName: 'Greenfield Public School',
      logo,
      receiptNo: `GPS-202627-${String(n).padStart(4, '0')}`,
      date: '20-10-2026',
      financialYear: '2026-27',
      academicYear: '2026-27',
      studentName: 'Aarav Sharma',
      studentDisplayId: 'GPS0001',
      group: 'Class 6',
      mode: 'UPI',
      installments: [
        { installNo: 2, dueDate: '14-10-2026', amount: 800_000, fine: 50_000 },
        { installNo: 3, dueDate: '18-11-2026', amount: 1_500_000, fine: 0 },
      ],
      amount: 2_350_000,
      verificationCode: code,
      verificationUrl: verificationUrl('http://localhost:8080', code),
      issuedAt: new Date('2026-10-20T05:00:00Z'),
    };
  };
  for (let n = 0; n < 20; n += 1) await renderReceiptPdf(content(n));
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const before = process.memoryUsage();
  let peakRss = before.rss;
  const times: number[] = [];
  let bytes = 0;
  for (let n = 0; n < count; n += 1) {
    const started = performance.now();
    const pdf = await renderReceiptPdf(content(n));
    times.push(performance.now() - started);
    bytes += pdf.length;
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }
  gc?.();
  const after = process.memoryUsage();
  const sorted = [...times].sort((a, b) => a - b);
  const result = {
    receipts: count,
    p50Ms: Math.round(percentile(sorted, 0.5) * 10) / 10,
    p99Ms: Math.round(percentile(sorted, 0.99) * 10) / 10,
    meanMs: Math.round((times.reduce((a, b) => a + b, 0) / count) * 10) / 10,
    pdfKb: Math.round(bytes / count / 1024),
    rssBeforeMb: mb(before.rss),
    peakRssAboveBeforeMb: mb(peakRss - before.rss),
    heapGrowthPerReceiptKb: Math.round((after.heapUsed - before.heapUsed) / count / 1024),
    gcExposed: gc !== undefined,
  };
  return result;
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await measureReceipts());
