// Who is calling and what they may do: the bearer token (built-in or Cognito), the role header
// checked against the user's real roles, the right the schema or the route asks for, and the
// provider scope.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AUTH_MSG } from '../../domain/messages.js';
import { bestRole, effectiveRole, levelOf, moduleOf, roleAllows, rightsIn, rolesAllow, ROLE_HEADER, type AccessRule } from '../../domain/roles.js';
import { HttpError } from '../errors.js';
import type { Actor } from '../resources/service.js';
import type { Operation, Registry, ResourceDef } from '../schemas/registry.js';
import type { AuthUser } from './identity.js';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthUser | null;
    /**
     * Who the call acts as (audit user, provider and owner scope, acting role), found by the check
     * of its route's `config.access` before anything else of the request is read. Only routes that
     * declare access have one.
     */
    actor: Actor;
  }
  interface FastifyInstance {
    /** Every API route and what it declares: the authorization tests walk it. */
    routeAccess: DeclaredRoute[];
  }
  interface FastifyContextConfig {
    /** A route anyone may call without a token (sign-in, a schema's public reads). */
    public?: boolean;
    /** What the caller needs (see RouteAccess); checked before the body is read. */
    access?: RouteAccess;
  }
}

/**
 * A right a route needs: a right of the schemas' kind in an area (or in any of several, acting with
 * the role header's or else the best of the user's roles there), or the right a resource's schema
 * gives an operation (x-intranet.access, with its owner rule), so that a call over a register needs
 * exactly what its REST operation needs.
 */
export type RouteRight = { module: string | readonly string[]; right: AccessRule } | { resource: string; operation: Operation };

/**
 * What a route declares in `config.access`: one right, several (each needed; the actor is the
 * first's), or 'signedIn': any signed-in user, whatever role they act with, for calls about one's
 * own account and files, whose handler applies their own rule. A call whose rule is finer ("one's
 * own record, or a manager of its providers") declares the broadest right that applies and keeps
 * the finer check in its handler.
 */
export type RouteAccess = RouteRight | readonly RouteRight[] | 'signedIn';

export interface DeclaredRoute {
  method: string;
  url: string;
  public: boolean;
  access?: RouteAccess;
}

/** What identifies a caller: a request, or a websocket connection's init payload. */
export interface Caller {
  auth: AuthUser | null;
  headers: Record<string, unknown>;
}

export type Authenticator = (token: string) => Promise<AuthUser | null>;

export const unauthenticated = () => new HttpError(401, AUTH_MSG.sessionExpired, undefined, 'NotAuthorizedException');
export const forbidden = () => new HttpError(403, AUTH_MSG.notAuthorized, undefined, 'AccessDeniedException');

export function bearerOf(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const m = /^Bearer\s+(\S+)$/i.exec(value.trim());
  return m ? m[1] : null;
}

/** The signed-in user, or 401. */
export function requireUser(caller: Caller): AuthUser {
  if (!caller.auth) throw unauthenticated();
  return caller.auth;
}

/** Whether a role header may be sent by this user: absent, 'guest', or one of their roles. */
export function holdsRole(user: AuthUser, header: unknown): boolean {
  if (header === undefined || header === '') return true;
  return typeof header === 'string' && (header === 'guest' || user.roles.includes(header));
}

/**
 * The role the call acts with: the role header when sent (it must be one of the user's roles), else
 * the user's effective role for the module (of several areas, the best of them).
 */
export function roleOf(caller: Caller, module: string | readonly string[]): string {
  const user = requireUser(caller);
  const header = caller.headers[ROLE_HEADER];
  if (!holdsRole(user, header)) throw forbidden();
  if (header === undefined || header === '') return typeof module === 'string' ? effectiveRole(user.roles, module) : bestRole(user.roles, module);
  return header as string;
}

/**
 * The address a signed-in user's request reached the server at (`${request.protocol}://${request.host}`:
 * Fastify reads X-Forwarded-Proto and X-Forwarded-Host only from a proxy TRUST_PROXY trusts), for
 * links in the e-mails the call sends when PUBLIC_URL is not set. None for a caller that is not a
 * request (a websocket's connection_init) or whose host is not a plain host[:port].
 */
