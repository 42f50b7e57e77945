// Strict /v1/auth/* bodies (issue 11): a field a call does not read is refused as the REST API refuses
// it (400, the same message, 'Campo não permitido' on the field, with the code the other refusals of
// these calls carry), before anything happens; the caller is still checked first (401, 403), and the
// bodies the browser sends are accepted.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MSG } from '../../src/domain/messages.js';
import { bearer, TEST_PASSWORD, testApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
let provider: number;
let restUnknownField: { message: string };

const post = (url: string, payload: unknown, token?: string) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, ...(token ? { headers: bearer(token) } : {}) });
const newEmail = (() => {
  let n = 0;
  return (tag: string) => `${tag}.${++n}.${Date.now()}@bitcom.com.br`;
})();
const login = async (email: string) => (await post('/v1/auth/login', { email, password: TEST_PASSWORD })).json() as { idToken: string; refreshToken: string };
const userWithPassword = async (tag: string) => {
  const email = newEmail(tag);
  await t.userToken({ email, papeis: ['user'], id_empresas: [provider] });
  return email;
};
/** A user created by the admin, signed in with the e-mailed temporary password: the NEW_PASSWORD_REQUIRED session. */
const firstAccess = async () => {
  const email = newEmail('primeiro');
  expect((await t.inject({ method: 'POST', url: '/api/users', payload: { email, nome: 'Primeiro Acesso', papeis: ['user'], id_empresas: [provider] } })).statusCode).toBe(201);
  const { rows } = await t.db.query<{ texto: string }>('SELECT texto FROM admin.email WHERE para = $1', [email]);
  const temporary = /Senha temporária: (\S+)/.exec(rows[0].texto)![1];
  return (await post('/v1/auth/login', { email, password: temporary })).json().session as string;
};

type Call = { name: string; send: (extra: Record<string, unknown>) => ReturnType<typeof post>; accepted?: boolean };

/** Each body call with a body it reads (fresh users and sessions); `accepted`: that body answers 200. */
async function calls(): Promise<Call[]> {
  const [signIn, refreshing, leaving, forgetting, changing, totp, resent, reset] = await Promise.all(
    ['entrar', 'renovar', 'sair', 'esqueceu', 'trocar', 'totp', 'reenviar', 'redefinir'].map(userWithPassword),
  );
  const session = await firstAccess();
  const refresh = (await login(refreshing)).refreshToken;
  const logout = await login(leaving);
  const changer = (await login(changing)).idToken;
  const totpUser = (await login(totp)).idToken;
  const candidate = newEmail('candidato');
  return [
    { name: 'login', send: (x) => post('/v1/auth/login', { email: signIn, password: TEST_PASSWORD, ...x }), accepted: true },
    { name: 'new-password', send: (x) => post('/v1/auth/new-password', { session, password: 'Escolhida#2026', ...x }), accepted: true },
    { name: 'mfa', send: (x) => post('/v1/auth/mfa', { session: 'x.y.z', code: '123456', ...x }) },
    { name: 'refresh', send: (x) => post('/v1/auth/refresh', { refreshToken: refresh, ...x }), accepted: true },
    { name: 'logout', send: (x) => post('/v1/auth/logout', { refreshToken: logout.refreshToken, ...x }, logout.idToken), accepted: true },
    { name: 'forgot-password', send: (x) => post('/v1/auth/forgot-password', { email: forgetting, ...x }), accepted: true },
    { name: 'confirm-forgot-password', send: (x) => post('/v1/auth/confirm-forgot-password', { email: forgetting, code: '000000', password: 'Recuperada#2026', ...x }) },
    { name: 'register', send: (x) => post('/v1/auth/register', { nome: 'Cândida Candidata', email: candidate, password: 'Candidato#2026', ...x }), accepted: true },
    { name: 'confirm-sign-up', send: (x) => post('/v1/auth/confirm-sign-up', { email: candidate, code: '000000', ...x }) },
    { name: 'resend-sign-up-code', send: (x) => post('/v1/auth/resend-sign-up-code', { email: candidate, ...x }), accepted: true },
    { name: 'change-password', send: (x) => post('/v1/auth/change-password', { currentPassword: TEST_PASSWORD, password: 'Trocada#2026', ...x }, changer), accepted: true },
    { name: 'totp/setup', send: (x) => post('/v1/auth/totp/setup', { ...x }, totpUser), accepted: true },
    { name: 'totp/enable', send: (x) => post('/v1/auth/totp/enable', { code: '000000', ...x }, totpUser) },
    { name: 'totp/disable', send: (x) => post('/v1/auth/totp/disable', { code: '000000', ...x }, totpUser) },
    { name: 'resend-temporary-password', send: (x) => post('/v1/auth/resend-temporary-password', { email: resent, ...x }, t.adminToken), accepted: true },
    { name: 'require-password-reset', send: (x) => post('/v1/auth/require-password-reset', { email: reset, ...x }, t.adminToken), accepted: true },
  ];
}

