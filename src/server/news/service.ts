// News items (issue 18): the register's rules (images by content, hashtags, department of the
// provider, the bell announcement on publishing), and the reader side — the feed, the reading page,
// reactions and read confirmations — with the readers of an item for the read-confirm report.
//
// Who reads an item: the superadmin; the rh area's readers and up of the item's provider (every item,
// active or not); and any other signed-in user linked to the item's provider (and, when the item has
// a department, in that department through their position), active items only. Everyone else is
// answered 404, as for an item that does not exist.
import { isSuperadmin } from '../../domain/roles.js';
import { isNewsReaction, joinHashtags, NEWS_MODULE, NEWS_MSG, NEWS_REACTION_KEYS, newsPath, type NewsReaction } from '../../domain/news.js';
import { MSG } from '../../domain/messages.js';
import type { AuthUser } from '../auth/identity.js';
import type { Database, Queryable } from '../db/index.js';
import { HttpError } from '../errors.js';
import type { Actor, ResourceHooks, ResourceService } from '../resources/service.js';

type Row = Record<string, any>;

export interface Reader {
  user: AuthUser;
  /** The caller has the rh area's read right (leitor and up): every item of their providers, inactive ones too. */
  hr: boolean;
}

export interface FeedQuery {
  categoria?: number;
  q?: string;
  offset?: number;
  limit?: number;
  /** Only the must-read items the reader has not confirmed yet (the home's "Para você"). */
  pendente?: boolean;
}

const notFound = () => new HttpError(404, NEWS_MSG.notFound);

/** The SQL condition of the items `reader` may read (alias n), with its parameters from $start. */
function readable(reader: Reader, params: unknown[]): string {
  if (isSuperadmin(reader.user.roles)) return 'true';
  params.push(reader.user.providerIds);
  const providers = `n.provedor = ANY($${params.length}::int[])`;
  if (reader.hr) return providers;
  params.push(reader.user.id);
  return `${providers} AND n.ativo AND (n.departamento IS NULL OR n.departamento = (
            SELECT s.id_departamento FROM auth.usuario u JOIN rh.cargo c ON c.id = u.id_cargo JOIN rh.setor s ON s.id = c.id_setor WHERE u.id = $${params.length}))`;
}

const ITEM_COLUMNS = `n.id, n.provedor, e.nome AS provedor_nome, n.titulo, n.resumo, n.fonte, n.url, n.texto,
  n.imagem_capa_data, n.imagem_capa_format, n.imagem_auxiliar_data, n.imagem_auxiliar_format,
  n.importante, n.requer_lido, n.hashtag, n.categoria, n.departamento, d.nome AS departamento_nome, n.ativo, n.created_at,
  c.titulo AS categoria_titulo, c.icone AS categoria_icone, c.color AS categoria_color`;
const ITEM_FROM = `rh.novidade n JOIN rh.empresa e ON e.id = n.provedor LEFT JOIN rh.categoria c ON c.id = n.categoria LEFT JOIN rh.departamento d ON d.id = n.departamento`;

export class NewsService {
  constructor(
    private db: Database,
    private service: ResourceService,
  ) {}

  // ---- the register's rules -----------------------------------------------------------------------

  hooks(): ResourceHooks {
    return {
      beforeWrite: async ({ tx, values, existing, operation }) => {
        if (!values || operation === 'delete') return;
        if ('hashtag' in values) values.hashtag = typeof values.hashtag === 'string' ? joinHashtags(values.hashtag.split(';')) : null;
        await this.imageFormats(tx, values, existing);
        // The department of the item's provider: the schema's sameProvider.
      },
      afterWrite: async ({ tx, operation, existing, row, actor }) => {
        if (operation === 'delete' || !row.ativo || !(row.importante || row.requer_lido)) return;
        // Published: created active, or activated (an active item edited is not announced again).
        if (operation === 'create' || (existing && !existing.ativo)) await this.announce(tx, row, actor);
      },
    };
  }

  /**
   * Cover and auxiliary images: their types are kept beside them. The engine has already taken only
   * PNG or JPEG uploads of the novidades bucket (x-intranet.files) for a changed image.
   */
  private async imageFormats(tx: Queryable, values: Record<string, unknown>, existing: Record<string, unknown> | null) {
    const fields = [
      ['imagem_capa_data', 'imagem_capa_format'],
      ['imagem_auxiliar_data', 'imagem_auxiliar_format'],
    ] as const;
    for (const [field, format] of fields) {
      if (!(field in values)) continue;
      const id = values[field];
      if (id === null || id === undefined) values[format] = null;
      else if (existing && String(id).toLowerCase() === existing[field]) values[format] = existing[format];
      else values[format] = (await tx.query<{ tipo: string }>('SELECT tipo FROM storage.arquivo WHERE id = $1::uuid', [id])).rows[0].tipo;
    }
  }

