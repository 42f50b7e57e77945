// The built-in identity through its HTTP surface: every sign-in path and error text, first access,
// the forgotten-password code, throttling, token expiry, rotation and revocation, tampered tokens,
// two-factor, and e-mail through SMTP or the outbox.
import { createHmac } from 'node:crypto';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import * as OTPAuth from 'otpauth';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_ADMIN } from '../../src/server/auth/bootstrap.js';
import { bearer, testApp, TEST_PASSWORD, type TestApp } from '../helpers/app.js';

let t: TestApp;
let provider: number;

const login = (email: string, password: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/v1/auth/login', payload: { email, password }, headers });
const me = (token: string) => t.app.inject({ url: '/v1/auth/me', headers: bearer(token) });
const outbox = async (to: string) =>
  (await t.db.query<{ assunto: string; texto: string; enviado: boolean }>('SELECT assunto, texto, enviado FROM admin.email WHERE para = $1 ORDER BY id', [to])).rows;
const codeFrom = (text: string) => /\b(\d{6})\b/.exec(text)![1];
const newEmail = (() => {
  let n = 0;
  return (tag: string) => `${tag}.${++n}@bitcom.com.br`;
})();
const createUser = async (tag: string, extra: Record<string, unknown> = {}) => {
  const email = newEmail(tag);
  await t.userToken({ email, papeis: ['user'], id_empresas: [provider], ...extra });
  return email;
};

beforeAll(async () => {
  t = await testApp();
  provider = (await t.inject({ method: 'POST', url: '/api/providers', payload: { nome: 'Bitcom' } })).json().id;
});
afterAll(() => t?.close());
// inject() calls all come from one address: each test starts with no throttling counters.
beforeEach(async () => {
  await t.db.query('DELETE FROM auth.limite');
});

describe('sign-in', () => {
  it('answers tokens and the session user for the right password', async () => {
    const email = await createUser('certo', { papeis: ['rh:gestor', 'user'], funcionario: true, nome: 'Ana' });
    const r = await login(email, TEST_PASSWORD);
    expect(r.statusCode).toBe(200);
    const body = r.json();
    expect(body).toMatchObject({ status: 'OK', expiresIn: 900 });
    expect(body.user).toMatchObject({ email, nome: 'Ana', roles: ['rh:gestor', 'user'], modules: ['rh'], employee: 'true' });
    expect(typeof body.user.userId).toBe('string');
    expect(typeof body.user.usuarioId).toBe('number');
    expect(typeof body.refreshToken).toBe('string');
    expect((await me(body.idToken)).json()).toEqual({ ...body.user, totp: false });
    // The identity token carries the session user's claims.
    const claims = JSON.parse(Buffer.from(body.idToken.split('.')[1], 'base64url').toString());
    expect(claims).toMatchObject({ sub: body.user.userId, usuarioId: body.user.usuarioId, email, roles: ['rh:gestor', 'user'], modules: ['rh'], employee: 'true' });
  });

  it('answers the same text for a wrong password and an unknown e-mail', async () => {
    const email = await createUser('errado');
    for (const [e, p] of [
      [email, 'Errada#Senha1'],
      ['ninguem@bitcom.com.br', TEST_PASSWORD],
    ]) {
      const r = await login(e, p);
      expect(r.statusCode).toBe(401);
      expect(r.json()).toMatchObject({ message: 'E-mail ou senha incorretos.', code: 'NotAuthorizedException' });
    }
    const empty = await login('', '');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({ email: 'Campo obrigatório', password: 'Campo obrigatório' });
  });

  it('locks an account after 5 wrong passwords, even for the right one', async () => {
    const email = await createUser('bloqueio');
    for (let i = 0; i < 5; i++) expect((await login(email, `Errada#${i}senha`)).statusCode).toBe(401);
    const locked = await login(email, TEST_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe('Tentativas de senha excedidas na validação');
    // The lock is exponential from the fifth failure; once it ends, the right password works.
    await t.db.query(`UPDATE auth.limite SET bloqueado_ate = now() - interval '1 second' WHERE chave LIKE 'login:email:%'`);
    expect((await login(email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('an unknown e-mail is locked like an account after 5 wrong passwords (the lock tells no account apart)', async () => {
    const known = await createUser('conhecido');
    for (const email of [known, 'desconhecido@bitcom.com.br']) {
      for (let i = 0; i < 5; i++) expect((await login(email, `Errada#${i}senha`)).statusCode).toBe(401);
      const r = await login(email, 'Errada#9senha');
      expect(r.statusCode, email).toBe(429);
      expect(r.json().message).toBe('Tentativas de senha excedidas na validação');
    }
  });

  it('locks an address after 20 failures across accounts', async () => {
    const email = await createUser('endereco');
    for (let i = 0; i < 20; i++) await login(`alvo${i}@bitcom.com.br`, 'Errada#1senha');
    const r = await login(email, TEST_PASSWORD);
    expect(r.statusCode).toBe(429);
    expect(r.json().message).toBe('Tentativas de senha excedidas na validação');
  });

  it('refuses disabled, unconfirmed and reset-required accounts with their texts, after the right password only', async () => {
    const disabled = await createUser('desabilitado');
    await t.db.query(`UPDATE auth.usuario SET ativo = false WHERE email = $1`, [disabled]);
    expect((await login(disabled, 'Errada#1senha')).json().message).toBe('E-mail ou senha incorretos.');
    const d = await login(disabled, TEST_PASSWORD);
    expect(d.statusCode).toBe(403);
    expect(d.json().message).toBe(
      'Seu acesso foi desabilitado, entre em contato com a área de Recursos Humanos para mais informações.',
    );
    for (const [estado, message] of [
      ['NAO_CONFIRMADO', 'Usuário não confirmado.'],
      ['REDEFINIR', 'Necessário redefinir a senha.'],
    ]) {
      const email = await createUser(estado.toLowerCase());
      await t.db.query(`UPDATE auth.credencial SET estado = $2 WHERE id_usuario = (SELECT id FROM auth.usuario WHERE email = $1)`, [email, estado]);
      const r = await login(email, TEST_PASSWORD);
      expect(r.statusCode).toBe(403);
      expect(r.json().message).toBe(message);
    }
  });
});

describe('first access', () => {
  it('a user created by an admin gets a temporary password by e-mail and must choose a new one', async () => {
    const email = newEmail('novo');
    const created = await t.inject({ method: 'POST', url: '/api/users', payload: { email, nome: 'Bruno Novo', papeis: ['user'], id_empresas: [provider] } });
    expect(created.statusCode).toBe(201);
    const [mail] = await outbox(email);
    expect(mail.assunto).toBe('Seu acesso à intranet');
    const temporary = /Senha temporária: (\S+)/.exec(mail.texto)![1];

    const r = await login(email, temporary);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ status: 'CHALLENGE', challenge: 'NEW_PASSWORD_REQUIRED' });
    const session = r.json().session;
    expect((await me(session)).statusCode).toBe(401);

    const tryPassword = (password: string) => t.app.inject({ method: 'POST', url: '/v1/auth/new-password', payload: { session, password } });
    expect((await tryPassword('curta')).json().errors.password).toBe('Utilize no mínimo 8 caracteres.');
    expect((await tryPassword('semmaiusculas1!')).json().errors.password).toBe(
      'A senha precisa ter 1 caracter maíusculo, 1 minúsculo e 1 caracter especial. Com no mínimo 8 caracteres.',
    );
    expect((await tryPassword('Password1!')).json().errors.password).toBe('Essa senha é muito comum. Escolha uma senha mais difícil de adivinhar.');
    expect((await tryPassword(temporary)).json().errors.password).toBe('A nova senha precisa ser diferente da senha temporária.');
    const ok = await tryPassword('Minha#Nova2026');
    expect(ok.statusCode).toBe(200);
    expect((await me(ok.json().idToken)).json().email).toBe(email);
    // The challenge cannot be used twice, and the temporary password is gone.
    expect((await tryPassword('Outra#Nova2026')).statusCode).toBe(401);
    expect((await login(email, temporary)).statusCode).toBe(401);
    expect((await login(email, 'Minha#Nova2026')).json().status).toBe('OK');
  });

  it('a temporary password expires after 7 days: signing in with it says so (after the right password only) until a new one is sent', async () => {
    const email = newEmail('temporaria');
    await t.inject({ method: 'POST', url: '/api/users', payload: { email, papeis: ['user'], id_empresas: [provider] } });
    const temporaryOf = async () => /Senha temporária: (\S+)/.exec((await outbox(email)).at(-1)!.texto)![1];
    const first = await temporaryOf();
    expect((await outbox(email)).at(-1)!.texto).toContain('(vale 7 dias)');
    const sentAt = (days: number) =>
      t.db.query(`UPDATE auth.credencial SET senha_alterada_em = now() - $2::float8 * interval '1 day' WHERE id_usuario = (SELECT id FROM auth.usuario WHERE email = $1)`, [email, days]);
    // Six days and some hours: still good.
    await sentAt(6.9);
    expect((await login(email, first)).json()).toMatchObject({ status: 'CHALLENGE', challenge: 'NEW_PASSWORD_REQUIRED' });
    await sentAt(7.1);
    const expired = await login(email, first);
    expect(expired.statusCode).toBe(403);
    expect(expired.json()).toEqual({
      message: 'Sua senha temporária expirou (ela vale 7 dias). Peça uma nova ao gestor que administra o seu acesso ou à área de Recursos Humanos.',
      code: 'NotAuthorizedException',
    });
    // A wrong password tells nothing of it.
    expect((await login(email, 'Errada#Senha1')).json().message).toBe('E-mail ou senha incorretos.');
    // The manager's resend gives a new one, good for another 7 days.
    expect((await t.inject({ method: 'POST', url: '/v1/auth/resend-temporary-password', payload: { email } })).statusCode).toBe(200);
    const second = await temporaryOf();
    expect((await login(email, second)).json()).toMatchObject({ status: 'CHALLENGE', challenge: 'NEW_PASSWORD_REQUIRED' });
    // A password the user chose does not expire.
    const chosen = await createUser('definitiva');
    await t.db.query(`UPDATE auth.credencial SET senha_alterada_em = now() - interval '90 days' WHERE id_usuario = (SELECT id FROM auth.usuario WHERE email = $1)`, [chosen]);
    expect((await login(chosen, TEST_PASSWORD)).json().status).toBe('OK');
  });

  it('a forged or expired challenge session is refused', async () => {
    const r = await t.app.inject({ method: 'POST', url: '/v1/auth/new-password', payload: { session: 'x.y.z', password: 'Minha#Nova2026' } });
    expect(r.statusCode).toBe(401);
  });
});

describe('forgotten password', () => {
  it('sends a 6-digit code, usable once, and the new password works', async () => {
    const email = await createUser('esqueci');
    const r = await t.app.inject({ method: 'POST', url: '/v1/auth/forgot-password', payload: { email } });
    expect(r.statusCode).toBe(200);
    const code = codeFrom((await outbox(email)).at(-1)!.texto);
    const confirm = (c: string, password = 'Recuperada#2026') =>
      t.app.inject({ method: 'POST', url: '/v1/auth/confirm-forgot-password', payload: { email, code: c, password } });
    const wrong = await confirm(code === '000000' ? '111111' : '000000');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Código de verificação errado.');
    expect((await confirm('12a')).json().errors.code).toBe('Utilize 6 digitos');
    expect((await confirm(code)).statusCode).toBe(200);
    expect((await confirm(code, 'Outra#Senha2026')).json().message).toBe('Código de verificação errado.');
    expect((await login(email, 'Recuperada#2026')).json().status).toBe('OK');
    expect((await login(email, TEST_PASSWORD)).statusCode).toBe(401);
  });

  it('a code expires after 10 minutes', async () => {
    const email = await createUser('expira');
    await t.app.inject({ method: 'POST', url: '/v1/auth/forgot-password', payload: { email } });
    const code = codeFrom((await outbox(email)).at(-1)!.texto);
    await t.db.query(`UPDATE auth.codigo SET expira_em = now() - interval '1 second'`);
    const r = await t.app.inject({ method: 'POST', url: '/v1/auth/confirm-forgot-password', payload: { email, code, password: 'Recuperada#2026' } });
    expect(r.json().message).toBe('Código de verificação errado.');
  });

  it('answers an unknown e-mail like a known one, sending nothing', async () => {
    const r = await t.app.inject({ method: 'POST', url: '/v1/auth/forgot-password', payload: { email: 'fantasma@bitcom.com.br' } });
    expect(r.statusCode).toBe(200);
    expect(r.json().message).toBe('Se o e-mail estiver cadastrado, você receberá um código de verificação.');
    expect(await outbox('fantasma@bitcom.com.br')).toEqual([]);
  });

  it('limits code requests (5 an hour per e-mail) and wrong code entries', async () => {
    const email = await createUser('limite');
    for (let i = 0; i < 5; i++) expect((await t.app.inject({ method: 'POST', url: '/v1/auth/forgot-password', payload: { email } })).statusCode).toBe(200);
    const sixth = await t.app.inject({ method: 'POST', url: '/v1/auth/forgot-password', payload: { email } });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toBe('Limite de envios excedido, tente depois de algum tempo.');
    for (let i = 0; i < 10; i++) {
      await t.app.inject({ method: 'POST', url: '/v1/auth/confirm-forgot-password', payload: { email, code: '999999', password: 'Recuperada#2026' } });
    }
    const locked = await t.app.inject({ method: 'POST', url: '/v1/auth/confirm-forgot-password', payload: { email, code: '999999', password: 'Recuperada#2026' } });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe('Foram realizadas muitas solicitações.');
  });
});

describe('tokens', () => {
  it('refresh rotates the refresh token; a reused one revokes the session', async () => {
    const email = await createUser('rotacao');
    const first = (await login(email, TEST_PASSWORD)).json();
    const refresh = (token: string) => t.app.inject({ method: 'POST', url: '/v1/auth/refresh', payload: { refreshToken: token } });
    const second = await refresh(first.refreshToken);
    expect(second.statusCode).toBe(200);
    expect(second.json().refreshToken).not.toBe(first.refreshToken);
    expect((await me(second.json().idToken)).statusCode).toBe(200);
    // The old refresh token again, after the reuse interval (10 s, here moved back): stolen or
    // replayed. The whole session ends.
    const sid = JSON.parse(Buffer.from(first.idToken.split('.')[1], 'base64url').toString()).sid;
    await t.db.query(`UPDATE auth.sessao SET rotacionado_em = now() - interval '11 seconds' WHERE id = $1`, [sid]);
    expect((await refresh(first.refreshToken)).statusCode).toBe(401);
    expect((await refresh(second.json().refreshToken)).statusCode).toBe(401);
    expect((await me(second.json().idToken)).statusCode).toBe(401);
  });

  it('sign-out revokes the identity token and the refresh token at once', async () => {
    const email = await createUser('sair');
    const s = (await login(email, TEST_PASSWORD)).json();
    const other = (await login(email, TEST_PASSWORD)).json();
    expect((await t.app.inject({ method: 'POST', url: '/v1/auth/logout', headers: bearer(s.idToken), payload: {} })).statusCode).toBe(200);
    expect((await me(s.idToken)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/v1/auth/refresh', payload: { refreshToken: s.refreshToken } })).statusCode).toBe(401);
    // Another device's session goes on.
    expect((await me(other.idToken)).statusCode).toBe(200);
  });

  it('disabling a user revokes their tokens', async () => {
    const email = await createUser('desativar');
    const s = (await login(email, TEST_PASSWORD)).json();
    const id = s.user.usuarioId;
    expect((await t.inject({ method: 'PUT', url: `/api/users/${id}`, payload: { ativo: false } })).statusCode).toBe(200);
    expect((await me(s.idToken)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/v1/auth/refresh', payload: { refreshToken: s.refreshToken } })).statusCode).toBe(401);
    expect((await login(email, TEST_PASSWORD)).statusCode).toBe(403);
  });

  it('refuses tampered, alg:none, foreign-key and malformed tokens', async () => {
    const s = (await login(await createUser('adulterado'), TEST_PASSWORD)).json();
    const [header, payload, signature] = s.idToken.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const enc = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const tampered = `${header}.${enc({ ...claims, roles: ['users:superadmin'] })}.${signature}`;
    const none = `${enc({ alg: 'none', typ: 'JWT' })}.${enc({ ...claims, roles: ['users:superadmin'] })}.`;
    const hs = (key: string) => {
      const h = enc({ alg: 'HS256', typ: 'JWT' });
      const p = enc(claims);
      return `${h}.${p}.${createHmac('sha256', key).update(`${h}.${p}`).digest('base64url')}`;
    };
    for (const token of [tampered, none, hs('outra-chave-qualquer-com-mais-de-32-caracteres'), 'abc', `${header}.${payload}`, '']) {
      const r = await t.app.inject({ url: '/api/departments', headers: { authorization: `Bearer ${token}` } });
      expect(r.statusCode, token).toBe(401);
      expect(r.json().message).toBe('Sua sessão expirou. Entre novamente.');
    }
    expect((await t.app.inject({ url: '/api/departments' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/departments', headers: bearer(s.idToken, 'user') })).statusCode).toBe(403);
  });

  it('an expired identity token is refused', async () => {
    // The clock is the test's: frozen while the token is issued and first used, then moved past the
    // token's exp (ACCESS_TOKEN_TTL 4 s), however slow the machine.
    const short = await testApp({ config: { accessTokenTtl: 4 } });
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    try {
      const token = await short.signIn(DEFAULT_ADMIN.email, DEFAULT_ADMIN.password);
      const { exp, iat } = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { exp: number; iat: number };
      expect(exp - iat).toBe(4);
      expect((await short.app.inject({ url: '/api/departments', headers: bearer(token) })).statusCode).toBe(200);
      vi.setSystemTime(exp * 1000 - 1000);
      expect((await short.app.inject({ url: '/api/departments', headers: bearer(token) })).statusCode).toBe(200);
      vi.setSystemTime(exp * 1000 + 1000);
      expect((await short.app.inject({ url: '/api/departments', headers: bearer(token) })).statusCode).toBe(401);
    } finally {
      vi.useRealTimers();
      await short.close();
    }
  });
});

describe('password change and two-factor', () => {
  it('changing the password needs the current one and signs other devices out', async () => {
    const email = await createUser('trocar');
    const a = (await login(email, TEST_PASSWORD)).json();
    const b = (await login(email, TEST_PASSWORD)).json();
    const change = (current: string, password: string) =>
      t.app.inject({ method: 'POST', url: '/v1/auth/change-password', headers: bearer(a.idToken), payload: { currentPassword: current, password } });
    expect((await change('Errada#1senha', 'Trocada#2026x')).statusCode).toBe(400);
    expect((await change(TEST_PASSWORD, 'fraca')).json().errors.password).toBe('Utilize no mínimo 8 caracteres.');
    expect((await change(TEST_PASSWORD, 'Trocada#2026x')).statusCode).toBe(200);
    expect((await me(a.idToken)).statusCode).toBe(200);
    expect((await me(b.idToken)).statusCode).toBe(401);
    expect((await login(email, 'Trocada#2026x')).json().status).toBe('OK');
  });

  /** A user with two-factor on: the authenticator, a session token and the sign-in challenge helper. */
  const withTotp = async (tag: string) => {
    const email = await createUser(tag);
    const s = (await login(email, TEST_PASSWORD)).json();
    expect((await me(s.idToken)).json().totp).toBe(false);
    const setup = (await t.app.inject({ method: 'POST', url: '/v1/auth/totp/setup', headers: bearer(s.idToken), payload: {} })).json();
    // A secret set up but not yet enabled is not two-factor on.
    expect((await me(s.idToken)).json().totp).toBe(false);
    expect(setup.uri).toContain('otpauth://totp/');
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(setup.secret), digits: 6, period: 30, algorithm: 'SHA1' });
    const enable = (code: string) => t.app.inject({ method: 'POST', url: '/v1/auth/totp/enable', headers: bearer(s.idToken), payload: { code } });
    expect((await enable(totp.generate() === '000000' ? '111111' : '000000')).json().message).toBe('Código de verificação errado.');
    expect((await enable(totp.generate())).json()).toEqual({ totp: true });
    expect((await me(s.idToken)).json().totp).toBe(true);
    const challenge = async () => {
      const r = (await login(email, TEST_PASSWORD)).json();
      expect(r).toMatchObject({ status: 'CHALLENGE', challenge: 'SOFTWARE_TOKEN_MFA' });
      return (code: string) => t.app.inject({ method: 'POST', url: '/v1/auth/mfa', payload: { session: r.session, code } });
    };
    return { email, token: s.idToken as string, totp, challenge };
  };
  /** The code of the next 30-second step (inside the accepted window, after the current one). */
  const nextCode = (totp: OTPAuth.TOTP) => totp.generate({ timestamp: Date.now() + 30_000 });
  /** As if the authenticator's next codes came later: forgets which step was last accepted. */
  const later = (email: string) => t.db.query(`UPDATE auth.credencial SET totp_ultimo_passo = NULL WHERE id_usuario = (SELECT id FROM auth.usuario WHERE email = $1)`, [email]);

  it('TOTP: set up, enabled with a right code, then asked at sign-in; each code is accepted once', async () => {
    const { totp, challenge } = await withTotp('totp');
    const mfa = await challenge();
    expect((await mfa('123')).json().errors.code).toBe('Utilize 6 digitos');
    // The code that enabled two-factor was spent there.
    const replayed = await mfa(totp.generate());
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json().message).toBe('Código de verificação errado.');
    const code = nextCode(totp);
    const ok = await mfa(code);
    expect(ok.statusCode).toBe(200);
    expect((await me(ok.json().idToken)).statusCode).toBe(200);
    // The same code on another sign-in, inside its window: refused.
    const again = await challenge();
    expect((await again(code)).json().message).toBe('Código de verificação errado.');
  });

  it('TOTP: a first access (new temporary password) with two-factor on asks the code after the new password, never tokens before it', async () => {
    const { email, totp } = await withTotp('totp.primeiro');
    // The manager sends a new temporary password (whoever reads that e-mail knows it).
    expect((await t.inject({ method: 'POST', url: '/v1/auth/resend-temporary-password', payload: { email } })).statusCode).toBe(200);
    const temporary = /Senha temporária: (\S+)/.exec((await outbox(email)).at(-1)!.texto)![1];
    const first = (await login(email, temporary)).json();
    expect(first).toMatchObject({ status: 'CHALLENGE', challenge: 'NEW_PASSWORD_REQUIRED' });

    const chosen = await t.app.inject({ method: 'POST', url: '/v1/auth/new-password', payload: { session: first.session, password: 'Escolhida#2026' } });
    expect(chosen.statusCode).toBe(200);
    const body = chosen.json();
    expect(body).toEqual({ status: 'CHALLENGE', challenge: 'SOFTWARE_TOKEN_MFA', session: expect.any(String) });
    expect(body.idToken).toBeUndefined();
    expect(body.refreshToken).toBeUndefined();
    // The challenge session is no identity token.
    expect((await me(body.session)).statusCode).toBe(401);
    const mfa = (code: string) => t.app.inject({ method: 'POST', url: '/v1/auth/mfa', payload: { session: body.session, code } });
    expect((await mfa(nextCode(totp) === '000000' ? '111111' : '000000')).json().message).toBe('Código de verificação errado.');
    const done = await mfa(nextCode(totp));
    expect(done.statusCode).toBe(200);
    expect((await me(done.json().idToken)).json().email).toBe(email);
    // The new password is in place; signing in again asks the code again.
    expect((await login(email, 'Escolhida#2026')).json()).toMatchObject({ status: 'CHALLENGE', challenge: 'SOFTWARE_TOKEN_MFA' });
  });

  it('TOTP: with two-factor on, a new set-up needs a current code and the active secret stays until the new one is enabled', async () => {
    const { email, token, totp, challenge } = await withTotp('totp.troca');
    const setup = (payload: object) => t.app.inject({ method: 'POST', url: '/v1/auth/totp/setup', headers: bearer(token), payload });
    // A session alone cannot turn the second factor off (the audit's bypass).
    const bare = await setup({});
    expect(bare.statusCode).toBe(400);
    expect(bare.json().errors.code).toBe('Utilize 6 digitos');
    expect((await setup({ code: totp.generate() === '000000' ? '111111' : '000000' })).json().message).toBe('Código de verificação errado.');
    const stillOn = await challenge();
    expect((await stillOn(nextCode(totp))).statusCode).toBe(200);
    const disable = await t.app.inject({ method: 'POST', url: '/v1/auth/totp/disable', headers: bearer(token), payload: { code: '000001' } });
    expect(disable.statusCode).toBe(400);

    // With a current code: a new secret, pending; the old authenticator still signs in.
    await later(email);
    const replaced = await setup({ code: totp.generate() });
    expect(replaced.statusCode).toBe(200);
    const fresh = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(replaced.json().secret), digits: 6, period: 30, algorithm: 'SHA1' });
    const pending = await challenge();
    expect((await pending(fresh.generate())).statusCode).toBe(400);
    expect((await pending(nextCode(totp))).statusCode).toBe(200);
    // Enabled: the new authenticator signs in, the old one no more.
    const enable = await t.app.inject({ method: 'POST', url: '/v1/auth/totp/enable', headers: bearer(token), payload: { code: fresh.generate() } });
    expect(enable.json()).toEqual({ totp: true });
    await later(email);
    const swapped = await challenge();
    expect((await swapped(totp.generate())).statusCode).toBe(400);
    expect((await swapped(fresh.generate())).statusCode).toBe(200);
    // Turning it off takes a code too.
    const off = await t.app.inject({ method: 'POST', url: '/v1/auth/totp/disable', headers: bearer(token), payload: { code: nextCode(fresh) } });
    expect(off.json()).toEqual({ totp: false });
    expect((await me(token)).json().totp).toBe(false);
    expect((await login(email, TEST_PASSWORD)).json().status).toBe('OK');
  });
});

describe('throttling durations and spent codes', () => {
  const lock = async (key: string) =>
    (await t.db.query<{ bloqueio_segundos: number | null; locked: boolean }>(`SELECT bloqueio_segundos, bloqueado_ate > now() AS locked FROM auth.limite WHERE chave = $1`, [key])).rows[0];
  /** Ends the current lock, as if its time had passed. */
  const expire = (key: string) => t.db.query(`UPDATE auth.limite SET bloqueado_ate = now() - interval '1 millisecond' WHERE chave = $1`, [key]);

  it('an account is locked 1 s after the fifth wrong password, then 2 s, then 4 s', async () => {
    const email = await createUser('exponencial');
    const key = `login:email:${email}`;
    for (let i = 0; i < 4; i++) expect((await login(email, `Errada#${i}senha`)).statusCode).toBe(401);
    expect((await lock(key)).bloqueio_segundos).toBeNull();
    const durations: number[] = [];
    for (let i = 0; i < 3; i++) {
      expect((await login(email, 'Errada#Mais1')).statusCode).toBe(401);
      const current = await lock(key);
      expect(current.locked).toBe(true);
      // While locked, even the right password is refused, and the lock does not grow.
      expect((await login(email, TEST_PASSWORD)).statusCode).toBe(429);
      expect((await lock(key)).bloqueio_segundos).toBe(current.bloqueio_segundos);
      durations.push(current.bloqueio_segundos!);
      await expire(key);
    }
    expect(durations).toEqual([1, 2, 4]);
    expect((await login(email, TEST_PASSWORD)).json().status).toBe('OK');
  });

  it('a reset code is spent after 5 wrong guesses; the code entry locks after 10, 1 s then 2 s then 4 s', async () => {
    const email = await createUser('codigo.gasto');
    await t.app.inject({ method: 'POST', url: '/v1/auth/forgot-password', payload: { email } });
    const code = codeFrom((await outbox(email)).at(-1)!.texto);
    const wrong = code === '000000' ? '111111' : '000000';
    const confirm = (c: string) => t.app.inject({ method: 'POST', url: '/v1/auth/confirm-forgot-password', payload: { email, code: c, password: 'Recuperada#2026' } });
    for (let i = 0; i < 5; i++) expect((await confirm(wrong)).json().message).toBe('Código de verificação errado.');
    // The right code, after five wrong guesses: spent.
    const late = await confirm(code);
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe('Código de verificação errado.');
    expect((await login(email, 'Recuperada#2026')).statusCode).toBe(401);
    expect((await login(email, TEST_PASSWORD)).json().status).toBe('OK');

    const key = `code-entry:email:${email.toLowerCase()}`;
    for (let i = 0; i < 3; i++) await confirm(wrong);
    expect((await lock(key)).locked ?? false).toBe(false);
    const durations: number[] = [];
    for (let i = 0; i < 3; i++) {
      await confirm(wrong);
      const current = await lock(key);
      expect(current.locked).toBe(true);
      expect((await confirm(wrong)).json().message).toBe('Foram realizadas muitas solicitações.');
      durations.push(current.bloqueio_segundos!);
      await expire(key);
    }
    expect(durations).toEqual([1, 2, 4]);
  });
});

describe('role header', () => {
  it('must be one of the user\'s roles, and its rights apply', async () => {
    const token = await t.userToken({ papeis: ['rh:gestor', 'rh:leitor', 'user'], id_empresas: [provider] });
    expect((await t.app.inject({ url: '/api/departments', headers: bearer(token, 'rh:gestor') })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/departments', headers: bearer(token, 'users:superadmin') })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/departments', headers: bearer(token, 'vendas:gestor') })).statusCode).toBe(403);
    // As leitor, the same user may read and not write.
    const write = await t.app.inject({ method: 'POST', url: '/api/departments', headers: bearer(token, 'rh:leitor'), payload: { nome: 'Novo', id_empresa: provider } });
    expect(write.statusCode).toBe(403);
    expect(write.json().message).toBe('Este usuário não tem autorização para realizar esta operação.');
    const asGestor = await t.app.inject({ method: 'POST', url: '/api/departments', headers: bearer(token, 'rh:gestor'), payload: { nome: 'Novo', id_empresa: provider } });
    expect(asGestor.statusCode).toBe(201);
  });
});

describe('users admin', () => {
  it('only the superadmin grants the superadmin role; the resend of an unknown e-mail says so', async () => {
    const gestor = await t.userToken({ papeis: ['users:gestor', 'rh:gestor'], id_empresas: [provider] });
    const escalate = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: bearer(gestor),
      payload: { email: newEmail('escalada'), papeis: ['users:superadmin'], id_empresas: [provider] },
    });
    expect(escalate.statusCode).toBe(403);
    const ok = await t.app.inject({ method: 'POST', url: '/api/users', headers: bearer(gestor), payload: { email: newEmail('normal'), papeis: ['rh:leitor'], id_empresas: [provider] } });
    expect(ok.statusCode).toBe(201);
    const missing = await t.app.inject({ method: 'POST', url: '/v1/auth/resend-temporary-password', headers: bearer(gestor), payload: { email: 'nao@existe.com' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('E-mail não encontrado.');
  });

  it('any module manager resends a temporary password to a user of their providers; a reader may not', async () => {
    const email = newEmail('reenvio');
    expect((await t.inject({ method: 'POST', url: '/api/users', payload: { email, nome: 'Reenvio', papeis: ['user'], id_empresas: [provider] } })).statusCode).toBe(201);
    const hr = await t.userToken({ papeis: ['rh:gestor'], id_empresas: [provider] });
    const reader = await t.userToken({ papeis: ['rh:leitor'], id_empresas: [provider] });
    const resend = (token: string) => t.app.inject({ method: 'POST', url: '/v1/auth/resend-temporary-password', headers: bearer(token), payload: { email } });
    expect((await resend(reader)).statusCode).toBe(403);
    expect((await resend(hr)).statusCode).toBe(200);
  });
});

describe('e-mail through SMTP', () => {
  it('sends the reset code through SMTP_URL and keeps only the envelope in the outbox', async () => {
    const received: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      onData(stream, _session, cb) {
        let data = '';
        stream.on('data', (c) => (data += c));
        stream.on('end', () => {
          received.push(data);
          cb();
        });
      },
    });
    server.listen(0, '127.0.0.1');
    await once(server.server, 'listening');
    const port = (server.server.address() as AddressInfo).port;
    const smtp = await testApp({ config: { smtpUrl: `smtp://127.0.0.1:${port}` } });
    try {
      const email = 'smtp.usuario@bitcom.com.br';
      await smtp.userToken({ email, papeis: ['user'] });
      expect((await smtp.app.inject({ method: 'POST', url: '/v1/auth/forgot-password', payload: { email } })).statusCode).toBe(200);
      expect(received).toHaveLength(1);
      expect(received[0]).toContain(email);
      const code = codeFrom(received[0].replace(/=\r?\n/g, ''));
      const { rows } = await smtp.db.query('SELECT enviado, texto FROM admin.email WHERE para = $1', [email]);
      expect(rows).toEqual([{ enviado: true, texto: 'Mensagem enviada por SMTP; o conteúdo não é guardado.' }]);
      const confirm = await smtp.app.inject({ method: 'POST', url: '/v1/auth/confirm-forgot-password', payload: { email, code, password: 'Via#Smtp2026' } });
      expect(confirm.statusCode).toBe(200);
    } finally {
      await smtp.close();
      server.close();
    }
  });
});
