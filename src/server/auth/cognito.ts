// AWS Cognito mode: the browser signs in through aws-amplify and sends Cognito's identity token;
// the server verifies it (aws-jwt-verify) and answers the user of auth.usuario with that e-mail.
//
// Why roles and providers come from our database and not from Cognito groups: the intranet's
// roles ('rh:gestor', 'users:superadmin', ...) and the providers a user works for are edited in the
// users screen by the intranet's own managers, audited in admin.log, and must apply at once (the
// cache below is dropped on every change). Cognito groups live in another system, are edited by
// whoever runs the AWS account, are not audited here, and reach us only inside tokens that stay
// valid for up to an hour after a role is taken away. So Cognito only proves who the person is
// (the e-mail); what they may do is ours, as with the built-in identity.
import { CognitoJwtVerifier, JwtRsaVerifier } from 'aws-jwt-verify';
import { SimpleJwksCache } from 'aws-jwt-verify/jwk';
import type { Fetcher } from 'aws-jwt-verify/https';
import type { JwtPayload } from 'aws-jwt-verify/jwt-model';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { Database, Queryable } from '../db/index.js';
import type { EventBus } from '../events.js';
import type { Authenticator } from './access.js';
import type { AuthUser, UserRecord } from './types.js';

export type CognitoConfig = NonNullable<Config['cognito']>;

export interface CognitoAuthenticatorOptions {
  /** Drops cached users when auth.usuario changes (on any instance, through LISTEN/NOTIFY). */
  events?: EventBus;
  /** How long a user row is reused without reading the database again (ms). */
  cacheMs?: number;
}

type UserRow = UserRecord;

const DEFAULT_CACHE_MS = 30_000;
const CACHE_MAX_USERS = 10_000;

/**
 * The JWKS of an emulator (cognito-local) is served over plain http on loopback, which the
 * library's own fetcher (Node's https module) refuses: this one uses fetch(), for http and https.
 */
const fetchFetcher: Fetcher = {
  async fetch(uri: string) {
    const response = await fetch(uri, { signal: AbortSignal.timeout(5_000) });
    if (response.status !== 200) throw new Error(`JWKS ${uri}: HTTP ${response.status}`);
    return response.arrayBuffer();
  },
};

/** Whether the settings point at something other than AWS itself (an emulator, a proxy). */
export const isCustomCognito = (config: CognitoConfig) => Boolean(config.endpoint || config.issuer || config.jwksUri);

/** The issuer of the pool's tokens: AWS's URL, or the configured one / endpoint + pool id. */
export function cognitoIssuer(config: CognitoConfig) {
  if (!isCustomCognito(config)) return `https://cognito-idp.${config.region}.amazonaws.com/${config.userPoolId}`;
  return config.issuer ?? `${config.endpoint!.replace(/\/+$/, '')}/${config.userPoolId}`;
}

type Verify = (token: string) => Promise<JwtPayload>;

function createVerifier(config: CognitoConfig): Verify {
  if (!isCustomCognito(config)) {
    // AWS: issuer and JWKS are derived from the pool id; checks token_use 'id' and the client id.
    const verifier = CognitoJwtVerifier.create({ userPoolId: config.userPoolId, tokenUse: 'id', clientId: config.clientId });
    return (token) => verifier.verify(token) as Promise<JwtPayload>;
  }
  const issuer = cognitoIssuer(config);
  const verifier = JwtRsaVerifier.create(
    {
      issuer,
      jwksUri: config.jwksUri ?? `${issuer}/.well-known/jwks.json`,
      audience: config.clientId,
      customJwtCheck: ({ payload }) => {
        if (payload.token_use !== 'id') throw new Error('not an identity token');
      },
    },
    { jwksCache: new SimpleJwksCache({ fetcher: fetchFetcher }) },
  );
  return (token) => verifier.verify(token) as Promise<JwtPayload>;
}

/** The algorithm a token claims, before any verification (null when the token is not a JWT). */
function headerAlg(token: string): string | null {
  const [header] = token.split('.');
  try {
    const alg = JSON.parse(Buffer.from(header, 'base64url').toString('utf8'))?.alg;
    return typeof alg === 'string' ? alg : null;
  } catch {
    return null;
  }
}

