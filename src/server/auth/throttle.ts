// Throttling kept in the database (every instance applies the same limits).
import { createHash } from 'node:crypto';
import type { Queryable } from '../db/index.js';

/** Failure counters halve every this many seconds (see recordFailure). */
export const FAILURE_HALF_LIFE_SECONDS = 900;

/**
 * Records a failure under a key and answers whether the key is now locked. After `free` failures
 * each further one locks the key for 2^(n - free) seconds, at most `maxLockSeconds` (as Cognito does).
 * The count halves every FAILURE_HALF_LIFE_SECONDS (janela_inicio: when it last halved), so old
 * failures stop weighing: an office behind one address is not locked by the typos of its morning,
 * while a steady guesser still is.
 */
export async function recordFailure(q: Queryable, key: string, free = 5, maxLockSeconds = 900) {
  // Whole half-lives since janela_inicio (never negative: a concurrent call may have moved it on).
  const halvings = `GREATEST(floor(extract(epoch FROM now() - l.janela_inicio) / $2::int)::int, 0)`;
  const { rows } = await q.query<{ falhas: number }>(
    `INSERT INTO auth.limite AS l (chave, falhas, janela_inicio) VALUES ($1, 1, now())
     ON CONFLICT (chave) DO UPDATE SET
       falhas = (l.falhas >> LEAST(${halvings}, 30)) + 1,
       janela_inicio = l.janela_inicio + make_interval(secs => ${halvings} * $2::int)
     RETURNING falhas`,
    [key, FAILURE_HALF_LIFE_SECONDS],
  );
  const failures = rows[0].falhas;
  if (failures >= free) {
    const seconds = Math.min(2 ** (failures - free), maxLockSeconds);
    await q.query(`UPDATE auth.limite SET bloqueado_ate = now() + make_interval(secs => $2), bloqueio_segundos = $2 WHERE chave = $1`, [key, seconds]);
  }
  return failures;
}

export async function isLocked(q: Queryable, key: string) {
  const { rows } = await q.query(`SELECT 1 FROM auth.limite WHERE chave = $1 AND bloqueado_ate > now()`, [key]);
  return rows.length > 0;
}

export async function clearFailures(q: Queryable, key: string) {
  await q.query(`DELETE FROM auth.limite WHERE chave = $1`, [key]);
}

/** A throttle's answer: whether the event is allowed, and the seconds until its window ends (Retry-After). */
export interface RateVerdict {
  allowed: boolean;
  retryAfter: number;
}

/** Counts an event in a fixed window under a key: within `limit`, and when the window ends. */
export async function rate(q: Queryable, key: string, limit: number, windowSeconds: number): Promise<RateVerdict> {
  const { rows } = await q.query<{ falhas: number; restante: number }>(
    `INSERT INTO auth.limite AS l (chave, falhas, janela_inicio) VALUES ($1, 1, now())
     ON CONFLICT (chave) DO UPDATE SET
       falhas = CASE WHEN l.janela_inicio < now() - make_interval(secs => $2) THEN 1 ELSE l.falhas + 1 END,
       janela_inicio = CASE WHEN l.janela_inicio < now() - make_interval(secs => $2) THEN now() ELSE l.janela_inicio END
     RETURNING falhas, GREATEST(1, ceil(extract(epoch FROM l.janela_inicio + make_interval(secs => $2) - now())))::int AS restante`,
    [key, windowSeconds],
  );
  return { allowed: rows[0].falhas <= limit, retryAfter: rows[0].restante };
}

/**
 * Counts an event in a fixed window; answers false when the limit is exceeded
 * (e.g. at most 5 reset codes per account per hour).
 */
export async function withinRate(q: Queryable, key: string, limit: number, windowSeconds: number) {
  return (await rate(q, key, limit, windowSeconds)).allowed;
}

/**
 * The throttle of the public pages (careers, roulettes, sponsorship, ...: src/server/auth/routeThrottle.ts):
 * `limit` requests of a kind per client address and window, counted in the database under a hash of
 * the address (never the address).
 */
export function clientRate(q: Queryable, kind: string, ip: string, limit: number, windowSeconds = 60) {
  return rate(q, `${kind}:${createHash('sha256').update(ip).digest('hex').slice(0, 32)}`, limit, windowSeconds);
}

export async function withinClientRate(q: Queryable, kind: string, ip: string, limit: number, windowSeconds = 60) {
  return (await clientRate(q, kind, ip, limit, windowSeconds)).allowed;
}
