// Short codes of the tracking links: random base62 (crypto-strong, no sequence to guess), 8
// characters (62^8 ≈ 2·10^14 codes), unique by the table's UNIQUE index (a clash is retried).
import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
export const CODE_LENGTH = 8;
export const CODE_PATTERN = /^[0-9A-Za-z]{7,32}$/;

export function newCode(length = CODE_LENGTH): string {
  let out = '';
  while (out.length < length) {
    // 248 = 4 * 62: bytes above it are skipped, so every character is equally likely.
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += ALPHABET[byte % 62];
    }
  }
  return out;
}

/** 'Facebook Ads — Verão' -> 'facebook-ads-verao' (utm values). */
export function slug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
}
