// AWS Cognito mode against cognito-local (npm, started here on loopback; nothing calls AWS): the
// server's verification of Cognito identity tokens, with roles and providers from our database,
// the challenge a temporary password gives, and the same through HTTP once app.ts uses it.
import { readFileSync } from 'node:fs';
import { createHmac } from 'node:crypto';
import {
  AdminAddUserToGroupCommand,
  CreateGroupCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  AdminGetUserCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AMPLIFY_REFRESH_MARKER, createCognitoClient } from '../../src/admin/core/auth/cognitoClient.js';
import { IdentityError, type IdentityClient } from '../../src/admin/core/auth/identityClient.js';
import { modulesOf } from '../../src/domain/roles.js';
import { authPlugin } from '../../src/server/auth/access.js';
import { createCognitoAuthenticator } from '../../src/server/auth/cognito.js';
import type { Authenticator } from '../../src/server/auth/access.js';
import { EventBus } from '../../src/server/events.js';
import { freshDatabase, testApp, type TestDatabase, type TestApp } from '../helpers/app.js';
import { IDENTITY_MSG } from '../../src/server/auth/identity.js';
import { COGNITO_USERS_MSG } from '../../src/server/auth/cognitoUsers.js';
import { startCognitoLocal, type CognitoLocal } from '../fixtures/cognito/cognitoLocal.js';

const PASSWORD = 'Senha#Cognito1';

let cognito: CognitoLocal;
let database: TestDatabase;
let events: EventBus;
let authenticate: Authenticator;

const cognitoConfig = () => ({ region: cognito.region, userPoolId: cognito.userPoolId, clientId: cognito.clientId, endpoint: cognito.endpoint });
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const parts = (token: string) => token.split('.');
const payloadOf = (token: string) => JSON.parse(Buffer.from(parts(token)[1], 'base64url').toString());

/** A user of our database (the intranet's own roles and providers). */
async function ourUser(email: string, extra: { papeis?: string[]; id_empresas?: number[]; ativo?: boolean; nome?: string } = {}) {
  const { rows } = await database.db.query<{ id: number; user_id: string }>(
    `INSERT INTO auth.usuario (email, nome, papeis, id_empresas, funcionario, ativo) VALUES ($1, $2, $3, $4, true, $5) RETURNING id, user_id`,
    [email, extra.nome ?? 'Usuária Cognito', extra.papeis ?? ['user'], extra.id_empresas ?? [], extra.ativo ?? true],
  );
  return rows[0];
}

/** Polls until the authenticator answers what `check` accepts (events arrive asynchronously). */
async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean, ms = 5_000) {
  const deadline = Date.now() + ms;
  let value = await read();
  while (!check(value) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 50));
    value = await read();
  }
  return value;
}

beforeAll(async () => {
  cognito = await startCognitoLocal();
  database = await freshDatabase();
  events = new EventBus(database.db);
  await events.start();
  // A long cache: only the invalidation by event can make changes visible within the test.
  authenticate = createCognitoAuthenticator(database.db, cognitoConfig(), { events, cacheMs: 10 * 60_000 });
});
afterAll(async () => {
  await events?.close();
  await database?.drop();
  await cognito?.stop();
});

