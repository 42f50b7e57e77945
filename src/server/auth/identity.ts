// Built-in identity: sign-in with its challenges (new password, TOTP), refresh-token rotation,
// sign-out, forgotten password by e-mailed code, password change, and the per-request check of
// identity tokens (the user's current roles and providers come from the database, not the token).
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import * as OTPAuth from 'otpauth';
import { AUTH_MSG, MSG } from '../../domain/messages.js';
import { isCode6, isEmail } from '../../domain/validators.js';
import { isSuperadmin, modulesOf } from '../../domain/roles.js';
import type { Database, Queryable } from '../db/index.js';
import { HttpError } from '../errors.js';
import { setAuditUser, type Actor } from '../resources/service.js';
import type { EventBus } from '../events.js';
import { EVENTS_CHANNEL } from '../events.js';
import type { Mailer } from './mailer.js';
import { hashPassword, passwordProblem, verifyPassword } from './passwords.js';
import { clearFailures, isLocked, recordFailure, withinRate } from './throttle.js';
import { RegistrationService } from './register.js';
import { newRefreshToken, sha256, TokenError, type TokenService } from './tokens.js';
import { assertMayAdminister } from './escalation.js';
import type { AuthUser, UserRecord } from './types.js';

// The signed-in user's types live in auth/types.ts (files, cognito and the layers below import them there).
export type { AuthUser, UserRecord } from './types.js';

export interface SessionUser {
  userId: string;
  usuarioId: number;
  email: string;
  nome: string | null;
  roles: string[];
  modules: string[];
  employee: 'true' | 'false';
}

export interface TokenSet {
  idToken: string;
  refreshToken: string;
  expiresIn: number;
  user: SessionUser;
}

export type LoginResult = ({ status: 'OK' } & TokenSet) | { status: 'CHALLENGE'; challenge: 'NEW_PASSWORD_REQUIRED' | 'SOFTWARE_TOKEN_MFA'; session: string };

export interface RequestMeta {
  ip: string;
  userAgent?: string;
}

/** A user with their credential (auth.credencial, no schema: the engine's own table). */
interface UserRow extends UserRecord {
  senha_hash: string | null;
  estado: string | null;
  totp_secret: string | null;
  totp_ativo: boolean | null;
  totp_pendente: string | null;
  /** A temporary password older than TEMPORARY_PASSWORD_DAYS. */
  temporaria_vencida: boolean | null;
}

/** Texts of the identity's own answers (the spec's sign-in texts are in src/domain/messages.ts). */
export const IDENTITY_MSG = {
  resetRequired: 'O usuário precisará redefinir a senha no próximo acesso.',
  cognitoOnly: 'Com o AWS Cognito configurado, a entrada e as senhas são tratadas pelo Cognito; esta operação não está disponível aqui.',
} as const;

const CODE_TTL_MINUTES = 10;
const CODE_ATTEMPTS = 5;
const ACCOUNT_FREE_FAILURES = 5;
// Offices share an address: a higher bar before an address is locked.
const ADDRESS_FREE_FAILURES = 20;
const CODES_PER_HOUR = 5;
/** How long a refresh token just replaced still answers its successor (see refresh). */
export const REFRESH_REUSE_SECONDS = 10;
/** A temporary password (a new user's, or one a manager sent again) works this long, as Cognito's default. */
export const TEMPORARY_PASSWORD_DAYS = 7;

const authError = (status: number, message: string, code: string) => new HttpError(status, message, undefined, code);
const wrongCredentials = () => authError(401, AUTH_MSG.wrongCredentials, 'NotAuthorizedException');
const notAuthenticated = () => authError(401, AUTH_MSG.sessionExpired, 'NotAuthorizedException');

// senha_alterada_em: when the current password was set (a temporary one: when it was sent).
const USER_SELECT = `SELECT u.id, u.user_id, u.email, u.nome, u.papeis, u.id_empresas, u.funcionario, u.ativo,
    c.senha_hash, c.estado, c.totp_secret, c.totp_ativo, c.totp_pendente,
    (c.estado = 'NOVA_SENHA' AND c.senha_alterada_em < now() - make_interval(days => ${TEMPORARY_PASSWORD_DAYS})) AS temporaria_vencida
  FROM auth.usuario u LEFT JOIN auth.credencial c ON c.id_usuario = u.id`;

