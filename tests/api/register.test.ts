// Candidate self-registration ('Cadastre-se') through the built-in identity's HTTP surface: the
// unconfirmed account, the e-mailed code (10 minutes, once, wrong guesses), no e-mail enumeration,
// throttling, and the confirmed candidate signing in with the role 'user'.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AUTH_MSG, MSG } from '../../src/domain/messages.js';
import { bearer, testApp, TEST_PASSWORD, type TestApp } from '../helpers/app.js';

let t: TestApp;

const post = (url: string, payload: unknown, remoteAddress?: string) => t.app.inject({ method: 'POST', url, payload: payload as Record<string, unknown>, ...(remoteAddress ? { remoteAddress } : {}) });
const register = (payload: Record<string, unknown>, remoteAddress?: string) => post('/v1/auth/register', payload, remoteAddress);
const confirm = (email: string, code: string) => post('/v1/auth/confirm-sign-up', { email, code });
const login = (email: string, password: string) => post('/v1/auth/login', { email, password });
const outbox = async (to: string) =>
  (await t.db.query<{ assunto: string; texto: string }>('SELECT assunto, texto FROM admin.email WHERE lower(para) = lower($1) ORDER BY id', [to])).rows;
const codeFrom = (text: string) => /\b(\d{6})\b/.exec(text)![1];
const lastCode = async (email: string) => codeFrom((await outbox(email)).at(-1)!.texto);
const newEmail = (() => {
  let n = 0;
  return (tag: string) => `${tag}.${++n}@email.com`;
})();
const PASSWORD = 'Candidato#2026';
const wrongOf = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t?.close());
beforeEach(async () => {
  await t.db.query('DELETE FROM auth.limite');
});

