// The roulettes' pure rules (src/domain/roulette.ts): the weighted pick from the seed's HMAC (a
// chi-square over 100,000 seeded spins), the stock and minimum stock, the draw's categories,
// order and exclusion, and the audit's recomputation.
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  campaignDays,
  candidateOrder,
  categoriesFor,
  categoryOf,
  drawIndex,
  eligibleOf,
  flagOf,
  fractionOf,
  pickWeighted,
  roundOptions,
  spinMessage,
} from '../../src/domain/roulette.js';

const SEED = Buffer.from('7f'.repeat(32), 'hex');
const fraction = (message: string) => fractionOf(createHmac('sha256', SEED).update(message).digest());

describe('the weighted pick', () => {
  it('follows the weights over 100,000 seeded spins (chi-square, 4 degrees of freedom, p > 0.001)', () => {
    const prizes = [
      { id: 1, peso: 1 },
      { id: 2, peso: 2 },
      { id: 3, peso: 3 },
      { id: 4, peso: 4 },
      { id: 5, peso: 10 },
    ];
    const total = 20;
    const n = 100_000;
    const seen = new Map<number, number>();
    for (let seq = 1; seq <= n; seq++) {
      const id = pickWeighted(prizes, fraction(spinMessage(7, 1, seq)))!;
      seen.set(id, (seen.get(id) ?? 0) + 1);
    }
    const chi = prizes.reduce((sum, p) => {
      const expected = (n * p.peso) / total;
      return sum + ((seen.get(p.id) ?? 0) - expected) ** 2 / expected;
    }, 0);
    expect(chi).toBeLessThan(18.47);
    // Every prize came up, roughly in proportion.
    expect(seen.get(5)! / n).toBeCloseTo(0.5, 1);
  });

  it('maps the fraction onto the cumulative weights, in the wheel order', () => {
    const prizes = [
      { id: 10, peso: 1 },
      { id: 20, peso: 3 },
    ];
    expect(pickWeighted(prizes, 0)).toBe(10);
    expect(pickWeighted(prizes, 0.2499)).toBe(10);
    expect(pickWeighted(prizes, 0.25)).toBe(20);
    expect(pickWeighted(prizes, 0.999999)).toBe(20);
    expect(pickWeighted([], 0.5)).toBeNull();
  });

  it('takes the first 6 bytes of the digest over 2^48: always in [0, 1)', () => {
    expect(fractionOf(new Uint8Array(32))).toBe(0);
    expect(fractionOf(new Uint8Array(32).fill(255))).toBeLessThan(1);
    expect(fractionOf(Uint8Array.from([128, 0, 0, 0, 0, 0, 99]))).toBe(0.5);
  });
});

describe('stock', () => {
  it('a prize at its minimum stock cannot be won; above it, it can', () => {
    const eligible = eligibleOf([
      { id: 1, peso_item: 5, quantidade: 3, quantidade_minima: 3 },
      { id: 2, peso_item: 5, quantidade: 4, quantidade_minima: 3 },
      { id: 3, peso_item: 5, quantidade: 0, quantidade_minima: 0 },
      { id: 4, peso_item: 2, quantidade: 1, quantidade_minima: 0 },
    ]);
    expect(eligible).toEqual([
      { id: 2, peso: 5 },
      { id: 4, peso: 2 },
    ]);
  });
});

describe('the draw', () => {
  it('the filters pick the categories (customer/non-customer, with/without a prize; null for Todos)', () => {
    expect(categoryOf(true, true)).toBe(0);
    expect(categoryOf(false, false)).toBe(3);
    expect(categoriesFor(true, null)).toEqual([0, 1]);
    expect(categoriesFor(null, false)).toEqual([1, 3]);
    expect(categoriesFor(false, true)).toEqual([2]);
    expect(categoriesFor(null, null)).toEqual([0, 1, 2, 3]);
    expect(flagOf('clientes')).toBe(true);
    expect(flagOf('nao_premiados')).toBe(false);
    expect(flagOf('todos')).toBeNull();
  });

  it('orders the candidates by category then by their spin, leaving out those drawn before and those after the draw', () => {
    const spins = [
      { seq: 1, cliente: false, premiado: true },
      { seq: 2, cliente: true, premiado: false },
      { seq: 3, cliente: true, premiado: true },
      { seq: 4, cliente: false, premiado: false },
      { seq: 5, cliente: true, premiado: true },
      { seq: 6, cliente: true, premiado: true },
    ];
    const draw = { seq: 1, filtro_cliente: null, filtro_premiado: null, ate_seq: 5 };
    expect(candidateOrder(spins, draw, new Set()).map((s) => s.seq)).toEqual([3, 5, 2, 1, 4]);
    expect(candidateOrder(spins, { ...draw, filtro_cliente: true }, new Set([5])).map((s) => s.seq)).toEqual([3, 2]);
    expect(drawIndex(0.999999, 5)).toBe(4);
    expect(drawIndex(0, 5)).toBe(0);
  });

  it('counts a campaign\u2019s days inclusively', () => {
    expect(campaignDays('2026-12-01', '2026-12-31')).toBe(31);
    expect(campaignDays('2026-12-31', '2026-12-01')).toBeNull();
  });

  it('offers the rounds newest first, the current one named so', () => {
    expect(roundOptions(3)).toEqual([
      { value: '3', label: 'Rodada 3 (atual)' },
      { value: '2', label: 'Rodada 2' },
      { value: '1', label: 'Rodada 1' },
    ]);
    expect(roundOptions(1)).toEqual([{ value: '1', label: 'Rodada 1 (atual)' }]);
  });
});
