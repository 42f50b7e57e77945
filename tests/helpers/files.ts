// Real minimal files and hand-built multipart bodies for the tests of /v1/files.

/** A 1x1 PNG. */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
/** A 1x1 GIF. */
export const GIF = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
/** A 1x1 lossy WebP. */
export const WEBP = Buffer.from('UklGRiQAAABXRUJQVlA4IBgAAAAwAQCdASoBAAEAAwA0JaQAA3AA/vuUAAA=', 'base64');

/** A valid PNG padded with zero bytes after IEND up to `size` bytes. */
export const pngOfSize = (size: number) => Buffer.concat([PNG, Buffer.alloc(size - PNG.length)]);

/** A one-page PDF with a correct cross-reference table; `javascript` adds an OpenAction that runs it. */
export function pdf(javascript?: string) {
  const objects = [
    `<< /Type /Catalog /Pages 2 0 R${javascript ? ` /OpenAction << /S /JavaScript /JS (${javascript}) >>` : ''} >>`,
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) body += `${String(off).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

export interface Part {
  name: string;
  filename?: string;
  type?: string;
  data: Buffer | string;
}

export const file = (filename: string, data: Buffer, type?: string): Part => ({ name: 'file[]', filename, data, type });

/** A multipart/form-data body and its content-type header. */
export function multipart(parts: Part[], boundary = `----teste${Math.random().toString(16).slice(2)}`) {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"`;
    if (p.filename !== undefined) head += `; filename="${p.filename}"`;
    head += '\r\n';
    if (p.type) head += `Content-Type: ${p.type}\r\n`;
    else if (p.filename !== undefined) head += 'Content-Type: application/octet-stream\r\n';
    chunks.push(Buffer.from(`${head}\r\n`, 'utf8'), Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data, 'utf8'), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, boundary };
}