describe('register', () => {
  it('creates an unconfirmed candidate and e-mails a 6-digit code; sign-in before confirming says so', async () => {
    const email = newEmail('ana');
    const r = await register({ nome: 'Ana Candidata', email, password: PASSWORD });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ message: AUTH_MSG.signUpCodeSent });
    const { rows } = await t.db.query<{ nome: string; papeis: string[]; funcionario: boolean; id_empresas: number[]; estado: string }>(
      `SELECT u.nome, u.papeis, u.funcionario, u.id_empresas, c.estado FROM auth.usuario u JOIN auth.credencial c ON c.id_usuario = u.id WHERE u.email = $1`,
      [email],
    );
    expect(rows).toEqual([{ nome: 'Ana Candidata', papeis: ['user'], funcionario: false, id_empresas: [], estado: 'NAO_CONFIRMADO' }]);
    const mails = await outbox(email);
    expect(mails).toHaveLength(1);
    expect(mails[0].assunto).toBe('Código para confirmar seu cadastro');
    expect(mails[0].texto).toMatch(/\b\d{6}\b/);
    expect(mails[0].texto).toContain('10 minutos');

    const early = await login(email, PASSWORD);
    expect(early.statusCode).toBe(403);
    expect(early.json()).toMatchObject({ message: AUTH_MSG.notConfirmed, code: 'UserNotConfirmedException' });
    // A wrong password still says only that the credentials are wrong.
    expect((await login(email, 'Outra#Senha2026')).json().message).toBe(AUTH_MSG.wrongCredentials);
  });

  it("names the candidate as the acting user of the audit entries of their account and of the code's e-mail", async () => {
    const email = newEmail('auditoria');
    expect((await register({ nome: 'Auditada', email, password: PASSWORD })).statusCode).toBe(200);
    const id = (await t.db.query<{ id: number }>('SELECT id FROM auth.usuario WHERE email = $1', [email])).rows[0].id;
    const entries = async () =>
      (
        await t.db.query<{ tabelas: string; operacao: string; id_usuario: number | null }>(
          `SELECT tabelas, operacao, id_usuario FROM admin.log
            WHERE (tabelas = 'auth.usuario' AND id_item = $1) OR (tabelas = 'admin.email' AND new_data->>'para' = $2) ORDER BY id`,
          [String(id), email],
        )
      ).rows;
    expect(await entries()).toEqual([
      { tabelas: 'auth.usuario', operacao: 'INSERT', id_usuario: id },
      { tabelas: 'admin.email', operacao: 'INSERT', id_usuario: id },
    ]);
    // Registering again before confirming: the name changes, still in their name.
    await register({ nome: 'Auditada de Novo', email, password: PASSWORD });
    expect((await entries()).filter((e) => e.operacao === 'UPDATE')).toEqual([{ tabelas: 'auth.usuario', operacao: 'UPDATE', id_usuario: id }]);
    expect((await entries()).every((e) => e.id_usuario === id)).toBe(true);
  });

  it('checks the fields with the spec texts', async () => {
    const empty = await register({});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ message: MSG.requiredForm, errors: { nome: MSG.required, email: MSG.required, password: MSG.required } });
    const bad = await register({ nome: 'A', email: 'ana@', password: 'curta' });
    expect(bad.json().errors).toEqual({ nome: MSG.minLength(2), email: MSG.email, password: MSG.passwordLength });
    expect((await register({ nome: 'Ana', email: newEmail('fraca'), password: 'semespecial123' })).json().errors).toEqual({ password: MSG.password });
    const code = await confirm('ana@email.com', '12a');
    expect(code.statusCode).toBe(400);
    expect(code.json().errors).toEqual({ code: MSG.code6 });
  });

  it('confirms with the right code, once; the candidate then signs in with the role user', async () => {
    const email = newEmail('bruno');
    await register({ nome: 'Bruno', email, password: PASSWORD });
    const code = await lastCode(email);
    const wrong = await confirm(email, wrongOf(code));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: AUTH_MSG.wrongCode, code: 'CodeMismatchException', errors: { code: AUTH_MSG.wrongCode } });

    const ok = await confirm(email, code);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: AUTH_MSG.signUpConfirmed });
    // Single use.
    expect((await confirm(email, code)).json().message).toBe(AUTH_MSG.wrongCode);

    const signed = await login(email, PASSWORD);
    expect(signed.statusCode).toBe(200);
    const body = signed.json();
    expect(body.status).toBe('OK');
    expect(body.user).toMatchObject({ email, nome: 'Bruno', roles: ['user'], modules: [], employee: 'false' });
    const me = await t.app.inject({ url: '/v1/auth/me', headers: bearer(body.idToken) });
    expect(me.json().roles).toEqual(['user']);
    // A candidate is no manager: the users list is refused.
    expect((await t.app.inject({ url: '/api/users', headers: bearer(body.idToken) })).statusCode).toBe(403);
  });

  it('refuses an expired code, and a resent code replaces the earlier one', async () => {
    const email = newEmail('carla');
    await register({ nome: 'Carla', email, password: PASSWORD });
    const first = await lastCode(email);
    await t.db.query(`UPDATE auth.codigo SET expira_em = now() - interval '1 second' WHERE finalidade = 'CADASTRO'`);
    expect((await confirm(email, first)).json().message).toBe(AUTH_MSG.wrongCode);

    const resent = await post('/v1/auth/resend-sign-up-code', { email });
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toEqual({ message: AUTH_MSG.signUpCodeResent });
    const mails = await outbox(email);
    expect(mails).toHaveLength(2);
    const second = codeFrom(mails[1].texto);
    if (second !== first) expect((await confirm(email, first)).statusCode).toBe(400);
    expect((await confirm(email, second)).statusCode).toBe(200);
    expect((await login(email, PASSWORD)).json().status).toBe('OK');
  });

  it('spends a code after 5 wrong guesses, and locks the code entry after many', async () => {
    const email = newEmail('davi');
    await register({ nome: 'Davi', email, password: PASSWORD });
    const code = await lastCode(email);
    for (let i = 0; i < 5; i++) expect((await confirm(email, wrongOf(code))).statusCode).toBe(400);
    expect((await confirm(email, code)).json().message).toBe(AUTH_MSG.wrongCode);
    // Past 10 failures the entry is locked for a while, right code or not.
    for (let i = 0; i < 6; i++) await confirm(email, wrongOf(code));
    const locked = await confirm(email, code);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ message: AUTH_MSG.tooManyRequests, code: 'TooManyRequestsException' });
  });

  it('does not tell whether an e-mail has an account: the same answer, and the owner is told by e-mail', async () => {
    const owner = newEmail('dono');
    await t.userToken({ email: owner, papeis: ['rh:gestor'], nome: 'Dona da Conta' });
    const fresh = newEmail('novo');
    const a = await register({ nome: 'Intruso', email: owner.toUpperCase(), password: PASSWORD });
    const b = await register({ nome: 'Novo', email: fresh, password: PASSWORD });
    expect(a.statusCode).toBe(b.statusCode);
    expect(a.json()).toEqual(b.json());
    // The existing account is untouched: same name, roles and password; the owner got a warning.
    const { rows } = await t.db.query(`SELECT nome, papeis FROM auth.usuario WHERE email = $1`, [owner]);
    expect(rows).toEqual([{ nome: 'Dona da Conta', papeis: ['rh:gestor'] }]);
    expect((await login(owner, TEST_PASSWORD)).json().status).toBe('OK');
    expect((await login(owner, PASSWORD)).json().message).toBe(AUTH_MSG.wrongCredentials);
    const mails = await outbox(owner);
    expect(mails.map((m) => m.assunto)).toEqual(['Tentativa de cadastro com o seu e-mail']);
    expect(mails[0].texto).not.toMatch(/\b\d{6}\b/);
    // No code works on a confirmed account, and resending answers the same for any e-mail.
    expect((await confirm(owner, '123456')).json().message).toBe(AUTH_MSG.wrongCode);
    const resendOwner = await post('/v1/auth/resend-sign-up-code', { email: owner });
    const resendNobody = await post('/v1/auth/resend-sign-up-code', { email: newEmail('ninguem') });
    expect(resendOwner.json()).toEqual(resendNobody.json());
    expect(await outbox(owner)).toHaveLength(1);
  });

  it('lets a never-confirmed registration be taken over by whoever confirms the address', async () => {
    const email = newEmail('refeito');
    await register({ nome: 'Primeiro', email, password: 'Primeira#Senha1' });
    await register({ nome: 'Segundo', email, password: PASSWORD });
    expect((await t.db.query(`SELECT count(*)::int AS n FROM auth.usuario WHERE email = $1`, [email])).rows[0].n).toBe(1);
    expect((await confirm(email, await lastCode(email))).statusCode).toBe(200);
    expect((await login(email, 'Primeira#Senha1')).json().message).toBe(AUTH_MSG.wrongCredentials);
    expect((await login(email, PASSWORD)).json().user.nome).toBe('Segundo');
  });

  it('keeps sign-up codes and password-reset codes apart', async () => {
    const email = newEmail('separado');
    await register({ nome: 'Separado', email, password: PASSWORD });
    const signUpCode = await lastCode(email);
    const reset = await post('/v1/auth/confirm-forgot-password', { email, code: signUpCode, password: 'Nova#Senha2026' });
    expect(reset.json().message).toBe(AUTH_MSG.wrongCode);
    expect((await confirm(email, signUpCode)).statusCode).toBe(200);
  });

  it('limits the codes sent to an address and the registrations from a network address', async () => {
    const email = newEmail('limite');
    for (let i = 0; i < 5; i++) expect((await register({ nome: 'Limite', email, password: PASSWORD })).statusCode).toBe(200);
    const sixth = await register({ nome: 'Limite', email, password: PASSWORD });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toMatchObject({ message: AUTH_MSG.sendLimit, code: 'LimitExceededException' });
    // Resending counts against the same limit, and so do reset codes.
    expect((await post('/v1/auth/resend-sign-up-code', { email })).json().message).toBe(AUTH_MSG.sendLimit);
    expect((await post('/v1/auth/forgot-password', { email })).json().message).toBe(AUTH_MSG.sendLimit);
    expect(await outbox(email)).toHaveLength(5);

    await t.db.query('DELETE FROM auth.limite');
    for (let i = 0; i < 20; i++) expect((await register({ nome: 'Muitos', email: newEmail('muitos'), password: PASSWORD }, '10.0.0.9')).statusCode).toBe(200);
    const tooMany = await register({ nome: 'Muitos', email: newEmail('muitos'), password: PASSWORD }, '10.0.0.9');
    expect(tooMany.statusCode).toBe(429);
    expect(tooMany.json()).toMatchObject({ message: AUTH_MSG.tooManyRequests, code: 'TooManyRequestsException' });
    // Another address is not affected.
    expect((await register({ nome: 'Outro', email: newEmail('outro'), password: PASSWORD }, '10.0.0.10')).statusCode).toBe(200);
  });

  it('is documented in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ url: '/docs/json' })).json();
    for (const path of ['/v1/auth/register', '/v1/auth/confirm-sign-up', '/v1/auth/resend-sign-up-code']) {
      expect(doc.paths[path]?.post?.tags).toEqual(['Autenticação']);
    }
    expect(Object.keys(doc.paths['/v1/auth/register'].post.requestBody.content['application/json'].schema.properties)).toEqual(['nome', 'email', 'password']);
  });
});