  /**
   * The item's audience: active users linked to its provider (and in its department, when it has
   * one), as the view rh.novidade_publico (migration 0081) defines it for the reports too.
   */
  private async audience(q: Queryable, item: Row): Promise<{ id: number }[]> {
    const { rows } = await q.query<{ id: number }>('SELECT id_usuario AS id FROM rh.novidade_publico WHERE id_novidade = $1 ORDER BY id_usuario', [item.id]);
    return rows;
  }

  /** The bell message of a published important (or must-read) item, to its audience but its author, in the write's transaction. */
  private async announce(tx: Queryable, row: Row, actor: Actor) {
    const recipients = (await this.audience(tx, row)).filter((u) => u.id !== actor.userId);
    if (!recipients.length) return;
    const author = actor.userId === null ? null : (await tx.query<{ nome: string | null; email: string }>('SELECT nome, email FROM auth.usuario WHERE id = $1', [actor.userId])).rows[0];
    const { rows } = await tx.query<{ id: number }>(`SELECT nextval('notificacao.mensagem_seq')::int AS id`);
    const data = { modulo: NEWS_MODULE, msg: NEWS_MSG.published(row.titulo, row.requer_lido), link: newsPath(row.id), id_novidade: row.id };
    await tx.query(
      `INSERT INTO notificacao.notificacao (id_mensagem, id_usuario, id_remetente, remetente_nome, data)
       SELECT $1, u, $2, $3, $4::jsonb FROM unnest($5::int[]) AS u`,
      [rows[0].id, actor.userId, author ? (author.nome ?? author.email) : 'Intranet', JSON.stringify(data), recipients.map((u) => u.id)],
    );
  }

  // ---- the reader side ----------------------------------------------------------------------------

  /** The feed: important items first, then the newest; by category and words (or the reader's unread must-read items); a page and the total. */
  async feed(reader: Reader, query: FeedQuery) {
    const params: unknown[] = [];
    const where = [readable(reader, params)];
    if (query.categoria !== undefined) {
      params.push(query.categoria);
      where.push(`n.categoria = $${params.length}`);
    }
    const words = (query.q ?? '').trim();
    if (words) {
      params.push(`%${words.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      const term = `public.f_unaccent($${params.length})`;
      where.push(`(public.f_unaccent(n.titulo) LIKE ${term} OR public.f_unaccent(n.resumo) LIKE ${term} OR public.f_unaccent(coalesce(n.hashtag, '')) LIKE ${term})`);
    }
    if (query.pendente) {
      params.push(reader.user.id);
      where.push(`n.requer_lido AND NOT EXISTS (SELECT 1 FROM rh.novidade_leitura l WHERE l.id_novidade = n.id AND l.id_usuario = $${params.length})`);
    }
    const whereSql = where.join(' AND ');
    const countParams = [...params];
    params.push(reader.user.id);
    const me = params.length;
    params.push(Math.min(Math.max(query.limit ?? 12, 1), 60), Math.max(query.offset ?? 0, 0));
    const { rows } = await this.db.query(
      `SELECT n.id, n.provedor, e.nome AS provedor_nome, n.titulo, n.resumo, n.imagem_capa_data, n.importante, n.requer_lido, n.hashtag,
              n.categoria, c.titulo AS categoria_titulo, c.icone AS categoria_icone, c.color AS categoria_color, n.ativo, n.created_at,
              (SELECT count(*)::int FROM rh.novidade_reacao r WHERE r.id_novidade = n.id) AS total_reacoes,
              (SELECT l.lido_em FROM rh.novidade_leitura l WHERE l.id_novidade = n.id AND l.id_usuario = $${me}) AS lido_em
         FROM ${ITEM_FROM}
        WHERE ${whereSql}
        ORDER BY n.importante DESC, n.created_at DESC, n.id DESC
        LIMIT $${me + 1} OFFSET $${me + 2}`,
      params,
    );
    const total = (await this.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${ITEM_FROM} WHERE ${whereSql}`, countParams)).rows[0].n;
    const categorias = (await this.db.query(`SELECT id, titulo, icone, color FROM rh.categoria WHERE ativo ORDER BY titulo, id`)).rows;
    return { novidades: rows, total, categorias };
  }

  /** One item the reader may read (404 otherwise). */
  private async readableItem(q: Queryable, reader: Reader, id: number): Promise<Row> {
    const params: unknown[] = [id];
    const { rows } = await q.query(`SELECT ${ITEM_COLUMNS} FROM ${ITEM_FROM} WHERE n.id = $1 AND ${readable(reader, params)}`, params);
    if (!rows.length) throw notFound();
    return rows[0];
  }

