import PDFDocument from 'pdfkit';
import { STORE } from '~/lib/store-info';

/**
 * The layout the store's PDFs share (the receipt, the invoice): a US Letter page, the store's
 * heading, label-value facts, a table of lines between rules, figures set right, a footnote.
 * Made with PDFKit.
 */

// PDF's standard Helvetica: no font file to parse. Atkinson Hyperlegible (the site's typeface)
// was tried and measured: parsing and subsetting it made each receipt six times slower.
export const FONTS = { regular: 'Helvetica', bold: 'Helvetica-Bold' } as const;
export const PAGE = { width: 612, margin: 54 };

export type Doc = InstanceType<typeof PDFDocument>;

export interface PdfColumn {
  title: string;
  x: number;
  width: number;
  align: 'left' | 'right';
}

/** A document on its way, and the bytes once it is ended. */
export function openPdf(info: { Title: string; Subject: string }): { doc: Doc; done: Promise<Buffer> } {
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: PAGE.margin,
    lang: 'en-US',
    displayTitle: true,
    info: { ...info, Author: STORE.name },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}

/** The store's name, address and contacts, then the document's title. */
export function storeHeading(doc: Doc, title: string) {
  const { address } = STORE;
  doc.font(FONTS.bold).fontSize(20).fillColor('#000000').text(STORE.name);
  doc
    .font(FONTS.regular)
    .fontSize(10)
    .text(`${address.street}, ${address.city}, ${address.region} ${address.postalCode}`)
    .text(`${STORE.phone} · ${STORE.supportEmail}`);
  doc.moveDown(1).font(FONTS.bold).fontSize(16).text(title);
  doc.moveDown(0.5).fontSize(10);
}

/** A section's title (the insurance statement's supplier, prescription, payment). */
export function subheading(doc: Doc, text: string) {
  doc.font(FONTS.bold).fontSize(12).fillColor('#000000').text(text, PAGE.margin);
  doc.moveDown(0.25).fontSize(10);
}

/** "Label: value", one a line, then a gap before what follows. */
export function facts(doc: Doc, list: readonly (readonly [string, string])[]) {
  for (const [label, value] of list) {
    doc.font(FONTS.bold).text(`${label}: `, { continued: true }).font(FONTS.regular).text(value);
  }
  doc.moveDown(1);
}

function row(doc: Doc, columns: readonly PdfColumn[], cells: readonly string[], font: 'regular' | 'bold') {
  const top = doc.y;
  doc.font(FONTS[font]).fontSize(10);
  let bottom = top;
  columns.forEach((column, index) => {
    doc.text(cells[index] ?? '', column.x, top, { width: column.width, align: column.align });
    bottom = Math.max(bottom, doc.y);
  });
  doc.x = PAGE.margin;
  doc.y = bottom + 4;
}

function rule(doc: Doc) {
  doc
    .moveTo(PAGE.margin, doc.y)
    .lineTo(PAGE.width - PAGE.margin, doc.y)
    .lineWidth(0.5)
    .strokeColor('#666666')
    .stroke();
  doc.y += 4;
}

/** The column titles, a rule, a row of cells per line (a new page when this one is full), a rule. */
export function lineTable(doc: Doc, columns: readonly PdfColumn[], rows: readonly (readonly string[])[]) {
  row(
    doc,
    columns,
    columns.map((c) => c.title),
    'bold',
  );
  rule(doc);
  for (const cells of rows) {
    if (doc.y > 680) doc.addPage();
    row(doc, columns, cells, 'regular');
  }
  rule(doc);
}

/** Figures under the table: each label set right in one column, its value in another. */
export function figures(
  doc: Doc,
  rows: readonly (readonly [label: string, value: string, strong?: boolean])[],
  at: { label: { x: number; width: number }; value: { x: number; width: number; align: 'left' | 'right' } },
) {
  for (const [label, value, strong] of rows) {
    const top = doc.y;
    doc.font(strong ? FONTS.bold : FONTS.regular).fontSize(10);
    doc.text(label, at.label.x, top, { width: at.label.width, align: 'right' });
    doc.text(value, at.value.x, top, { width: at.value.width, align: at.value.align });
    doc.x = PAGE.margin;
  }
}

/** A small grey paragraph across the page, then the document is ended. */
export function footnoteAndEnd(doc: Doc, text: string) {
  doc
    .moveDown(1.5)
    .font(FONTS.regular)
    .fontSize(9)
    .fillColor('#333333')
    .text(text, PAGE.margin, undefined, { width: PAGE.width - 2 * PAGE.margin });
  doc.end();
}
