// POST /v1/files/ and GET /v1/files/{id}: in PostgreSQL (the default storage) and in an S3-compatible
// bucket (s3rver on loopback), with real minimal files built here.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import S3rver from 's3rver';
import { CreateBucketCommand, GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { MSG } from '../../src/domain/messages.js';
import { FILE_CSP, FILE_TOO_LARGE, TOO_MANY_FILES, MAX_FILES, contentDisposition } from '../../src/server/files/routes.js';
import { s3Storage } from '../../src/server/files/storage.js';
import { testApp, type TestApp } from '../helpers/app.js';
// Multipart bodies are built by hand (tests/helpers/files.ts) so that malformed ones can be sent too.
import { file, multipart, pdf, PNG, pngOfSize, type Part } from '../helpers/files.js';

// ---- real minimal files --------------------------------------------------------------------------

/** A 1x1 baseline JPEG (SOI, JFIF, quantisation and Huffman tables, one scan). */
const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////' +
    '////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);

const PDF = pdf();
const CSV = Buffer.from('nome;cidade;valor\nJoão da Silva;São Paulo;1.234,56\nAna Conceição;Belém;78,90\n', 'utf8');
const CSV_1252 = Buffer.from('nome;cidade\nJoão;São Paulo\n', 'latin1');
const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(120)]);
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(126, 0x90)]);
/** Deterministic bytes with no known signature (and NUL bytes, so not text either). */
const NOISE = Buffer.from(Array.from({ length: 512 }, (_, i) => (i * 37 + 11) % 256));

const MB = 1024 * 1024;

// ---- the tests, on one storage at a time ---------------------------------------------------------

interface ProcessedFile {
  id: string;
  name: string;
  type: string;
}

