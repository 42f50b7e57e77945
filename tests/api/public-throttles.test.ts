// Every public route (no token needed: `config.public`, or outside /api and /v1) is throttled per
// client address, declared beside the route (config.throttle, src/server/auth/routeThrottle.ts), or
// named with its reason in UNTHROTTLED_PUBLIC_ROUTES. The routes are seen as Fastify registers them
// (an onRoute hook added to the instance buildApp creates), not through the throttle's own list; each
// throttled one then answers 429 with Retry-After and a pt-BR message once its address used its limit.
import Fastify, { type RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MSG } from '../../src/domain/messages.js';
import { routeThrottlePlugin, unthrottledReason, type RouteThrottle } from '../../src/server/auth/routeThrottle.js';
import { testApp, type TestApp } from '../helpers/app.js';

const seen = vi.hoisted(() => [] as RouteOptions[]);
vi.mock('fastify', async (importOriginal) => {
  const mod = await importOriginal<typeof import('fastify')>();
  const create = ((options?: Parameters<typeof mod.default>[0]) => {
    const app = mod.default(options);
    app.addHook('onRoute', (route) => void seen.push({ ...route }));
    return app;
  }) as typeof mod.default;
  return { ...mod, default: Object.assign(create, mod.default), fastify: create };
});

const isPublic = (route: RouteOptions) => (route.config as { public?: boolean } | undefined)?.public === true || !/^\/(api|v1)(\/|$)/.test(route.url);
const throttleOf = (route: RouteOptions) => (route.config as { throttle?: RouteThrottle } | undefined)?.throttle;
const label = (route: RouteOptions) => `${[route.method].flat().join(',')} ${route.url}`;

let t: TestApp;
beforeAll(async () => {
  t = await testApp({
    config: {
      careersReadsPerMinute: 2,
      rouletteSpinsPerMinute: 1,
      sponsorshipRequestsPerHour: 1,
      authRequestsPerMinute: 2,
      trackingRedirectsPerMinute: 2,
      ...({ faqReadsPerMinute: 2 } as object),
    },
  });
});
afterAll(() => t?.close());

describe('the public routes', () => {
  it('each declares its throttle, or is named with its reason in UNTHROTTLED_PUBLIC_ROUTES', () => {
    const open = seen.filter(isPublic);
    expect(open.map(label)).toEqual(expect.arrayContaining(['GET /careers/role/:id', 'GET /v1/public/roulette/:slug/fundo', 'GET /l/:code', 'POST /v1/auth/login']));
    expect(open.filter((r) => !throttleOf(r) && !unthrottledReason(r.url)).map(label)).toEqual([]);
    // The exceptions are few and named: CORS preflights, the documentation's static files, the monitors' probe.
    expect([...new Set(open.filter((r) => !throttleOf(r)).map((r) => r.url.replace(/^\/docs\/.*/, '/docs/*')))].sort()).toEqual(['*', '/docs', '/docs/*', '/health']);
  });

  it('each throttled one answers 429, with Retry-After and a pt-BR message, once an address used its limit', async () => {
    const throttled = seen.filter((r) => isPublic(r) && throttleOf(r));
    expect(throttled.length).toBeGreaterThan(20);
    let address = 0;
    const problems: string[] = [];
    for (const route of throttled) {
      const { limit, windowSeconds, message } = throttleOf(route)!;
      const url = route.url.replace(/:(\w+)/g, (_, name: string) => (name === 'id' ? '1' : `${name}1`));
      for (const method of [route.method].flat()) {
        const remoteAddress = `198.18.${Math.floor(++address / 250)}.${address % 250}`;
        const call = () => t.app.inject({ method: method as 'GET', url, remoteAddress, ...(method === 'GET' || method === 'HEAD' ? {} : { payload: {} }) });
        const before: number[] = [];
        for (let i = 0; i < limit; i++) before.push((await call()).statusCode);
        const refused = await call();
        const retryAfter = Number(refused.headers['retry-after']);
        const ok =
          !before.includes(429) &&
          refused.statusCode === 429 &&
          Number.isInteger(retryAfter) &&
          retryAfter >= 1 &&
          retryAfter <= windowSeconds &&
          (method === 'HEAD' || refused.json().message === (message ?? MSG.tooManyRequests));
        if (!ok) problems.push(`${method} ${route.url}: ${before.join(',')} then ${refused.statusCode} (Retry-After ${refused.headers['retry-after']})`);
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('a public route without a throttle', () => {
  it('stops the server at start, naming the route', async () => {
    const app = Fastify();
    await app.register(routeThrottlePlugin, { db: { query: async () => ({ rows: [] }) } as never });
    const handler = async () => 'ok';
    expect(() => app.get('/pagina-nova', handler)).toThrow(/A rota pública GET \/pagina-nova não declara o seu limite/);
    expect(() => app.post('/v1/formulario', { config: { public: true } }, handler)).toThrow(/POST \/v1\/formulario/);
    // A throttled public route, and a route that needs a session, are fine.
    app.get('/pagina', { config: { throttle: { kind: 'teste', limit: 1, windowSeconds: 60 } } }, handler);
    app.get('/v1/interna', handler);
    await app.ready();
    await app.close();
  });
});