  /** The reactions' counts of an item and the reader's own. */
  private async reactionsOf(q: Queryable, id: number, userId: number) {
    const { rows } = await q.query<{ reacao: NewsReaction; n: number; mine: boolean }>(
      `SELECT reacao, count(*)::int AS n, bool_or(id_usuario = $2) AS mine FROM rh.novidade_reacao WHERE id_novidade = $1 GROUP BY reacao`,
      [id, userId],
    );
    const reacoes = Object.fromEntries(NEWS_REACTION_KEYS.map((k) => [k, 0])) as Record<NewsReaction, number>;
    for (const r of rows) reacoes[r.reacao] = r.n;
    return { reacoes, minha_reacao: rows.find((r) => r.mine)?.reacao ?? null };
  }

  /** The reading page's item: its fields, category, reactions and the reader's confirmation. */
  async item(reader: Reader, id: number) {
    const item = await this.readableItem(this.db, reader, id);
    const { rows } = await this.db.query<{ lido_em: string }>('SELECT lido_em FROM rh.novidade_leitura WHERE id_novidade = $1 AND id_usuario = $2', [id, reader.user.id]);
    return { novidade: { ...item, ...(await this.reactionsOf(this.db, id, reader.user.id)), lido_em: rows[0]?.lido_em ?? null } };
  }

  /**
   * The reader's reaction: a new one is recorded, the same one again is removed, another one replaces
   * it (one per user and item). Answers the counts and the reader's reaction.
   */
  async react(reader: Reader, id: number, reacao: unknown) {
    if (!isNewsReaction(reacao)) throw new HttpError(400, MSG.failure, { reacao: MSG.invalid });
    return this.service.write({ userId: reader.user.id, providerIds: reader.user.providerIds }, async (tx) => {
      await this.readableItem(tx, reader, id);
      const { rows } = await tx.query<{ id: number; reacao: string }>('SELECT id, reacao FROM rh.novidade_reacao WHERE id_novidade = $1 AND id_usuario = $2 FOR UPDATE', [id, reader.user.id]);
      if (rows[0]?.reacao === reacao) await tx.query('DELETE FROM rh.novidade_reacao WHERE id = $1', [rows[0].id]);
      else if (rows[0]) await tx.query('UPDATE rh.novidade_reacao SET reacao = $2, created_at = now() WHERE id = $1', [rows[0].id, reacao]);
      else
        await tx.query(
          `INSERT INTO rh.novidade_reacao (id_novidade, id_usuario, reacao) VALUES ($1, $2, $3)
           ON CONFLICT (id_novidade, id_usuario) DO UPDATE SET reacao = EXCLUDED.reacao`,
          [id, reader.user.id, reacao],
        );
      return this.reactionsOf(tx, id, reader.user.id);
    });
  }

  /** Confirms the reader's reading of an item that requires it: recorded once, with its time. */
  async confirmReading(reader: Reader, id: number) {
    return this.service.write({ userId: reader.user.id, providerIds: reader.user.providerIds }, async (tx) => {
      const item = await this.readableItem(tx, reader, id);
      if (!item.requer_lido) throw new HttpError(400, NEWS_MSG.noReadingRequired);
      await tx.query('INSERT INTO rh.novidade_leitura (id_novidade, id_usuario) VALUES ($1, $2) ON CONFLICT (id_novidade, id_usuario) DO NOTHING', [id, reader.user.id]);
      const { rows } = await tx.query<{ lido_em: string }>('SELECT lido_em FROM rh.novidade_leitura WHERE id_novidade = $1 AND id_usuario = $2', [id, reader.user.id]);
      return { lido_em: rows[0].lido_em };
    });
  }

  /**
   * Who read an item (for the read-confirm report): each reader's name, e-mail, department and read
   * time (newest first), the audience's size and how many of it have not read yet. For the rh
   * area's readers and up of the item's provider (`actor`: the provider scope of an rh 'read' call).
   */
  async readers(actor: Pick<Actor, 'providerIds'>, id: number) {
    const { rows: found } = await this.db.query<Row>('SELECT id, titulo, provedor, departamento, requer_lido FROM rh.novidade WHERE id = $1', [id]);
    const item = found[0];
    if (!item || (actor.providerIds !== null && !actor.providerIds.includes(item.provedor))) throw notFound();
    const { rows: leitores } = await this.db.query(
      `SELECT u.id AS id_usuario, u.nome, u.email, d.nome AS departamento, l.lido_em
         FROM rh.novidade_leitura l JOIN auth.usuario u ON u.id = l.id_usuario
         LEFT JOIN rh.cargo c ON c.id = u.id_cargo LEFT JOIN rh.setor s ON s.id = c.id_setor LEFT JOIN rh.departamento d ON d.id = s.id_departamento
        WHERE l.id_novidade = $1
        ORDER BY l.lido_em DESC, u.id`,
      [id],
    );
    const audience = await this.audience(this.db, item);
    const read = new Set(leitores.map((l) => l.id_usuario as number));
    return {
      novidade: { id: item.id, titulo: item.titulo, requer_lido: item.requer_lido },
      leitores,
      total_publico: audience.length,
      pendentes: audience.filter((u) => !read.has(u.id)).length,
    };
  }
}