function fieldErrors(errors: Record<string, string | null>) {
  const list = Object.fromEntries(Object.entries(errors).filter(([, v]) => v)) as Record<string, string>;
  if (Object.keys(list).length) {
    throw new HttpError(400, Object.values(list).includes(MSG.required) ? MSG.requiredForm : MSG.failure, list, 'InvalidParameterException');
  }
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The throttling key of the sign-in failures of an e-mail (auth.limite). */
export const accountThrottleKey = (email: string) => `login:email:${email.trim().toLowerCase()}`;

/** A temporary password that satisfies the policy (sent by e-mail; must be changed at first access). */
export function temporaryPassword() {
  return `Tmp${randomBytes(6).toString('base64url').replace(/[^A-Za-z0-9]/g, 'x')}${randomInt(10)}#a`;
}

export class IdentityService {
  private cache = new Map<number, { user: UserRow; sessions: Set<string>; at: number }>();
  /** Candidate self-registration (register.ts). */
  readonly registration: RegistrationService;

  constructor(
    private db: Database,
    private tokens: TokenService,
    private mailer: Mailer,
    private options: { refreshTtlDays: number; appUrl?: string; log?: (msg: string) => void },
    events?: EventBus,
  ) {
    this.registration = new RegistrationService(db, mailer, { appUrl: options.appUrl });
    // Changes of a user (audit trigger) or of their sessions (sign-out) drop the cached state on
    // every instance, so roles, providers and revocations apply at once.
    events?.on((e) => {
      if ((e.table === 'auth.usuario' || e.table === 'auth.sessao') && e.id) this.cache.delete(Number(e.id));
    });
  }

  private async findByEmail(q: Queryable, email: string) {
    const { rows } = await q.query<UserRow>(`${USER_SELECT} WHERE lower(u.email) = lower($1)`, [email.trim()]);
    return rows[0];
  }

  private async findById(q: Queryable, id: number) {
    const { rows } = await q.query<UserRow>(`${USER_SELECT} WHERE u.id = $1`, [id]);
    return rows[0];
  }

  sessionUser(u: Pick<UserRow, 'id' | 'user_id' | 'email' | 'nome' | 'papeis' | 'funcionario'>): SessionUser {
    return {
      userId: u.user_id,
      usuarioId: u.id,
      email: u.email,
      nome: u.nome,
      roles: u.papeis,
      modules: modulesOf(u.papeis),
      employee: u.funcionario ? 'true' : 'false',
    };
  }

  private async issueTokens(q: Queryable, user: UserRow, meta: RequestMeta): Promise<TokenSet> {
    const sid = randomUUID();
    const refreshToken = newRefreshToken();
    await q.query(
      `INSERT INTO auth.sessao (id, id_usuario, refresh_hash, expira_em, ip, user_agent)
       VALUES ($1, $2, $3, now() + make_interval(days => $4), $5, $6)`,
      [sid, user.id, sha256(refreshToken), this.options.refreshTtlDays, meta.ip, meta.userAgent?.slice(0, 300) ?? null],
    );
    return this.tokenSet(user, sid, refreshToken);
  }

  private async tokenSet(user: UserRow, sid: string, refreshToken: string): Promise<TokenSet> {
    const session = this.sessionUser(user);
    const idToken = await this.tokens.signIdentity({
      sub: user.user_id,
      usuarioId: user.id,
      email: user.email,
      roles: user.papeis,
      modules: session.modules,
      employee: session.employee,
      sid,
    });
    return { idToken, refreshToken, expiresIn: this.tokens.accessTtlSeconds, user: session };
  }

  /** After the password is right: the account's state decides between tokens, a challenge or a refusal. */
  private async afterPassword(q: Queryable, user: UserRow, meta: RequestMeta): Promise<LoginResult> {
    if (!user.ativo) throw authError(403, AUTH_MSG.disabled, 'UserDisabledException');
    if (user.estado === 'NAO_CONFIRMADO') throw authError(403, AUTH_MSG.notConfirmed, 'UserNotConfirmedException');
    if (user.estado === 'REDEFINIR') throw authError(403, AUTH_MSG.resetRequired, 'PasswordResetRequiredException');
    if (user.estado === 'NOVA_SENHA') {
      // Told only after the right password, like the other states.
      if (user.temporaria_vencida) throw authError(403, AUTH_MSG.temporaryExpired, 'NotAuthorizedException');
      const session = await this.tokens.signChallenge({ sub: user.user_id, usuarioId: user.id, challenge: 'NEW_PASSWORD_REQUIRED' });
      return { status: 'CHALLENGE', challenge: 'NEW_PASSWORD_REQUIRED', session };
    }
    return this.secondFactorOrTokens(q, user, meta);
  }

  /** The last step of a sign-in: the authenticator's code when two-factor is on (as Cognito asks), else tokens. */
  private async secondFactorOrTokens(q: Queryable, user: UserRow, meta: RequestMeta): Promise<LoginResult> {
    if (user.totp_ativo) {
      const session = await this.tokens.signChallenge({ sub: user.user_id, usuarioId: user.id, challenge: 'SOFTWARE_TOKEN_MFA' });
      return { status: 'CHALLENGE', challenge: 'SOFTWARE_TOKEN_MFA', session };
    }
    return { status: 'OK', ...(await this.issueTokens(q, user, meta)) };
  }

  async login(body: unknown, meta: RequestMeta): Promise<LoginResult> {
    const b = (body ?? {}) as Record<string, unknown>;
    const email = text(b.email).trim();
    const password = text(b.password);
    fieldErrors({ email: email ? null : MSG.required, password: password ? null : MSG.required });
    const addressKey = `login:ip:${meta.ip}`;
    if (await isLocked(this.db, addressKey)) throw authError(429, AUTH_MSG.attemptsExceeded, 'TooManyFailedAttemptsException');
    // Counted by e-mail, whether or not it has an account: an unknown e-mail is locked like a
    // known one, so the lock tells nobody which accounts exist.
    const accountKey = accountThrottleKey(email);
    if (await isLocked(this.db, accountKey)) throw authError(429, AUTH_MSG.attemptsExceeded, 'TooManyFailedAttemptsException');
    const user = await this.findByEmail(this.db, email);
    const ok = await verifyPassword(user?.senha_hash, password);
    if (!ok) {
      await recordFailure(this.db, addressKey, ADDRESS_FREE_FAILURES);
      await recordFailure(this.db, accountKey, ACCOUNT_FREE_FAILURES);
      throw wrongCredentials();
    }
    await clearFailures(this.db, accountKey);
    return this.afterPassword(this.db, user!, meta);
  }

  /**
   * Completes the first-access challenge with the new password; a user whose two-factor is on then
   * answers the SOFTWARE_TOKEN_MFA challenge before getting tokens (a temporary password proves only
   * access to the e-mail).
   */
  async completeNewPassword(body: unknown, meta: RequestMeta): Promise<LoginResult> {
    const b = (body ?? {}) as Record<string, unknown>;
    const challenge = await this.challenge(text(b.session), 'NEW_PASSWORD_REQUIRED');
    const password = text(b.password);
    fieldErrors({ password: passwordProblem(password) });
    return this.db.transaction(async (tx) => {
      // The challenge proves who acts (audit entries name them).
      await setAuditUser(tx, challenge.usuarioId);
      const user = await this.findById(tx, challenge.usuarioId);
      if (!user || user.estado !== 'NOVA_SENHA') throw notAuthenticated();
      if (!user.ativo) throw authError(403, AUTH_MSG.disabled, 'UserDisabledException');
      if (await verifyPassword(user.senha_hash, password)) fieldErrors({ password: AUTH_MSG.samePassword });
      await tx.query(`UPDATE auth.credencial SET senha_hash = $2, estado = 'ATIVO', senha_alterada_em = now() WHERE id_usuario = $1`, [
        user.id,
        await hashPassword(password),
      ]);
      return this.secondFactorOrTokens(tx, { ...user, estado: 'ATIVO' }, meta);
    });
  }

  async verifyMfa(body: unknown, meta: RequestMeta): Promise<TokenSet> {
    const b = (body ?? {}) as Record<string, unknown>;
    const challenge = await this.challenge(text(b.session), 'SOFTWARE_TOKEN_MFA');
    const code = text(b.code);
    fieldErrors({ code: isCode6(code) ? null : MSG.code6 });
    const user = await this.findById(this.db, challenge.usuarioId);
    if (!user || !user.ativo || !user.totp_ativo || !user.totp_secret) throw notAuthenticated();
    await this.acceptTotpCode(user, user.totp_secret, code, 'active');
    return this.issueTokens(this.db, user, meta);
  }

  private async challenge(session: string, expected: 'NEW_PASSWORD_REQUIRED' | 'SOFTWARE_TOKEN_MFA') {
    try {
      const c = await this.tokens.verifyChallenge(session);
      if (c.challenge !== expected) throw new TokenError('desafio');
      return c;
    } catch {
      throw notAuthenticated();
    }
  }

  /**
   * Rotates the refresh token: the answer carries its successor (tokens.successor). The token just
   * replaced still answers that same successor for REFRESH_REUSE_SECONDS (two tabs refreshing at once,
   * a retried request), as Auth0's reuse interval and Okta's grace period; used again after that, it
   * was stolen or replayed and the session ends.
   */
  async refresh(body: unknown, meta: RequestMeta): Promise<TokenSet> {
    const token = text((body as Record<string, unknown> | null)?.refreshToken);
    if (!token) throw notAuthenticated();
    const hash = sha256(token);
    const next = await this.tokens.successor(token);
    const result = await this.db.transaction(async (tx) => {
      type Row = { id: string; id_usuario: number; valid: boolean };
      const valid = `(revogado_em IS NULL AND expira_em > now()) AS valid`;
      let { rows } = await tx.query<Row>(`SELECT id, id_usuario, ${valid} FROM auth.sessao WHERE refresh_hash = $1 FOR UPDATE`, [hash]);
      const current = rows.length > 0;
      if (!current) {
        // Replaced a moment ago (a concurrent refresh waited on the row lock and sees it rotated).
        ({ rows } = await tx.query<Row>(
          `SELECT id, id_usuario, ${valid} FROM auth.sessao
            WHERE refresh_anterior = $1 AND refresh_hash = $2 AND rotacionado_em > now() - make_interval(secs => $3) FOR UPDATE`,
          [hash, sha256(next), REFRESH_REUSE_SECONDS],
        ));
      }
      if (!rows.length) {
        // A refresh token used twice was stolen or replayed: the whole session is revoked.
        const reused = await tx.query<{ id_usuario: number }>(
          `UPDATE auth.sessao SET revogado_em = now() WHERE refresh_anterior = $1 AND revogado_em IS NULL RETURNING id_usuario`,
          [hash],
        );
        for (const r of reused.rows) await this.announceSessionChange(tx, r.id_usuario);
        // Committed, then refused.
        return null;
      }
      const session = rows[0];
      const user = await this.findById(tx, session.id_usuario);
      if (!session.valid || !user || !user.ativo) return null;
      if (current) {
        await tx.query(`UPDATE auth.sessao SET refresh_anterior = refresh_hash, refresh_hash = $2, rotacionado_em = now(), ip = $3 WHERE id = $1`, [
          session.id,
          sha256(next),
          meta.ip,
        ]);
      }
      return this.tokenSet(user, session.id, next);
    });
    if (!result) throw notAuthenticated();
    return result;
  }

  /** Revokes the session of a refresh token, or the current session of a signed-in user. */
  async logout(body: unknown, auth: AuthUser | null) {
    const token = text((body as Record<string, unknown> | null)?.refreshToken);
    await this.db.transaction(async (tx) => {
      const { rows } = await tx.query<{ id_usuario: number }>(
        `UPDATE auth.sessao SET revogado_em = now() WHERE revogado_em IS NULL AND (refresh_hash = $1 OR id = $2) RETURNING id_usuario`,
        [token ? sha256(token) : '', auth?.sid ?? '00000000-0000-0000-0000-000000000000'],
      );
      for (const r of rows) await this.announceSessionChange(tx, r.id_usuario);
    });
  }

  async revokeAllSessions(q: Queryable, userId: number) {
    await q.query(`UPDATE auth.sessao SET revogado_em = now() WHERE id_usuario = $1 AND revogado_em IS NULL`, [userId]);
    await this.announceSessionChange(q, userId);
  }

  private async announceSessionChange(q: Queryable, userId: number) {
    await q.query(`SELECT pg_notify($1, $2)`, [EVENTS_CHANNEL, JSON.stringify({ table: 'auth.sessao', op: 'UPDATE', id: String(userId) })]);
    this.cache.delete(userId);
  }

  async forgotPassword(body: unknown, meta: RequestMeta) {
    const email = text((body as Record<string, unknown> | null)?.email).trim();
    fieldErrors({ email: !email ? MSG.required : isEmail(email) ? null : MSG.email });
    // The same limits and the same answer whether or not the e-mail exists.
    if (!(await withinRate(this.db, `code:email:${email.toLowerCase()}`, CODES_PER_HOUR, 3600))) {
      throw authError(429, AUTH_MSG.sendLimit, 'LimitExceededException');
    }
    if (!(await withinRate(this.db, `code:ip:${meta.ip}`, CODES_PER_HOUR * 6, 3600))) {
      throw authError(429, AUTH_MSG.sendLimit, 'LimitExceededException');
    }
    const user = await this.findByEmail(this.db, email);
    if (user && user.ativo) {
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      await this.db.transaction(async (tx) => {
        await tx.query(`UPDATE auth.codigo SET usado_em = now() WHERE id_usuario = $1 AND finalidade = 'SENHA' AND usado_em IS NULL`, [user.id]);
        await tx.query(
          `INSERT INTO auth.codigo (id, id_usuario, codigo_hash, expira_em) VALUES ($1, $2, $3, now() + make_interval(mins => $4))`,
          [randomUUID(), user.id, sha256(`${user.id}:${code}`), CODE_TTL_MINUTES],
        );
        await this.mailer.send(tx, {
          to: user.email,
          subject: 'Código para redefinir sua senha da intranet',
          text: `Olá${user.nome ? `, ${user.nome}` : ''}!\n\nSeu código de verificação é ${code}. Ele vale por ${CODE_TTL_MINUTES} minutos e pode ser usado uma única vez.\n\nSe você não pediu para redefinir a senha, ignore esta mensagem.`,
        });
      });
    }
    return { message: AUTH_MSG.codeSent };
  }

  async confirmForgotPassword(body: unknown) {
    const b = (body ?? {}) as Record<string, unknown>;
    const email = text(b.email).trim();
    const code = text(b.code).trim();
    const password = text(b.password);
    fieldErrors({ email: email ? null : MSG.required, code: isCode6(code) ? null : MSG.code6, password: passwordProblem(password) });
    const key = `code-entry:email:${email.toLowerCase()}`;
    if (await isLocked(this.db, key)) throw authError(429, AUTH_MSG.tooManyRequests, 'TooManyRequestsException');
    const user = await this.findByEmail(this.db, email);
    const ok = await this.db.transaction(async (tx) => {
      if (!user) return false;
      // Only the holder of the e-mailed code gets past it (audit entries name them).
      await setAuditUser(tx, user.id);
      const { rows } = await tx.query<{ id: string; codigo_hash: string; tentativas: number }>(
        `SELECT id, codigo_hash, tentativas FROM auth.codigo
          WHERE id_usuario = $1 AND finalidade = 'SENHA' AND usado_em IS NULL AND expira_em > now() ORDER BY criado_em DESC LIMIT 1 FOR UPDATE`,
        [user.id],
      );
      const current = rows[0];
      if (!current) return false;
      if (current.codigo_hash !== sha256(`${user.id}:${code}`)) {
        // A code survives a few wrong guesses, then is spent.
        await tx.query(
          `UPDATE auth.codigo SET tentativas = tentativas + 1, usado_em = CASE WHEN tentativas + 1 >= $2 THEN now() ELSE NULL END WHERE id = $1`,
          [current.id, CODE_ATTEMPTS],
        );
        return false;
      }
      await tx.query(`UPDATE auth.codigo SET usado_em = now() WHERE id = $1`, [current.id]);
      await tx.query(
        `INSERT INTO auth.credencial (id_usuario, senha_hash, estado, senha_alterada_em) VALUES ($1, $2, 'ATIVO', now())
         ON CONFLICT (id_usuario) DO UPDATE SET senha_hash = EXCLUDED.senha_hash, estado = 'ATIVO', senha_alterada_em = now()`,
        [user.id, await hashPassword(password)],
      );
      await this.revokeAllSessions(tx, user.id);
      await clearFailures(tx, accountThrottleKey(user.email));
      return true;
    });
    if (!ok) {
      await recordFailure(this.db, key, 10);
      throw authError(400, AUTH_MSG.wrongCode, 'CodeMismatchException');
    }
    return { message: AUTH_MSG.passwordChanged };
  }

  async changePassword(auth: AuthUser, body: unknown) {
    const b = (body ?? {}) as Record<string, unknown>;
    const current = text(b.currentPassword);
    const password = text(b.password);
    fieldErrors({ currentPassword: current ? null : MSG.required, password: passwordProblem(password) });
    const key = accountThrottleKey(auth.email);
    if (await isLocked(this.db, key)) throw authError(429, AUTH_MSG.attemptsExceeded, 'TooManyFailedAttemptsException');
    const user = await this.findById(this.db, auth.id);
    if (!(await verifyPassword(user?.senha_hash, current))) {
      await recordFailure(this.db, key, ACCOUNT_FREE_FAILURES);
      throw new HttpError(400, AUTH_MSG.wrongCredentials, { currentPassword: 'Senha atual incorreta.' }, 'NotAuthorizedException');
    }
    await this.db.transaction(async (tx) => {
      await setAuditUser(tx, auth.id);
      await tx.query(`UPDATE auth.credencial SET senha_hash = $2, estado = 'ATIVO', senha_alterada_em = now() WHERE id_usuario = $1`, [
        auth.id,
        await hashPassword(password),
      ]);
      // Other devices sign in again with the new password.
      await tx.query(`UPDATE auth.sessao SET revogado_em = now() WHERE id_usuario = $1 AND id <> $2 AND revogado_em IS NULL`, [auth.id, auth.sid]);
      await this.announceSessionChange(tx, auth.id);
    });
    return { message: AUTH_MSG.passwordChanged };
  }

  private totp(email: string, secret: string) {
    return new OTPAuth.TOTP({ issuer: 'Intranet', label: email, algorithm: 'SHA1', digits: 6, period: 30, secret: OTPAuth.Secret.fromBase32(secret) });
  }

  /**
   * Checks a code of the authenticator: wrong codes are throttled like passwords, and a code is
   * accepted once. For the active secret, the code's 30-second step must come after the last one
   * accepted (claimed atomically, so the same code sent twice at once passes once); a pending secret
   * being enabled starts its own count.
   */
  private async acceptTotpCode(user: UserRow, secret: string, code: string, which: 'active' | 'pending') {
    const key = `mfa:user:${user.id}`;
    if (await isLocked(this.db, key)) throw authError(429, AUTH_MSG.attemptsExceeded, 'TooManyFailedAttemptsException');
    const totp = this.totp(user.email, secret);
    const timestamp = Date.now();
    const delta = totp.validate({ token: code, window: 1, timestamp });
    const step = delta === null ? null : totp.counter({ timestamp }) + delta;
    const claimed =
      step !== null &&
      (which === 'pending' ||
        (
          await this.db.query(
            `UPDATE auth.credencial SET totp_ultimo_passo = $2 WHERE id_usuario = $1 AND (totp_ultimo_passo IS NULL OR totp_ultimo_passo < $2) RETURNING 1`,
            [user.id, step],
          )
        ).rows.length > 0);
    if (!claimed) {
      await recordFailure(this.db, key, ACCOUNT_FREE_FAILURES);
      throw authError(400, AUTH_MSG.wrongCode, 'CodeMismatchException');
    }
    await clearFailures(this.db, key);
    return step!;
  }

  /**
   * Starts two-factor set-up: a new secret kept apart (pending) and active only after a first right
   * code (totpEnable). With two-factor already on, a current code of the active authenticator is
   * required: whoever holds a session alone cannot replace (or turn off) the second factor.
   */
  async totpSetup(auth: AuthUser, body: unknown) {
    const user = await this.findById(this.db, auth.id);
    if (!user) throw notAuthenticated();
    if (user.totp_ativo && user.totp_secret) {
      const code = text((body as Record<string, unknown> | null)?.code);
      fieldErrors({ code: isCode6(code) ? null : MSG.code6 });
      await this.acceptTotpCode(user, user.totp_secret, code, 'active');
    }
    const secret = new OTPAuth.Secret({ size: 20 }).base32;
    await this.db.transaction(async (tx) => {
      await setAuditUser(tx, auth.id);
      await tx.query(
        `INSERT INTO auth.credencial (id_usuario, totp_pendente) VALUES ($1, $2) ON CONFLICT (id_usuario) DO UPDATE SET totp_pendente = EXCLUDED.totp_pendente`,
        [auth.id, secret],
      );
    });
    return { secret, uri: this.totp(auth.email, secret).toString() };
  }

  /** Whether the user's two-factor (TOTP) is on: GET /v1/auth/me tells it, so the screen offers only what applies. */
  async totpActive(userId: number) {
    const { rows } = await this.db.query<{ totp_ativo: boolean | null }>(`SELECT totp_ativo FROM auth.credencial WHERE id_usuario = $1`, [userId]);
    return rows[0]?.totp_ativo === true;
  }

  /** Enables the pending secret with one of its codes, or turns two-factor off with a code of the active one. */
  async totpEnable(auth: AuthUser, body: unknown, enable: boolean) {
    const code = text((body as Record<string, unknown> | null)?.code);
    fieldErrors({ code: isCode6(code) ? null : MSG.code6 });
    const user = await this.findById(this.db, auth.id);
    const secret = enable ? user?.totp_pendente : user?.totp_ativo ? user.totp_secret : null;
    if (!user || !secret) throw new HttpError(400, MSG.failure);
    const step = await this.acceptTotpCode(user, secret, code, enable ? 'pending' : 'active');
    await this.db.transaction(async (tx) => {
      await setAuditUser(tx, auth.id);
      if (enable) {
        await tx.query(
          `UPDATE auth.credencial SET totp_secret = totp_pendente, totp_pendente = NULL, totp_ativo = true, totp_ultimo_passo = $2 WHERE id_usuario = $1`,
          [auth.id, step],
        );
      } else {
        await tx.query(`UPDATE auth.credencial SET totp_secret = NULL, totp_pendente = NULL, totp_ativo = false, totp_ultimo_passo = NULL WHERE id_usuario = $1`, [auth.id]);
      }
    });
    return { totp: enable };
  }

  /** The user behind an identity token, with current roles and providers; null if not valid. */
  async authenticate(token: string): Promise<AuthUser | null> {
    let claims;
    try {
      claims = await this.tokens.verifyIdentity(token);
    } catch {
      return null;
    }
    let state = await this.userState(claims.usuarioId);
    // A session newer than the cached state (signed in a moment ago, maybe on another instance).
    if (state && !state.sessions.has(claims.sid)) state = await this.userState(claims.usuarioId, true);
    if (!state || !state.user.ativo || !state.sessions.has(claims.sid)) return null;
    const u = state.user;
    return { id: u.id, userId: u.user_id, email: u.email, nome: u.nome, roles: u.papeis, providerIds: u.id_empresas, employee: u.funcionario, sid: claims.sid };
  }

  private async userState(id: number, fresh = false) {
    const cached = this.cache.get(id);
    if (!fresh && cached && Date.now() - cached.at < 30_000) return cached;
    const user = await this.findById(this.db, id);
    if (!user) return null;
    const { rows } = await this.db.query<{ id: string }>(
      `SELECT id FROM auth.sessao WHERE id_usuario = $1 AND revogado_em IS NULL AND expira_em > now()`,
      [id],
    );
    const state = { user, sessions: new Set(rows.map((r) => r.id)), at: Date.now() };
    this.cache.set(id, state);
    return state;
  }

  /**
   * A user created by an admin: a temporary password by e-mail and the new-password challenge. The
   * mail links to `<PUBLIC_URL>/intranet`, else to `<origin>/intranet` (the address the admin's
   * request reached: Actor.origin), else names the sign-in page without a link.
   */
  async createCredentials(q: Queryable, user: { id: number; email: string; nome?: string | null }, origin?: string) {
    const password = temporaryPassword();
    await q.query(
      `INSERT INTO auth.credencial (id_usuario, senha_hash, estado, senha_alterada_em) VALUES ($1, $2, 'NOVA_SENHA', now())
       ON CONFLICT (id_usuario) DO UPDATE SET senha_hash = EXCLUDED.senha_hash, estado = 'NOVA_SENHA', senha_alterada_em = now()`,
      [user.id, await hashPassword(password)],
    );
    const base = (this.options.appUrl || origin)?.replace(/\/+$/, '');
    // The link alone on its line, so that no mail client takes punctuation for part of it.
    const entrance = base ? `Para entrar, acesse:\n${base}/intranet\n` : 'Para entrar, acesse a página de entrada da intranet.\n';
    await this.mailer.send(q, {
      to: user.email,
      subject: 'Seu acesso à intranet',
      text: `Olá${user.nome ? `, ${user.nome}` : ''}!\n\nSeu acesso à intranet foi criado.\nE-mail: ${user.email}\nSenha temporária: ${password} (vale ${TEMPORARY_PASSWORD_DAYS} dias)\n\n${entrance}\nNo primeiro acesso, você vai escolher a sua senha.`,
    });
  }

  /**
   * The user an administrator names by e-mail: only users sharing one of the actor's providers exist
   * for them (404 otherwise), and the rules of editing that user apply (users.ts).
   */
  private async administeredUser(tx: Queryable, actor: Actor, body: unknown) {
    const email = text((body as Record<string, unknown> | null)?.email).trim();
    fieldErrors({ email: email ? null : MSG.required });
    const user = await this.findByEmail(tx, email);
    const scope = actor.providerIds;
    if (!user || (scope && !user.id_empresas.some((p) => scope.includes(p)))) throw authError(404, AUTH_MSG.emailNotFound, 'UserNotFoundException');
    await assertMayAdminister(tx, actor, user);
    return user;
  }

  /** A new temporary password by e-mail (first-access state again); the user's sessions end. */
  async resendTemporaryPassword(body: unknown, actor: Actor) {
    await this.db.transaction(async (tx) => {
      await setAuditUser(tx, actor.userId);
      const user = await this.administeredUser(tx, actor, body);
      await this.createCredentials(tx, user, actor.origin);
      await this.revokeAllSessions(tx, user.id);
    });
    return { message: MSG.success };
  }

  /**
   * The account must reset its password (state REDEFINIR): its sessions end, and signing in answers
   * 'Necessário redefinir a senha.' (PasswordResetRequiredException) until the forgotten-password
   * code sets a new one.
   */
  async requirePasswordReset(body: unknown, actor: Actor) {
    await this.db.transaction(async (tx) => {
      await setAuditUser(tx, actor.userId);
      const user = await this.administeredUser(tx, actor, body);
      await tx.query(
        `INSERT INTO auth.credencial (id_usuario, estado) VALUES ($1, 'REDEFINIR') ON CONFLICT (id_usuario) DO UPDATE SET estado = 'REDEFINIR'`,
        [user.id],
      );
      await this.revokeAllSessions(tx, user.id);
    });
    return { message: IDENTITY_MSG.resetRequired };
  }

  /** Sets a known password directly (first superadmin, demo users). */
  async setPassword(q: Queryable, userId: number, password: string) {
    await q.query(
      `INSERT INTO auth.credencial (id_usuario, senha_hash, estado, senha_alterada_em) VALUES ($1, $2, 'ATIVO', now())
       ON CONFLICT (id_usuario) DO UPDATE SET senha_hash = EXCLUDED.senha_hash, estado = 'ATIVO', senha_alterada_em = now()`,
      [userId, await hashPassword(password)],
    );
  }

  static isSuperadminUser(user: { papeis?: unknown }) {
    return Array.isArray(user.papeis) && isSuperadmin(user.papeis as string[]);
  }
}