function originOf(caller: Caller): string | undefined {
  const { protocol, host } = caller as Partial<Record<'protocol' | 'host', unknown>>;
  if ((protocol !== 'http' && protocol !== 'https') || typeof host !== 'string') return undefined;
  if (!/^(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/.test(host)) return undefined;
  return `${protocol}://${host}`;
}

/**
 * Checks a right (or any of a list of rights) on a module, or on any of several areas, and answers
 * the actor (audit user, provider scope, the role the call acts with, and the origin of a signed-in
 * user's request: never an anonymous one's, so that a forged Host header cannot put its link into a
 * mail sent to someone else).
 */
export function authorize(caller: Caller, module: string | readonly string[], right: AccessRule): Actor {
  const rights = rightsIn(right);
  if (rights.includes('public')) return { userId: caller.auth?.id ?? null, providerIds: null, may: (rule) => rightsIn(rule).includes('public') };
  const role = roleOf(caller, module);
  // 'user': any signed-in user, whatever their roles (unless the call names the guest role).
  const headerGiven = caller.headers[ROLE_HEADER] !== undefined && caller.headers[ROLE_HEADER] !== '';
  // 'anyGestor': acting with no module role ('user', 'guest' or none), any gestor role of the user counts.
  const areas = typeof module === 'string' ? [module] : module;
  const allowed = (rights.includes('user') && !headerGiven) || areas.some((area) => rolesAllow(caller.auth!.roles, role, right, area));
  if (!allowed) throw forbidden();
  return actorAs(caller, role, areas);
}

/**
 * The actor of a signed-in caller acting with `role` in `areas` (by default the role's own area):
 * their providers, every one when the role is the superadmin's.
 */
function actorAs(caller: Caller, role: string, areas: readonly string[] = [moduleOf(role) ?? '']): Actor {
  const user = requireUser(caller);
  const origin = originOf(caller);
  return {
    userId: user.id,
    providerIds: levelOf(role) === 'superadmin' ? null : user.providerIds,
    role,
    may: (rule) => areas.some((area) => rolesAllow(user.roles, role, rule, area)),
    ...(origin ? { origin } : {}),
  };
}

/** Whether the caller has a right on a module (no exception). */
export function allows(caller: Caller, module: string, right: AccessRule): boolean {
  try {
    authorize(caller, module, right);
    return true;
  } catch {
    return false;
  }
}

/**
 * The area a call on a resource acts in: the role header's, when it is one of the resource's areas
 * (x-intranet.module and alsoModules); without a header, the first area where the user has the right.
 */
function areaOf(caller: Caller, def: ResourceDef, right: AccessRule): string {
  const areas = [def.block.module, ...(def.block.alsoModules ?? [])];
  if (areas.length === 1) return def.block.module;
  const header = caller.headers[ROLE_HEADER];
  if (typeof header === 'string' && header !== '') {
    const area = header.split(':')[0];
    return areas.includes(area) ? area : def.block.module;
  }
  return areas.find((a) => allows(caller, a, right)) ?? def.block.module;
}

export function actorFor(caller: Caller, def: ResourceDef, operation: Operation): Actor {
  const right = def.block.access[operation];
  const area = areaOf(caller, def, right);
  const actor = authorize(caller, area, right);
  if (!def.block.owner || actor.userId === null) return actor;
  // Owned rows: managers of the area (or who has its ownerAll right, and the superadmin) see everyone's; others only their own.
  const role = roleOf(caller, area);
  return { ...actor, ownerId: roleAllows(role, def.block.ownerAll ?? 'manage', area) ? null : actor.userId };
}

/** The API's paths: closed unless a route says otherwise. */
const API_PATH = /^\/(api|v1)(\/|$)/;

/**
 * Whether a route is open to callers without a token. The API (/api, /v1) is closed unless the route
 * says `config: { public: true }`; everything else (the admin's page and files, /docs, /health, and
 * paths no route answers) is open.
 */
export function isPublicRoute(request: FastifyRequest): boolean {
  const url = request.routeOptions.url;
  return url === undefined || isPublicPath(url, request.routeOptions.config);
}

/** Whether a route, by its path and config, is open to callers without a token (isPublicRoute's rule). */
export function isPublicPath(url: string, config: { public?: boolean } | undefined): boolean {
  return config?.public === true || !API_PATH.test(url);
}

/** The one websocket route: GraphQL subscriptions (graphql-ws). */
export const GRAPHQL_WS_PATH = '/v1/graphql';

/**
 * A real websocket upgrade of the graphql-ws route: its token and role arrive in connection_init and
 * are checked there. Node marks `upgrade` only on a request it dispatched as an upgrade (to the
 * websocket server's 'upgrade' listener), so a plain request that merely carries an Upgrade header
 * is not one, and nor is an upgrade of any other route.
 */
const isGraphqlWsUpgrade = (request: FastifyRequest) =>
  request.method === 'GET' &&
  request.routeOptions.url === GRAPHQL_WS_PATH &&
  (request.raw as { upgrade?: boolean }).upgrade === true &&
  String(request.headers.upgrade ?? '').toLowerCase() === 'websocket';

function refuse(request: FastifyRequest, reply: FastifyReply, error: HttpError, extraHeaders: Record<string, string> = {}) {
  // A refused upgrade's socket has left the HTTP server's hands: end it once the answer is written.
  if ((request.raw as { upgrade?: boolean }).upgrade === true) {
    const socket = request.raw.socket;
    reply.raw.once('finish', () => socket.destroy());
  }
  return reply
    .code(error.statusCode)
    .headers(extraHeaders)
    .send({ message: error.message, code: error.code });
}

/**
 * Reads the bearer token of every request into request.auth (null when absent or not valid), and
 * before anything else is read or validated: refuses a missing or invalid token on every route that
 * is not public (401, with WWW-Authenticate: Bearer), and a role header the user does not hold (403).
 */
export const authPlugin = fp(async (app: FastifyInstance, opts: { authenticate: Authenticator }) => {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const token = bearerOf(request.headers.authorization);
    request.auth = token ? await opts.authenticate(token) : null;
    // CORS preflights carry no credentials.
    if (request.method === 'OPTIONS') return;
    // The graphql-ws upgrade authenticates in connection_init; a role header it carries anyway must
    // still be one of the token's user's roles.
    if (!request.auth) {
      if (!isPublicRoute(request) && !isGraphqlWsUpgrade(request)) return refuse(request, reply, unauthenticated(), { 'www-authenticate': 'Bearer' });
      return;
    }
    if (!holdsRole(request.auth, request.headers[ROLE_HEADER])) return refuse(request, reply, forbidden());
  });
});

