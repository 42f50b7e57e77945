// Candidate self-registration ('Cadastre-se', /home/login/register) for the built-in identity:
// - register {nome, email, password}: a candidate (role 'user', not an employee, no provider) in
//   state NAO_CONFIRMADO, and a 6-digit code by e-mail (10 minutes, once, a few wrong guesses);
// - confirm {email, code}: the code turns the account ATIVO (signing in is then possible; before,
//   sign-in answers 'Usuário não confirmado.');
// - resend {email}: a new code for an account still waiting for confirmation.
//
// Whether an e-mail already has an account is never told: every call answers the same text, with the
// same limits, whatever the e-mail. An address that already has a confirmed account gets an e-mail
// saying so (its owner learns of the attempt; the visitor learns nothing). An account that was never
// confirmed proved nothing about its address: registering it again replaces its name and password
// and sends a new code, so nobody can hold an address hostage by registering it first.
import { randomInt, randomUUID } from 'node:crypto';
import { AUTH_MSG, MSG } from '../../domain/messages.js';
import { isCode6, isEmail } from '../../domain/validators.js';
import type { Database, Queryable } from '../db/index.js';
import { HttpError } from '../errors.js';
import { setAuditUser } from '../resources/service.js';
import type { Mailer } from './mailer.js';
import { hashPassword, passwordProblem } from './passwords.js';
import { clearFailures, isLocked, recordFailure, withinRate } from './throttle.js';
import { sha256 } from './tokens.js';

export const SIGNUP_CODE_TTL_MINUTES = 10;
const CODE_ATTEMPTS = 5;
/** Codes e-mailed to one address per hour (shared with the password-reset codes). */
export const CODES_PER_HOUR = 5;
/** Registrations from one network address per hour. */
export const SIGNUPS_PER_ADDRESS_HOUR = 20;
/** Wrong codes before the code entry of an address is locked (exponentially, like sign-in). */
const CODE_ENTRY_FREE_FAILURES = 10;

interface Candidate {
  id: number;
  email: string;
  nome: string | null;
  ativo: boolean;
  estado: string | null;
}

const authError = (status: number, message: string, code: string, errors?: Record<string, string>) => new HttpError(status, message, errors, code);
const text = (value: unknown) => (typeof value === 'string' ? value : '');

function fieldErrors(errors: Record<string, string | null>) {
  const list = Object.fromEntries(Object.entries(errors).filter(([, v]) => v)) as Record<string, string>;
  if (Object.keys(list).length) {
    throw new HttpError(400, Object.values(list).includes(MSG.required) ? MSG.requiredForm : MSG.failure, list, 'InvalidParameterException');
  }
}

const emailProblem = (email: string) => (!email ? MSG.required : isEmail(email) ? null : MSG.email);
const nomeProblem = (nome: string) => (!nome ? MSG.required : nome.length < 2 ? MSG.minLength(2) : nome.length > 120 ? MSG.maxLength(120) : null);

export class RegistrationService {
  constructor(
    private db: Database,
    private mailer: Mailer,
    private options: { appUrl?: string } = {},
  ) {}

  private async find(q: Queryable, email: string): Promise<Candidate | undefined> {
    const { rows } = await q.query<Candidate>(
      `SELECT u.id, u.email, u.nome, u.ativo, c.estado FROM auth.usuario u LEFT JOIN auth.credencial c ON c.id_usuario = u.id
        WHERE lower(u.email) = lower($1)`,
      [email],
    );
    return rows[0];
  }

  /** The per-address limits of every call that e-mails a code ('Limite de envios excedido...'). */
  private async limitSends(email: string, ip: string) {
    if (!(await withinRate(this.db, `code:email:${email.toLowerCase()}`, CODES_PER_HOUR, 3600))) {
      throw authError(429, AUTH_MSG.sendLimit, 'LimitExceededException');
    }
    if (!(await withinRate(this.db, `code:ip:${ip}`, CODES_PER_HOUR * 6, 3600))) {
      throw authError(429, AUTH_MSG.sendLimit, 'LimitExceededException');
    }
  }

  /** A new sign-up code for the user (earlier ones are spent), e-mailed in the same transaction. */
  private async sendCode(tx: Queryable, user: { id: number; email: string; nome: string | null }) {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await tx.query(`UPDATE auth.codigo SET usado_em = now() WHERE id_usuario = $1 AND finalidade = 'CADASTRO' AND usado_em IS NULL`, [user.id]);
    await tx.query(
      `INSERT INTO auth.codigo (id, id_usuario, codigo_hash, expira_em, finalidade)
       VALUES ($1, $2, $3, now() + make_interval(mins => $4), 'CADASTRO')`,
      [randomUUID(), user.id, sha256(`${user.id}:${code}`), SIGNUP_CODE_TTL_MINUTES],
    );
    await this.mailer.send(tx, {
      to: user.email,
      subject: 'Código para confirmar seu cadastro',
      text: `Olá${user.nome ? `, ${user.nome}` : ''}!\n\nSeu código de verificação é ${code}. Ele vale por ${SIGNUP_CODE_TTL_MINUTES} minutos e pode ser usado uma única vez.\n\nSe você não se cadastrou, ignore esta mensagem.`,
    });
  }

