// buildApp(options) -> a Fastify instance with every route; main.ts listens, tests use inject().
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply } from 'fastify';
import cors from '@fastify/cors';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import mercurius from 'mercurius';
import { MSG } from '../domain/messages.js';
import type { Database } from './db/index.js';
import { HttpError, isDatabaseUnavailable, RETRY_AFTER_SECONDS, toHttpError } from './errors.js';
import { EventBus } from './events.js';
import { buildGraphQLSchema, type GqlContext } from './graphql/schema.js';
import { graphqlLimitOptions, guardGraphQL, guardGraphQLSocket } from './graphql/limits.js';
import { resourceRoutes } from './resources/routes.js';
import { ResourceService } from './resources/service.js';
import { actorFor, authPlugin, bearerOf, forbidden, GRAPHQL_WS_PATH, holdsRole, routeAccessPlugin, type Caller } from './auth/access.js';
import { IdentityService } from './auth/identity.js';
import { cognitoAuthenticatorFor } from './auth/cognito.js';
import { createMailer } from './auth/mailer.js';
import { authRoutes } from './auth/routes.js';
import { routeThrottlePlugin } from './auth/routeThrottle.js';
import { TokenService } from './auth/tokens.js';
import { usersHooks } from './auth/users.js';
import { cognitoUsers } from './auth/cognitoUsers.js';
import { registerV1Modules } from './v1/index.js';
import { ROLE_HEADER } from '../domain/roles.js';
import { loadRegistry, type Registry } from './schemas/registry.js';
import { ValidationError, isPlainObject, toFieldErrors } from './schemas/validation.js';
import { fileRoutes } from './files/routes.js';
import { securityHeaders } from './security.js';
import { createStorage, type FileStorage } from './files/storage.js';
import { setupJobs } from './jobs/index.js';
import { FleetService } from './fleet/service.js';
import { SuppliesService } from './supplies/service.js';
import { InventoryService } from './supplies/inventory.js';
import type { Config } from './config.js';

const here = dirname(fileURLToPath(import.meta.url));
export const ROOT = resolve(here, '..', '..');
export const SCHEMAS_DIR = join(ROOT, 'schemas');
export const DIST_DIR = join(ROOT, 'dist');

const INDEX_CACHE_CONTROL = 'no-cache';
/** Cache-Control of a built file: a year, immutable, for the content-hashed /assets/*; revalidate the rest. */
export const assetCacheControl = (path: string) =>
  path.startsWith(join(DIST_DIR, 'assets')) ? 'public, max-age=31536000, immutable' : INDEX_CACHE_CONTROL;

