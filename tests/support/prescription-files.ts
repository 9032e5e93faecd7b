import PDFDocument from 'pdfkit';
import sharp from 'sharp';

/** Real files of each kind a buyer may upload, made here (no binary fixtures in the repo). */
export function prescriptionPdf(text = 'Rx: oxygen concentrator, 2 L/min continuous'): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'LETTER' });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.text(text);
    doc.end();
  });
}

export function prescriptionImage(format: 'png' | 'jpeg'): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: '#ffffff' } })
    .toFormat(format)
    .toBuffer();
}

/** Sends a prescription as the checkout dialog does (multipart/form-data). */
export function sendPrescription(
  baseUrl: string,
  cookie: string,
  orderId: string,
  fields: Record<string, string>,
  file?: { bytes: Uint8Array; name: string; type: string },
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  if (file) form.set('file', new File([new Uint8Array(file.bytes)], file.name, { type: file.type }));
  return fetch(`${baseUrl}/api/prescriptions/${orderId}`, {
    method: 'POST',
    body: form,
    headers: { origin: baseUrl, ...(cookie ? { cookie } : {}) },
  });
}
