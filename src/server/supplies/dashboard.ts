// The read-only figures of the supplies area (issue 34), over the tables of migration 0086; nothing here
// writes (every move is ledger.ts's). Each answers only the caller's providers (actor.providerIds; the
// superadmin's null: all of them), optionally one of them (`providerId`, the screens' ?empresa=).
//   - locate(): "where is it now": the unit(s) whose patrimônio or serial is the code, with their ledger
//     lines newest first (GET v1/suprimentos/localizar/{codigo}, the page /supplies/lookup).
//   - dashboard(): the area's home and dashboard figures (GET v1/suprimentos/painel).
//   - squadValues(): what each squad holds, per product, and its value (GET v1/suprimentos/equipes/valores,
//     the page /squads/values).
// The lookup reads the expression indexes of item (upper(patrimonio), upper(serial)) and the ledger's
// (id_item, data desc, id desc): a handful of index reads whatever the size of the ledger.
import {
  type LocatedUnit,
  MOVEMENT_LABELS,
  type MovementLine,
  type PlaceCounts,
  type SquadHolding,
  type SquadValues,
  SUPPLIES_MSG,
  type SuppliesDashboard,
  SUPPLY_PLACE_LABELS,
  SUPPLY_PLACES,
  type SupplyPlace,
} from '../../domain/supplies.js';
import type { Queryable } from '../db/index.js';
import { HttpError } from '../errors.js';
import type { Scope } from '../resources/query.js';
import { ValidationError } from '../schemas/validation.js';

type Row = Record<string, any>;

/** Rounds money to the cent (sums of numeric arrive as float8). */
const money = (value: unknown) => Math.round(Number(value ?? 0) * 100) / 100;

/** The longest code the lookup takes (a patrimônio or a serial). */
export const MAX_CODE_LENGTH = 100;
/** The most units one lookup answers (a code shared by many providers, seen by the superadmin). */
const MAX_UNITS = 50;
/** The most ledger lines shown per unit (its whole life, in practice). */
const MAX_HISTORY = 1000;
/** The window of the dashboard's movements. */
export const MOVEMENT_WINDOW_DAYS = 30;

const emptyPlaces = (): PlaceCounts => Object.fromEntries(SUPPLY_PLACES.map((p) => [p, 0])) as PlaceCounts;
const placeLabelOf = (place: unknown) => (place ? SUPPLY_PLACE_LABELS[place as SupplyPlace] ?? String(place) : null);

/** The provider condition of a table aliased `alias` ($1: the caller's providers or null; $2: one of them or null). */
const scoped = (alias: string) => `($1::int[] IS NULL OR ${alias}.id_empresa = ANY ($1)) AND ($2::int IS NULL OR ${alias}.id_empresa = $2)`;

/** A trimmed code, or 400 'Informe o patrimônio ou o serial do equipamento.'. */
export function codeOf(raw: unknown): string {
  const code = typeof raw === 'string' ? raw.trim() : '';
  if (!code) throw new ValidationError({ codigo: SUPPLIES_MSG.codeRequired }, SUPPLIES_MSG.codeRequired);
  if (code.length > MAX_CODE_LENGTH) throw new ValidationError({ codigo: SUPPLIES_MSG.codeRequired }, SUPPLIES_MSG.codeRequired);
  return code;
}

/**
 * The units whose patrimônio or serial is `raw` (any case, trimmed) among the caller's providers, each
 * with its ledger lines newest first; 404 'Nenhum equipamento com o patrimônio ou serial X neste provedor.'
 */
