// How GET /v1/files/{id} serves a file (issue 11): a sandboxing CSP and nosniff on every file, the type
// read from the bytes (never the sender's claim, nor a stored row's), inline only for the images the
// product shows, and names without control, bidirectional or zero-width characters, old rows included.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_CSP } from '../../src/server/files/routes.js';
import { testApp, type TestApp } from '../helpers/app.js';
import { file, GIF, multipart, pdf, PNG, WEBP, type Part } from '../helpers/files.js';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t?.close());

const upload = async (parts: Part[]) => {
  const r = await t.inject({ method: 'POST', url: '/v1/files/', ...multipart(parts) });
  expect(r.statusCode, r.body).toBe(200);
  return r.json().processedFiles[0] as { id: string; name: string; type: string };
};
const download = (id: string, method: 'GET' | 'HEAD' = 'GET') => t.inject({ method, url: `/v1/files/${id}` });
/** A row as an older version of the server (or a hand-made import) may have left it. */
async function storeRow(nome: string, tipo: string, bytes: Buffer) {
  const id = randomUUID();
  await t.db.query('INSERT INTO storage.arquivo (id, bucket, nome, tipo, tamanho, dados) VALUES ($1, $2, $3, $4, $5, $6)', [id, 'antigo', nome, tipo, bytes.length, bytes]);
  return id;
}
const nameIn = (disposition: unknown) => decodeURIComponent(/filename\*=UTF-8''(.+)$/.exec(String(disposition))![1]);

describe('security headers on every downloaded file', () => {
  it('CSP sandbox and nosniff, on GET and HEAD', async () => {
    const { id } = await upload([file('pixel.png', PNG)]);
    for (const method of ['GET', 'HEAD'] as const) {
      const r = await download(id, method);
      expect(r.statusCode).toBe(200);
      expect(r.headers['content-security-policy']).toBe(FILE_CSP);
      expect(FILE_CSP).toMatch(/^sandbox; default-src 'none'/);
      expect(r.headers['x-content-type-options']).toBe('nosniff');
      // The headers every response gets (src/server/security.ts) are there too, under the file's own CSP.
      expect(r.headers['x-frame-options']).toBe('DENY');
      expect(r.headers['referrer-policy']).toBe('no-referrer');
    }
  });
});

describe('inline or attachment', () => {
  it.each([
    ['foto.png', PNG, 'image/png'],
    ['animacao.gif', GIF, 'image/gif'],
    ['imagem.webp', WEBP, 'image/webp'],
  ])('%s, an image the product shows: inline', async (name, bytes, type) => {
    const { id } = await upload([file(name, bytes)]);
    const r = await download(id);
    expect(r.headers['content-type']).toBe(type);
    expect(r.headers['content-disposition']).toMatch(/^inline; /);
    expect(r.headers['content-security-policy']).toBe(FILE_CSP);
  });

  it('a PDF with JavaScript: an attachment, sandboxed', async () => {
    const bytes = pdf('app.alert(document.cookie)');
    const { id } = await upload([file('boleto.pdf', bytes)]);
    const r = await download(id);
    expect(r.statusCode).toBe(200);
    expect(r.rawPayload.equals(bytes)).toBe(true);
    expect(r.headers['content-type']).toBe('application/pdf');
    expect(r.headers['content-disposition']).toBe(`attachment; filename="boleto.pdf"; filename*=UTF-8''boleto.pdf`);
    expect(r.headers['content-security-policy']).toBe(FILE_CSP);
  });

  it('a CSV: an attachment', async () => {
    const { id } = await upload([file('leads.csv', Buffer.from('nome;cidade\nAna;Belém\n'))]);
    expect((await download(id)).headers['content-disposition']).toMatch(/^attachment; /);
  });
});

describe('the type served is read from the bytes', () => {
  it("the sender's claimed type is ignored", async () => {
    const { id, type } = await upload([file('foto.png', PNG, 'text/html')]);
    expect(type).toBe('image/png');
    expect((await download(id)).headers['content-type']).toBe('image/png');
  });

  it('a stored row claiming another type is served by its bytes', async () => {
    const id = await storeRow('foto.png', 'text/html', PNG);
    const r = await download(id);
    expect(r.headers['content-type']).toBe('image/png');
    expect(r.headers['content-disposition']).toMatch(/^inline; /);
  });

  it.each([
    ['HTML stored as a PNG', 'pagina.png', 'image/png', Buffer.from('<!doctype html><script>alert(1)</script>')],
    ['an SVG with a script', 'logo.svg', 'image/svg+xml', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
  ])('%s (an old row): application/octet-stream, as an attachment', async (_label, name, tipo, bytes) => {
    const r = await download(await storeRow(name, tipo, bytes));
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('application/octet-stream');
    expect(r.headers['content-disposition']).toMatch(/^attachment; /);
    expect(r.headers['content-security-policy']).toBe(FILE_CSP);
    expect(r.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('file names', () => {
  it('lose bidirectional controls on upload: report\\u202Eexe.png is stored and served as reportexe.png', async () => {
    const { id, name } = await upload([file('report\u202Eexe.png', PNG)]);
    expect(name).toBe('reportexe.png');
    const r = await download(id);
    expect(r.headers['content-disposition']).toBe(`inline; filename="reportexe.png"; filename*=UTF-8''reportexe.png`);
  });

  it('lose zero-width characters, also inside the extension', async () => {
    const { name } = await upload([file('foto\u200B.p\u200Dng\uFEFF', PNG)]);
    expect(name).toBe('foto.png');
  });

  it('of old rows are cleaned when served', async () => {
    const id = await storeRow('contrato\u202Efdp.exe\u2066\u0007.png', 'image/png', PNG);
    const r = await download(id);
    expect(nameIn(r.headers['content-disposition'])).toBe('contratofdp.exe.png');
    expect(r.headers['content-type']).toBe('image/png');
  });
});