describe('the Cognito authenticator', () => {
  it('answers our user, with roles and providers from our database, not from Cognito groups', async () => {
    const ours = await ourUser('ana.gestora@bitcom.com.br', { papeis: ['rh:gestor', 'user'], id_empresas: [1, 3], nome: 'Ana Gestora' });
    // Cognito knows the e-mail in another case, and puts the user in a group named like our superadmin.
    await cognito.createUser('Ana.Gestora@Bitcom.com.br', PASSWORD);
    await cognito.sdk.send(new CreateGroupCommand({ UserPoolId: cognito.userPoolId, GroupName: 'users:superadmin' }));
    await cognito.sdk.send(new AdminAddUserToGroupCommand({ UserPoolId: cognito.userPoolId, Username: 'Ana.Gestora@Bitcom.com.br', GroupName: 'users:superadmin' }));
    const token = await cognito.idToken('Ana.Gestora@Bitcom.com.br', PASSWORD);
    const claims = payloadOf(token);
    expect(claims).toMatchObject({ token_use: 'id', aud: cognito.clientId, iss: `${cognito.endpoint}/${cognito.userPoolId}`, 'cognito:groups': ['users:superadmin'] });

    const user = await authenticate(token);
    expect(user).toEqual({
      id: ours.id,
      userId: ours.user_id,
      email: 'ana.gestora@bitcom.com.br',
      nome: 'Ana Gestora',
      roles: ['rh:gestor', 'user'],
      providerIds: [1, 3],
      employee: true,
      sid: claims.jti,
    });
  });

  it('follows changes of the user row at once (roles, providers, disabling), through the change events', async () => {
    const ours = await ourUser('bruno.mudancas@bitcom.com.br', { papeis: ['user'], id_empresas: [1] });
    await cognito.createUser('bruno.mudancas@bitcom.com.br', PASSWORD);
    const token = await cognito.idToken('bruno.mudancas@bitcom.com.br', PASSWORD);
    expect((await authenticate(token))?.roles).toEqual(['user']);

    await database.db.query(`UPDATE auth.usuario SET papeis = $2, id_empresas = $3 WHERE id = $1`, [ours.id, ['vendas:gestor', 'user'], [2]]);
    const changed = await eventually(() => authenticate(token), (u) => u?.roles[0] === 'vendas:gestor');
    expect(changed).toMatchObject({ roles: ['vendas:gestor', 'user'], providerIds: [2] });

    await database.db.query(`UPDATE auth.usuario SET ativo = false WHERE id = $1`, [ours.id]);
    expect(await eventually(() => authenticate(token), (u) => u === null)).toBeNull();
  });

  it('refuses a valid token whose e-mail is not one of our users, or is a disabled one', async () => {
    await cognito.createUser('so.no.cognito@bitcom.com.br', PASSWORD);
    expect(await authenticate(await cognito.idToken('so.no.cognito@bitcom.com.br', PASSWORD))).toBeNull();

    await ourUser('desabilitada@bitcom.com.br', { ativo: false, papeis: ['rh:gestor'] });
    await cognito.createUser('desabilitada@bitcom.com.br', PASSWORD);
    expect(await authenticate(await cognito.idToken('desabilitada@bitcom.com.br', PASSWORD))).toBeNull();
  });

  it('refuses a token whose e-mail Cognito has not verified', async () => {
    await ourUser('nao.verificado@bitcom.com.br');
    await cognito.createUser('nao.verificado@bitcom.com.br', PASSWORD, { emailVerified: false });
    const token = await cognito.idToken('nao.verificado@bitcom.com.br', PASSWORD);
    expect(payloadOf(token).email_verified).toBe(false);
    expect(await authenticate(token)).toBeNull();
  });

  it('refuses tampered, unsigned and HMAC-signed tokens', async () => {
    await ourUser('carla@bitcom.com.br', { papeis: ['user'] });
    await ourUser('chefe@bitcom.com.br', { papeis: ['users:superadmin'] });
    await cognito.createUser('carla@bitcom.com.br', PASSWORD);
    const token = await cognito.idToken('carla@bitcom.com.br', PASSWORD);
    expect(await authenticate(token)).not.toBeNull();
    const [header, , signature] = parts(token);
    const claims = payloadOf(token);

    // Another user's e-mail under Carla's signature.
    expect(await authenticate(`${header}.${b64({ ...claims, email: 'chefe@bitcom.com.br' })}.${signature}`)).toBeNull();
    // A later expiry under the same signature.
    expect(await authenticate(`${header}.${b64({ ...claims, exp: claims.exp + 3600 })}.${signature}`)).toBeNull();
    // One flipped character of the signature.
    const flipped = signature.slice(0, -2) + (signature.at(-2) === 'A' ? 'B' : 'A') + signature.at(-1);
    expect(await authenticate(`${header}.${parts(token)[1]}.${flipped}`)).toBeNull();
    // alg none, with and without the key id.
    expect(await authenticate(`${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...claims, email: 'chefe@bitcom.com.br' })}.`)).toBeNull();
    expect(await authenticate(`${b64({ alg: 'none', kid: 'CognitoLocal' })}.${parts(token)[1]}.`)).toBeNull();
    // HS256 signed with the public key's modulus as the secret (the classic key-confusion attack).
    const jwks = (await (await fetch(`${cognito.endpoint}/${cognito.userPoolId}/.well-known/jwks.json`)).json()) as { keys: { n: string }[] };
    const hsHeader = b64({ alg: 'HS256', typ: 'JWT', kid: 'CognitoLocal' });
    const hsPayload = b64({ ...claims, email: 'chefe@bitcom.com.br' });
    const hsSig = createHmac('sha256', jwks.keys[0].n).update(`${hsHeader}.${hsPayload}`).digest('base64url');
    expect(await authenticate(`${hsHeader}.${hsPayload}.${hsSig}`)).toBeNull();
    // Not a JWT at all.
    for (const junk of ['', 'abc', 'a.b.c', `${header}..`]) expect(await authenticate(junk)).toBeNull();
  });

  it('refuses the access token, a token of another app client and a token of another user pool', async () => {
    await ourUser('daniel@bitcom.com.br');
    await cognito.createUser('daniel@bitcom.com.br', PASSWORD);
    const auth = await cognito.sdk.send(
      new InitiateAuthCommand({ ClientId: cognito.clientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: 'daniel@bitcom.com.br', PASSWORD } }),
    );
    expect(await authenticate(auth.AuthenticationResult!.IdToken!)).not.toBeNull();
    expect(payloadOf(auth.AuthenticationResult!.AccessToken!).token_use).toBe('access');
    expect(await authenticate(auth.AuthenticationResult!.AccessToken!)).toBeNull();

    const otherClient = await cognito.createClient('outro-aplicativo');
    const otherAudience = await cognito.idToken('daniel@bitcom.com.br', PASSWORD, otherClient);
    expect(payloadOf(otherAudience).aud).toBe(otherClient);
    expect(await authenticate(otherAudience)).toBeNull();

    // Same e-mail in another pool of the same server: same keys, another issuer.
    const pool = await cognito.sdk.send(new CreateUserPoolCommand({ PoolName: 'outro-pool', UsernameAttributes: ['email'] }));
    const poolId = pool.UserPool!.Id!;
    const client = await cognito.sdk.send(new CreateUserPoolClientCommand({ UserPoolId: poolId, ClientName: 'x', ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH'] }));
    await cognito.sdk.send(
      new AdminCreateUserCommand({ UserPoolId: poolId, Username: 'daniel@bitcom.com.br', UserAttributes: [{ Name: 'email', Value: 'daniel@bitcom.com.br' }, { Name: 'email_verified', Value: 'true' }], MessageAction: 'SUPPRESS' }),
    );
    await cognito.sdk.send(new AdminSetUserPasswordCommand({ UserPoolId: poolId, Username: 'daniel@bitcom.com.br', Password: PASSWORD, Permanent: true }));
    const otherPool = await cognito.idToken('daniel@bitcom.com.br', PASSWORD, client.UserPoolClient!.ClientId!);
    expect(payloadOf(otherPool).iss).toBe(`${cognito.endpoint}/${poolId}`);
    expect(await authenticate(otherPool)).toBeNull();
    // Even when the other pool's client id is the one configured... it is another issuer.
    const sameAudience = createCognitoAuthenticator(database.db, { ...cognitoConfig(), clientId: client.UserPoolClient!.ClientId! });
    expect(await sameAudience(otherPool)).toBeNull();
  });

  it('refuses an expired token', async () => {
    await ourUser('eva@bitcom.com.br');
    await cognito.createUser('eva@bitcom.com.br', PASSWORD);
    const shortClient = await cognito.createClient('curto', { IdTokenValidity: 4, TokenValidityUnits: { IdToken: 'seconds' } });
    const short = createCognitoAuthenticator(database.db, { ...cognitoConfig(), clientId: shortClient });
    const token = await cognito.idToken('eva@bitcom.com.br', PASSWORD, shortClient);
    const claims = payloadOf(token);
    expect(claims.exp - claims.iat).toBe(4);
    // The verifier's clock is the test's: just before the token's exp, then past it, however slow the machine.
    vi.useFakeTimers({ toFake: ['Date'], now: claims.exp * 1000 - 1000 });
    try {
      expect(await short(token)).not.toBeNull();
      vi.setSystemTime((claims.exp + 1) * 1000);
      expect(await short(token)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('uses COGNITO_ISSUER and COGNITO_JWKS_URI when given, and refuses when they do not match', async () => {
    await ourUser('fabio@bitcom.com.br');
    await cognito.createUser('fabio@bitcom.com.br', PASSWORD);
    const token = await cognito.idToken('fabio@bitcom.com.br', PASSWORD);
    const issuer = `${cognito.endpoint}/${cognito.userPoolId}`;
    const explicit = createCognitoAuthenticator(database.db, { region: 'sa-east-1', userPoolId: cognito.userPoolId, clientId: cognito.clientId, issuer, jwksUri: `${issuer}/.well-known/jwks.json` });
    expect(await explicit(token)).not.toBeNull();
    const wrongIssuer = createCognitoAuthenticator(database.db, { ...cognitoConfig(), issuer: 'https://cognito-idp.sa-east-1.amazonaws.com/sa-east-1_XXXXXXXXX' });
    expect(await wrongIssuer(token)).toBeNull();
    const unreachableKeys = createCognitoAuthenticator(database.db, { ...cognitoConfig(), jwksUri: `${cognito.endpoint}/sem-pool/nada.json` });
    expect(await unreachableKeys(token)).toBeNull();
  });
});

describe('cognito-local challenges the browser client must handle', () => {
  it('a user created with a temporary password gets NEW_PASSWORD_REQUIRED, then tokens after the new password', async () => {
    await ourUser('primeiro.acesso@bitcom.com.br', { papeis: ['rh:leitor'] });
    await cognito.createUserWithTemporaryPassword('primeiro.acesso@bitcom.com.br', 'Temporaria#1');
    const first = await cognito.sdk.send(
      new InitiateAuthCommand({ ClientId: cognito.clientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: 'primeiro.acesso@bitcom.com.br', PASSWORD: 'Temporaria#1' } }),
    );
    expect(first.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
    expect(first.AuthenticationResult).toBeUndefined();
    expect(typeof first.Session).toBe('string');
    const done = await cognito.sdk.send(
      new RespondToAuthChallengeCommand({
        ClientId: cognito.clientId,
        ChallengeName: 'NEW_PASSWORD_REQUIRED',
        Session: first.Session,
        ChallengeResponses: { USERNAME: 'primeiro.acesso@bitcom.com.br', NEW_PASSWORD: 'Definitiva#2' },
      }),
    );
    expect((await authenticate(done.AuthenticationResult!.IdToken!))?.roles).toEqual(['rh:leitor']);
    // The temporary password no longer works.
    await expect(cognito.idToken('primeiro.acesso@bitcom.com.br', 'Temporaria#1')).rejects.toThrow();
  });
});

// Through HTTP: buildApp with config.cognito. Runs once src/server/app.ts uses the Cognito
// authenticator when config.cognito is set (see the report of this task for the lines to add).
const appUsesCognito = /createCognitoAuthenticator|cognitoAuthenticatorFor/.test(readFileSync(new URL('../../src/server/app.ts', import.meta.url), 'utf8'));

describe.skipIf(!appUsesCognito)('Cognito mode through HTTP (needs app.ts to wire src/server/auth/cognito.ts)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp({ config: { cognito: cognitoConfig() } });
  });
  afterAll(() => t?.close());

  it('tells the browser to sign in with Cognito, at the emulator', async () => {
    const r = await t.app.inject({ url: '/v1/auth/config' });
    expect(r.json()).toEqual({
      provider: 'cognito',
      cognito: { region: cognito.region, userPoolId: cognito.userPoolId, userPoolClientId: cognito.clientId, endpoint: cognito.endpoint },
    });
  });

  it('accepts a Cognito identity token with the roles of our database, and refuses others', async () => {
    const provider = (await t.db.query<{ id: number }>(`INSERT INTO rh.empresa (nome) VALUES ('Bitcom Cognito') RETURNING id`)).rows[0].id;
    await t.db.query(`INSERT INTO auth.usuario (email, nome, papeis, id_empresas, funcionario) VALUES ($1, 'Gestora HTTP', $2, $3, true)`, [
      'gestora.http@bitcom.com.br',
      ['rh:gestor', 'user'],
      [provider],
    ]);
    await cognito.createUser('gestora.http@bitcom.com.br', PASSWORD);
    const token = await cognito.idToken('gestora.http@bitcom.com.br', PASSWORD);
    const me = await t.app.inject({ url: '/v1/auth/me', headers: { authorization: `Bearer ${token}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: 'gestora.http@bitcom.com.br', roles: ['rh:gestor', 'user'], modules: ['rh'], employee: 'true', totp: false });
    const list = await t.app.inject({ url: '/api/departments', headers: { authorization: `Bearer ${token}`, 'x-intranet-role': 'rh:gestor' } });
    expect(list.statusCode).toBe(200);
    // A role the user does not have in our database is refused, whatever Cognito says.
    const forged = await t.app.inject({ url: '/api/departments', headers: { authorization: `Bearer ${token}`, 'x-intranet-role': 'users:superadmin' } });
    expect(forged.statusCode).toBe(403);

    const [h, p, s] = token.split('.');
    const tampered = `${h}.${b64({ ...payloadOf(token), email: 'admin@intranet.local' })}.${s}`;
    for (const bad of [tampered, `${h}.${p}.`]) {
      const r = await t.app.inject({ url: '/v1/auth/me', headers: { authorization: `Bearer ${bad}` } });
      expect(r.statusCode).toBe(401);
    }
    expect((await t.app.inject({ url: '/v1/auth/me' })).statusCode).toBe(401);
  });
});

// Cognito mode: the built-in sign-in calls are off, and the users screen provisions people in the
// pool (through a proxy that records the calls and answers AdminUserGlobalSignOut, which cognito-local
// does not implement).
describe('Cognito mode: built-in sign-in off, users provisioned in the pool', () => {
  let t: TestApp;
  let proxy: Awaited<ReturnType<CognitoLocal['recordingProxy']>>;
  let admin: string;
  let provider: number;
  const as = (token: string) => ({ authorization: `Bearer ${token}` });
  const signInCognito = (email: string, password: string) =>
    cognito.sdk.send(new InitiateAuthCommand({ ClientId: cognito.clientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: email, PASSWORD: password } }));
  const poolUser = (email: string) => cognito.sdk.send(new AdminGetUserCommand({ UserPoolId: cognito.userPoolId, Username: email }));
  const refusalOf = (promise: Promise<unknown>) => promise.then(() => null, (e: { name?: string; message?: string }) => `${e.name}: ${e.message}`);

  beforeAll(async () => {
    // The server's calls to the pool need credentials (any, for the emulator); put back after the file, whose
    // worker runs other files next (the api project's isolate: false).
    vi.stubEnv('AWS_ACCESS_KEY_ID', 'local');
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'local');
    proxy = await cognito.recordingProxy(['AdminUserGlobalSignOut']);
    t = await testApp({ config: { cognito: { ...cognitoConfig(), endpoint: proxy.endpoint, issuer: `${cognito.endpoint}/${cognito.userPoolId}` } } });
    await cognito.createUser('admin@intranet.local', PASSWORD);
    admin = await cognito.idToken('admin@intranet.local', PASSWORD);
    provider = (await t.app.inject({ method: 'POST', url: '/api/providers', headers: as(admin), payload: { nome: 'Provedor Cognito' } })).json().id;
  });
  afterAll(async () => {
    await t?.close();
    await proxy?.close();
    vi.unstubAllEnvs();
  });

  it('the built-in sign-in, password and two-factor calls answer 409 with a pt-BR text', async () => {
    const anonymous = ['login', 'refresh', 'forgot-password', 'confirm-forgot-password', 'new-password', 'mfa'];
    const signedIn = ['change-password', 'resend-temporary-password', 'require-password-reset', 'totp/setup', 'totp/enable', 'totp/disable'];
    for (const path of [...anonymous, ...signedIn]) {
      const r = await t.app.inject({ method: 'POST', url: `/v1/auth/${path}`, headers: signedIn.includes(path) ? as(admin) : {}, payload: { email: 'admin@intranet.local', password: PASSWORD } });
      expect(r.statusCode, path).toBe(409);
      expect(r.json(), path).toEqual({ message: IDENTITY_MSG.cognitoOnly, code: 'NotSupportedException' });
    }
    for (const path of ['register', 'confirm-sign-up', 'resend-sign-up-code']) {
      expect((await t.app.inject({ method: 'POST', url: `/v1/auth/${path}`, payload: {} })).statusCode, path).toBe(409);
    }
    // Still there: how to sign in, who the session user is, and signing out.
    expect((await t.app.inject({ url: '/v1/auth/config' })).json().provider).toBe('cognito');
    expect((await t.app.inject({ url: '/v1/auth/me', headers: as(admin) })).json().email).toBe('admin@intranet.local');
    const other = await cognito.idToken('admin@intranet.local', PASSWORD);
    expect((await t.app.inject({ method: 'POST', url: '/v1/auth/logout', headers: as(other), payload: {} })).statusCode).toBe(200);
  });

  it('signing out revokes that identity token on the server until it expires; other sessions of the user go on', async () => {
    const email = 'sai.cognito@bitcom.com.br';
    await cognito.createUser(email, PASSWORD);
    expect((await t.app.inject({ method: 'POST', url: '/api/users', headers: as(admin), payload: { email, papeis: ['user'], id_empresas: [provider] } })).statusCode).toBe(201);
    const laptop = await cognito.idToken(email, PASSWORD);
    const phone = await cognito.idToken(email, PASSWORD);
    expect(payloadOf(laptop).jti).not.toBe(payloadOf(phone).jti);
    expect((await t.app.inject({ url: '/v1/auth/me', headers: as(laptop) })).statusCode).toBe(200);

    expect((await t.app.inject({ method: 'POST', url: '/v1/auth/logout', headers: as(laptop), payload: {} })).json()).toEqual({ ok: true });
    for (const url of ['/v1/auth/me', '/api/users', '/v1/profile/me']) {
      expect((await t.app.inject({ url, headers: as(laptop) })).statusCode, url).toBe(401);
    }
    expect((await t.app.inject({ url: '/v1/auth/me', headers: as(phone) })).statusCode).toBe(200);
    // Kept until the token's own expiry, then swept.
    const { rows } = await t.db.query<{ expira: number }>('SELECT extract(epoch FROM expira_em)::int AS expira FROM auth.token_revogado WHERE jti = $1', [payloadOf(laptop).jti]);
    expect(rows).toEqual([{ expira: payloadOf(laptop).exp }]);
    // A sign-out without a (valid) token revokes nothing.
    expect((await t.app.inject({ method: 'POST', url: '/v1/auth/logout', payload: {} })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/v1/auth/me', headers: as(phone) })).statusCode).toBe(200);
  });

  it('a user created in the admin is created in Cognito, which e-mails the temporary password; no built-in password is made', async () => {
    const email = 'provisionada@bitcom.com.br';
    const r = await t.app.inject({ method: 'POST', url: '/api/users', headers: as(admin), payload: { email, nome: 'Provisionada', papeis: ['rh:leitor', 'user'], id_empresas: [provider] } });
    expect(r.statusCode, r.body).toBe(201);
    expect(proxy.calls).toContain('AdminCreateUser');
    expect((await t.db.query('SELECT 1 FROM auth.credencial WHERE id_usuario = $1', [r.json().id])).rows).toEqual([]);
    expect((await t.db.query('SELECT 1 FROM admin.email WHERE para = $1', [email])).rows).toEqual([]);
    // The temporary password the emulator "e-mailed" (it only logs it), from its data.
    const temporary = await cognito.temporaryPassword(email);
    const first = await signInCognito(email, temporary);
    expect(first.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
    const done = await cognito.sdk.send(
      new RespondToAuthChallengeCommand({ ClientId: cognito.clientId, ChallengeName: 'NEW_PASSWORD_REQUIRED', Session: first.Session, ChallengeResponses: { USERNAME: email, NEW_PASSWORD: 'Escolhida#2026' } }),
    );
    const token = done.AuthenticationResult!.IdToken!;
    expect((await t.app.inject({ url: '/v1/auth/me', headers: as(token) })).json()).toMatchObject({ email, roles: ['rh:leitor', 'user'] });
  });

  it('disabling a user disables them in Cognito and signs them out everywhere; enabling gives access back; deleting removes them', async () => {
    const email = 'desabilitada.cognito@bitcom.com.br';
    const id = (await t.app.inject({ method: 'POST', url: '/api/users', headers: as(admin), payload: { email, papeis: ['user'], id_empresas: [provider] } })).json().id;
    await cognito.sdk.send(new AdminSetUserPasswordCommand({ UserPoolId: cognito.userPoolId, Username: email, Password: PASSWORD, Permanent: true }));
    const token = await cognito.idToken(email, PASSWORD);
    expect((await t.app.inject({ url: '/v1/auth/me', headers: as(token) })).statusCode).toBe(200);

    proxy.calls.length = 0;
    expect((await t.app.inject({ method: 'PUT', url: `/api/users/${id}`, headers: as(admin), payload: { ativo: false } })).statusCode).toBe(200);
    expect(proxy.calls).toEqual(['AdminDisableUser', 'AdminUserGlobalSignOut']);
    // (cognito-local keeps the flag but does not refuse sign-in for it, as Cognito does)
    expect((await poolUser(email)).Enabled).toBe(false);
    expect((await t.app.inject({ url: '/v1/auth/me', headers: as(token) })).statusCode).toBe(401);

    proxy.calls.length = 0;
    expect((await t.app.inject({ method: 'PUT', url: `/api/users/${id}`, headers: as(admin), payload: { ativo: true } })).statusCode).toBe(200);
    expect(proxy.calls).toEqual(['AdminEnableUser']);
    expect((await poolUser(email)).Enabled).toBe(true);
    expect((await t.app.inject({ url: '/v1/auth/me', headers: as(await cognito.idToken(email, PASSWORD)) })).statusCode).toBe(200);

    proxy.calls.length = 0;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/users/${id}`, headers: as(admin) })).statusCode).toBe(200);
    expect(proxy.calls).toEqual(['AdminDeleteUser']);
    expect(await refusalOf(poolUser(email))).toMatch(/UserNotFoundException/);
  });

  it("a manager cannot change the e-mail of a user holding roles they do not manage: nothing reaches the pool", async () => {
    const ours = (email: string, papeis: string[]) =>
      t.app.inject({ method: 'POST', url: '/api/users', headers: as(admin), payload: { email, papeis, id_empresas: [provider] } });
    await cognito.createUser('gestor.vendas.cognito@bitcom.com.br', PASSWORD);
    expect((await ours('gestor.vendas.cognito@bitcom.com.br', ['vendas:gestor', 'user'])).statusCode).toBe(201);
    const victim = (await ours('vitima.cognito@bitcom.com.br', ['rh:gestor', 'users:gestor', 'user'])).json();
    const sales = await cognito.idToken('gestor.vendas.cognito@bitcom.com.br', PASSWORD);

    proxy.calls.length = 0;
    for (const payload of [{ email: 'atacante.cognito@evil.test' }, { ativo: false }]) {
      const r = await t.app.inject({ method: 'PUT', url: `/api/users/${victim.id}`, headers: as(sales), payload });
      expect(r.statusCode, JSON.stringify(payload)).toBe(403);
    }
    expect((await t.app.inject({ method: 'DELETE', url: `/api/users/${victim.id}`, headers: as(sales) })).statusCode).toBe(403);
    expect(proxy.calls).toEqual([]);
    const pooled = await poolUser('vitima.cognito@bitcom.com.br');
    expect(pooled.Enabled).toBe(true);
    expect(pooled.UserAttributes?.find((a) => a.Name === 'email')?.Value).toBe('vitima.cognito@bitcom.com.br');
    expect(await refusalOf(poolUser('atacante.cognito@evil.test'))).toMatch(/UserNotFoundException/);
  });

  it('when Cognito refuses, the users write is undone and the admin is told', async () => {
    proxy.failing.add('AdminCreateUser');
    try {
      const email = 'nao.provisionada@bitcom.com.br';
      const r = await t.app.inject({ method: 'POST', url: '/api/users', headers: as(admin), payload: { email, papeis: ['user'], id_empresas: [provider] } });
      expect(r.statusCode).toBe(502);
      expect(r.json().message).toBe(COGNITO_USERS_MSG.failed);
      expect((await t.db.query('SELECT 1 FROM auth.usuario WHERE email = $1', [email])).rows).toEqual([]);
    } finally {
      proxy.failing.delete('AdminCreateUser');
    }
  });
});

// The browser's Cognito client (aws-amplify, which runs in Node too) against cognito-local, with
// the session user answered by GET /v1/auth/me of a server verifying Cognito tokens: the real app
// once app.ts is wired, until then the real authPlugin and authenticator behind a minimal /me.
describe('the browser client through aws-amplify', () => {
  let server: { url: string; db: TestDatabase['db']; close(): Promise<void> };
  let client: IdentityClient;

  beforeAll(async () => {
    if (appUsesCognito) {
      const t = await testApp({ config: { cognito: cognitoConfig() } });
      const url = await t.app.listen({ host: '127.0.0.1', port: 0 });
      server = { url, db: t.db, close: () => t.close() };
    } else {
      const app = Fastify();
      await app.register(authPlugin, { authenticate });
      app.get('/v1/auth/me', async (request, reply) => {
        const u = request.auth;
        if (!u) return reply.code(401).send({ message: 'Sua sessão expirou. Entre novamente.', code: 'NotAuthorizedException' });
        return { userId: u.userId, usuarioId: u.id, email: u.email, nome: u.nome, roles: u.roles, modules: modulesOf(u.roles), employee: u.employee ? 'true' : 'false' };
      });
      const url = await app.listen({ host: '127.0.0.1', port: 0 });
      server = { url, db: database.db, close: () => app.close() };
    }
    client = createCognitoClient({ region: cognito.region, userPoolId: cognito.userPoolId, userPoolClientId: cognito.clientId, endpoint: cognito.endpoint }, server.url);
  });
  afterAll(async () => {
    await client?.signOut(null);
    await server?.close();
  });

  const addUser = (email: string, papeis: string[], ativo = true) =>
    server.db.query(`INSERT INTO auth.usuario (email, nome, papeis, funcionario, ativo) VALUES ($1, 'Pelo Navegador', $2, true, $3)`, [email, papeis, ativo]);
  const refusal = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(IdentityError);
    return error as IdentityError;
  };

  it('signs in: the session user has the roles of our database', async () => {
    await addUser('navegador@bitcom.com.br', ['marketing:gestor', 'user']);
    await cognito.createUser('navegador@bitcom.com.br', PASSWORD);
    const result = await client.signIn(' navegador@bitcom.com.br ', PASSWORD);
    expect(result.status).toBe('OK');
    if (result.status !== 'OK') return;
    const { session } = result;
    expect(session.user).toMatchObject({ email: 'navegador@bitcom.com.br', roles: ['marketing:gestor', 'user'], modules: ['marketing'], employee: 'true' });
    expect(payloadOf(session.idToken)).toMatchObject({ token_use: 'id', aud: cognito.clientId, email: 'navegador@bitcom.com.br' });
    expect(session.expiresAt).toBe(payloadOf(session.idToken).exp * 1000);
    expect(session.refreshToken).toBe(AMPLIFY_REFRESH_MARKER);
    expect(await client.currentSession(session)).toEqual(session.user);

    // refresh() is not exercised here: amplify refreshes through GetTokensFromRefreshToken, which
    // cognito-local does not implement. Without tokens it must answer "session expired".
    await client.signOut(session);
    await expect(client.refresh(session)).rejects.toMatchObject({ message: 'Sua sessão expirou. Entre novamente.', status: 401 });
  });

  it('answers the specification texts for a wrong password, an unknown e-mail and a user the intranet does not have', async () => {
    await addUser('errou@bitcom.com.br', ['user']);
    await cognito.createUser('errou@bitcom.com.br', PASSWORD);
    expect((await refusal(client.signIn('errou@bitcom.com.br', 'Errada#Senha1'))).message).toBe('E-mail ou senha incorretos.');
    expect((await refusal(client.signIn('ninguem@bitcom.com.br', PASSWORD))).message).toBe('E-mail ou senha incorretos.');

    await cognito.createUser('so.cognito@bitcom.com.br', PASSWORD);
    const outsider = await refusal(client.signIn('so.cognito@bitcom.com.br', PASSWORD));
    expect(outsider).toMatchObject({ message: 'Este usuário não tem autorização para realizar esta operação.', status: 401 });
    // No Cognito session is left behind: the next sign-in works at once.
    expect((await client.signIn('errou@bitcom.com.br', PASSWORD)).status).toBe('OK');
    await client.signOut(null);
  });

  it('first access: a temporary password gives NEW_PASSWORD_REQUIRED, completed with the new password', async () => {
    await addUser('novo.navegador@bitcom.com.br', ['rh:leitor', 'user']);
    await cognito.createUserWithTemporaryPassword('novo.navegador@bitcom.com.br', 'Temporaria#1');
    const first = await client.signIn('novo.navegador@bitcom.com.br', 'Temporaria#1');
    expect(first).toEqual({ status: 'CHALLENGE', challenge: { challenge: 'NEW_PASSWORD_REQUIRED', session: '', email: 'novo.navegador@bitcom.com.br' } });
    if (first.status !== 'CHALLENGE') return;
    const done = await client.completeNewPassword(first.challenge, 'Escolhida#2026');
    expect(done.status).toBe('OK');
    if (done.status === 'OK') expect(done.session.user.roles).toEqual(['rh:leitor', 'user']);
    await client.signOut(null);
    expect((await client.signIn('novo.navegador@bitcom.com.br', 'Escolhida#2026')).status).toBe('OK');
    await client.signOut(null);
  });

  it('changes the password (the current one is checked) and resets a forgotten one with the e-mailed code', async () => {
    await addUser('troca@bitcom.com.br', ['user']);
    await cognito.createUser('troca@bitcom.com.br', PASSWORD);
    const signed = await client.signIn('troca@bitcom.com.br', PASSWORD);
    if (signed.status !== 'OK') throw new Error('sem sessão');
    const wrong = await refusal(client.changePassword(signed.session, 'Nao#EhEssa1', 'Trocada#2026'));
    expect(wrong.message).toBe('E-mail ou senha incorretos.');
    expect(wrong.errors).toEqual({ currentPassword: 'Senha atual incorreta.' });
    expect(await client.changePassword(signed.session, PASSWORD, 'Trocada#2026')).toEqual({ message: 'Senha alterada com sucesso!' });
    await client.signOut(signed.session);
    expect((await client.signIn('troca@bitcom.com.br', 'Trocada#2026')).status).toBe('OK');
    await client.signOut(null);

    expect(await client.forgotPassword('troca@bitcom.com.br')).toEqual({ message: 'Se o e-mail estiver cadastrado, você receberá um código de verificação.' });
    const code = await cognito.confirmationCode('troca@bitcom.com.br');
    expect(code).toMatch(/^\d+$/);
    const badCode = code === '000000' ? '111111' : '000000';
    const mismatch = await refusal(client.confirmForgotPassword('troca@bitcom.com.br', badCode, 'Redefinida#2026'));
    expect(mismatch).toMatchObject({ message: 'Código de verificação errado.', code: 'CodeMismatchException' });
    expect(await client.confirmForgotPassword('troca@bitcom.com.br', code, 'Redefinida#2026')).toEqual({ message: 'Senha alterada com sucesso!' });
    expect((await client.signIn('troca@bitcom.com.br', 'Redefinida#2026')).status).toBe('OK');
    await client.signOut(null);
  });

  it("signing out revokes the session's identity token on the server, not only in the browser", async () => {
    await addUser('sai.navegador@bitcom.com.br', ['user']);
    await cognito.createUser('sai.navegador@bitcom.com.br', PASSWORD);
    const signed = await client.signIn('sai.navegador@bitcom.com.br', PASSWORD);
    if (signed.status !== 'OK') throw new Error('sem sessão');
    const me = () => fetch(`${server.url}/v1/auth/me`, { headers: { authorization: `Bearer ${signed.session.idToken}` } }).then((r) => r.status);
    expect(await me()).toBe(200);
    await client.signOut(signed.session);
    // A copy of the token kept elsewhere (another tab, a leaked log) no longer works.
    expect(await me()).toBe(401);
  });

  it('a user disabled in our database loses the session at the next check', async () => {
    await addUser('sera.desabilitado@bitcom.com.br', ['user']);
    await cognito.createUser('sera.desabilitado@bitcom.com.br', PASSWORD);
    const signed = await client.signIn('sera.desabilitado@bitcom.com.br', PASSWORD);
    if (signed.status !== 'OK') throw new Error('sem sessão');
    await server.db.query(`UPDATE auth.usuario SET ativo = false WHERE email = $1`, ['sera.desabilitado@bitcom.com.br']);
    const gone = await eventually(
      () => client.currentSession(signed.session).then(() => null, (e: IdentityError) => e),
      (e) => e !== null,
    );
    expect(gone).toMatchObject({ message: 'Sua sessão expirou. Entre novamente.', status: 401 });
    await client.signOut(signed.session);
  });
});