function fileApiSuite(label: string, setup: () => Promise<{ t: TestApp; s3?: { client: S3Client; bucket: string } }>) {
  describe(label, () => {
    let t: TestApp;
    let s3: { client: S3Client; bucket: string } | undefined;

    beforeAll(async () => {
      ({ t, s3 } = await setup());
    });
    afterAll(() => t?.close());

    const upload = (parts: Part[], boundary?: string) => {
      const { payload, headers } = multipart(parts, boundary);
      return t.inject({ method: 'POST', url: '/v1/files/', payload, headers });
    };
    const rowCount = async () => (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM storage.arquivo')).rows[0].n;
    const objectKeys = async () =>
      s3 ? ((await s3.client.send(new ListObjectsV2Command({ Bucket: s3.bucket }))).Contents ?? []).map((o) => o.Key!).sort() : [];
    /** Runs a request that must be refused and checks that nothing was stored by it. */
    async function refusedLeavesNothing(send: () => Promise<{ statusCode: number; json(): any }>, status: number, message?: string) {
      const rows = await rowCount();
      const keys = await objectKeys();
      const r = await send();
      expect(r.statusCode, JSON.stringify(r.json())).toBe(status);
      if (message) expect(r.json().message).toBe(message);
      expect(await rowCount()).toBe(rows);
      expect(await objectKeys()).toEqual(keys);
      return r;
    }

    async function expectDownload(id: string, bytes: Buffer, type: string, name: string) {
      const r = await t.inject({ url: `/v1/files/${id}` });
      expect(r.statusCode).toBe(200);
      expect(r.rawPayload.equals(bytes)).toBe(true);
      expect(r.headers['content-type']).toBe(type);
      expect(r.headers['content-length']).toBe(String(bytes.length));
      expect(r.headers['x-content-type-options']).toBe('nosniff');
      const disposition = String(r.headers['content-disposition']);
      expect(disposition).toMatch(/^(inline|attachment); filename="[\x20-\x7e]+"; filename\*=UTF-8''/);
      expect(disposition.startsWith('inline')).toBe(type.startsWith('image/'));
      expect(r.headers['content-security-policy']).toBe(FILE_CSP);
      expect(decodeURIComponent(/filename\*=UTF-8''(.+)$/.exec(disposition)![1])).toBe(name);
      return r;
    }

    describe('upload and download', () => {
      it.each([
        ['pixel.png', PNG, 'image/png'],
        ['foto.jpg', JPEG, 'image/jpeg'],
        ['FOTO.JPEG', JPEG, 'image/jpeg'],
        ['contrato.pdf', PDF, 'application/pdf'],
        ['leads.csv', CSV, 'text/csv; charset=utf-8'],
        ['leads-excel.csv', CSV_1252, 'text/csv; charset=windows-1252'],
      ])('%s: answers processedFiles (id, name, type) and GET gives back the same bytes', async (name, bytes, type) => {
        const rows = await rowCount();
        const r = await upload([file(name, bytes), { name: 'bucket-id', data: 'documentos' }]);
        expect(r.statusCode, r.body).toBe(200);
        const { processedFiles } = r.json() as { processedFiles: ProcessedFile[] };
        expect(processedFiles).toHaveLength(1);
        expect(processedFiles[0]).toMatchObject({ name, type });
        expect(processedFiles[0].id).toMatch(/^[0-9a-f-]{36}$/);
        expect(await rowCount()).toBe(rows + 1);
        await expectDownload(processedFiles[0].id, bytes, type, name);
      });

      it('stores several files of one request, in order, under the bucket-id given', async () => {
        const r = await upload([
          { name: 'bucket-id', data: 'onboarding_42' },
          file('a.png', PNG),
          file('b.pdf', PDF),
          file('c.csv', CSV),
        ]);
        expect(r.statusCode, r.body).toBe(200);
        const files = (r.json() as { processedFiles: ProcessedFile[] }).processedFiles;
        expect(files.map((f) => [f.name, f.type])).toEqual([
          ['a.png', 'image/png'],
          ['b.pdf', 'application/pdf'],
          ['c.csv', 'text/csv; charset=utf-8'],
        ]);
        expect(new Set(files.map((f) => f.id)).size).toBe(3);
        const { rows } = await t.db.query<{ id: string; bucket: string; nome: string; tamanho: number }>(
          'SELECT id, bucket, nome, tamanho FROM storage.arquivo WHERE id = ANY($1::uuid[]) ORDER BY nome',
          [files.map((f) => f.id)],
        );
        expect(rows.map((row) => [row.nome, row.bucket, row.tamanho])).toEqual([
          ['a.png', 'onboarding_42', PNG.length],
          ['b.pdf', 'onboarding_42', PDF.length],
          ['c.csv', 'onboarding_42', CSV.length],
        ]);
        await expectDownload(files[1].id, PDF, 'application/pdf', 'b.pdf');
      });

      it('accepts the field name "file" and a bucket-id sent after the files', async () => {
        const r = await upload([{ name: 'file', filename: 'x.png', data: PNG }, { name: 'bucket-id', data: 'tardio' }]);
        expect(r.statusCode, r.body).toBe(200);
        const { id } = r.json().processedFiles[0];
        expect((await t.db.query('SELECT bucket FROM storage.arquivo WHERE id = $1', [id])).rows[0].bucket).toBe('tardio');
      });

      it('without bucket-id the file goes to the bucket "default"', async () => {
        const r = await upload([file('sem-bucket.png', PNG)]);
        expect(r.statusCode).toBe(200);
        const { id } = r.json().processedFiles[0];
        expect((await t.db.query('SELECT bucket FROM storage.arquivo WHERE id = $1', [id])).rows[0].bucket).toBe('default');
      });

      it('keeps a non-ASCII name and answers it in Content-Disposition (filename*) with an ASCII fallback', async () => {
        const r = await upload([file('relatório.pdf', PDF)]);
        expect(r.statusCode, r.body).toBe(200);
        const [f] = r.json().processedFiles as ProcessedFile[];
        expect(f.name).toBe('relatório.pdf');
        const g = await expectDownload(f.id, PDF, 'application/pdf', 'relatório.pdf');
        expect(g.headers['content-disposition']).toBe(`attachment; filename="relat_rio.pdf"; filename*=UTF-8''relat%C3%B3rio.pdf`);
      });

      it('normalises a decomposed (macOS) name and percent-encodes apostrophes, parentheses and asterisks', async () => {
        const r = await upload([file("Orçamento d'água (final)*.png".normalize('NFD'), PNG)]);
        expect(r.statusCode, r.body).toBe(200);
        const [f] = r.json().processedFiles as ProcessedFile[];
        expect(f.name).toBe("Orçamento d'água (final)*.png");
        const g = await expectDownload(f.id, PNG, 'image/png', f.name);
        expect(g.headers['content-disposition']).toBe(
          `inline; filename="Or_amento d'_gua (final)*.png"; filename*=UTF-8''Or%C3%A7amento%20d%27%C3%A1gua%20%28final%29%2A.png`,
        );
      });

      it('Content-Disposition never breaks out of its quotes', () => {
        expect(contentDisposition('a"b\\c%.pdf')).toBe(`attachment; filename="a_b_c_.pdf"; filename*=UTF-8''a%22b%5Cc%25.pdf`);
        expect(contentDisposition('😀.png', true)).toBe(`inline; filename="__.png"; filename*=UTF-8''%F0%9F%98%80.png`);
      });

      it('keeps only the base name of a path sent as file name', async () => {
        const r = await upload([file('C:\\Users\\ana\\fotos\\perfil.png', PNG)]);
        expect(r.statusCode, r.body).toBe(200);
        expect(r.json().processedFiles[0].name).toBe('perfil.png');
      });

      it('accepts a file of exactly 10 MB', async () => {
        const big = pngOfSize(10 * MB);
        const r = await upload([file('grande.png', big)]);
        expect(r.statusCode, r.body).toBe(200);
        await expectDownload(r.json().processedFiles[0].id, big, 'image/png', 'grande.png');
      });

      it('also answers on /v1/files without the trailing slash', async () => {
        const { payload, headers } = multipart([file('sem-barra.png', PNG)]);
        const r = await t.inject({ method: 'POST', url: '/v1/files', payload, headers });
        expect(r.statusCode).toBe(200);
      });
    });

    describe('refused uploads store nothing', () => {
      it('a file over 10 MB: 413 with a pt-BR message', async () => {
        const r = await refusedLeavesNothing(() => upload([file('enorme.png', pngOfSize(10 * MB + 1))]), 413, FILE_TOO_LARGE);
        expect(r.json().errors).toEqual({ 'file[]': FILE_TOO_LARGE });
      });

      it('a good file and a file over 10 MB in the same request: 413', async () => {
        await refusedLeavesNothing(() => upload([file('ok.png', PNG), file('enorme.pdf', Buffer.concat([PDF, Buffer.alloc(11 * MB)]))]), 413, FILE_TOO_LARGE);
      });

      it.each([
        ['random bytes named foto.png', 'foto.png', NOISE],
        ['an ELF executable named foto.png', 'foto.png', ELF],
        ['a Windows executable named foto.jpg', 'foto.jpg', EXE],
        ['a PNG named doc.pdf', 'doc.pdf', PNG],
        ['a PDF named imagem.png', 'imagem.png', PDF],
        ['a JPEG named planilha.csv', 'planilha.csv', JPEG],
        ['random bytes named dados.csv', 'dados.csv', NOISE],
        ['an executable named programa.exe', 'programa.exe', EXE],
        ['a PNG with no extension', 'imagem', PNG],
        ['an empty CSV', 'vazio.csv', Buffer.alloc(0)],
        ['HTML named pagina.html', 'pagina.html', Buffer.from('<!doctype html><script>alert(1)</script>')],
      ])('%s: 415 "Formato do arquivo não permitido!"', async (_label, name, bytes) => {
        const r = await refusedLeavesNothing(() => upload([file(name, bytes, 'image/png')]), 415, MSG.fileType);
        expect(r.json().errors['file[]']).toContain(name);
      });

      it('one good file and one bad file in the same request: nothing stored', async () => {
        await refusedLeavesNothing(() => upload([file('boa.png', PNG), file('ruim.png', ELF), file('boa.pdf', PDF)]), 415, MSG.fileType);
      });

      it('no file at all: 400 "Esse campo deve ser preenchido"', async () => {
        const r = await refusedLeavesNothing(() => upload([{ name: 'bucket-id', data: 'docs' }]), 400, MSG.fileMissing);
        expect(r.json().errors).toEqual({ 'file[]': MSG.fileMissing });
      });

      it('an empty multipart body, or only an empty file input: 400', async () => {
        await refusedLeavesNothing(() => upload([]), 400, MSG.fileMissing);
        await refusedLeavesNothing(() => upload([file('', Buffer.alloc(0))]), 400, MSG.fileMissing);
        await refusedLeavesNothing(() => upload([{ name: 'file[]', data: 'texto, não arquivo' }]), 400, MSG.fileMissing);
      });

      it.each([
        ['with a space', 'meu bucket'],
        ['with a path', '../outro'],
        ['empty', ''],
        ['too long', 'b'.repeat(65)],
        ['over the field size', 'b'.repeat(2000)],
      ])('an invalid bucket-id (%s): 400', async (_label, bucket) => {
        const r = await refusedLeavesNothing(() => upload([{ name: 'bucket-id', data: bucket }, file('a.png', PNG)]), 400, MSG.badRequest);
        expect(r.json().errors).toEqual({ 'bucket-id': MSG.invalid });
      });

      it('bucket-id twice: 400', async () => {
        await refusedLeavesNothing(
          () => upload([{ name: 'bucket-id', data: 'a' }, { name: 'bucket-id', data: 'b' }, file('a.png', PNG)]),
          400,
          MSG.badRequest,
        );
      });

      it('an unknown field or a file under another name: 400', async () => {
        const r = await refusedLeavesNothing(() => upload([file('a.png', PNG), { name: 'outro', data: 'x' }]), 400, MSG.badRequest);
        expect(r.json().errors).toEqual({ outro: MSG.unknownField });
        const s = await refusedLeavesNothing(() => upload([{ name: 'anexo', filename: 'a.png', data: PNG }, file('b.png', PNG)]), 400, MSG.badRequest);
        expect(s.json().errors).toEqual({ anexo: MSG.unknownField });
      });

      it('a database failure on the second row undoes the first row and every object already put', async () => {
        await t.db.exec(`
          CREATE FUNCTION storage.falha_teste() RETURNS trigger LANGUAGE plpgsql AS $$
          BEGIN
            IF NEW.nome = 'falha-no-banco.png' THEN RAISE EXCEPTION 'falha simulada'; END IF;
            RETURN NEW;
          END $$;
          CREATE TRIGGER falha_teste BEFORE INSERT ON storage.arquivo FOR EACH ROW EXECUTE FUNCTION storage.falha_teste();
        `);
        try {
          await refusedLeavesNothing(() => upload([file('antes.png', PNG), file('falha-no-banco.png', PNG)]), 500, MSG.internal);
        } finally {
          await t.db.exec('DROP TRIGGER falha_teste ON storage.arquivo; DROP FUNCTION storage.falha_teste();');
        }
      });

      it(`more than ${MAX_FILES} files: 413`, async () => {
        const parts = Array.from({ length: MAX_FILES + 1 }, (_, i) => file(`f${i}.png`, PNG));
        await refusedLeavesNothing(() => upload(parts), 413, TOO_MANY_FILES);
      });
    });

    describe('no request is answered with a 500', () => {
      const post = (payload: string | Buffer | undefined, headers: Record<string, string> = {}) =>
        t.inject({ method: 'POST', url: '/v1/files/', payload, headers });

      it.each([
        ['JSON', '{"file[]":"x"}', 'application/json'],
        ['invalid JSON', '{', 'application/json'],
        ['plain text', 'arquivo', 'text/plain'],
        ['raw bytes', PNG, 'application/octet-stream'],
        ['a PNG as the body', PNG, 'image/png'],
        ['url-encoded form', 'bucket-id=a&file%5B%5D=x', 'application/x-www-form-urlencoded'],
        ['multipart/mixed', '--x\r\n\r\nabc\r\n--x--\r\n', 'multipart/mixed; boundary=x'],
      ])('a non-multipart body (%s): 400', async (_label, payload, type) => {
        await refusedLeavesNothing(() => post(payload, { 'content-type': type }), 400);
      });

      it('no body and no content type: 400', async () => {
        await refusedLeavesNothing(() => post(undefined), 400, MSG.fileMissing);
        await refusedLeavesNothing(() => post(PNG), 400, MSG.fileMissing);
      });

      it('multipart without a boundary: 400', async () => {
        const { payload } = multipart([file('a.png', PNG)]);
        await refusedLeavesNothing(() => post(payload, { 'content-type': 'multipart/form-data' }), 400);
      });

      it('a body written with another boundary than the header names: 400', async () => {
        const { payload } = multipart([file('a.png', PNG)], 'limiteDoCorpo');
        await refusedLeavesNothing(() => post(payload, { 'content-type': 'multipart/form-data; boundary=limiteDoCabecalho' }), 400);
      });

      it('a truncated multipart body, cut anywhere: 400', async () => {
        const { payload, headers } = multipart([{ name: 'bucket-id', data: 'docs' }, file('a.png', PNG), file('b.pdf', PDF)]);
        for (const cut of [1, 10, 60, 120, 200, payload.length - 40, payload.length - 8, payload.length - 3]) {
          const r = await refusedLeavesNothing(() => post(payload.subarray(0, cut), headers), 400);
          expect(r.json().message).toMatch(/^(Requisição inválida|Esse campo deve ser preenchido)/);
        }
      });

      it('garbage after the headers, part without Content-Disposition, duplicate closing: 400 or a clean answer', async () => {
        const boundary = 'xyz';
        const headers = { 'content-type': `multipart/form-data; boundary=${boundary}` };
        const bodies = [
          `--${boundary}\r\nsem-cabecalho\r\n\r\nabc\r\n--${boundary}--\r\n`,
          `--${boundary}\r\nContent-Type: image/png\r\n\r\nabc\r\n--${boundary}--\r\n`,
          `--${boundary}\r\nContent-Disposition: form-data; name="__proto__"; filename="a.png"\r\n\r\nabc\r\n--${boundary}--\r\n`,
          `lixo antes\r\n--${boundary}--\r\n--${boundary}--\r\n`,
          Buffer.from(NOISE),
        ];
        for (const body of bodies) {
          const r = await refusedLeavesNothing(() => post(body, headers), 400);
          expect(r.json().message).toBeTruthy();
        }
      });

      it('GET of an unknown id: 404 "Arquivo com formato inválido ou não encontrado!"', async () => {
        const r = await t.inject({ url: '/v1/files/00000000-0000-4000-8000-000000000000' });
        expect(r.statusCode).toBe(404);
        expect(r.json().message).toBe(MSG.fileNotFound);
      });

      it.each(['123', 'abc', 'not-a-uuid', '00000000-0000-4000-8000-00000000000Z', "1' OR '1'='1", '%00', '..%2F..%2Fetc%2Fpasswd', 'a'.repeat(90)])(
        'GET of a malformed id (%s): 404',
        async (id) => {
          const r = await t.inject({ url: `/v1/files/${id}` });
          expect(r.statusCode).toBe(404);
          expect(r.json().message).toBe(MSG.fileNotFound);
        },
      );

      it('GET of a URL Fastify refuses before routing (broken percent-encoding, a huge id): 4xx, not 500', async () => {
        for (const url of ['/v1/files/%E0%A4%A', `/v1/files/${'a'.repeat(5000)}`]) {
          const r = await t.inject({ url });
          expect([400, 404, 414]).toContain(r.statusCode);
        }
      });

      it('HEAD answers the headers of GET', async () => {
        const up = await upload([file('cabeca.png', PNG)]);
        const r = await t.inject({ method: 'HEAD', url: `/v1/files/${up.json().processedFiles[0].id}` });
        expect(r.statusCode).toBe(200);
        expect(r.headers['content-type']).toBe('image/png');
      });
    });

    if (label.includes('S3')) {
      describe('S3 specifics', () => {
        it('keeps the bytes in the bucket and only the key in the database', async () => {
          const r = await upload([{ name: 'bucket-id', data: 'rh' }, file('relatório.pdf', PDF)]);
          expect(r.statusCode, r.body).toBe(200);
          const { id } = r.json().processedFiles[0];
          const { rows } = await t.db.query<{ dados: unknown; chave: string | null }>('SELECT dados, chave FROM storage.arquivo WHERE id = $1', [id]);
          expect(rows[0].dados).toBeNull();
          expect(rows[0].chave).toBe(`rh/${id}`);
          const object = await s3!.client.send(new GetObjectCommand({ Bucket: s3!.bucket, Key: `rh/${id}` }));
          expect(Buffer.from(await object.Body!.transformToByteArray()).equals(PDF)).toBe(true);
          expect(object.ContentType).toBe('application/pdf');
          await expectDownload(id, PDF, 'application/pdf', 'relatório.pdf');
        });

        it('a row whose object is gone answers 404, not 500', async () => {
          const r = await upload([file('perdido.png', PNG)]);
          const { id } = r.json().processedFiles[0];
          await t.db.query(`UPDATE storage.arquivo SET chave = 'default/nao-existe' WHERE id = $1`, [id]);
          const g = await t.inject({ url: `/v1/files/${id}` });
          expect(g.statusCode).toBe(404);
          expect(g.json().message).toBe(MSG.fileNotFound);
        });
      });
    } else {
      describe('over a real HTTP connection (fetch and FormData, as a browser sends them)', () => {
        let base: string;
        beforeAll(async () => {
          base = await t.app.listen({ port: 0, host: '127.0.0.1' });
        });
        const send = (form: FormData) => fetch(`${base}/v1/files/`, { method: 'POST', body: form, headers: { authorization: `Bearer ${t.adminToken}` } });

        it('uploads two files and downloads one by its id', async () => {
          const form = new FormData();
          form.append('bucket-id', 'navegador');
          form.append('file[]', new Blob([PNG], { type: 'image/png' }), 'relatório.png');
          form.append('file[]', new Blob([CSV], { type: 'text/csv' }), 'planilha.csv');
          const r = await send(form);
          expect(r.status).toBe(200);
          const { processedFiles } = (await r.json()) as { processedFiles: ProcessedFile[] };
          expect(processedFiles.map((f) => f.name)).toEqual(['relatório.png', 'planilha.csv']);
          const g = await fetch(`${base}/v1/files/${processedFiles[0].id}`, { headers: { authorization: `Bearer ${t.adminToken}` } });
          expect(g.headers.get('content-type')).toBe('image/png');
          expect(Buffer.from(await g.arrayBuffer()).equals(PNG)).toBe(true);
        });

        it('an oversized file gets its 413 answer, not a reset connection, and stores nothing', async () => {
          const rows = await rowCount();
          const form = new FormData();
          form.append('file[]', new Blob([PNG]), 'pequena.png');
          form.append('file[]', new Blob([pngOfSize(12 * MB)]), 'grande.png');
          const r = await send(form);
          expect(r.status).toBe(413);
          expect(((await r.json()) as { message: string }).message).toBe(FILE_TOO_LARGE);
          expect(await rowCount()).toBe(rows);
        });

        it('a refusal met early (unknown field) is answered after the rest of the body, big as it is', async () => {
          const form = new FormData();
          form.append('outro', 'x');
          form.append('file[]', new Blob([pngOfSize(8 * MB)]), 'grande.png');
          const r = await send(form);
          expect(r.status).toBe(400);
          expect(((await r.json()) as { errors: object }).errors).toEqual({ outro: MSG.unknownField });
        });
      });

      describe('database specifics', () => {
        it('keeps the bytes in the row (dados) and no key', async () => {
          const r = await upload([file('linha.png', PNG)]);
          const { id } = r.json().processedFiles[0];
          const { rows } = await t.db.query<{ n: number; chave: string | null }>(
            'SELECT octet_length(dados) AS n, chave FROM storage.arquivo WHERE id = $1',
            [id],
          );
          expect(rows[0]).toEqual({ n: PNG.length, chave: null });
        });
      });
    }
  });
}

fileApiSuite('files in the database (default storage)', async () => ({ t: await testApp() }));

async function freePort() {
  return new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

let s3rver: S3rver | undefined;
let s3Dir: string | undefined;
afterAll(async () => {
  await s3rver?.close();
  if (s3Dir) rmSync(s3Dir, { recursive: true, force: true });
});

fileApiSuite('files in an S3-compatible bucket (s3rver)', async () => {
  s3Dir = mkdtempSync(join(tmpdir(), 'intranet-s3-'));
  const port = await freePort();
  s3rver = new S3rver({ address: '127.0.0.1', port, silent: true, directory: s3Dir });
  await s3rver.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const bucket = 'intranet-arquivos';
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  const storage = s3Storage({ bucket, endpoint, region: 'us-east-1', ...credentials, forcePathStyle: true });
  return { t: await testApp({ storage }), s3: { client, bucket } };
});

describe('who may download a file', () => {
  let t: TestApp;
  let bitcom: number;
  let razao: number;
  const tokens: Record<string, string> = {};
  const bearerOf = (who: string, role?: string) => ({ authorization: `Bearer ${tokens[who]}`, ...(role ? { 'x-intranet-role': role } : {}) });
  const uploadAs = async (who: string) => {
    const { payload, headers } = multipart([file('foto.png', PNG)]);
    const r = await t.app.inject({ method: 'POST', url: '/v1/files/', payload, headers: { ...headers, ...bearerOf(who) } });
    expect(r.statusCode).toBe(200);
    return r.json().processedFiles[0].id as string;
  };
  const downloadAs = (who: string, id: string, role?: string) => t.app.inject({ url: `/v1/files/${id}`, headers: bearerOf(who, role) });

  beforeAll(async () => {
    t = await testApp();
    bitcom = (await t.inject({ method: 'POST', url: '/api/providers', payload: { nome: 'Bitcom' } })).json().id;
    razao = (await t.inject({ method: 'POST', url: '/api/providers', payload: { nome: 'RazãoInfo' } })).json().id;
    tokens.admin = t.adminToken;
    tokens.hr = await t.userToken({ papeis: ['rh:gestor', 'onboarding:gestor', 'user'], id_empresas: [bitcom], funcionario: true });
    tokens.colleague = await t.userToken({ papeis: ['user'], id_empresas: [bitcom], funcionario: true });
    tokens.twoProviders = await t.userToken({ papeis: ['user'], id_empresas: [razao, bitcom], funcionario: true });
    tokens.other = await t.userToken({ papeis: ['user'], id_empresas: [razao], funcionario: true });
    tokens.candidate = await t.userToken({ papeis: ['user'], id_empresas: [] });
  });
  afterAll(() => t?.close());

  const expectReaders = async (id: string, readers: string[]) => {
    for (const who of Object.keys(tokens)) {
      const r = await downloadAs(who, id);
      expect(r.statusCode, `${who} lê o arquivo?`).toBe(readers.includes(who) ? 200 : 404);
      if (r.statusCode === 404) expect(r.json().message).toBe(MSG.fileNotFound);
      else expect(r.rawPayload.equals(PNG)).toBe(true);
    }
  };

  it("a file of HR (or an employee's photo) is read by the uploader, the superadmin and the users of the uploader's providers", async () => {
    await expectReaders(await uploadAs('hr'), ['hr', 'admin', 'colleague', 'twoProviders']);
    await expectReaders(await uploadAs('colleague'), ['colleague', 'admin', 'hr', 'twoProviders']);
    // Providers as they were at upload: a user of two providers shares a file with both.
    await expectReaders(await uploadAs('twoProviders'), ['twoProviders', 'admin', 'hr', 'colleague', 'other']);
  });

  it("the superadmin's files are for every provider; a candidate's are their own (and the superadmin's)", async () => {
    await expectReaders(await uploadAs('admin'), ['admin', 'hr', 'colleague', 'twoProviders', 'other']);
    await expectReaders(await uploadAs('candidate'), ['candidate', 'admin']);
  });

  it('without a token 401, with a role the user does not hold 403', async () => {
    const id = await uploadAs('hr');
    expect((await t.app.inject({ url: `/v1/files/${id}` })).statusCode).toBe(401);
    const forged = await downloadAs('colleague', id, 'users:superadmin');
    expect(forged.statusCode).toBe(403);
    expect(forged.json().message).toBe('Este usuário não tem autorização para realizar esta operação.');
    expect((await downloadAs('hr', id, 'onboarding:gestor')).statusCode).toBe(200);
  });
});