export async function locate(db: Queryable, scope: Scope, raw: unknown, providerId?: number | null): Promise<{ itens: LocatedUnit[] }> {
  const code = codeOf(raw);
  const { rows: units } = await db.query<Row>(
    `SELECT i.id, i.id_empresa, e.nome AS empresa, i.id_produto, p.nome AS produto, p.tipo, i.patrimonio, i.serial, i.local,
            i.id_equipe, q.nome AS equipe, i.cliente_sistema, i.cliente_codigo, i.cliente_nome, i.os, i.atualizado_em,
            p.valor::float8 AS valor
       FROM suprimentos.item i
       JOIN suprimentos.produto p ON p.id = i.id_produto
       JOIN rh.empresa e ON e.id = i.id_empresa
       LEFT JOIN suprimentos.equipe q ON q.id = i.id_equipe
      WHERE (upper(i.patrimonio) = upper($3) OR upper(i.serial) = upper($3)) AND ${scoped('i')}
      ORDER BY e.nome, i.id
      LIMIT ${MAX_UNITS}`,
    [scope.providerIds, providerId ?? null, code],
  );
  if (!units.length) throw new HttpError(404, SUPPLIES_MSG.unknownCode(code));
  const itens: LocatedUnit[] = [];
  for (const unit of units) {
    // One index range per unit (movimento_item_idx), newest first.
    const { rows } = await db.query<Row>(
      `SELECT m.id::int AS id, m.tipo, m.data, m.quantidade, m.origem_local, m.origem_equipe, oq.nome AS origem_equipe_nome,
              m.destino_local, m.destino_equipe, dq.nome AS destino_equipe_nome, m.cliente_sistema, m.cliente_codigo, m.os,
              m.registro_tabela, m.registro_id, COALESCE(NULLIF(u.nome, ''), u.email) AS usuario
         FROM suprimentos.movimento m
         LEFT JOIN suprimentos.equipe oq ON oq.id = m.origem_equipe
         LEFT JOIN suprimentos.equipe dq ON dq.id = m.destino_equipe
         LEFT JOIN auth.usuario u ON u.id = m.id_usuario
        WHERE m.id_item = $1
        ORDER BY m.data DESC, m.id DESC
        LIMIT ${MAX_HISTORY}`,
      [unit.id],
    );
    itens.push({
      ...(unit as LocatedUnit),
      local_label: placeLabelOf(unit.local)!,
      atualizado_em: new Date(unit.atualizado_em).toISOString(),
      valor: money(unit.valor),
      historico: rows.map((m) => ({
        id: m.id,
        tipo: m.tipo,
        tipo_label: MOVEMENT_LABELS[m.tipo] ?? m.tipo,
        data: new Date(m.data).toISOString(),
        quantidade: m.quantidade,
        origem_local: m.origem_local,
        origem_local_label: placeLabelOf(m.origem_local),
        origem_equipe: m.origem_equipe,
        origem_equipe_nome: m.origem_equipe_nome,
        destino_local: m.destino_local,
        destino_local_label: placeLabelOf(m.destino_local)!,
        destino_equipe: m.destino_equipe,
        destino_equipe_nome: m.destino_equipe_nome,
        cliente_sistema: m.cliente_sistema,
        cliente_codigo: m.cliente_codigo,
        os: m.os,
        registro_tabela: m.registro_tabela,
        registro_id: m.registro_id,
        usuario: m.usuario,
      })),
    });
  }
  return { itens };
}

/**
 * Per squad of the caller's providers (the active ones, and any inactive one still holding something):
 * what it holds per product (tracked units counted, counted balances summed), at the product's value.
 */
export async function squadValues(db: Queryable, scope: Scope, providerId?: number | null): Promise<SquadValues> {
  const params = [scope.providerIds, providerId ?? null];
  const { rows: holdings } = await db.query<Row>(
    `WITH held AS (
       SELECT i.id_equipe, i.id_produto, count(*)::int AS quantidade, count(*)::int AS unidades
         FROM suprimentos.item i
        WHERE i.local = 'equipe' AND ${scoped('i')}
        GROUP BY 1, 2
       UNION ALL
       SELECT s.id_equipe, s.id_produto, s.quantidade, 0
         FROM suprimentos.saldo s
        WHERE s.local = 'equipe' AND s.quantidade > 0 AND ${scoped('s')})
     SELECT h.id_equipe, p.id AS id_produto, p.nome AS produto, p.tipo, p.controle, p.unidade, p.valor::float8 AS valor_unitario,
            sum(h.quantidade)::int AS quantidade, sum(h.unidades)::int AS unidades, sum(h.quantidade * p.valor)::float8 AS valor
       FROM held h JOIN suprimentos.produto p ON p.id = h.id_produto
      GROUP BY h.id_equipe, p.id
      ORDER BY p.nome, p.id`,
    params,
  );
  const { rows: squads } = await db.query<Row>(
    `SELECT q.id, q.nome, q.id_empresa, e.nome AS empresa, q.ativo
       FROM suprimentos.equipe q JOIN rh.empresa e ON e.id = q.id_empresa
      WHERE ${scoped('q')} AND (q.ativo OR q.id = ANY ($3::int[]))
      ORDER BY q.nome, e.nome, q.id`,
    [...params, [...new Set(holdings.map((h) => h.id_equipe))]],
  );
  const bySquad = new Map<number, SquadHolding[]>();
  for (const h of holdings) {
    const list = bySquad.get(h.id_equipe) ?? [];
    list.push({
      id_produto: h.id_produto,
      produto: h.produto,
      tipo: h.tipo,
      controle: h.controle,
      unidade: h.unidade,
      quantidade: h.quantidade,
      unidades: h.unidades,
      valor_unitario: money(h.valor_unitario),
      valor: money(h.valor),
    });
    bySquad.set(h.id_equipe, list);
  }
  const equipes = squads.map((q) => {
    const itens = bySquad.get(q.id) ?? [];
    return {
      id: q.id,
      nome: q.nome,
      id_empresa: q.id_empresa,
      empresa: q.empresa,
      ativo: q.ativo,
      itens,
      quantidade: itens.reduce((n, i) => n + i.quantidade, 0),
      valor: money(itens.reduce((n, i) => n + i.valor, 0)),
    };
  });
  return {
    equipes,
    total: { quantidade: equipes.reduce((n, q) => n + q.quantidade, 0), valor: money(equipes.reduce((n, q) => n + q.valor, 0)) },
  };
}

