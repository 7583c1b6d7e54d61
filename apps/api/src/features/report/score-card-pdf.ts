import { formatSeconds } from '@campus/domain/report/report-rules';
import type { TestReportAnswer } from '@campus/domain/report/report.contract';

/** What a score card shows: the report of one attempt and whose it is. */
export interface ScoreCardContent {
  instituteName: string;
  studentName: string;
  report: TestReportAnswer;
  issuedAt: Date;
}

/** The score card's figures as label/value rows (the page and the PDF show the same). */
export function scoreCardRows(report: TestReportAnswer): [string, string][] {
  const r = report.test_report;
  return [
    ['Rank', `${r.rank} of ${r.total_students}`],
    ['Marks', `${r.total_score} / ${r.total_marks}`],
    ['Percentile', String(r.percentile)],
    ['Questions attempted', String(r.attempted_ques_count)],
    ['Correct', String(r.right_ques_count)],
    ['Incorrect', String(r.wrong_ques_count)],
    ['Not attempted', String(r.left_ques_count)],
    ['Students appeared', String(r.total_students)],
    ['Total time', formatSeconds(r.total_attempted_time)],
  ];
}

/** Renders a score card as an A4 PDF (pdfkit, standard Helvetica: no font files to ship). */
export async function renderScoreCardPdf(content: ScoreCardContent): Promise<Buffer> {
  // pdfkit loads on the first score card a process writes, not at every start.
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: `Score Card - ${content.report.test_name}`, CreationDate: content.issuedAt },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font('Helvetica-Bold').fontSize(16).text(content.instituteName, { align: 'center' });
  doc.moveDown(0.3).fontSize(13).text('Score Card', { align: 'center' });
  doc.moveDown(0.8).font('Helvetica').fontSize(11);
  doc.text(`Student: ${content.studentName}`);
  doc.text(`Test: ${content.report.test_name}`);
  doc.moveDown(0.6);
  for (const [label, value] of scoreCardRows(content.report)) {
    const y = doc.y;
    doc.font('Helvetica').text(label, 50, y, { width: 250 });
    doc.font('Helvetica-Bold').text(value, 300, y, { width: 245 });
  }
  doc.moveDown(1).font('Helvetica-Bold').text('Subject-wise', 50);
  doc.font('Helvetica').fontSize(10);
  for (const subject of content.report.subject_wise_distribution) {
    doc.text(
      `${subject.subject_name}: ${subject.total_score} marks, ${subject.right_ques_count} correct, ` +
        `${subject.wrong_ques_count} incorrect, ${subject.left_ques_count} not attempted`,
      50,
    );
  }
  doc.end();
  return done;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The printable score card page (the spec's external score page). */
export function scoreCardHtml(content: ScoreCardContent, pdfPath: string): string {
  const rows = scoreCardRows(content.report)
    .map(([label, value]) => `<tr><th scope="row">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`)
    .join('');
  const subjects = content.report.subject_wise_distribution
    .map(
      (s) =>
        `<tr><td>${escapeHtml(s.subject_name)}</td><td>${s.total_score}</td><td>${s.right_ques_count}</td><td>${s.wrong_ques_count}</td><td>${s.left_ques_count}</td></tr>`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Score Card - ${escapeHtml(content.report.test_name)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:720px;margin:2rem auto;padding:0 1rem}table{border-collapse:collapse;width:100%;margin:1rem 0}th,td{border:1px solid #ccc;padding:.4rem;text-align:left}@media print{a{display:none}}</style></head>
<body><h1>${escapeHtml(content.instituteName)}</h1><h2>Score Card</h2>
<p>Student: ${escapeHtml(content.studentName)}<br>Test: ${escapeHtml(content.report.test_name)}</p>
<table>${rows}</table><h3>Subject-wise</h3><table><tr><th>Subject</th><th>Marks</th><th>Correct</th><th>Incorrect</th><th>Not attempted</th></tr>${subjects}</table>
<p><a href="${escapeHtml(pdfPath)}">Download PDF</a></p></body></html>`;
}
