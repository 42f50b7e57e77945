// Prize roulettes, pure rules shared by the server, the wizard, the public wheel and the audit page.
//
// Randomness that anyone can check afterwards: before a campaign opens the server publishes the
// SHA-256 of a secret seed (32 random bytes, hex). Every spin's and draw's random fraction is
// HMAC-SHA256(key = the seed's bytes, message = spinMessage(...) or drawMessage(...)): the first 6
// bytes of the digest as a big-endian integer divided by 2^48. When the seed is revealed, anyone
// recomputes each prize (pickWeighted over the prizes that could be won at that spin) and each winner
// (the index into the matching participants, in candidateOrder).

/** The texts of the spec (marketing document, sections 2, 5 and 8) and of the screens around them. */
export const ROULETTE_TEXTS = {
  cannotDelete: 'A Campanha não pode ser excluída!',
  cannotDeleteSuperadmin: 'Limpe os sorteios e tente novamente.',
  prizesGiven: 'CAMPANHA COM PREMIOS JA DISTRIBUIDOS',
  noMatch: 'Não há participantes correspondentes.',
  updated: 'Campanha atualizada com sucesso',
  updateError: 'Ocorreu algum erro ao atualizar a campanha.',
  reset: 'Campanha resetada com sucesso',
  resetError: 'Ocorreu algum erro ao resetar a campanha.',
  deleted: 'Campanha excluída com sucesso',
  noOwner: 'Sem Responsável',
  quantityHint: 'Quantidade precisa ser maior que estoque minimo',
} as const;

/** Each wheel (customers', non-customers') has 4 to 7 prizes; the register starts with 4 of each. */
export const PRIZES_MIN = 4;
export const PRIZES_MAX = 7;
export const NAME_MIN = 8;
export const REASON_MAX = 140;
export const PRIZE_NAME_MAX = 24;
export const PRIZE_MESSAGE_MAX = 200;
export const COUPON_PREFIX = 'CUPOM-';

/** Public, Prêmio and Erro filters of the raffle and the reports (section 3, "Filter enumerations"). */
export const AUDIENCE_OPTIONS = [
  { value: 'clientes', label: 'Clientes' },
  { value: 'nao_clientes', label: 'Não Clientes' },
  { value: 'todos', label: 'Todos' },
] as const;
export const PRIZE_OPTIONS = [
  { value: 'premiados', label: 'Premiados' },
  { value: 'nao_premiados', label: 'Não Premiados' },
  { value: 'todos', label: 'Todos' },
] as const;
export const ERROR_OPTIONS = [
  { value: 'com_erro', label: 'Com Erro' },
  { value: 'sem_erro', label: 'Sem Erro' },
] as const;

/** A round's name on the screens: a reset closes the current round and opens the next. */
export const roundLabel = (round: number, current: boolean) => `Rodada ${round}${current ? ' (atual)' : ''}`;

/** The rounds of a campaign whose current round is `current`, newest first (the raffle's and the reports' Rodada). */
export const roundOptions = (current: number) =>
  Array.from({ length: Math.max(1, current) }, (_, i) => current - i).map((n) => ({ value: String(n), label: roundLabel(n, n === current) }));

/** A filter's value as the calls send it: true, false, or null for Todos. */
export const flagOf = (value: string): boolean | null =>
  value === 'clientes' || value === 'premiados' || value === 'com_erro' ? true : value === 'nao_clientes' || value === 'nao_premiados' || value === 'sem_erro' ? false : null;

/**
 * A participant's category: 0 customer with a prize, 1 customer without, 2 non-customer with a prize,
 * 3 non-customer without. Draw candidates are ordered by category, then by their order within it.
 */
export const categoryOf = (cliente: boolean, premiado: boolean) => (cliente ? 0 : 2) + (premiado ? 0 : 1);

/** The categories a draw's filters take (null: either). */
export const categoriesFor = (cliente: boolean | null, premiado: boolean | null): number[] =>
  [0, 1, 2, 3].filter((c) => (cliente === null || (c < 2) === cliente) && (premiado === null || (c % 2 === 0) === premiado));

export const spinMessage = (campaignId: number, round: number, seq: number) => `giro:${campaignId}:${round}:${seq}`;
export const drawMessage = (campaignId: number, round: number, seq: number) => `sorteio:${campaignId}:${round}:${seq}`;

/** The random fraction in [0, 1) of an HMAC digest: its first 6 bytes, big-endian, over 2^48. */
export function fractionOf(digest: Uint8Array): number {
  let n = 0;
  for (let i = 0; i < 6; i++) n = n * 256 + digest[i];
  return n / 2 ** 48;
}

export interface Eligible {
  id: number;
  peso: number;
}

/** The prize a fraction picks among the eligible ones (in the order given), by weight; null when none. */
export function pickWeighted(eligible: readonly Eligible[], fraction: number): number | null {
  const total = eligible.reduce((sum, e) => sum + e.peso, 0);
  if (!eligible.length || total <= 0) return null;
  let target = Math.floor(fraction * total);
  for (const e of eligible) {
    if (target < e.peso) return e.id;
    target -= e.peso;
  }
  return eligible[eligible.length - 1].id;
}

export interface PrizeStock {
  id: number;
  peso_item: number;
  quantidade: number;
  quantidade_minima: number;
}

/** The prizes a spin may win: still above their minimum stock, in the wheel's order, with their weights. */
export const eligibleOf = (prizes: readonly PrizeStock[]): Eligible[] =>
  prizes.filter((p) => p.quantidade > p.quantidade_minima && p.peso_item > 0).map((p) => ({ id: p.id, peso: p.peso_item }));

/** The index a draw's fraction picks among `count` candidates. */
export const drawIndex = (fraction: number, count: number) => Math.min(count - 1, Math.floor(fraction * count));

export interface AuditSpin {
  seq: number;
  cliente: boolean;
  premiado: boolean;
}

export interface AuditDraw {
  seq: number;
  filtro_cliente: boolean | null;
  filtro_premiado: boolean | null;
  /** How many participants the round had when the draw was made. */
  ate_seq: number;
}

/**
 * The candidates of a draw, in the order its index counts: the round's participants up to `ate_seq`
 * matching the filters, minus those drawn before, by category then by their order.
 */
export function candidateOrder(spins: readonly AuditSpin[], draw: AuditDraw, drawnBefore: ReadonlySet<number>): AuditSpin[] {
  const categories = categoriesFor(draw.filtro_cliente, draw.filtro_premiado);
  return spins
    .filter((s) => s.seq <= draw.ate_seq && !drawnBefore.has(s.seq) && categories.includes(categoryOf(s.cliente, s.premiado)))
    .sort((a, b) => categoryOf(a.cliente, a.premiado) - categoryOf(b.cliente, b.premiado) || a.seq - b.seq);
}

/** Whole days between two ISO dates, counted inclusively (the wizard's date-difference hint). */
export function campaignDays(start: string, end: string): number | null {
  const a = Date.parse(`${start}T00:00:00Z`);
  const b = Date.parse(`${end}T00:00:00Z`);
  if (Number.isNaN(a) || Number.isNaN(b) || b < a) return null;
  return Math.round((b - a) / 86_400_000) + 1;
}
