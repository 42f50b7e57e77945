// The HTTP edges of the server: CORS for react-admin on another origin, and the client address
// behind a load balancer (TRUST_PROXY) that the per-address sign-in throttling counts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTrustProxy } from '../../src/server/config.js';
import { testApp, TEST_PASSWORD, type TestApp } from '../helpers/app.js';

describe('CORS', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp();
  });
  afterAll(() => t?.close());

  const preflight = (method: string, url: string, headers: string) =>
    t.app.inject({
      method: 'OPTIONS',
      url,
      headers: { origin: 'https://admin.exemplo.com.br', 'access-control-request-method': method, 'access-control-request-headers': headers },
    });

  it.each([
    ['PUT', '/api/departments/1'],
    ['DELETE', '/api/departments/1'],
    ['PATCH', '/api/departments/1'],
    ['GET', '/api/departments'],
  ])('a %s preflight is allowed with the token, role and Range headers', async (method, url) => {
    const r = await preflight(method, url, 'authorization,content-type,x-intranet-role,range');
    expect(r.statusCode).toBe(204);
    expect(r.headers['access-control-allow-origin']).toBe('https://admin.exemplo.com.br');
    const methods = String(r.headers['access-control-allow-methods']).split(',').map((m) => m.trim());
    expect(methods).toEqual(expect.arrayContaining(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE']));
    const allowed = String(r.headers['access-control-allow-headers']).toLowerCase().split(',').map((h) => h.trim());
    expect(allowed).toEqual(expect.arrayContaining(['authorization', 'content-type', 'x-intranet-role', 'range']));
  });

  it('a list answer exposes Content-Range to the other origin', async () => {
    const r = await t.inject({ url: '/api/departments', headers: { origin: 'https://admin.exemplo.com.br' } });
    expect(r.statusCode).toBe(200);
    expect(String(r.headers['access-control-expose-headers']).split(',').map((h) => h.trim())).toEqual(expect.arrayContaining(['Content-Range']));
    expect(r.headers['content-range']).toBeDefined();
  });
});

describe('TRUST_PROXY', () => {
  it('reads true, false, a hop count or a list of proxies', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('true')).toBe(true);
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('10.0.0.0/8, 127.0.0.1')).toBe('10.0.0.0/8, 127.0.0.1');
  });

  /** 20 wrong sign-ins from one client behind the proxy, then a right one from it and from another client. */
  async function throttledAddresses(t: TestApp) {
    const email = `proxy.${Date.now()}@bitcom.com.br`;
    await t.userToken({ email, papeis: ['user'] });
    await t.db.query('DELETE FROM auth.limite');
    const login = (client: string, account: string, password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/auth/login',
        remoteAddress: '10.0.0.5',
        headers: { 'x-forwarded-for': client },
        payload: { email: account, password },
      });
    // A different e-mail each time, so no account's own lock (after 5 failures) stops the address's count.
    for (let i = 0; i < 20; i++) await login('203.0.113.7', `alvo.${i}@bitcom.com.br`, `Errada#${i}senha`);
    const keys = (await t.db.query<{ chave: string }>(`SELECT chave FROM auth.limite WHERE chave LIKE 'login:ip:%' AND bloqueado_ate > now()`)).rows.map((r) => r.chave);
    const other = await login('198.51.100.9', email, TEST_PASSWORD);
    return { keys, otherStatus: other.statusCode };
  }

  it('with TRUST_PROXY the X-Forwarded-For address is the one throttled: other clients behind the proxy still sign in', async () => {
    const t = await testApp({ config: { trustProxy: true } });
    try {
      const { keys, otherStatus } = await throttledAddresses(t);
      expect(keys).toEqual(['login:ip:203.0.113.7']);
      expect(otherStatus).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('without it the proxy address is the one throttled, for every client behind it', async () => {
    const t = await testApp();
    try {
      const { keys, otherStatus } = await throttledAddresses(t);
      expect(keys).toEqual(['login:ip:10.0.0.5']);
      expect(otherStatus).toBe(429);
    } finally {
      await t.close();
    }
  });
});
