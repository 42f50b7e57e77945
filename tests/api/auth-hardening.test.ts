// Issue 11, sign-in: tokens without exp are refused (built-in and Cognito), the failure counters
// decay and a success clears the account's, and a refresh token used twice at once (two tabs) keeps
// the session while a reuse after the interval still ends it.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCognitoAuthenticator } from '../../src/server/auth/cognito.js';
import { bearer, testApp, TEST_PASSWORD, type TestApp } from '../helpers/app.js';

let t: TestApp;
let seq = 0;

const newUser = async (tag: string) => {
  const email = `${tag}.${++seq}@bitcom.com.br`;
  await t.userToken({ email, papeis: ['user'] });
  return email;
};
/** Each test signs in from its own address, so no test sees another's address counter. */
const address = () => `203.0.113.${++seq}`;
const login = (email: string, password: string, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: '/v1/auth/login', payload: { email, password }, remoteAddress });
const me = (token: string) => t.app.inject({ url: '/v1/auth/me', headers: bearer(token) });
const refresh = (refreshToken: string) => t.app.inject({ method: 'POST', url: '/v1/auth/refresh', payload: { refreshToken } });
const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as Record<string, unknown>;
/** A counter: its failures, and the length of the lock its last failure set (null: none since `age`). */
const counter = async (key: string) =>
  (
    await t.db.query<{ falhas: number; lock: number | null }>(
      `SELECT falhas, CASE WHEN bloqueado_ate IS NULL THEN NULL ELSE bloqueio_segundos END AS lock FROM auth.limite WHERE chave = $1`,
      [key],
    )
  ).rows[0];
/** As if `minutes` had passed for a counter: its lock has ended and its failures are that much older. */
const age = (key: string, minutes: number) =>
  t.db.query(`UPDATE auth.limite SET janela_inicio = janela_inicio - make_interval(mins => $2), bloqueado_ate = NULL WHERE chave = $1`, [key, minutes]);
/** Keeps a lock just set (1 s, 2 s) running while the test checks that it refuses, however slow the machine. */
const hold = (key: string) => t.db.query(`UPDATE auth.limite SET bloqueado_ate = now() + interval '1 minute' WHERE chave = $1 AND bloqueado_ate IS NOT NULL`, [key]);

beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t?.close());

describe('tokens without exp', () => {
  it('an identity or challenge token signed with the real key but without exp is refused', async () => {
    const email = await newUser('sem.exp');
    const s = (await login(email, TEST_PASSWORD, address())).json();
    const key = new TextEncoder().encode((await t.db.query<{ valor: string }>(`SELECT valor FROM auth.chave WHERE id = 'jwt'`)).rows[0].valor);
    const claims = claimsOf(s.idToken);
    const sub = claims.sub;
    for (const k of ['sub', 'exp', 'iat', 'jti']) delete claims[k];
    const sign = (payload: Record<string, unknown>, expires: boolean) => {
      const jwt = new SignJWT(payload).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setSubject(String(sub)).setIssuedAt();
      return (expires ? jwt.setExpirationTime('5m') : jwt).sign(key);
    };
    // The same claims with an exp pass: the key is the real one.
    expect((await me(await sign(claims, true))).statusCode).toBe(200);
    const forever = await me(await sign({ ...claims, roles: ['users:superadmin'] }, false));
    expect(forever.statusCode).toBe(401);
    expect(forever.json().message).toBe('Sua sessão expirou. Entre novamente.');
    expect((await t.app.inject({ url: '/api/users', headers: bearer(await sign(claims, false)) })).statusCode).toBe(401);

    const challenge = { usuarioId: claims.usuarioId, challenge: 'SOFTWARE_TOKEN_MFA', typ: 'challenge', iss: claims.iss };
    const mfa = await t.app.inject({ method: 'POST', url: '/v1/auth/mfa', payload: { session: await sign(challenge, false), code: '123456' } });
    expect(mfa.statusCode).toBe(401);
    expect(mfa.json().message).toBe('Sua sessão expirou. Entre novamente.');
  });

  it('with Cognito, a token of the pool\'s key without exp is refused', async () => {
    const email = await newUser('cognito.sem.exp');
    const { publicKey, privateKey } = await generateKeyPair('RS256');
    const jwk = { ...(await exportJWK(publicKey)), kid: 'teste', alg: 'RS256', use: 'sig' };
    const server: Server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] })));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const issuer = `${base}/pool`;
      const authenticate = createCognitoAuthenticator(t.db, { region: 'sa-east-1', userPoolId: 'pool', clientId: 'cliente', issuer, jwksUri: `${base}/jwks.json` });
      const sign = (expires: boolean) => {
        const jwt = new SignJWT({ token_use: 'id', email, email_verified: true })
          .setProtectedHeader({ alg: 'RS256', kid: 'teste' })
          .setIssuer(issuer)
          .setAudience('cliente')
          .setSubject('sub-cognito')
          .setJti(`jti-${expires}`)
          .setIssuedAt();
        return (expires ? jwt.setExpirationTime('5m') : jwt).sign(privateKey);
      };
      expect((await authenticate(await sign(true)))?.email).toBe(email);
      expect(await authenticate(await sign(false))).toBeNull();
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('decaying failure counters', () => {
  it('an address locked by 20 failures stays locked for a steady guesser, and not for old typos', async () => {
    const ip = address();
    const key = `login:ip:${ip}`;
    const email = await newUser('escritorio');
    // A different e-mail each time: no account's own lock stops the address's count.
    for (let i = 0; i < 20; i++) expect((await login(`colega.${ip}.${i}@bitcom.com.br`, 'Errada#1senha', ip)).statusCode).toBe(401);
    expect(await counter(key)).toEqual({ falhas: 20, lock: 1 });
    await hold(key);
    const locked = await login(email, TEST_PASSWORD, ip);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe('Tentativas de senha excedidas na validação');
    // The lock ends but the failures are recent: the next typo locks the address again, for longer.
    await age(key, 0);
    expect((await login('outro.colega@bitcom.com.br', 'Errada#1senha', ip)).statusCode).toBe(401);
    expect(await counter(key)).toEqual({ falhas: 21, lock: 2 });
    // 15 minutes later the count has halved: a typo no longer locks the office.
    await age(key, 15);
    expect((await login('outro.colega@bitcom.com.br', 'Errada#2senha', ip)).statusCode).toBe(401);
    expect(await counter(key)).toEqual({ falhas: 11, lock: null });
    expect((await login(email, TEST_PASSWORD, ip)).json().status).toBe('OK');
    // An hour later (four halvings) it is almost forgotten.
    await age(key, 60);
    expect((await login('outro.colega@bitcom.com.br', 'Errada#3senha', ip)).statusCode).toBe(401);
    expect((await counter(key)).falhas).toBe(1);
  });

  it("an account's failures decay too, and a success clears them (the address's count stays)", async () => {
    const ip = address();
    const email = await newUser('conta.decai');
    const key = `login:email:${email}`;
    for (let i = 0; i < 5; i++) expect((await login(email, `Errada#${i}senha`, ip)).statusCode).toBe(401);
    expect(await counter(key)).toEqual({ falhas: 5, lock: 1 });
    await hold(key);
    expect((await login(email, TEST_PASSWORD, ip)).statusCode).toBe(429);
    // Half an hour later: 5 → 1, plus this typo: 2, below the 5 free ones.
    await age(key, 30);
    expect((await login(email, 'Errada#9senha', ip)).statusCode).toBe(401);
    expect(await counter(key)).toEqual({ falhas: 2, lock: null });
    // A success clears the account's counter: four more typos do not lock it.
    expect((await login(email, TEST_PASSWORD, ip)).json().status).toBe('OK');
    expect(await counter(key)).toBeUndefined();
    for (let i = 0; i < 4; i++) expect((await login(email, `Errada#${i}outra`, ip)).statusCode).toBe(401);
    expect(await counter(key)).toEqual({ falhas: 4, lock: null });
    expect((await login(email, TEST_PASSWORD, ip)).json().status).toBe('OK');
    // Every failure from the address still counts there: one valid account cannot wipe it.
    expect((await counter(`login:ip:${ip}`)).falhas).toBe(10);
  });
});