/**
 * The area's figures for the caller's providers: `today` is São Paulo's calendar day (removals due
 * before it are overdue), `now` the instant the movements' 30 days end at.
 */
export async function dashboard(db: Queryable, scope: Scope, today: string, now: Date, providerId?: number | null): Promise<SuppliesDashboard> {
  const params = [scope.providerIds, providerId ?? null];
  const since = new Date(now.getTime() - MOVEMENT_WINDOW_DAYS * 86_400_000);
  // Tracked units (rastreado) and counted balances of each product and place.
  const { rows: stock } = await db.query<Row>(
    `WITH x AS (
       SELECT i.id_produto, i.local, count(*)::int AS n, true AS rastreado FROM suprimentos.item i WHERE ${scoped('i')} GROUP BY 1, 2
       UNION ALL
       SELECT s.id_produto, s.local, sum(s.quantidade)::int, false FROM suprimentos.saldo s WHERE s.quantidade > 0 AND ${scoped('s')} GROUP BY 1, 2)
     SELECT p.id AS id_produto, p.nome AS produto, p.tipo, p.controle, p.unidade, p.valor::float8 AS valor, x.local, x.n, x.rastreado
       FROM x JOIN suprimentos.produto p ON p.id = x.id_produto
      ORDER BY p.nome, p.id`,
    params,
  );
  const { rows: pending } = await db.query<Row>(
    `SELECT (SELECT count(*)::int FROM suprimentos.retirada r WHERE r.status = 'pendente' AND ${scoped('r')}) AS pendentes,
            (SELECT count(*)::int FROM suprimentos.retirada r
              WHERE r.status = 'pendente' AND r.data_prevista < $3::date AND ${scoped('r')}) AS atrasadas,
            (SELECT count(*)::int FROM suprimentos.manutencao m WHERE m.status = 'em_reparo' AND ${scoped('m')}) AS manutencoes`,
    [...params, today],
  );
  const { rows: moves } = await db.query<Row>(
    `SELECT m.tipo, count(*)::int AS movimentos, sum(m.quantidade)::int AS quantidade
       FROM suprimentos.movimento m
      WHERE m.data > $3::timestamptz AND m.data <= $4::timestamptz AND ${scoped('m')}
      GROUP BY m.tipo`,
    [...params, since.toISOString(), now.toISOString()],
  );
  const { rows: providers } = await db.query<Row>(
    `SELECT e.id, e.nome FROM rh.empresa e WHERE $1::int[] IS NULL OR e.id = ANY ($1) ORDER BY e.nome, e.id`,
    [scope.providerIds],
  );
  const squads = await squadValues(db, scope, providerId);

  const unidades = { ...emptyPlaces(), total: 0 };
  const products = new Map<number, SuppliesDashboard['produtos'][number]>();
  for (const r of stock) {
    const place = r.local as SupplyPlace;
    // Units per place count the tracked units only (a counted balance is a quantity, not units).
    if (r.rastreado) {
      unidades[place] += r.n;
      unidades.total += r.n;
    }
    let p = products.get(r.id_produto);
    if (!p) {
      p = { id_produto: r.id_produto, produto: r.produto, tipo: r.tipo, controle: r.controle, unidade: r.unidade, valor: money(r.valor), locais: emptyPlaces(), total: 0 };
      products.set(r.id_produto, p);
    }
    p.locais[place] = (p.locais[place] ?? 0) + r.n;
    p.total += r.n;
  }
  return {
    hoje: today,
    desde: since.toISOString(),
    unidades,
    produtos: [...products.values()],
    retiradas: { pendentes: pending[0].pendentes, atrasadas: pending[0].atrasadas },
    manutencoes_abertas: pending[0].manutencoes,
    equipes: squads.equipes.map((q) => ({
      id: q.id,
      nome: q.nome,
      id_empresa: q.id_empresa,
      empresa: q.empresa,
      unidades: q.itens.reduce((n, i) => n + i.unidades, 0),
      quantidade: q.itens.reduce((n, i) => n + i.quantidade - i.unidades, 0),
      valor: q.valor,
    })),
    movimentos: Object.keys(MOVEMENT_LABELS).map((tipo) => {
      const m = moves.find((r) => r.tipo === tipo);
      return { tipo, tipo_label: MOVEMENT_LABELS[tipo], movimentos: m?.movimentos ?? 0, quantidade: m?.quantidade ?? 0 };
    }),
    empresas: providers.map((e) => ({ id: e.id, nome: e.nome })),
  };
}
