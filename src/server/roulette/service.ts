// Prize roulettes (issue 16): the campaign's rules on the schema engine (hooks of roulette-campaigns),
// the wizard's writes of the prizes and the look, the public spin, the raffle, the reset, the seed's
// reveal and the audit data. Randomness: HMAC-SHA256 of the round's secret seed (src/domain/roulette.ts).
//
// A campaign runs in rounds (roleta.rodada, issue 29): spins and draws belong to the current round; a
// reset closes it, revealing its seed, and opens the next with a new one. Nothing of a closed round is
// deleted or changed (the database refuses it), so the public audit keeps every round.
//
// Every spin and every draw of a campaign runs in one transaction holding the campaign's row lock, so
// spins never oversell a prize (50 simultaneous spins for the last unit: one winner) and a draw sees
// a settled list of participants.
import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { Database, Queryable } from '../db/index.js';
import type { CustomerDirectory } from '../customers/index.js';
import { HttpError, notFound } from '../errors.js';
import { setAuditUser, type Actor, type ResourceHooks, type ResourceService } from '../resources/service.js';
import { fileRuleOf, type ResourceDef } from '../schemas/registry.js';
import { fileRefusal, storedFiles } from '../files/access.js';
import { ValidationError } from '../schemas/validation.js';
import type { Config } from '../config.js';
import { isCpf, isPhone, onlyDigits } from '../../domain/validators.js';
import { MSG } from '../../domain/messages.js';
import {
  categoriesFor,
  categoryOf,
  COUPON_PREFIX,
  drawIndex,
  drawMessage,
  eligibleOf,
  fractionOf,
  pickWeighted,
  type PrizeStock,
  PRIZES_MAX,
  PRIZES_MIN,
  ROULETTE_TEXTS,
  spinMessage,
} from '../../domain/roulette.js';

export const ROULETTE_MSG = {
  ...ROULETTE_TEXTS,
  notFound: 'Roleta não encontrada.',
  paused: 'Esta roleta está pausada no momento. Volte mais tarde!',
  scheduled: (start: string) => `Esta roleta abre em ${start}. Volte nesse dia para girar!`,
  ended: 'Esta roleta foi encerrada. Obrigado por participar!',
  noPrizes: 'Esta roleta ainda não tem prêmios. Volte mais tarde!',
  again: (when: string) => `Você já girou esta roleta. Tente de novo a partir de ${when}.`,
  tooMany: 'Muitas tentativas em pouco tempo. Aguarde um minuto e tente novamente.',
  refused: 'Não foi possível registrar a sua participação.',
  soldOut: 'Que pena! Os prêmios desta roleta se esgotaram. Obrigado por participar!',
  won: (prize: string) => `Parabéns! Você ganhou: ${prize}.`,
  noPrize: 'Obrigado por participar! Boa sorte na próxima vez.',
  nothingToDeliver: 'Este participante não ganhou um prêmio: não há nada a entregar.',
  prizeCount: `Cada roda precisa ter de ${PRIZES_MIN} a ${PRIZES_MAX} prêmios.`,
  revealed: 'A semente desta campanha já foi revelada: a campanha está encerrada.',
  ownerRequired: MSG.required,
  systemUnknown: 'Sistema não encontrado para o provedor.',
  ownerUnknown: 'Usuário não encontrado.',
  nameRequired: 'Informe o seu nome.',
  phoneInvalid: 'Informe um celular válido: (##) #####-####.',
  cpfInvalid: 'CPF inválido',
} as const;

const TZ = 'America/Sao_Paulo';