  async register(body: unknown, meta: { ip: string }) {
    const b = (body ?? {}) as Record<string, unknown>;
    const nome = text(b.nome).trim().replace(/\s+/g, ' ');
    const email = text(b.email).trim();
    const password = text(b.password);
    fieldErrors({ nome: nomeProblem(nome), email: emailProblem(email), password: passwordProblem(password) });
    if (!(await withinRate(this.db, `signup:ip:${meta.ip}`, SIGNUPS_PER_ADDRESS_HOUR, 3600))) {
      throw authError(429, AUTH_MSG.tooManyRequests, 'TooManyRequestsException');
    }
    await this.limitSends(email, meta.ip);
    // Hashed whatever happens next, so an existing e-mail answers in the same time as a new one.
    const hash = await hashPassword(password);
    try {
      await this.db.transaction(async (tx) => {
        const existing = await this.find(tx, email);
        if (!existing) {
          // The candidate creates their own account: its id is taken first, so the audit entries
          // of the new row already name them as the acting user.
          const { rows: next } = await tx.query<{ id: number }>(`SELECT nextval(pg_get_serial_sequence('auth.usuario', 'id'))::int AS id`);
          await setAuditUser(tx, next[0].id);
          const { rows } = await tx.query<{ id: number; email: string; nome: string }>(
            `INSERT INTO auth.usuario (id, email, nome, papeis, id_empresas, funcionario) VALUES ($1, $2, $3, '{user}', '{}', false)
             RETURNING id, email, nome`,
            [next[0].id, email, nome],
          );
          await tx.query(`INSERT INTO auth.credencial (id_usuario, senha_hash, estado) VALUES ($1, $2, 'NAO_CONFIRMADO')`, [rows[0].id, hash]);
          await this.sendCode(tx, rows[0]);
        } else if (existing.estado === 'NAO_CONFIRMADO' && existing.ativo) {
          await setAuditUser(tx, existing.id);
          await tx.query(`UPDATE auth.usuario SET nome = $2 WHERE id = $1`, [existing.id, nome]);
          await tx.query(`UPDATE auth.credencial SET senha_hash = $2 WHERE id_usuario = $1`, [existing.id, hash]);
          await this.sendCode(tx, { ...existing, nome });
        } else if (existing.ativo) {
          const entrance = this.options.appUrl ? `${this.options.appUrl}/home/login/enter` : 'a tela de login da intranet';
          await this.mailer.send(tx, {
            to: existing.email,
            subject: 'Tentativa de cadastro com o seu e-mail',
            text: `Olá${existing.nome ? `, ${existing.nome}` : ''}!\n\nAlguém (talvez você) tentou criar uma conta na intranet com este e-mail, mas ele já tem uma conta.\nPara entrar, use ${entrance}; se esqueceu a senha, use "Esqueci minha senha" para receber um código.\n\nSe não foi você, ignore esta mensagem: nada foi alterado.`,
          });
        }
      });
    } catch (e) {
      // Two registrations of the same new e-mail at once: the other one won; answer the same.
      if ((e as { code?: string }).code !== '23505') throw e;
    }
    return { message: AUTH_MSG.signUpCodeSent };
  }

  async confirm(body: unknown) {
    const b = (body ?? {}) as Record<string, unknown>;
    const email = text(b.email).trim();
    const code = text(b.code).trim();
    fieldErrors({ email: emailProblem(email), code: isCode6(code) ? null : MSG.code6 });
    const key = `signup-entry:email:${email.toLowerCase()}`;
    if (await isLocked(this.db, key)) throw authError(429, AUTH_MSG.tooManyRequests, 'TooManyRequestsException');
    const ok = await this.db.transaction(async (tx) => {
      const user = await this.find(tx, email);
      if (!user || user.estado !== 'NAO_CONFIRMADO' || !user.ativo) return false;
      await setAuditUser(tx, user.id);
      const { rows } = await tx.query<{ id: string; codigo_hash: string }>(
        `SELECT id, codigo_hash FROM auth.codigo
          WHERE id_usuario = $1 AND finalidade = 'CADASTRO' AND usado_em IS NULL AND expira_em > now()
          ORDER BY criado_em DESC LIMIT 1 FOR UPDATE`,
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
      await tx.query(`UPDATE auth.credencial SET estado = 'ATIVO' WHERE id_usuario = $1 AND estado = 'NAO_CONFIRMADO'`, [user.id]);
      return true;
    });
    if (!ok) {
      await recordFailure(this.db, key, CODE_ENTRY_FREE_FAILURES);
      throw authError(400, AUTH_MSG.wrongCode, 'CodeMismatchException', { code: AUTH_MSG.wrongCode });
    }
    await clearFailures(this.db, key);
    return { message: AUTH_MSG.signUpConfirmed };
  }

  async resend(body: unknown, meta: { ip: string }) {
    const email = text((body as Record<string, unknown> | null)?.email).trim();
    fieldErrors({ email: emailProblem(email) });
    await this.limitSends(email, meta.ip);
    await this.db.transaction(async (tx) => {
      const user = await this.find(tx, email);
      if (user && user.ativo && user.estado === 'NAO_CONFIRMADO') await this.sendCode(tx, user);
    });
    return { message: AUTH_MSG.signUpCodeResent };
  }
}
