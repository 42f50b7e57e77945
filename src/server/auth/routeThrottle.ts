// Every public route is throttled per client address, and says how beside its declaration: its
// `config.throttle` names the counter (kind), the requests allowed per window and, for a hot path,
// the in-process store. A public route (isPublicPath) without one stops the server at start, unless
// UNTHROTTLED_PUBLIC_ROUTES names it with the reason. The refusal is 429 with a pt-BR message (the
// route's own, else MSG.tooManyRequests) and Retry-After, before the body is read.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { MSG } from '../../domain/messages.js';
import type { Queryable } from '../db/index.js';
import { HttpError } from '../errors.js';
import { isPublicPath } from './access.js';
import { clientRate, type RateVerdict } from './throttle.js';

export interface RouteThrottle {
  /** The counter: routes naming the same kind share one budget per address ('carreiras:leitura'). */
  kind: string;
  /** Requests one address may make in a window; 0: no limit (a benchmark's single address). */
  limit: number;
  windowSeconds: number;
  /** What the refused caller reads; default MSG.tooManyRequests. */
  message?: string;
  /**
   * Where the counts live: 'database' (default; every instance agrees, withinClientRate), or 'memory'
   * (this instance alone, no write per request: the link redirect, a hot path).
   */
  store?: 'database' | 'memory';
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's per-address throttle; every public route needs one (src/server/auth/routeThrottle.ts). */
    throttle?: RouteThrottle;
  }
}

/** The public routes with no throttle, each with why (`andBelow`: the paths under it too). */
export const UNTHROTTLED_PUBLIC_ROUTES: readonly { path: string; andBelow?: boolean; why: string }[] = [
  { path: '/health', why: 'load balancers and monitors probe it often from one address; a refusal would take the instance out of service' },
  { path: '/docs', andBelow: true, why: 'the API documentation: static files and the OpenAPI text, built once and served from memory' },
  { path: '/*', why: 'the built admin (dist/): static files read from disk, dozens per first visit' },
  { path: '*', why: 'CORS preflights (OPTIONS): headers only, no data' },
];

/** Why a public route may go without a throttle (UNTHROTTLED_PUBLIC_ROUTES), or undefined. */
export const unthrottledReason = (url: string) => UNTHROTTLED_PUBLIC_ROUTES.find((r) => url === r.path || (r.andBelow && url.startsWith(`${r.path}/`)))?.why;

/**
 * Per-address counts of this instance alone, each address in its own fixed window from its first
 * request. At most `maxKeys` addresses are kept: past that, the windows already over are dropped, and
 * if that is not enough, all of them (a flood from that many addresses is no single address's).
 */
export class MemoryRate {
  private readonly counts = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly windowSeconds: number,
    private readonly maxKeys = 100_000,
  ) {}

  hit(key: string, limit: number, now: number): RateVerdict {
    const windowMs = this.windowSeconds * 1000;
    let entry = this.counts.get(key);
    if (!entry || now - entry.start >= windowMs) {
      if (!entry && this.counts.size >= this.maxKeys) this.sweep(now, windowMs);
      entry = { start: now, count: 0 };
      this.counts.set(key, entry);
    }
    entry.count++;
    return { allowed: entry.count <= limit, retryAfter: Math.max(1, Math.ceil((entry.start + windowMs - now) / 1000)) };
  }

  private sweep(now: number, windowMs: number) {
    for (const [key, entry] of this.counts) if (now - entry.start >= windowMs) this.counts.delete(key);
    if (this.counts.size >= this.maxKeys) this.counts.clear();
  }
}

/**
 * Registered before any route: checks each public route's throttle at start (onRoute) and applies it
 * first thing in the request (onRequest), before the body is read.
 */
export const routeThrottlePlugin = fp(async (app: FastifyInstance, opts: { db: Queryable; now?: () => Date }) => {
  const memory = new Map<string, MemoryRate>();
  const now = () => (opts.now ? opts.now().getTime() : Date.now());

  app.addHook('onRoute', (route) => {
    const url = route.url ?? route.path;
    const config = route.config as { public?: boolean; throttle?: RouteThrottle } | undefined;
    if (!isPublicPath(url, config)) return;
    const throttle = config?.throttle;
    if (!throttle && !unthrottledReason(url)) {
      throw new Error(`A rota pública ${[route.method].flat().join(', ')} ${url} não declara o seu limite por endereço: declare config.throttle (src/server/auth/routeThrottle.ts).`);
    }
    if (!throttle || throttle.limit <= 0) return;
    let counts: MemoryRate | undefined;
    if (throttle.store === 'memory') {
      const key = `${throttle.kind}:${throttle.windowSeconds}`;
      counts = memory.get(key) ?? new MemoryRate(throttle.windowSeconds);
      memory.set(key, counts);
    }
    const check = async (request: FastifyRequest, reply: FastifyReply) => {
      const verdict = counts ? counts.hit(request.ip, throttle.limit, now()) : await clientRate(opts.db, throttle.kind, request.ip, throttle.limit, throttle.windowSeconds);
      if (verdict.allowed) return;
      reply.header('retry-after', String(verdict.retryAfter));
      throw new HttpError(429, throttle.message ?? MSG.tooManyRequests);
    };
    route.onRequest = [...[route.onRequest ?? []].flat(), check] as typeof route.onRequest;
  });
});
