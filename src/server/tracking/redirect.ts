// The public redirect of the tracking links: GET (and HEAD) /l/:code answers 302 to the link's
// target and records the click; an unknown code answers the friendly 404 page. No sign-in. The
// request does only the target's lookup (cached) and appends the visit's raw facts to the in-memory
// buffer (clicks.ts), whose write classifies the user agent and hashes the address: the visitor
// never waits on a write nor on that work. `?qr=1` marks a visit through the QR code (it is not
// forwarded). Throttled per client address in each instance's memory (TRACKING_REDIRECTS_PER_MINUTE):
// a database write per redirect would slow this hot path.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RouteThrottle } from '../auth/routeThrottle.js';
import { NOT_FOUND_PAGE } from './notFoundPage.js';
import type { TrackingService } from './service.js';

export function registerRedirect(app: FastifyInstance, tracking: TrackingService, perMinute: number) {
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const { code } = request.params as { code: string };
    const qr = (request.query as Record<string, unknown> | undefined)?.qr === '1';
    // A fresh cache entry answers without a promise; only a miss reads the database.
    let target = tracking.cached(code);
    if (target === undefined) target = await tracking.resolve(code);
    const location = target ? (qr ? target.qrLocation : target.location) : null;
    if (!target || !location) {
      return reply.code(404).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(NOT_FOUND_PAGE);
    }
    const referer = request.headers.referer;
    // The raw facts only: the user agent's classification and the address's hash wait for the buffer's write.
    tracking.record(target, {
      method: request.method === 'HEAD' ? 'HEAD' : 'GET',
      qr,
      userAgent: request.headers['user-agent'],
      referrer: typeof referer === 'string' ? referer : undefined,
      ip: request.ip,
    });
    // Every visit must reach the server to be counted: never cached.
    return reply.code(302).header('location', location).header('cache-control', 'no-store').header('referrer-policy', 'no-referrer-when-downgrade').send();
  };
  const schema = { hide: true, params: { type: 'object', properties: { code: { type: 'string', maxLength: 64 } } } };
  const config = { throttle: { kind: 'links', limit: perMinute, windowSeconds: 60, store: 'memory' } satisfies RouteThrottle };
  // Not one log line per visit (Fastify's "incoming request" and "request completed" are info): each
  // visit is a click row already, two lines a visit cost as much as the rest of the redirect, and
  // they would hold the visitor's address, which the clicks never store. Warnings and errors still
  // log, through one logger made here rather than a child per request (Fastify's default: about 4 µs
  // of each visit), so without the request's id.
  const logLevel = 'warn';
  const log = app.log.child({ route: '/l/:code' }, { level: logLevel });
  const childLoggerFactory = () => log;
  // No CORS headers: a link is followed by the browser, never read by a script of another origin.
  const routeConfig = { ...config, cors: false };
  // exposeHeadRoute off: HEAD has its own route, counted apart.
  app.get('/l/:code', { schema, config: routeConfig, logLevel, childLoggerFactory, exposeHeadRoute: false }, handler);
  app.head('/l/:code', { schema, config: routeConfig, logLevel, childLoggerFactory }, handler);
}