/** A declared right with its resource looked up (at start, so that a misspelt one stops the server). */
type CheckedRight = { module: string | readonly string[]; right: AccessRule } | { def: ResourceDef; operation: Operation };

function checkedRights(access: Exclude<RouteAccess, 'signedIn'>, registry: Registry, route: string): CheckedRight[] {
  const list: readonly RouteRight[] = Array.isArray(access) ? access : [access as RouteRight];
  if (!list.length) throw new Error(`A rota ${route} declara uma lista vazia em config.access.`);
  return list.map((item) => {
    if (!('resource' in item)) return item;
    const def = registry.get(item.resource);
    if (!def || !def.block.access[item.operation]) throw new Error(`A rota ${route} declara o recurso desconhecido ${item.resource}.${item.operation} em config.access.`);
    return { def, operation: item.operation };
  });
}

/** The actor of a call whose route declares `access`, or 401/403. */
function actorOfRoute(caller: Caller, access: 'signedIn' | readonly CheckedRight[]): Actor {
  if (access === 'signedIn') {
    // Whatever role the call acts with; acting as the superadmin (the header, or none sent) sees every provider.
    const header = caller.headers[ROLE_HEADER];
    return actorAs(caller, header === undefined || header === '' ? effectiveRole(requireUser(caller).roles, '') : String(header));
  }
  const actors = access.map((r) => ('def' in r ? actorFor(caller, r.def, r.operation) : authorize(caller, r.module, r.right)));
  return actors[0];
}

/**
 * Every API route (/api, /v1) says who may call it: `config: { public: true }`, or `config.access`
 * (RouteAccess), checked here, after the token and the role header, before the body is read or
 * validated, with the actor left in request.actor for the handler. A route with neither stops the
 * server at start. GraphQL alone is left to itself: it checks the schemas' rights per operation.
 */
export const routeAccessPlugin = fp(async (app: FastifyInstance, opts: { registry: Registry }) => {
  app.decorateRequest('actor', null as unknown as Actor);
  const declared: DeclaredRoute[] = [];
  app.decorate('routeAccess', declared);
  app.addHook('onRoute', (route) => {
    const url = route.url ?? route.path;
    if (!API_PATH.test(url) || url === GRAPHQL_WS_PATH) return;
    const methods = [route.method].flat();
    const name = `${methods.join(', ')} ${url}`;
    const config = (route.config ?? {}) as { public?: boolean; access?: RouteAccess };
    if (config.access === undefined && config.public !== true) {
      throw new Error(`A rota ${name} não diz quem pode chamá-la: declare config.access (src/server/auth/access.ts) ou config.public.`);
    }
    for (const method of methods) if (method !== 'HEAD') declared.push({ method, url, public: config.public === true, ...(config.access ? { access: config.access } : {}) });
    if (config.access === undefined) return;
    const rights = config.access === 'signedIn' ? 'signedIn' : checkedRights(config.access, opts.registry, name);
    const check = async (request: FastifyRequest) => {
      request.actor = actorOfRoute(request, rights);
    };
    route.onRequest = [...[route.onRequest ?? []].flat(), check] as typeof route.onRequest;
  });
});