export interface AppOptions {
  db: Database;
  registry?: Registry;
  config?: Partial<Config>;
  storage?: FileStorage;
  /** Serve the built admin from dist/ (when it exists). */
  serveAdmin?: boolean;
  logger?: boolean | Record<string, unknown>;
  /** The clock of date-driven features (the communication scale's "today"); tests fix it. */
  now?: () => Date;
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    registry: Registry;
    resources: ResourceService;
    events: EventBus;
    identity: IdentityService;
  }
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { db } = options;
  const registry = options.registry ?? loadRegistry(SCHEMAS_DIR);
  const config = options.config ?? {};
  const app = Fastify({
    logger: options.logger ?? false,
    // Behind a load balancer (TRUST_PROXY), request.ip is the client's address from X-Forwarded-For:
    // the per-address sign-in throttling must count clients, not the proxy.
    // (a hop count is accepted at run time, though Fastify's types leave numbers out)
    trustProxy: (config.trustProxy ?? false) as boolean | string,
    // Bodies larger than this are refused with 413 before parsing (files have their own limit).
    bodyLimit: 2 * 1024 * 1024,
    ajv: { customOptions: { allErrors: true, removeAdditional: false, coerceTypes: 'array', allowUnionTypes: true } },
    // Errors found while routing (a malformed URL, a parameter too long) also answer in pt-BR.
    frameworkErrors: (error, _request, reply) => (reply as unknown as FastifyReply).code(error.statusCode ?? 400).send({ message: MSG.badRequest }),
  });
  const service = new ResourceService(db, registry, {
    exactThreshold: config.countExactThreshold ?? 50_000,
    maxAllRows: config.listMaxRows ?? 10_000,
  });
  const events = new EventBus(db);
  await events.start();
  app.decorate('db', db);
  app.decorate('registry', registry);
  app.decorate('resources', service);
  app.decorate('events', events);
  app.addHook('onClose', async () => events.close());
  await app.register(securityHeaders, { config });

  const tokens = await TokenService.create(db, config.jwtSecret, config.accessTokenTtl ?? 900);
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom ?? 'Intranet <nao-responda@intranet.local>', log: (m) => app.log.info(m) });
  const identity = new IdentityService(db, tokens, mailer, { refreshTtlDays: config.refreshTokenDays ?? 30, appUrl: config.publicUrl }, events);
  app.decorate('identity', identity);
  // The fleet's rules, figures, term and reminders: its v1 module registers the hooks, routes and daily job.
  app.decorate('fleet', new FleetService(db, service, mailer));
  // The supplies' movement rules (through the ledger): its v1 module registers the hooks and the return correction call.
  app.decorate('supplies', new SuppliesService(db, service));
  // A squad's inventory counts (src/server/v1/inventory.ts): opened from what the system says, settled through the ledger.
  app.decorate('inventory', new InventoryService(db, service));
  service.hooks.set('users', usersHooks(identity, config.cognito ? cognitoUsers(config.cognito, (m) => app.log.warn(m)) : undefined));
  // With Cognito settings, bearer tokens are Cognito identity tokens (roles still from auth.usuario).
  const authenticate = cognitoAuthenticatorFor(app, config.cognito) ?? ((token: string) => identity.authenticate(token));
  await app.register(authPlugin, { authenticate });
  // Before any route: every public route's throttle, and every other API route's rights, are checked
  // at start and applied per request, before the body is read.
  await app.register(routeThrottlePlugin, { db, now: options.now });
  await app.register(routeAccessPlugin, { registry });
  const actorOf = actorFor;

  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    const known = toHttpError(await service.databaseRefusal(error));
    if (known instanceof ValidationError) return reply.code(400).send({ message: known.message, errors: known.errors });
    if (known) {
      // The database away (or any 503): clients are told when to try again.
      if (known.statusCode === 503) {
        reply.header('retry-after', String(RETRY_AFTER_SECONDS));
        if (isDatabaseUnavailable(error)) request.log.warn({ err: error }, 'banco de dados indisponível');
      }
      const extra = known instanceof HttpError && known.code ? { code: known.code } : {};
      return reply.code(known.statusCode).send({ message: known.message, ...extra, ...(known.errors ? { errors: known.errors } : {}) });
    }
    if (error.validation) {
      const body = isPlainObject(request.body) ? request.body : {};
      const errors = toFieldErrors(error.validation as any, body, []);
      return reply.code(400).send({ message: MSG.badRequest, errors });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      const message =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
          ? MSG.badJson
          : error.statusCode === 413
            ? 'A requisição excede o tamanho permitido.'
            : error.statusCode === 415
              ? 'Tipo de conteúdo não suportado.'
              : error.statusCode === 429
                ? MSG.tooManyRequests
                : MSG.badRequest;
      return reply.code(error.statusCode).send({ message });
    }
    request.log.error(error);
    return reply.code(500).send({ message: MSG.internal });
  });

  // react-admin's protocol from another origin: every method it uses, the role and Range request
  // headers, and the list total in Content-Range.
  await app.register(cors, {
    origin: true,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type', 'Range', ROLE_HEADER],
    exposedHeaders: ['Content-Range', 'X-Total-Estimated'],
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Intranet — API',
        version: '1.0.0',
        description:
          'API gerada a partir dos esquemas em schemas/. Recursos em /api/<recurso> (protocolo ra-data-simple-rest), GraphQL em /v1/graphql, arquivos em /v1/files.',
      },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/docs', uiConfig: { docExpansion: 'list' } });

  await app.register(resourceRoutes, { service });
  await app.register(authRoutes, { identity, cognito: config.cognito, requestsPerMinute: config.authRequestsPerMinute ?? 300 });

  // The communication dispatcher and, with config.jobsEnabled, the job queue (pg-boss) and its schedules.
  await setupJobs(app, { db, config, now: options.now });
  // One storage for the uploads and the features that read them (the lead imports).
  const storage = options.storage ?? createStorage(config.s3);
  await registerV1Modules(app, { db, registry, service, identity, events, config, storage });

  guardGraphQLSocket(app);
  await app.register(mercurius, {
    schema: buildGraphQLSchema(service, events),
    path: GRAPHQL_WS_PATH,
    graphiql: false,
    ...graphqlLimitOptions,
    subscription: {
      // graphql-ws connection_init payload: { authorization: 'Bearer ...', 'x-intranet-role': '...' }
      // (or the same under "headers"). The caller found here is the subscription's caller.
      onConnect: async ({ payload }: { payload?: Record<string, any> }) => {
        const p = payload ?? {};
        const headers = { ...(p.headers ?? {}), ...p };
        const token = bearerOf(headers.authorization ?? headers.Authorization);
        const caller: Caller = { auth: token ? await authenticate(token) : null, headers: { [ROLE_HEADER]: headers[ROLE_HEADER] } };
        // A role the user does not hold is refused once, here: every operation of the connection then
        // fails with 403 and the spec's text (mercurius' own refusal of connection_init is a message
        // graphql-ws clients do not understand).
        const refusal = caller.auth && !holdsRole(caller.auth, caller.headers[ROLE_HEADER]) ? forbidden() : null;
        const reauthenticate = async () => {
          if (token) caller.auth = await authenticate(token);
        };
        return {
          actorOf: (def, op) => {
            if (refusal) throw refusal;
            return actorOf(caller, def, op);
          },
          reauthenticate,
        } satisfies GqlContext;
      },
    },
    context: (request) => ({ actorOf: (def, op) => actorOf(request, def, op) }) satisfies GqlContext,
  });
  guardGraphQL(app);

  await app.register(fileRoutes, { db, storage, config });

  // For load balancers and monitors: 503 with Retry-After while the database is away.
  // Not throttled (UNTHROTTLED_PUBLIC_ROUTES): monitors probe it.
  app.get('/health', { schema: { hide: true } }, async (request, reply) => {
    try {
      await db.query('SELECT 1');
    } catch (e) {
      if (!isDatabaseUnavailable(e)) throw e;
      request.log.warn({ err: e }, 'banco de dados indisponível');
      return reply.code(503).header('retry-after', String(RETRY_AFTER_SECONDS)).send({ ok: false, database: db.kind, message: MSG.databaseUnavailable });
    }
    return { ok: true, database: db.kind };
  });

  const indexHtml = join(DIST_DIR, 'index.html');
  const serveAdmin = options.serveAdmin && existsSync(indexHtml);
  if (serveAdmin) {
    // wildcard: files built after start (a rebuild) are served too. The build writes .br and .gz
    // copies (vite.config.ts): a browser accepting them gets those. Hashed assets never change under
    // their name, so they are cached for a year; index.html names them, so it is always revalidated.
    await app.register(fastifyStatic, {
      root: DIST_DIR,
      index: 'index.html',
      preCompressed: true,
      setHeaders: (reply, path) => reply.header('cache-control', assetCacheControl(path)),
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    // A missing asset (or any path with a file extension) is a 404, not the app's page.
    const isAsset = /^\/assets\//.test(path) || /\.[a-z0-9]+$/i.test(path);
    if (serveAdmin && request.method === 'GET' && !isAsset && !/^\/(api|v1|docs)(\/|$)/.test(path)) {
      // Client-side routes of the admin: every other path gets the app, which routes it.
      return reply.type('text/html').header('cache-control', INDEX_CACHE_CONTROL).send(readFileSync(indexHtml));
    }
    return reply.code(404).send({ message: MSG.notFound });
  });

  return app;
}
