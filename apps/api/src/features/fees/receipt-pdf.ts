import { amountInWords, formatMoney } from '@campus/domain/fees/fees-rules';
import { toOneLine } from '@campus/domain/shared/text';

/** Everything a receipt shows; amounts in minor units. */
export interface ReceiptContent {
  instituteName: string;
  /** The institute's logo: SVG text, or PNG/JPEG bytes; absent when it could not be loaded. */
  logo?: { svg: string } | { image: Buffer };
  receiptNo: string;
  /** Payment date as shown, DD-MM-YYYY. */
  date: string;
  financialYear: string;
  academicYear: string;
  studentName: string;
  /** The student's id in the institute (admission number). */
  studentDisplayId: string;
  /** Standard or batch, or empty. */
  group: string;
  mode: string;
  installments: { installNo: number; dueDate: string; amount: number; fine: number }[];
  amount: number;
  verificationCode: string;
  /** The public page the QR code opens. */
  verificationUrl: string;
  /** The moment of issue: the PDF's creation date, so the document says when it was made. */
  issuedAt: Date;
}

/**
 * The receipt's texts each on one line, whatever the database holds: a student named "Evil Name\nAmount Paid: Rs 0.00"
 * or a mode "Cash\nRefund approved" must not print a line of its own beside the real amount (the admin API and the
 * import refuse such names; rows written some other way still reach here).
 */
function printable(content: ReceiptContent): ReceiptContent {
  return {
    ...content,
    instituteName: toOneLine(content.instituteName),
    receiptNo: toOneLine(content.receiptNo),
    date: toOneLine(content.date),
    financialYear: toOneLine(content.financialYear),
    academicYear: toOneLine(content.academicYear),
    studentName: toOneLine(content.studentName),
    studentDisplayId: toOneLine(content.studentDisplayId),
    group: toOneLine(content.group),
    mode: toOneLine(content.mode),
  };
}

const margin = 50;
const pageWidth = 595.28; // A4
const contentWidth = pageWidth - 2 * margin;

/**
 * pdfkit, qrcode and svg-to-pdfkit load on the first receipt a process renders, not at every start (about 0.2 s of
 * each server start for a file most processes never write).
 */
const pdfModules = async () => {
  const [pdfkit, qrcode, svgToPdf] = await Promise.all([import('pdfkit'), import('qrcode'), import('svg-to-pdfkit')]);
  return { PDFDocument: pdfkit.default, QRCode: qrcode.default, SVGtoPDF: svgToPdf.default };
};

/**
 * Renders a fee receipt as a one-page A4 PDF (pdfkit, standard Helvetica: no font files to ship). Called once per
 * payment when it is recorded; the bytes are stored and served unchanged afterwards.
 */
export async function renderReceiptPdf(written: ReceiptContent): Promise<Buffer> {
  const { PDFDocument, QRCode, SVGtoPDF } = await pdfModules();
  const content = printable(written);
  const qr = await QRCode.toBuffer(content.verificationUrl, {
    type: 'png',
    errorCorrectionLevel: 'M',
    margin: 1,
    width: 240,
  });
  const doc = new PDFDocument({
    size: 'A4',
    margin,
    info: {
      Title: `Fee receipt ${content.receiptNo}`,
      Author: content.instituteName,
      Subject: 'Fee receipt',
      CreationDate: content.issuedAt,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  // Header: logo and institute name.
  let top = margin;
  if (content.logo) {
    try {
      if ('svg' in content.logo) SVGtoPDF(doc, content.logo.svg, margin, top, { width: 160, height: 44 });
      else doc.image(content.logo.image, margin, top, { fit: [160, 44] });
    } catch {
      // A logo that cannot be drawn leaves the name alone: the receipt is still valid.
    }
  }
  doc
    .font('Helvetica-Bold')
    .fontSize(16)
    .fillColor('#000')
    .text(content.instituteName, margin + 170, top + 4, {
      width: contentWidth - 170,
      align: 'right',
    });
  doc
    .font('Helvetica')
    .fontSize(10)
    .text('Fee Receipt', margin + 170, top + 26, { width: contentWidth - 170, align: 'right' });
  top += 64;
  doc
    .moveTo(margin, top)
    .lineTo(pageWidth - margin, top)
    .strokeColor('#888')
    .stroke();
  top += 14;

  // Facts, two columns of label and value.
  const facts: [string, string][] = [
    ['Receipt No.', content.receiptNo],
    ['Date', content.date],
    ['Financial Year', content.financialYear],
    ['Academic Year', content.academicYear],
    ['Student', content.studentName],
    ['Student ID', content.studentDisplayId],
    ...(content.group ? ([['Standard / Batch', content.group]] as [string, string][]) : []),
    ['Mode', content.mode],
  ];
  for (const [label, value] of facts) {
    doc.font('Helvetica-Bold').fontSize(10).text(label, margin, top, { width: 130 });
    // One line each, cut with an ellipsis: a long value must not run into the fact below it.
    doc.font('Helvetica').text(value, margin + 130, top, { width: contentWidth - 130, height: 12, ellipsis: true });
    top += 18;
  }
  top += 8;

  // Installments paid.
  const columns = [
    { label: 'Instl. No.', x: margin, width: 70, align: 'left' as const },
    { label: 'Due Date', x: margin + 80, width: 110, align: 'left' as const },
    { label: 'Amount', x: margin + 200, width: 120, align: 'right' as const },
    { label: 'Fine', x: margin + 330, width: 80, align: 'right' as const },
    { label: 'Paid', x: margin + 420, width: contentWidth - 420, align: 'right' as const },
  ];
  doc
    .rect(margin, top - 4, contentWidth, 20)
    .fillColor('#eeeeee')
    .fill()
    .fillColor('#000');
  doc.font('Helvetica-Bold').fontSize(10);
  for (const column of columns) doc.text(column.label, column.x, top, { width: column.width, align: column.align });
  top += 22;
  doc.font('Helvetica');
  for (const item of content.installments) {
    const cells = [
      String(item.installNo),
      item.dueDate,
      formatMoney(item.amount),
      formatMoney(item.fine),
      formatMoney(item.amount + item.fine),
    ];
    cells.forEach((cell, index) => {
      const column = columns[index]!;
      doc.text(cell, column.x, top, { width: column.width, align: column.align });
    });
    top += 18;
  }
  doc
    .moveTo(margin, top)
    .lineTo(pageWidth - margin, top)
    .strokeColor('#888')
    .stroke();
  top += 10;
  doc
    .font('Helvetica-Bold')
    .fontSize(12)
    .text(`Amount Paid: ${formatMoney(content.amount, { decimals: 2 })}`, margin, top);
  top += 20;
  doc.font('Helvetica').fontSize(10).text(amountInWords(content.amount), margin, top, { width: contentWidth });
  top += 40;

  // Verification: the code and a QR code of the public page.
  doc.image(qr, margin, top, { width: 110 });
  doc
    .font('Helvetica-Bold')
    .fontSize(10)
    .text('Verification code', margin + 125, top + 8);
  doc
    .font('Courier')
    .fontSize(10)
    .text(content.verificationCode, margin + 125, top + 24, { width: contentWidth - 125 });
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor('#444')
    .text(`Scan the code or open ${content.verificationUrl} to check this receipt.`, margin + 125, top + 56, {
      width: contentWidth - 125,
    });
  doc
    .fontSize(8)
    .text('This is a computer-generated receipt and needs no signature.', margin, top + 130, { width: contentWidth });
  doc.end();
  return finished;
}
