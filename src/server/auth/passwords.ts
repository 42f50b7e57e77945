// Password hashing (argon2id) and the password policy: the spec's rule plus a list of common passwords.
import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';
import { isStrongPassword } from '../../domain/validators.js';
import { MSG } from '../../domain/messages.js';

// OWASP's argon2id settings: 19 MiB, 2 iterations, 1 lane.
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, OPTIONS);

// A hash of nothing, verified when the account does not exist, so a wrong e-mail takes as long as a
// wrong password and answers the same.
let dummyHash: Promise<string> | null = null;
export async function verifyPassword(stored: string | null | undefined, password: string) {
  if (!stored) {
    dummyHash ??= hashPassword('senha-inexistente-para-igualar-o-tempo');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}

const COMMON = new Set((dictionary['passwords-common'] as string[]).map((p) => p.toLowerCase()));

/** True when the password (or it without the digits and symbols people add at the end) is a common one. */
export function isCommonPassword(password: string) {
  const lower = password.toLowerCase();
  const core = lower.replace(/[\d$*&@#!._-]+$/, '').replace(/^[\d$*&@#!._-]+/, '');
  return COMMON.has(lower) || (core.length >= 4 && COMMON.has(core)) || COMMON.has(lower.replace(/[$*&@#!]/g, ''));
}

export const COMMON_PASSWORD = 'Essa senha é muito comum. Escolha uma senha mais difícil de adivinhar.';

/** The message for a password that breaks the policy, or null when it is acceptable. */
export function passwordProblem(password: unknown): string | null {
  if (typeof password !== 'string' || password.length === 0) return MSG.required;
  if (password.length < 8) return MSG.passwordLength;
  if (password.length > 256) return MSG.maxLength(256);
  if (!isStrongPassword(password)) return MSG.password;
  if (isCommonPassword(password)) return COMMON_PASSWORD;
  return null;
}
