// Security headers on every response: a Content-Security-Policy letting pages run only our own
// scripts and be framed by no one, nosniff, no referrer, X-Frame-Options; HSTS only over HTTPS;
// Cognito's endpoints reachable when it signs people in; a route's own stricter policy wins.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIST_DIR } from '../../src/server/app.js';
import { contentSecurityPolicy, securityHeaders } from '../../src/server/security.js';
import { testApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ serveAdmin: true });
});
afterAll(() => t?.close());

/** The CSP header as directive -> sources. */
function csp(header: unknown): Record<string, string[]> {
  expect(typeof header, 'content-security-policy').toBe('string');
  return Object.fromEntries(
    (header as string)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name, sources]),
  );
}

function expectSecurityHeaders(headers: Record<string, unknown>, what: string) {
  const policy = csp(headers['content-security-policy']);
  expect(policy['script-src'], what).toEqual(["'self'"]);
  expect(policy['script-src-attr'], what).toEqual(["'none'"]);
  expect(policy['default-src'], what).toEqual(["'self'"]);
  expect(policy['frame-ancestors'], what).toEqual(["'none'"]);
  expect(policy['object-src'], what).toEqual(["'none'"]);
  expect(policy['base-uri'], what).toEqual(["'self'"]);
  expect(policy['form-action'], what).toEqual(["'self'"]);
  expect(policy['connect-src'], what).toContain("'self'");
  expect(policy['upgrade-insecure-requests'], what).toBeUndefined();
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['x-frame-options'], what).toBe('DENY');
  expect(headers['referrer-policy'], what).toBe('no-referrer');
  expect(headers['cross-origin-embedder-policy'], what).toBeUndefined();
  // Served over plain HTTP (no https PUBLIC_URL): no HSTS.
  expect(headers['strict-transport-security'], what).toBeUndefined();
  expect(headers['x-powered-by'], what).toBeUndefined();
}

describe('security headers', () => {
  it('are on every kind of response: API, errors, documented calls, the health check, the docs', async () => {
    const responses = {
      'GET /api/departments': await t.inject('/api/departments'),
      'GET /api/departments without a token (401)': await t.app.inject('/api/departments'),
      'POST with a broken body (400)': await t.inject({ method: 'POST', url: '/api/departments', headers: { 'content-type': 'application/json' }, payload: '{' }),
      'GET /v1/auth/config': await t.app.inject('/v1/auth/config'),
      'GET /health': await t.app.inject('/health'),
      'GET /api/nada (404)': await t.inject('/api/nada'),
      'GET /docs/': await t.app.inject('/docs/'),
      'GET /docs/json': await t.app.inject('/docs/json'),
      'GET /docs/static/swagger-initializer.js': await t.app.inject('/docs/static/swagger-initializer.js'),
      'POST /v1/graphql': await t.inject({ method: 'POST', url: '/v1/graphql', payload: { query: '{ __typename }' } }),
      'OPTIONS preflight': await t.app.inject({ method: 'OPTIONS', url: '/api/departments', headers: { origin: 'https://outro.example', 'access-control-request-method': 'GET' } }),
    };
    for (const [what, r] of Object.entries(responses)) {
      expect(r.statusCode, what).toBeLessThan(500);
      expectSecurityHeaders(r.headers, what);
    }
  });

  it.runIf(existsSync(join(DIST_DIR, 'index.html')))('are on the admin page (index.html and its client-side routes) and its assets; the page has no inline script', async () => {
    for (const url of ['/', '/intranet', '/departments/list']) {
      const r = await t.app.inject(url);
      expect(r.statusCode, url).toBe(200);
      expect(r.headers['content-type'], url).toContain('text/html');
      expectSecurityHeaders(r.headers, url);
      // script-src 'self' only: every script of the page is a file.
      for (const tag of r.body.match(/<script\b[^>]*>/g) ?? []) expect(tag, url).toMatch(/\bsrc=/);
    }
    const asset = (await t.app.inject('/')).body.match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
    expect(asset).toBeTruthy();
    expectSecurityHeaders((await t.app.inject(asset!)).headers, asset!);
  });
});

describe('the policy follows the configuration', () => {
  const cognito = { region: 'sa-east-1', userPoolId: 'us-east-1_AbC123', clientId: 'cliente' };

  it('lets the browser reach Cognito (the pool\'s region and the configured one, or the emulator) when it signs people in', () => {
    expect(contentSecurityPolicy({})['connect-src']).toEqual(["'self'"]);
    expect(contentSecurityPolicy({ cognito })['connect-src']).toEqual([
      "'self'",
      'https://cognito-idp.sa-east-1.amazonaws.com',
      'https://cognito-idp.us-east-1.amazonaws.com',
    ]);
    expect(contentSecurityPolicy({ cognito: { ...cognito, region: 'us-east-1', endpoint: 'http://127.0.0.1:9229/' } })['connect-src']).toEqual([
      "'self'",
      'https://cognito-idp.us-east-1.amazonaws.com',
      'http://127.0.0.1:9229',
    ]);
    // The public address's websocket origin is named for browsers whose 'self' does not cover ws(s):.
    expect(contentSecurityPolicy({ publicUrl: 'https://intranet.exemplo.com.br/app' })['connect-src']).toEqual(["'self'", 'wss://intranet.exemplo.com.br']);
    expect(contentSecurityPolicy({ publicUrl: 'http://intranet.local:3000' })['connect-src']).toEqual(["'self'", 'ws://intranet.local:3000']);
  });

  async function bare(config: Parameters<typeof contentSecurityPolicy>[0]) {
    const app = Fastify();
    await app.register(securityHeaders, { config });
    app.get('/pagina', async () => ({ ok: true }));
    app.get('/arquivo', async (_request, reply) => reply.header('content-security-policy', "default-src 'none'; sandbox").send('conteúdo'));
    await app.ready();
    return app;
  }

  it('sends HSTS only when the public address is HTTPS', async () => {
    const secure = await bare({ publicUrl: 'https://intranet.exemplo.com.br' });
    expect((await secure.inject('/pagina')).headers['strict-transport-security']).toBe('max-age=15552000');
    await secure.close();
    const plain = await bare({ publicUrl: 'http://intranet.local' });
    expect((await plain.inject('/pagina')).headers['strict-transport-security']).toBeUndefined();
    await plain.close();
  });

  it('a route\'s own Content-Security-Policy (file downloads) replaces the global one; the other headers stay', async () => {
    const app = await bare({});
    const r = await app.inject('/arquivo');
    expect(r.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.headers['x-frame-options']).toBe('DENY');
    await app.close();
  });
});
