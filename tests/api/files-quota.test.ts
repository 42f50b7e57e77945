// Upload quotas (issue 11): the total a user may have sent, by role (1 MB for candidates and 2 MB for
// employees and staff here), refused with 413 and a pt-BR text as soon as a request goes over it,
// storing nothing; and the 30 MB a request may carry whatever the quota.
import { request as httpRequest, type ClientRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_REQUEST_BYTES, quotaOf, REQUEST_TOO_LARGE } from '../../src/server/files/routes.js';
import type { AuthUser } from '../../src/server/auth/identity.js';
import { bearer, testApp, type TestApp } from '../helpers/app.js';
import { file, multipart, PNG, pngOfSize, type Part } from '../helpers/files.js';

const KB = 1024;
const MB = 1024 * KB;

let t: TestApp;
let provider: number;
beforeAll(async () => {
  t = await testApp({ config: { uploadQuotaCandidateMb: 1, uploadQuotaMb: 2 } });
  provider = (await t.inject({ method: 'POST', url: '/api/providers', payload: { nome: 'Bitcom' } })).json().id;
});
afterAll(() => t?.close());

const uploadAs = (token: string, parts: Part[]) => {
  const { payload, headers } = multipart(parts);
  return t.app.inject({ method: 'POST', url: '/v1/files/', payload, headers: { ...headers, ...bearer(token) } });
};
const idOf = async (token: string) => (await t.app.inject({ url: '/v1/auth/me', headers: bearer(token) })).json().usuarioId as number;
/** The files a user has stored: how many, and their bytes. */
const storedBy = async (id: number) =>
  (await t.db.query<{ n: number; bytes: number }>('SELECT count(*)::int AS n, COALESCE(sum(tamanho), 0)::int AS bytes FROM storage.arquivo WHERE id_usuario = $1', [id])).rows[0];

const reached = (mb: number) =>
  `Você atingiu o limite de armazenamento de ${mb} MB para os arquivos que enviou. Para enviar outros, fale com o administrador do sistema.`;

describe('a candidate (role user only, no provider)', () => {
  it('sends files up to the quota; the request going over it gets 413 with what is left, and stores nothing', async () => {
    const token = await t.userToken({ papeis: ['user'] });
    const id = await idOf(token);
    expect((await uploadAs(token, [file('curriculo.png', pngOfSize(600 * KB))])).statusCode).toBe(200);

    const over = await uploadAs(token, [file('outro.png', pngOfSize(500 * KB))]);
    expect(over.statusCode).toBe(413);
    const message = 'Este envio ultrapassa o seu limite de armazenamento de 1 MB: restam 0,4 MB livres.';
    expect(over.json()).toMatchObject({ message, errors: { 'file[]': message } });
    expect(await storedBy(id)).toEqual({ n: 1, bytes: 600 * KB });

    // Exactly the room left fits; then not one byte more.
    expect((await uploadAs(token, [file('resto.png', pngOfSize(MB - 600 * KB))])).statusCode).toBe(200);
    const full = await uploadAs(token, [file('pixel.png', PNG)]);
    expect(full.statusCode).toBe(413);
    expect(full.json().message).toBe(reached(1));
    expect(await storedBy(id)).toEqual({ n: 2, bytes: MB });
  });

  it('several files in one request count together: one over the quota refuses them all', async () => {
    const token = await t.userToken({ papeis: ['user'] });
    const r = await uploadAs(token, [file('a.png', pngOfSize(400 * KB)), file('b.png', pngOfSize(400 * KB)), file('c.png', pngOfSize(400 * KB))]);
    expect(r.statusCode).toBe(413);
    expect(r.json().message).toMatch(/^Este envio ultrapassa o seu limite de armazenamento de 1 MB/);
    expect(await storedBy(await idOf(token))).toEqual({ n: 0, bytes: 0 });
  });

  it('a guest has the candidates quota', async () => {
    const token = await t.userToken({ papeis: ['guest'] });
    expect((await uploadAs(token, [file('a.png', pngOfSize(MB + 1))])).statusCode).toBe(413);
  });
});