/** What the calls could have written: mails, codes, sessions, users, credentials and the audit log. */
const footprint = async () =>
  (
    await t.db.query(
      `SELECT (SELECT count(*) FROM admin.email)::int AS emails, (SELECT count(*) FROM auth.codigo)::int AS codes,
              (SELECT count(*) FROM auth.sessao)::int AS sessions, (SELECT count(*) FROM auth.usuario)::int AS users,
              (SELECT string_agg(md5(senha_hash || coalesce(estado, '')), ',' ORDER BY id_usuario) FROM auth.credencial) AS credentials,
              (SELECT count(*) FROM admin.log)::int AS audit`,
    )
  ).rows[0];

beforeAll(async () => {
  t = await testApp();
  provider = (await t.inject({ method: 'POST', url: '/api/providers', payload: { nome: 'Bitcom' } })).json().id;
  // The REST API's answer to an unknown field, which the auth calls repeat.
  const rest = await t.inject({ method: 'POST', url: '/api/departments', payload: { nome: 'Jurídico', id_empresa: provider, hack: 1 } });
  expect(rest.json().errors).toEqual({ hack: MSG.unknownField });
  restUnknownField = { message: rest.json().message };
});
afterAll(() => t?.close());
// inject() calls all come from one address: each test starts with no throttling counters.
beforeEach(async () => {
  await t.db.query('DELETE FROM auth.limite');
});

describe('unknown fields in /v1/auth/* bodies', () => {
  it('each call answers 400 with "Campo não permitido" on the field and the REST message, and does nothing', async () => {
    const list = await calls();
    const before = await footprint();
    for (const call of list) {
      const r = await call.send({ hack: 1 });
      expect(r.statusCode, `${call.name}: ${r.body}`).toBe(400);
      expect(r.json(), call.name).toEqual({ message: restUnknownField.message, code: 'InvalidParameterException', errors: { hack: MSG.unknownField } });
    }
    expect(await footprint()).toEqual(before);
  });

  it('the same bodies without the extra field are read (the ones the browser sends)', async () => {
    for (const call of await calls()) {
      const r = await call.send({});
      if (call.accepted) expect(r.statusCode, `${call.name}: ${r.body}`).toBe(200);
      else expect(r.statusCode, `${call.name}: ${r.body}`).toBeLessThan(500);
      expect(Object.values(r.json().errors ?? {}), call.name).not.toContain(MSG.unknownField);
    }
  });

  it('every unknown field is named (a misspelt one too), and nothing else is told about the body', async () => {
    const email = await userWithPassword('grafia');
    const r = await post('/v1/auth/login', { email, senha: TEST_PASSWORD, lembrar: true });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toEqual({ message: restUnknownField.message, code: 'InvalidParameterException', errors: { senha: MSG.unknownField, lembrar: MSG.unknownField } });
  });

  it('the caller is still checked first: 401 without a token, 403 without the right', async () => {
    for (const url of ['/v1/auth/change-password', '/v1/auth/totp/setup', '/v1/auth/totp/enable', '/v1/auth/resend-temporary-password']) {
      const r = await post(url, { hack: 1 });
      expect(r.statusCode, url).toBe(401);
    }
    const email = await userWithPassword('alvo');
    const plain = (await login(await userWithPassword('comum'))).idToken;
    for (const url of ['/v1/auth/resend-temporary-password', '/v1/auth/require-password-reset']) {
      const r = await post(url, { email, hack: 1 }, plain);
      expect(r.statusCode, url).toBe(403);
    }
  });

  it('a body that is no object, or no body, is still answered by the identity as before', async () => {
    const notObject = await post('/v1/auth/login', ['x']);
    expect(notObject.statusCode).toBe(400);
    expect(notObject.json()).toEqual({ message: MSG.requiredForm, code: 'InvalidParameterException', errors: { email: MSG.required, password: MSG.required } });
    const session = await login(await userWithPassword('semcorpo'));
    const noBody = await t.app.inject({ method: 'POST', url: '/v1/auth/logout', headers: bearer(session.idToken) });
    expect(noBody.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/v1/auth/me', headers: bearer(session.idToken) })).statusCode).toBe(401);
  });

  it('the documentation says the bodies take no other field', async () => {
    const doc = (await t.app.inject({ url: '/docs/json' })).json();
    const body = (path: string) => doc.paths[path].post.requestBody.content['application/json'].schema;
    expect(body('/v1/auth/login')).toMatchObject({ properties: { email: {}, password: {} }, additionalProperties: false });
    expect(body('/v1/auth/register').additionalProperties).toBe(false);
  });
});