describe('refresh token reuse interval', () => {
  const sessionOf = async (tag: string) => (await login(await newUser(tag), TEST_PASSWORD, address())).json();
  const rotatedAgo = (idToken: string, seconds: number) =>
    t.db.query(`UPDATE auth.sessao SET rotacionado_em = now() - make_interval(secs => $2) WHERE id = $1`, [claimsOf(idToken).sid, seconds]);

  it('two simultaneous refreshes with the same token both succeed, and the session goes on', async () => {
    const s = await sessionOf('duas.abas');
    const [a, b] = await Promise.all([refresh(s.refreshToken), refresh(s.refreshToken)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    // Both tabs hold the same successor: the session keeps one valid refresh token.
    expect(a.json().refreshToken).toBe(b.json().refreshToken);
    expect(a.json().refreshToken).not.toBe(s.refreshToken);
    expect(a.json().idToken).not.toBe(b.json().idToken);
    for (const r of [a, b]) expect((await me(r.json().idToken)).statusCode).toBe(200);
    const next = await refresh(a.json().refreshToken);
    expect(next.statusCode).toBe(200);
    expect((await me(next.json().idToken)).statusCode).toBe(200);
    expect((await me(s.idToken)).statusCode).toBe(200);
  });

  it('a retry within the interval answers the same successor; a reuse after it ends the session', async () => {
    const s = await sessionOf('reuso');
    const first = await refresh(s.refreshToken);
    const retry = await refresh(s.refreshToken);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().refreshToken).toBe(first.json().refreshToken);
    // 11 seconds later the replaced token is a replay: the whole session ends.
    await rotatedAgo(s.idToken, 11);
    const late = await refresh(s.refreshToken);
    expect(late.statusCode).toBe(401);
    expect(late.json().message).toBe('Sua sessão expirou. Entre novamente.');
    expect((await refresh(first.json().refreshToken)).statusCode).toBe(401);
    expect((await me(first.json().idToken)).statusCode).toBe(401);
  });

  it('the interval does not revive a session signed out, nor accept an unknown token', async () => {
    const s = await sessionOf('saiu');
    const first = (await refresh(s.refreshToken)).json();
    expect((await t.app.inject({ method: 'POST', url: '/v1/auth/logout', headers: bearer(first.idToken), payload: {} })).statusCode).toBe(200);
    expect((await refresh(s.refreshToken)).statusCode).toBe(401);
    expect((await refresh(first.refreshToken)).statusCode).toBe(401);
    expect((await refresh('desconhecido')).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/v1/auth/refresh', payload: { refreshToken: 42 } })).statusCode).toBe(401);
  });
});