/**
 * (token) => the signed-in user, or null: the token must be a valid Cognito identity token of this
 * pool and app client (RS256 signature from the pool's JWKS, issuer, audience, expiry, token_use
 * 'id', verified e-mail), not signed out (revokeCognitoToken), and its e-mail must be an active user
 * of auth.usuario.
 */
export function createCognitoAuthenticator(db: Database, config: CognitoConfig, options: CognitoAuthenticatorOptions = {}): Authenticator {
  const verify = createVerifier(config);
  const cacheMs = options.cacheMs ?? DEFAULT_CACHE_MS;
  const cache = new Map<string, { user: UserRow; at: number }>();

  options.events?.on((e) => {
    if (e.table !== 'auth.usuario') return;
    if (!e.id) return cache.clear();
    for (const [email, entry] of cache) if (String(entry.user.id) === e.id) cache.delete(email);
  });
  options.events?.onResync(() => cache.clear());

  async function userByEmail(email: string): Promise<UserRow | undefined> {
    const key = email.toLowerCase();
    const hit = cache.get(key);
    if (hit && Date.now() - hit.at < cacheMs) return hit.user;
    const { rows } = await db.query<UserRow>(
      `SELECT id, user_id, email, nome, papeis, id_empresas, funcionario, ativo FROM auth.usuario WHERE lower(email) = lower($1)`,
      [email],
    );
    const user = rows[0];
    if (!user) {
      cache.delete(key);
      return undefined;
    }
    if (cache.size >= CACHE_MAX_USERS) cache.clear();
    cache.set(key, { user, at: Date.now() });
    return user;
  }

  return async (token: string): Promise<AuthUser | null> => {
    // Only asymmetric signatures from the pool's keys: 'none' and HMAC (HS*) are refused before
    // anything else (the verifier would refuse them too: its keys are RSA).
    const alg = headerAlg(token);
    if (!alg || alg === 'none' || /^HS/i.test(alg)) return null;
    let payload: JwtPayload;
    try {
      payload = await verify(token);
    } catch {
      return null;
    }
    // aws-jwt-verify checks exp only when present: a token without one would never expire.
    if (typeof payload.exp !== 'number') return null;
    // Signed out (POST /v1/auth/logout), on any instance: read on every call.
    if (typeof payload.jti === 'string' && (await isRevoked(db, payload.jti))) return null;
    const email = typeof payload.email === 'string' ? payload.email.trim() : '';
    // An unverified e-mail proves nothing about who holds the account (self sign-up with someone
    // else's address): only verified e-mails are matched to our users.
    if (!email || (payload.email_verified !== true && payload.email_verified !== 'true')) return null;
    const user = await userByEmail(email);
    if (!user || !user.ativo) return null;
    return {
      id: user.id,
      userId: user.user_id,
      email: user.email,
      nome: user.nome,
      roles: user.papeis,
      providerIds: user.id_empresas,
      employee: user.funcionario,
      sid: typeof payload.jti === 'string' && payload.jti ? payload.jti : 'cognito',
    };
  };
}

async function isRevoked(db: Queryable, jti: string) {
  return (await db.query('SELECT 1 FROM auth.token_revogado WHERE jti = $1', [jti])).rows.length > 0;
}

/**
 * Sign-out in Cognito mode. Cognito cannot revoke an ID token (its global sign-out ends refresh and
 * access tokens only), so the server refuses this one by its jti until it expires. `token` must be
 * one the authenticator accepted on this request.
 */
export async function revokeCognitoToken(db: Queryable, token: string) {
  let claims: { jti?: unknown; exp?: unknown };
  try {
    claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
  } catch {
    return;
  }
  if (typeof claims.jti !== 'string' || typeof claims.exp !== 'number') return;
  await db.query('DELETE FROM auth.token_revogado WHERE expira_em < now()');
  await db.query('INSERT INTO auth.token_revogado (jti, expira_em) VALUES ($1, to_timestamp($2)) ON CONFLICT (jti) DO NOTHING', [claims.jti, claims.exp]);
}

/** The Cognito authenticator of a built app (its database, its event bus), or null without settings. */
export function cognitoAuthenticatorFor(
  app: Pick<FastifyInstance, 'db' | 'events'>,
  config: Config['cognito'] | undefined,
  options: Omit<CognitoAuthenticatorOptions, 'events'> = {},
): Authenticator | null {
  return config ? createCognitoAuthenticator(app.db, config, { ...options, events: app.events }) : null;
}
