// Who is calling and what they may do: the bearer token (built-in or Cognito), the role header
// checked against the user's real roles, the right the schema asks for, and the provider scope.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AUTH_MSG } from '../../domain/messages.js';
import { effectiveRole, levelOf, roleAllows, rolesAllow, ROLE_HEADER, type Right } from '../../domain/roles.js';
import { HttpError } from '../errors.js';
import type { Actor } from '../resources/service.js';
import type { Operation, ResourceDef } from '../schemas/registry.js';
import type { AuthUser } from './identity.js';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthUser | null;
  }
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

/**
 * The role the call acts with: the role header when sent (it must be one of the user's roles), else
 * the user's effective role for the module.
 */
export function roleOf(caller: Caller, module: string): string {
  const user = requireUser(caller);
  const header = caller.headers[ROLE_HEADER];
  if (header === undefined || header === '') return effectiveRole(user.roles, module);
  if (typeof header !== 'string' || (header !== 'guest' && !user.roles.includes(header))) throw forbidden();
  return header;
}

/** Checks a right on a module and answers the actor (audit user and provider scope). */
export function authorize(caller: Caller, module: string, right: Right): Actor {
  if (right === 'public') return { userId: caller.auth?.id ?? null, providerIds: null };
  const role = roleOf(caller, module);
  // 'user': any signed-in user, whatever their roles (unless the call names the guest role).
  const headerGiven = caller.headers[ROLE_HEADER] !== undefined && caller.headers[ROLE_HEADER] !== '';
  // 'anyGestor': acting with no module role ('user', 'guest' or none), any gestor role of the user counts.
  const allowed = right === 'user' && !headerGiven ? true : rolesAllow(caller.auth!.roles, role, right, module);
  if (!allowed) throw forbidden();
  const user = caller.auth!;
  return { userId: user.id, providerIds: levelOf(role) === 'superadmin' ? null : user.providerIds };
}

/** Whether the caller has a right on a module (no exception). */
export function allows(caller: Caller, module: string, right: Right): boolean {
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
function areaOf(caller: Caller, def: ResourceDef, right: Right): string {
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
  // Owned rows: managers of the area (and the superadmin) see everyone's; others only their own.
  const role = roleOf(caller, area);
  return { ...actor, ownerId: roleAllows(role, 'manage', area) ? null : actor.userId };
}

/** Reads the bearer token of every request into request.auth (null when absent or not valid). */
export const authPlugin = fp(async (app: FastifyInstance, opts: { authenticate: Authenticator }) => {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request: FastifyRequest) => {
    const token = bearerOf(request.headers.authorization);
    request.auth = token ? await opts.authenticate(token) : null;
  });
});
