// The audit page's recomputation: from a round's revealed seed, every spin's prize and every draw's
// winner of that round again, with the shared rules of src/domain/roulette.ts. The hashing comes in as functions (WebCrypto
// in the browser, node's crypto in the tests), so the rules here stay pure.
import { candidateOrder, drawIndex, drawMessage, fractionOf, pickWeighted, spinMessage, type AuditSpin } from '../../src/domain/roulette.js';
import type { AuditDrawRow, AuditRound, AuditSpinRow } from './publicApi.js';

export interface AuditCrypto {
  /** HMAC-SHA256 of `message` (UTF-8) with the key given in hex. */
  hmac(keyHex: string, message: string): Promise<Uint8Array>;
  /** SHA-256, in lowercase hex, of the bytes given in hex. */
  sha256Hex(hex: string): Promise<string>;
}

export interface SpinCheck {
  spin: AuditSpinRow;
  /** The prize id the seed gives (null: no prize), or undefined when it could not be computed. */
  expected: number | null | undefined;
  ok: boolean;
}

export interface DrawCheck {
  draw: AuditDrawRow;
  /** How many participants matched the filters, by the recorded spins. */
  count: number;
  /** The index and the spin the seed gives (null when no one matched). */
  expectedIndex: number | null;
  expectedSeq: number | null;
  ok: boolean;
}

export interface AuditResult {
  seedOk: boolean;
  spins: SpinCheck[];
  draws: DrawCheck[];
}

export const isHex = (value: string) => value.length > 0 && value.length % 2 === 0 && /^[0-9a-fA-F]+$/.test(value);

export function hexToBytes(hex: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

export const bytesToHex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/** Everything the audit checks of a round of campaign `campaignId`, given the round with its seed revealed. */
export async function verifyRound(campaignId: number, round: AuditRound, crypto: AuditCrypto): Promise<AuditResult> {
  const seed = (round.semente ?? '').trim();
  const usable = isHex(seed);
  const seedOk = usable && (await crypto.sha256Hex(seed)).toLowerCase() === round.semente_hash.trim().toLowerCase();
  const campaign = Number(campaignId);
  const rodada = Number(round.rodada);
  const fraction = async (message: string) => fractionOf(await crypto.hmac(seed, message));

  const spins: SpinCheck[] = [];
  for (const spin of round.giros) {
    const ids = (spin.elegiveis ?? []).map(Number);
    const weights = (spin.pesos ?? []).map(Number);
    if (!usable || ids.length !== weights.length) {
      spins.push({ spin, expected: undefined, ok: false });
      continue;
    }
    const expected = pickWeighted(
      ids.map((id, i) => ({ id, peso: weights[i] })),
      await fraction(spinMessage(campaign, rodada, Number(spin.seq))),
    );
    const recorded = spin.id_premio === null || spin.id_premio === undefined ? null : Number(spin.id_premio);
    spins.push({ spin, expected, ok: expected === recorded && Boolean(spin.premiado) === (recorded !== null) });
  }

  const draws: DrawCheck[] = [];
  const participants: AuditSpin[] = round.giros.map((g) => ({ seq: Number(g.seq), cliente: Boolean(g.cliente), premiado: Boolean(g.premiado) }));
  for (const draw of round.sorteios) {
    const drawnBefore = new Set(round.sorteios.filter((d) => Number(d.seq) < Number(draw.seq)).map((d) => Number(d.seq_participante)));
    const candidates = candidateOrder(participants, { seq: Number(draw.seq), filtro_cliente: draw.filtro_cliente, filtro_premiado: draw.filtro_premiado, ate_seq: Number(draw.ate_seq) }, drawnBefore);
    let expectedIndex: number | null = null;
    if (usable && candidates.length) expectedIndex = drawIndex(await fraction(drawMessage(campaign, rodada, Number(draw.seq))), candidates.length);
    const expectedSeq = expectedIndex === null ? null : candidates[expectedIndex].seq;
    const ok =
      usable && expectedIndex !== null && candidates.length === Number(draw.candidatos) && expectedIndex === Number(draw.indice) && expectedSeq === Number(draw.seq_participante);
    draws.push({ draw, count: candidates.length, expectedIndex, expectedSeq, ok });
  }

  return { seedOk, spins, draws };
}

/** The browser's WebCrypto as the audit's hashing, or null where it is missing (pages not on https). */
export function webCrypto(): AuditCrypto | null {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return null;
  const keys = new Map<string, Promise<CryptoKey>>();
  const keyOf = (hex: string) => {
    let key = keys.get(hex);
    if (!key) {
      key = subtle.importKey('raw', hexToBytes(hex), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
      keys.set(hex, key);
    }
    return key;
  };
  return {
    hmac: async (keyHex, message) => new Uint8Array(await subtle.sign('HMAC', await keyOf(keyHex), new TextEncoder().encode(message))),
    sha256Hex: async (hex) => bytesToHex(new Uint8Array(await subtle.digest('SHA-256', hexToBytes(hex)))),
  };
}