describe('employees and staff have the larger quota', () => {
  it('an employee sends more than a candidate may, up to their own quota', async () => {
    const token = await t.userToken({ papeis: ['user'], id_empresas: [provider], funcionario: true });
    expect((await uploadAs(token, [file('a.png', pngOfSize(1500 * KB))])).statusCode).toBe(200);
    const over = await uploadAs(token, [file('b.png', pngOfSize(600 * KB))]);
    expect(over.statusCode).toBe(413);
    expect(over.json().message).toBe('Este envio ultrapassa o seu limite de armazenamento de 2 MB: restam 0,5 MB livres.');
    expect(await storedBy(await idOf(token))).toEqual({ n: 1, bytes: 1500 * KB });
  });

  it('a module role, even without the employee flag, is staff', async () => {
    const token = await t.userToken({ papeis: ['rh:leitor', 'user'], id_empresas: [provider] });
    expect((await uploadAs(token, [file('a.png', pngOfSize(1500 * KB))])).statusCode).toBe(200);
  });

  it('the superadmin has no quota', async () => {
    const r = await t.inject({
      method: 'POST',
      url: '/v1/files/',
      ...multipart([file('a.png', pngOfSize(MB)), file('b.png', pngOfSize(MB)), file('c.png', pngOfSize(MB))]),
    });
    expect(r.statusCode, r.body).toBe(200);
  });

  it('quotaOf: by role; a quota of 0 is no limit', () => {
    const user = (roles: string[], employee = false) => ({ id: 1, userId: 'u', email: 'a@b.c', nome: null, roles, providerIds: [], employee, sid: 's' }) satisfies AuthUser;
    const quotas = { staffMb: 2, candidateMb: 1 };
    expect(quotaOf(user(['users:superadmin']), quotas)).toBe(Infinity);
    expect(quotaOf(user(['user']), quotas)).toBe(MB);
    expect(quotaOf(user(['user'], true), quotas)).toBe(2 * MB);
    expect(quotaOf(user(['onboarding:gestor']), quotas)).toBe(2 * MB);
    expect(quotaOf(user(['user']), { staffMb: 2, candidateMb: 0 })).toBe(Infinity);
    expect(quotaOf(user(['user'], true), { staffMb: 0, candidateMb: 1 })).toBe(Infinity);
  });
});

describe('one request carries at most 30 MB', () => {
  it('four files of 8 MB, each under the 10 MB limit: 413, nothing stored (even for the superadmin)', async () => {
    const before = (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM storage.arquivo')).rows[0].n;
    const parts = Array.from({ length: 4 }, (_, i) => file(`f${i}.png`, pngOfSize(8 * MB)));
    expect(4 * 8 * MB).toBeGreaterThan(MAX_REQUEST_BYTES);
    const r = await t.inject({ method: 'POST', url: '/v1/files/', ...multipart(parts) });
    expect(r.statusCode).toBe(413);
    expect(r.json()).toMatchObject({ message: REQUEST_TOO_LARGE, errors: { 'file[]': REQUEST_TOO_LARGE } });
    expect(REQUEST_TOO_LARGE).toBe('Envie no máximo 30 MB em arquivos por vez.');
    expect((await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM storage.arquivo')).rows[0].n).toBe(before);
  });
});

describe('over a real HTTP connection', () => {
  let base: string;
  beforeAll(async () => {
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });

  it('two uploads at once that fit apart but not together: the one finishing second is refused', async () => {
    const token = await t.userToken({ papeis: ['user'] });
    // The first request's headers are in (100 Continue) before the second is sent; its body comes
    // after the second upload has been stored. Whichever check sees the second file, the first is refused.
    const first = multipart([file('a.png', pngOfSize(700 * KB))]);
    const url = new URL(`${base}/v1/files/`);
    let req!: ClientRequest;
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      req = httpRequest(
        { host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers: { ...first.headers, ...bearer(token), 'content-length': first.payload.length, expect: '100-continue' } },
        (res) => {
          let body = '';
          res.setEncoding('utf8').on('data', (c) => (body += c)).on('end', () => resolve({ status: res.statusCode!, body }));
        },
      );
      req.on('error', reject);
    });
    await new Promise((resolve) => req.once('continue', resolve));
    expect((await uploadAs(token, [file('b.png', pngOfSize(700 * KB))])).statusCode).toBe(200);
    req.end(first.payload);
    const r = await answer;
    expect(r.status).toBe(413);
    expect(JSON.parse(r.body).message).toBe('Este envio ultrapassa o seu limite de armazenamento de 1 MB: restam 0,3 MB livres.');
    expect(await storedBy(await idOf(token))).toEqual({ n: 1, bytes: 700 * KB });
  });

  it('the quota refusal is answered (not a reset connection) after the rest of the body', async () => {
    const token = await t.userToken({ papeis: ['user'] });
    const form = new FormData();
    form.append('file[]', new Blob([pngOfSize(3 * MB)]), 'grande.png');
    form.append('bucket-id', 'curriculos');
    const r = await fetch(`${base}/v1/files/`, { method: 'POST', body: form, headers: bearer(token) });
    expect(r.status).toBe(413);
    expect(((await r.json()) as { message: string }).message).toBe('Este envio ultrapassa o seu limite de armazenamento de 1 MB: restam 1 MB livres.');
    expect(await storedBy(await idOf(token))).toEqual({ n: 0, bytes: 0 });
  });
});