/** Today in São Paulo, YYYY-MM-DD. */
export function todayInSaoPaulo(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: TZ, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

const brDate = (iso: string) => iso.split('-').reverse().join('/');
const brDateTime = (d: Date) =>
  new Intl.DateTimeFormat('pt-BR', { timeZone: TZ, day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' }).format(d).replace(', ', ' às ');

export const hmacFraction = (seedHex: string, message: string) => fractionOf(createHmac('sha256', Buffer.from(seedHex, 'hex')).update(message).digest());
export const sha256Hex = (seedHex: string) => createHash('sha256').update(Buffer.from(seedHex, 'hex')).digest('hex');

/** A code that cannot be guessed: 10 characters of Crockford's base32 (50 bits). */
function couponCode(): string {
  const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  const bytes = randomBytes(10);
  return Array.from(bytes, (b) => alphabet[b & 31]).join('');
}

/** An unguessable slug for the public address: 12 base62 characters. */
function slugCode(): string {
  const alphabet = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
  let out = '';
  while (out.length < 12) {
    for (const b of randomBytes(16)) if (b < 248 && out.length < 12) out += alphabet[b % 62];
  }
  return out;
}

type Row = Record<string, any>;

/** A campaign with its current round's commitment, seed (once revealed) and closing. */
const CAMPAIGN_SQL = `SELECT c.*, r.semente_hash, r.semente, r.semente_revelada_em
  FROM roleta.campanha c JOIN roleta.rodada r ON r.id_campanha = c.id AND r.rodada = c.rodada`;

export type Situacao = 'aberta' | 'pausada' | 'agendada' | 'encerrada';

/** Whether the public wheel turns now, and if not, what the visitor reads. */
export function situationOf(c: Row, today = todayInSaoPaulo()): { situacao: Situacao; mensagem: string | null } {
  const start = String(c.data_inicio_campanha).slice(0, 10);
  const end = String(c.data_fim_campanha).slice(0, 10);
  if (c.semente_revelada_em || end < today) return { situacao: 'encerrada', mensagem: ROULETTE_MSG.ended };
  if (!c.ativo) return { situacao: 'pausada', mensagem: ROULETTE_MSG.paused };
  if (start > today) return { situacao: 'agendada', mensagem: ROULETTE_MSG.scheduled(brDate(start)) };
  return { situacao: 'aberta', mensagem: null };
}

export interface SpinInput {
  nome?: unknown;
  telefone?: unknown;
  cpf?: unknown;
  site?: unknown;
}

export interface PrizeInput {
  id?: unknown;
  nome?: unknown;
  descricao?: unknown;
  cliente?: unknown;
  peso_item?: unknown;
  quantidade?: unknown;
  quantidade_minima?: unknown;
  animacao?: unknown;
  sem_premio?: unknown;
}

const PRIZE_FIELDS = ['nome', 'descricao', 'cliente', 'peso_item', 'quantidade', 'quantidade_minima', 'animacao', 'sem_premio'] as const;
export const APPEARANCE_FIELDS = ['base_background', 'base_html_content', 'color_item', 'color_text', 'color_item_2', 'color_text2', 'url_background'] as const;

/** The roulette service of each resource service (one per app), for the demo seed. */
export const rouletteServices = new WeakMap<ResourceService, RouletteService>();

export class RouletteService {
  readonly campaigns: ResourceDef;
  readonly prizes: ResourceDef;
  readonly appearances: ResourceDef;
  readonly draws: ResourceDef;
  readonly entries: ResourceDef;
  /** Seeds made by a campaign's create, kept until its row exists (afterWrite stores them apart). */
  private pendingSeeds = new Map<string, string>();

  constructor(
    private db: Database,
    private service: ResourceService,
    private config: Partial<Config>,
    private directory: CustomerDirectory,
  ) {
    this.campaigns = service.get('roulette-campaigns');
    this.prizes = service.get('roulette-prizes');
    this.appearances = service.get('roulette-appearances');
    this.draws = service.get('roulette-draws');
    this.entries = service.get('roulette-entries');
  }

  baseUrl(actor?: Actor): string {
    const base = this.config.publicUrl ?? actor?.origin ?? `http://localhost:${this.config.port ?? 3000}`;
    return base.replace(/\/+$/, '');
  }

  /** The campaign register's rules: owner required, the provider's system, the public address and the seed's commitment, deletes only without participants. */
  hooks(): ResourceHooks {
    return {
      beforeWrite: async ({ tx, operation, values, existing, actor }) => {
        if (operation === 'delete') {
          const { rows } = await tx.query<{ n: number }>(
            `SELECT (SELECT count(*) FROM roleta.historico WHERE id_campanha = $1)::int + (SELECT count(*) FROM roleta.sorteio WHERE id_campanha = $1)::int AS n`,
            [existing!.id],
          );
          if (rows[0].n > 0) throw new HttpError(409, actor.providerIds === null && actor.userId !== null ? ROULETTE_MSG.cannotDeleteSuperadmin : ROULETTE_MSG.cannotDelete);
          return;
        }
        if (!values) return;
        const merged = { ...(existing ?? {}), ...values } as Row;
        const errors: Record<string, string> = {};
        if (merged.id_usuario_intranet == null) errors.id_usuario_intranet = ROULETTE_MSG.ownerRequired;
        else if ('id_usuario_intranet' in values) {
          const { rows } = await tx.query(`SELECT 1 FROM auth.usuario WHERE id = $1`, [merged.id_usuario_intranet]);
          if (!rows.length) errors.id_usuario_intranet = ROULETTE_MSG.ownerUnknown;
        }
        if (merged.sistema && ('sistema' in values || 'id_empresa' in values)) {
          const { rows } = await tx.query(`SELECT 1 FROM relacionamento.sistema WHERE id_empresa = $1 AND upper(nome) = upper($2)`, [merged.id_empresa, merged.sistema]);
          if (!rows.length) errors.sistema = ROULETTE_MSG.systemUnknown;
        }
        if (Object.keys(errors).length) throw new ValidationError(errors);
        if (operation === 'create') {
          const slug = slugCode();
          values.slug = slug;
          values.url_campanha = `${this.baseUrl(actor)}/roleta/${slug}`;
          this.pendingSeeds.set(slug, randomBytes(32).toString('hex'));
        }
      },
      afterWrite: async ({ tx, operation, row }) => {
        if (operation !== 'create') return;
        const seed = this.pendingSeeds.get(row.slug);
        this.pendingSeeds.delete(row.slug);
        if (!seed) throw new Error('semente da roleta não encontrada');
        await this.openRound(tx, row.id, row.rodada, seed);
      },
    };
  }

  /** Opens round `round` of a campaign with a new secret seed, publishing its SHA-256. */
  private async openRound(tx: Queryable, campaignId: number, round: number, seed = randomBytes(32).toString('hex')) {
    await tx.query(`INSERT INTO roleta.rodada (id_campanha, rodada, semente_hash) VALUES ($1, $2, $3)`, [campaignId, round, sha256Hex(seed)]);
    await tx.query(`INSERT INTO roleta.semente (id_campanha, rodada, semente) VALUES ($1, $2, $3)`, [campaignId, round, seed]);
  }

  /** Closes a campaign's current round, if still open: its seed is revealed; nothing in it changes after. */
  private async closeRound(tx: Queryable, c: Row) {
    if (c.semente_revelada_em) return;
    await tx.query(`UPDATE roleta.rodada SET semente = $3, semente_revelada_em = now() WHERE id_campanha = $1 AND rodada = $2`, [
      c.id,
      c.rodada,
      await this.seedOf(tx, c.id, c.rodada),
    ]);
  }

  /** The campaign the actor may read (404 otherwise). */
  campaign(id: unknown, actor: Actor, tx?: Queryable): Promise<Row> {
    return this.service.getOne(this.campaigns, id, actor, tx);
  }

  private async lockCampaign(tx: Queryable, id: number): Promise<Row> {
    const { rows } = await tx.query(`${CAMPAIGN_SQL} WHERE c.id = $1 FOR UPDATE OF c`, [id]);
    if (!rows[0]) throw notFound();
    return rows[0];
  }

  private async seedOf(tx: Queryable, id: number, round: number): Promise<string> {
    const { rows } = await tx.query<{ semente: string }>(`SELECT semente FROM roleta.semente WHERE id_campanha = $1 AND rodada = $2`, [id, round]);
    if (!rows[0]) throw new Error(`semente da rodada ${round} da campanha ${id} ausente`);
    return rows[0].semente;
  }

  /**
   * The wizard's prizes, both wheels at once, in wheel order (PUT /v1/roulette/{id}/premios): rows
   * with an id are updated, rows without one created, the campaign's other prizes removed; one
   * transaction, each row validated and audited by the engine. A prize already won cannot be removed.
   */
  async savePrizes(campaignId: unknown, list: unknown, actor: Actor): Promise<Row[]> {
    const campaign = await this.campaign(campaignId, actor);
    if (!Array.isArray(list)) throw new ValidationError({ premios: MSG.required });
    const items = list as PrizeInput[];
    const errors: Record<string, string> = {};
    const counts = { true: 0, false: 0 };
    items.forEach((item, i) => {
      if (!item || typeof item !== 'object' || Array.isArray(item)) {
        errors[`premios.${i}`] = MSG.invalid;
        return;
      }
      const unknown = Object.keys(item).filter((k) => k !== 'id' && !(PRIZE_FIELDS as readonly string[]).includes(k));
      unknown.forEach((k) => (errors[`premios.${i}.${k}`] = MSG.unknownField));
      if (typeof item.cliente === 'boolean') counts[String(item.cliente) as 'true' | 'false']++;
      const q = item.quantidade;
      const min = item.quantidade_minima ?? 0;
      if (typeof q === 'number' && typeof min === 'number' && Number.isInteger(q) && Number.isInteger(min) && q <= min) errors[`premios.${i}.quantidade`] = ROULETTE_MSG.quantityHint;
    });
    if (Object.keys(errors).length) throw new ValidationError(errors);
    if ([counts.true, counts.false].some((n) => n < PRIZES_MIN || n > PRIZES_MAX)) throw new HttpError(400, ROULETTE_MSG.prizeCount);
    return this.service.write(actor, async (tx) => {
      await this.lockCampaign(tx, campaign.id);
      const { rows: current } = await tx.query<{ id: number }>(`SELECT id FROM roleta.premio WHERE id_campanha = $1`, [campaign.id]);
      const currentIds = new Set(current.map((r) => r.id));
      const kept = new Set<number>();
      const saved: Row[] = [];
      const order = { true: 0, false: 0 };
      const fieldErrors: Record<string, string> = {};
      for (const [i, item] of items.entries()) {
        const record: Row = { ordem: order[String(item.cliente) as 'true' | 'false']++ };
        for (const f of PRIZE_FIELDS) if (item[f] !== undefined) record[f] = item[f];
        try {
          if (item.id !== undefined && item.id !== null) {
            const id = Number(item.id);
            if (!currentIds.has(id)) throw new ValidationError({ id: MSG.notFound });
            kept.add(id);
            saved.push(await this.service.updateIn(tx, this.prizes, id, record, actor));
          } else {
            saved.push(await this.service.createIn(tx, this.prizes, { ...record, id_campanha: campaign.id }, actor));
          }
        } catch (e) {
          if (e instanceof ValidationError) {
            for (const [k, v] of Object.entries(e.errors ?? {})) fieldErrors[`premios.${i}.${k}`] = v;
            continue;
          }
          throw e;
        }
      }
      if (Object.keys(fieldErrors).length) throw new ValidationError(fieldErrors);
      const removed = [...currentIds].filter((id) => !kept.has(id));
      if (removed.length) {
        const { rows: won } = await tx.query(`SELECT 1 FROM roleta.historico WHERE id_premio = ANY($1::int[]) LIMIT 1`, [removed]);
        if (won.length) throw new HttpError(409, ROULETTE_MSG.prizesGiven);
        for (const id of removed) await this.service.deleteIn(tx, this.prizes, id, actor);
      }
      return saved;
    });
  }

  /** The look (PUT /v1/roulette/{id}/aparencia): created on the first save, updated after. */
  async saveAppearance(campaignId: unknown, body: Row, actor: Actor): Promise<Row> {
    const campaign = await this.campaign(campaignId, actor);
    return this.service.write(actor, async (tx) => {
      await this.lockCampaign(tx, campaign.id);
      const { rows } = await tx.query<{ id: number }>(`SELECT id FROM roleta.aparencia WHERE id_campanha = $1`, [campaign.id]);
      if (rows[0]) return this.service.updateIn(tx, this.appearances, rows[0].id, body, actor);
      return this.service.createIn(tx, this.appearances, { ...body, id_campanha: campaign.id }, actor);
    });
  }

  /** Pausar/Reativar (POST v1/roulette/campaign). */
  setActive(campaignId: unknown, ativo: boolean, actor: Actor) {
    return this.service.update(this.campaigns, campaignId, { ativo }, actor);
  }

  /**
   * Resetar Campanha (DELETE v1/history/{id}, superadmin): the current round closes, its seed revealed,
   * and the next one opens with a new committed seed. Nothing is deleted: the closed round's spins and
   * draws stay on the audit page and in its reports; the stock they took is not returned (their
   * coupons are still prizes); the interval between one person's spins still counts them.
   */
  async reset(campaignId: unknown, actor: Actor): Promise<Row> {
    const campaign = await this.campaign(campaignId, actor);
    return this.service.write(actor, async (tx) => {
      const c = await this.lockCampaign(tx, campaign.id);
      await this.closeRound(tx, c);
      await this.openRound(tx, c.id, c.rodada + 1);
      await tx.query(`UPDATE roleta.campanha SET rodada = $2 WHERE id = $1`, [c.id, c.rodada + 1]);
      return this.listed(tx, c.id);
    });
  }

  /** Reveals the current round's seed (POST v1/roulette/{id}/revelar): the campaign closes until a reset; anyone can then check every spin and draw. */
  async reveal(campaignId: unknown, actor: Actor): Promise<Row> {
    const campaign = await this.campaign(campaignId, actor);
    return this.service.write(actor, async (tx) => {
      const c = await this.lockCampaign(tx, campaign.id);
      if (c.semente_revelada_em) return this.listed(tx, c.id);
      await this.closeRound(tx, c);
      await tx.query(`UPDATE roleta.campanha SET ativo = false WHERE id = $1`, [c.id]);
      return this.listed(tx, c.id);
    });
  }

  /** The campaign as the register reads it (roleta.campanha_lista). */
  private async listed(tx: Queryable, id: number): Promise<Row> {
    const { rows } = await tx.query(`SELECT * FROM ${this.campaigns.readSql} WHERE id = $1`, [id]);
    return rows[0];
  }

  /**
   * Draws a participant (POST v1/roulette/draw): among the round's participants matching the filters
   * (cliente, premiado; null either), those already drawn left out. The index comes from the seed.
   */
  async draw(campaignId: unknown, filters: { cliente: boolean | null; premiado: boolean | null }, actor: Actor): Promise<Row> {
    const campaign = await this.campaign(campaignId, actor);
    return this.service.write(actor, async (tx) => {
      const c = await this.lockCampaign(tx, campaign.id);
      if (c.semente_revelada_em) throw new HttpError(409, ROULETTE_MSG.revealed);
      const totals = await this.categoryTotals(tx, c.id, c.rodada);
      const { rows: drawnRows } = await tx.query<{ categoria: number; seq_categoria: number }>(
        `SELECT h.categoria, h.seq_categoria FROM roleta.sorteio s JOIN roleta.historico h ON h.id = s.id_cliente_historico
          WHERE s.id_campanha = $1 AND s.rodada = $2 ORDER BY h.categoria, h.seq_categoria`,
        [c.id, c.rodada],
      );
      const drawn = new Map<number, number[]>();
      for (const r of drawnRows) drawn.set(r.categoria, [...(drawn.get(r.categoria) ?? []), r.seq_categoria]);
      const categories = categoriesFor(filters.cliente, filters.premiado);
      const available = categories.map((cat) => (totals[cat] ?? 0) - (drawn.get(cat)?.length ?? 0));
      const count = available.reduce((a, b) => a + b, 0);
      if (count <= 0) throw new HttpError(404, ROULETTE_MSG.noMatch);
      const { rows: seqRows } = await tx.query<{ n: number }>(`SELECT COALESCE(max(seq), 0)::int AS n FROM roleta.sorteio WHERE id_campanha = $1 AND rodada = $2`, [c.id, c.rodada]);
      const seq = seqRows[0].n + 1;
      const index = drawIndex(hmacFraction(await this.seedOf(tx, c.id, c.rodada), drawMessage(c.id, c.rodada, seq)), count);
      let k = index;
      let category = categories[0];
      let position = 0;
      for (const [i, cat] of categories.entries()) {
        if (k < available[i]) {
          category = cat;
          // The (k+1)-th order in 1..total of the category not taken by an earlier draw.
          position = k + 1;
          for (const d of drawn.get(cat) ?? []) if (d <= position) position++;
          break;
        }
        k -= available[i];
      }
      const { rows } = await tx.query(`SELECT * FROM roleta.historico WHERE id_campanha = $1 AND rodada = $2 AND categoria = $3 AND seq_categoria = $4`, [c.id, c.rodada, category, position]);
      const entry = rows[0];
      if (!entry) throw new Error(`participante ${category}/${position} da campanha ${c.id} não encontrado`);
      const ateSeq = Object.values(totals).reduce((a, b) => a + b, 0);
      return this.service.createIn(
        tx,
        this.draws,
        {
          id_campanha: c.id,
          rodada: c.rodada,
          seq,
          id_cliente_historico: entry.id,
          nome: entry.nome,
          telefone: entry.telefone,
          cliente: entry.cliente,
          filtro_cliente: filters.cliente,
          filtro_premiado: filters.premiado,
          candidatos: count,
          indice: index,
          ate_seq: ateSeq,
          id_usuario: actor.userId,
        },
        actor,
      );
    });
  }

  private async categoryTotals(q: Queryable, campaignId: number, round: number): Promise<Record<number, number>> {
    const { rows } = await q.query<{ categoria: number; total: number }>(`SELECT categoria, total FROM roleta.contagem WHERE id_campanha = $1 AND rodada = $2`, [campaignId, round]);
    return Object.fromEntries(rows.map((r) => [r.categoria, r.total]));
  }

  /** The draws of a round (the current one unless given), oldest first (GET v1/roulette/draw/{id}?rodada=). */
  async drawList(campaignId: unknown, actor: Actor, round?: number): Promise<Row[]> {
    const c = await this.campaign(campaignId, actor);
    const { rows } = await this.db.query(
      `SELECT id, rodada, seq, id_cliente_historico, nome, telefone, cliente, filtro_cliente, filtro_premiado, candidatos, indice, ate_seq, created_at
         FROM roleta.sorteio WHERE id_campanha = $1 AND rodada = $2 ORDER BY seq`,
      [c.id, round ?? c.rodada],
    );
    return rows;
  }

  /** The participants of a round, the current one unless given (GET v1/roulette/customers/{id}[/{isCustomer}]?erro=&rodada=), newest first, with their prize. */
  async participants(campaignId: unknown, filters: { cliente: boolean | null; erro: boolean | null; rodada?: number; limit: number; offset: number }, actor: Actor) {
    const c = await this.campaign(campaignId, actor);
    const where = [`h.id_campanha = $1`, `h.rodada = $2`];
    const values: unknown[] = [c.id, filters.rodada ?? c.rodada];
    if (filters.cliente !== null) where.push(`h.cliente = $${values.push(filters.cliente)}`);
    if (filters.erro !== null) where.push(`h.erro = $${values.push(filters.erro)}`);
    const sql = where.join(' AND ');
    const [{ rows }, { rows: total }] = await Promise.all([
      this.db.query(
        `SELECT h.id, h.rodada, h.seq, h.nome, h.telefone, h.cpf, h.cupom, h.codigo, h.erro, h.cliente, h.premiado, h.entregue, h.entregue_em, h.created_at,
                CASE WHEN p.id IS NULL THEN NULL ELSE jsonb_build_object('id', p.id, 'nome', p.nome, 'cliente', p.cliente, 'animacao', p.animacao, 'sem_premio', p.sem_premio) END AS premio
           FROM roleta.historico h LEFT JOIN roleta.premio p ON p.id = h.id_premio
          WHERE ${sql} ORDER BY h.created_at DESC, h.id DESC LIMIT ${filters.limit} OFFSET ${filters.offset}`,
        values,
      ),
      this.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM roleta.historico h WHERE ${sql}`, values),
    ]);
    return { rows, total: total[0].n };
  }

  /** The users who may own a roulette: active staff of the actor's providers (every one for the superadmin). */
  async owners(actor: Actor): Promise<Row[]> {
    const { rows } = await this.db.query(
      `SELECT id, nome, email FROM auth.usuario
        WHERE ativo AND funcionario AND ($1::int[] IS NULL OR id_empresas && $1::int[])
        ORDER BY nome, id LIMIT 5000`,
      [actor.providerIds],
    );
    return rows;
  }

  // ---- public page ----------------------------------------------------------------------------

  private async bySlug(slug: string, q: Queryable = this.db): Promise<Row> {
    if (!/^[0-9A-Za-z]{6,40}$/.test(slug)) throw new HttpError(404, ROULETTE_MSG.notFound);
    const { rows } = await q.query(`${CAMPAIGN_SQL} WHERE c.slug = $1`, [slug]);
    if (!rows[0]) throw new HttpError(404, ROULETTE_MSG.notFound);
    return rows[0];
  }

  private async wheels(q: Queryable, campaignId: number) {
    const { rows } = await q.query<Row>(
      `SELECT id, nome, descricao, cliente, peso_item, quantidade, quantidade_minima, animacao, sem_premio FROM roleta.premio WHERE id_campanha = $1 ORDER BY ordem, id`,
      [campaignId],
    );
    const show = (p: Row) => ({ id: p.id, nome: p.nome, esgotado: p.quantidade <= p.quantidade_minima });
    return { all: rows, cliente: rows.filter((p) => p.cliente).map(show), nao_cliente: rows.filter((p) => !p.cliente).map(show) };
  }

  /** What the public page shows (GET /v1/public/roulette/{slug}): never the seed before its reveal, never who took part. */
  async publicInfo(slug: string) {
    const c = await this.bySlug(slug);
    const [{ rows: looks }, wheels, background] = await Promise.all([
      this.db.query(`SELECT * FROM roleta.aparencia WHERE id_campanha = $1`, [c.id]),
      this.wheels(this.db, c.id),
      this.publicBackground(this.db, c),
    ]);
    const look = looks[0];
    const { situacao, mensagem } = situationOf(c);
    return {
      nome: c.nome,
      descricao: c.descricao,
      motivo_aplicacao: c.motivo_aplicacao,
      data_inicio_campanha: String(c.data_inicio_campanha).slice(0, 10),
      data_fim_campanha: String(c.data_fim_campanha).slice(0, 10),
      intervalo_votacao: c.intervalo_votacao,
      situacao,
      mensagem,
      aparencia: {
        base_background: look?.base_background ?? '#0d1b3e',
        base_html_content: look?.base_html_content ?? null,
        color_item: look?.color_item ?? '#1565c0',
        color_text: look?.color_text ?? '#ffffff',
        color_item_2: look?.color_item_2 ?? '#ffc107',
        color_text2: look?.color_text2 ?? '#1a1a1a',
        fundo: background ? `/v1/public/roulette/${c.slug}/fundo` : null,
      },
      premios: { cliente: wheels.cliente, nao_cliente: wheels.nao_cliente },
      semente_hash: c.semente_hash,
      semente: c.semente_revelada_em ? c.semente : null,
    };
  }

  /** The background image's file id (public: the page shows it), or null. */
  async backgroundOf(slug: string): Promise<string | null> {
    return this.publicBackground(this.db, await this.bySlug(slug));
  }

  /**
   * The campaign's background, when the public may see it: a file its provider's users could
   * download, of the field's bucket and kind (the rule a write naming it passes, checked again here
   * for what the superadmin or a row older than the rule put there).
   */
  private async publicBackground(q: Queryable, c: Row): Promise<string | null> {
    const { rows } = await q.query<{ url_background: string | null }>(`SELECT url_background::text FROM roleta.aparencia WHERE id_campanha = $1`, [c.id]);
    const id = rows[0]?.url_background;
    if (!id) return null;
    const file = (await storedFiles(q, [id])).get(id);
    return fileRefusal({ userId: null, providerIds: [c.id_empresa] }, file, fileRuleOf(this.appearances, 'url_background')) ? null : id;
  }

  /** The visitor's name, phone and CPF as stored, or the fields' messages (400); the honeypot refused. */
  private visitorOf(input: SpinInput) {
    const errors: Record<string, string> = {};
    const nome = typeof input.nome === 'string' ? input.nome.trim().replace(/\s+/g, ' ') : '';
    const phoneDigits = typeof input.telefone === 'string' ? onlyDigits(input.telefone) : '';
    const cpfDigits = typeof input.cpf === 'string' ? onlyDigits(input.cpf) : '';
    // Kept as the tables and the CSV show it: ###.###.###-##.
    const cpf = cpfDigits.length === 11 ? `${cpfDigits.slice(0, 3)}.${cpfDigits.slice(3, 6)}.${cpfDigits.slice(6, 9)}-${cpfDigits.slice(9)}` : cpfDigits;
    if (nome.length < 2 || nome.length > 120) errors.nome = ROULETTE_MSG.nameRequired;
    const telefone = phoneDigits.length === 11 ? `(${phoneDigits.slice(0, 2)}) ${phoneDigits.slice(2, 7)}-${phoneDigits.slice(7)}` : '';
    if (!isPhone(telefone)) errors.telefone = ROULETTE_MSG.phoneInvalid;
    if (!isCpf(cpfDigits)) errors.cpf = ROULETTE_MSG.cpfInvalid;
    if (Object.keys(errors).length) throw new ValidationError(errors);
    // The honeypot: people never see the field; a bot that fills it is refused without a hint.
    if (typeof input.site === 'string' && input.site.trim() !== '') throw new HttpError(400, ROULETTE_MSG.refused);
    return { nome, telefone, cpf, cpfDigits, phoneDigits };
  }

  /**
   * Whether the visitor is the provider's customer: the CPF and the phone both match its record. One
   * lookup whatever the answer: a CPF on record with another phone takes the same path as a CPF nobody
   * has, so neither the answer nor its timing tells a stranger who is a customer.
   */
  private async recognise(c: Row, cpfDigits: string, phoneDigits: string) {
    const [customer] = await this.directory.find({ cpf: cpfDigits, telefone: phoneDigits, id_empresa: c.id_empresa, limit: 1 }, { providerIds: [c.id_empresa] });
    return { cliente: Boolean(customer), customer };
  }

  /**
   * Once per interval per person, across rounds: a recognised customer is their CPF (whichever of
   * their phones they typed); anyone else is the CPF with the phone typed, so a stranger typing a
   * customer's CPF spends a spin of their own, never the customer's, and learns nothing of it.
   */
  private async assertMaySpin(q: Queryable, c: Row, cpf: string, telefone: string, cliente: boolean) {
    const { rows: last } = await q.query<{ created_at: Date }>(
      `SELECT created_at FROM roleta.historico
        WHERE id_campanha = $1 AND cpf = $2 AND (telefone = $4 OR (cliente AND $5)) AND created_at > now() - make_interval(hours => $3)
        ORDER BY created_at DESC LIMIT 1`,
      [c.id, cpf, c.intervalo_votacao, telefone, cliente],
    );
    if (last[0]) throw new HttpError(429, ROULETTE_MSG.again(brDateTime(new Date(new Date(last[0].created_at).getTime() + c.intervalo_votacao * 3_600_000))));
  }

  /**
   * The identification before the spin (POST /v1/public/roulette/{slug}/identificacao): the same
   * checks as the spin (fields, open campaign, the interval) and the wheel this visitor will play
   * (the customers' when the CPF and the phone match the record, else the non-customers'), so the
   * page shows it before the spin. Nothing is written; the spin decides again.
   */
  async identify(slug: string, input: SpinInput) {
    const { cpf, telefone, cpfDigits, phoneDigits } = this.visitorOf(input);
    const c = await this.bySlug(slug);
    const { situacao, mensagem } = situationOf(c);
    if (situacao !== 'aberta') throw new HttpError(403, mensagem ?? ROULETTE_MSG.ended);
    const { cliente } = await this.recognise(c, cpfDigits, phoneDigits);
    await this.assertMaySpin(this.db, c, cpf, telefone, cliente);
    const wheels = await this.wheels(this.db, c.id);
    const premios = cliente ? wheels.cliente : wheels.nao_cliente;
    if (!premios.length) throw new HttpError(403, ROULETTE_MSG.noPrizes);
    return { cliente, premios };
  }

  /**
   * Marks a participant's prize delivered, or undoes it (POST / DELETE /v1/roulette/entrega/{id}, a
   * manager): through the engine's update of roulette-entries, so the change is audited (the entry's
   * history). A spin without a prize has nothing to deliver (409). A closed round's prizes are
   * delivered too: the database lets only the delivery of a spin change.
   */
  async setDelivered(entryId: unknown, entregue: boolean, actor: Actor): Promise<Row> {
    return this.service.write(actor, async (tx) => {
      const entry = await this.service.getOne(this.entries, entryId, actor, tx);
      if (!entry.premiado) throw new HttpError(409, ROULETTE_MSG.nothingToDeliver);
      if (Boolean(entry.entregue) === entregue) return entry;
      const values = entregue ? { entregue: true, entregue_em: new Date().toISOString(), entregue_por: actor.userId } : { entregue: false, entregue_em: null, entregue_por: null };
      return this.service.updateIn(tx, this.entries, entry.id, values, actor);
    });
  }

  /**
   * The participations of a round counted apart (GET /v1/roulette/{id}/resumo?rodada=&cliente=): prizes
   * won (delivered and to deliver), "no prize" slots, and spins that found no prize left (erro).
   */
  async summary(campaignId: unknown, filters: { cliente: boolean | null; rodada?: number }, actor: Actor) {
    const c = await this.campaign(campaignId, actor);
    const { rows } = await this.db.query<Record<string, number>>(
      `SELECT count(*)::int AS participantes,
              (count(*) FILTER (WHERE premiado))::int AS premiados,
              (count(*) FILTER (WHERE premiado AND entregue))::int AS entregues,
              (count(*) FILTER (WHERE premiado AND NOT entregue))::int AS a_entregar,
              (count(*) FILTER (WHERE NOT premiado AND id_premio IS NOT NULL))::int AS sem_premio,
              (count(*) FILTER (WHERE id_premio IS NULL))::int AS esgotados
         FROM roleta.historico WHERE id_campanha = $1 AND rodada = $2 AND ($3::boolean IS NULL OR cliente = $3)`,
      [c.id, filters.rodada ?? c.rodada, filters.cliente],
    );
    return rows[0];
  }

  /**
   * A visitor's spin (POST /v1/public/roulette/{slug}/giro): a customer of the provider when the CPF
   * and the phone both match its record (otherwise a non-customer, whatever the CPF alone would say),
   * the prize picked by weight among that wheel's prizes above their minimum stock, the stock
   * decremented, the entry written with its coupon, and, with api_erp, the ticket request.
   */
  async spin(slug: string, input: SpinInput) {
    const { nome, telefone, cpf, cpfDigits, phoneDigits } = this.visitorOf(input);
    const found = await this.bySlug(slug);
    const { cliente, customer } = await this.recognise(found, cpfDigits, phoneDigits);
    return this.db.transaction(async (tx) => {
      await setAuditUser(tx, null);
      const c = await this.lockCampaign(tx, found.id);
      const { situacao, mensagem } = situationOf(c);
      if (situacao !== 'aberta') throw new HttpError(403, mensagem ?? ROULETTE_MSG.ended);
      await this.assertMaySpin(tx, c, cpf, telefone, cliente);
      const wheels = await this.wheels(tx, c.id);
      const wheel = wheels.all.filter((p) => p.cliente === cliente);
      if (!wheel.length) throw new HttpError(403, ROULETTE_MSG.noPrizes);
      const eligible = eligibleOf(wheel as PrizeStock[]);
      const totals = await this.categoryTotals(tx, c.id, c.rodada);
      const seq = Object.values(totals).reduce((a, b) => a + b, 0) + 1;
      const slotId = pickWeighted(eligible, hmacFraction(await this.seedOf(tx, c.id, c.rodada), spinMessage(c.id, c.rodada, seq)));
      // The slot the wheel stops on; a "no prize" slot ('Tente de novo') is recorded, but gives nothing
      // and spends no stock.
      const slot = slotId === null ? null : wheel.find((p) => p.id === slotId)!;
      const prize = slot && !slot.sem_premio ? slot : null;
      if (prize) {
        const { rowCount } = await tx.query(`UPDATE roleta.premio SET quantidade = quantidade - 1 WHERE id = $1 AND quantidade > quantidade_minima`, [prize.id]);
        if (rowCount !== 1) throw new Error(`estoque do prêmio ${prize.id} inconsistente sob o bloqueio da campanha`);
      }
      const categoria = categoryOf(cliente, Boolean(prize));
      const { rows: counted } = await tx.query<{ total: number }>(
        `INSERT INTO roleta.contagem AS k (id_campanha, rodada, categoria, total) VALUES ($1, $2, $3, 1)
         ON CONFLICT (id_campanha, rodada, categoria) DO UPDATE SET total = k.total + 1 RETURNING total`,
        [c.id, c.rodada, categoria],
      );
      const cupom = prize ? `${COUPON_PREFIX}${couponCode()}` : null;
      const { rows } = await tx.query(
        `INSERT INTO roleta.historico (id_campanha, rodada, seq, categoria, seq_categoria, nome, telefone, cpf, cliente, premiado, id_premio, cupom, codigo, erro, elegiveis, pesos)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16) RETURNING id, seq, created_at`,
        [
          c.id,
          c.rodada,
          seq,
          categoria,
          counted[0].total,
          nome,
          telefone,
          cpf,
          cliente,
          Boolean(prize),
          slot?.id ?? null,
          cupom,
          customer?.cod_cliente ?? null,
          !slot,
          eligible.map((e) => e.id),
          eligible.map((e) => e.peso),
        ],
      );
      if (prize && c.api_erp) {
        await tx.query(`INSERT INTO roleta.chamado_erp (id_campanha, id_historico, sistema, dados) VALUES ($1, $2, $3, $4)`, [
          c.id,
          rows[0].id,
          c.sistema ?? customer?.sistema ?? null,
          JSON.stringify({ campanha: c.nome, premio: prize.nome, cupom, nome, telefone, cpf, cod_cliente: customer?.cod_cliente ?? null }),
        ]);
      }
      const premios = wheel.map((p) => ({ id: p.id, nome: p.nome, esgotado: p.quantidade - (p.id === prize?.id ? 1 : 0) <= p.quantidade_minima && p.id !== prize?.id }));
      return {
        cliente,
        premios,
        indice: slot ? wheel.findIndex((p) => p.id === slot.id) : null,
        premio: slot ? { nome: slot.nome, descricao: slot.descricao, animacao: prize ? prize.animacao : false, sem_premio: !prize } : null,
        cupom,
        seq: rows[0].seq,
        mensagem: prize ? ROULETTE_MSG.won(prize.nome) : slot ? ROULETTE_MSG.noPrize : ROULETTE_MSG.soldOut,
      };
    });
  }

  /**
   * The audit data (GET /v1/public/roulette/{slug}/auditoria): every round, oldest first, with its
   * commitment, its seed once revealed (a closed round's always), its spins and its draws; no names,
   * CPFs or coupons.
   */
  async audit(slug: string) {
    const c = await this.bySlug(slug);
    const [{ rows: rounds }, { rows: giros }, { rows: sorteios }] = await Promise.all([
      this.db.query(
        `SELECT rodada, semente_hash, CASE WHEN semente_revelada_em IS NULL THEN NULL ELSE semente END AS semente, iniciada_em, semente_revelada_em
           FROM roleta.rodada WHERE id_campanha = $1 ORDER BY rodada`,
        [c.id],
      ),
      this.db.query(
        `SELECT h.rodada, h.seq, h.created_at, h.cliente, h.premiado, right(h.telefone, 4) AS telefone_final, p.nome AS premio, h.id_premio, h.elegiveis, h.pesos
           FROM roleta.historico h LEFT JOIN roleta.premio p ON p.id = h.id_premio WHERE h.id_campanha = $1 ORDER BY h.rodada, h.seq`,
        [c.id],
      ),
      this.db.query(
        `SELECT s.rodada, s.seq, s.created_at, s.filtro_cliente, s.filtro_premiado, s.candidatos, s.indice, s.ate_seq, h.seq AS seq_participante
           FROM roleta.sorteio s JOIN roleta.historico h ON h.id = s.id_cliente_historico WHERE s.id_campanha = $1 ORDER BY s.rodada, s.seq`,
        [c.id],
      ),
    ]);
    const inRound = (rodada: number) => (row: Row) => row.rodada === rodada;
    const strip = ({ rodada: _, ...row }: Row) => row;
    return {
      nome: c.nome,
      id_campanha: c.id,
      rodada: c.rodada,
      rodadas: rounds.map((r: Row) => ({
        ...r,
        giros: giros.filter(inRound(r.rodada)).map(strip),
        sorteios: sorteios.filter(inRound(r.rodada)).map(strip),
      })),
    };
  }
}
