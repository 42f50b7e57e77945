// Events that meet in the same city (beyond the marketing document: the register's warning and the
// calendar's marks). Two events meet when both are active, their cities have the same name and state
// (any provider's row of that city: 'Fortaleza/CE' of Bitcom and of Vetorial is one city) and their
// periods share a day. Only the events the caller may see take part: another provider's event is
// never named to who cannot read it.
import type { Queryable } from '../db/index.js';
import { Params, scopeCondition } from '../resources/query.js';
import type { Actor } from '../resources/service.js';
import type { Registry, ResourceDef } from '../schemas/registry.js';

/** An event as the overlap answers name it. */
export interface EventSummary {
  id: number;
  evento: string;
  data_inicio: string;
  data_fim: string;
  cidade: number;
  cidade_nome: string;
  uf: string;
  nome_do_local: string;
}

export interface EventOverlap extends EventSummary {
  /** The other events it meets (ordered by start, then id). */
  com: Pick<EventSummary, 'id' | 'evento' | 'data_inicio' | 'data_fim'>[];
}

const SUMMARY = `e.id, e.evento, to_char(e.data_inicio, 'YYYY-MM-DD') AS data_inicio, to_char(e.data_fim, 'YYYY-MM-DD') AS data_fim,
  e.cidade, c.nome AS cidade_nome, c.uf, e.nome_do_local`;

/** Same city: same state and the same name without accents or case. */
const sameCity = (a: string, b: string) => `${a}.uf = ${b}.uf AND public.f_unaccent(${a}.nome) = public.f_unaccent(${b}.nome)`;

/** The provider city `cidade` if the actor may see it (null otherwise). */
export async function visibleCity(q: Queryable, registry: Registry, actor: Actor, cidade: number): Promise<{ id: number; nome: string; uf: string } | null> {
  const cities = registry.get('cities')!;
  const p = new Params();
  const scope = scopeCondition(registry, cities, actor, p, 'c');
  const { rows } = await q.query<{ id: number; nome: string; uf: string }>(
    `SELECT c.id, c.nome, c.uf FROM rh.cidade_provedor c WHERE c.id = ${p.add(cidade)}${scope ? ` AND ${scope}` : ''}`,
    p.values,
  );
  return rows[0] ?? null;
}

/**
 * The provider cities the actor may see whose name is `name` (accents and case ignored), of the state
 * `uf` when given: how a city sent by name is found.
 */
export async function citiesNamed(q: Queryable, registry: Registry, actor: Actor, name: string, uf?: string) {
  const cities = registry.get('cities')!;
  const p = new Params();
  const scope = scopeCondition(registry, cities, actor, p, 'c');
  const { rows } = await q.query<{ id: number; nome: string; uf: string }>(
    `SELECT c.id, c.nome, c.uf FROM rh.cidade_provedor c
      WHERE public.f_unaccent(c.nome) = public.f_unaccent(${p.add(name.trim())})${uf ? ` AND c.uf = ${p.add(uf)}` : ''}${scope ? ` AND ${scope}` : ''}
      ORDER BY c.id`,
    p.values,
  );
  return rows;
}

/**
 * The other active events the actor may see in the city of `cidade` (same name and state) whose
 * period shares a day with [inicio, fim], `exceptId` left out (the event being edited).
 */
export async function overlapsWith(
  q: Queryable,
  registry: Registry,
  def: ResourceDef,
  actor: Actor,
  { cidade, inicio, fim, exceptId }: { cidade: number; inicio: string; fim: string; exceptId?: number },
): Promise<EventSummary[]> {
  const p = new Params();
  const scope = scopeCondition(registry, def, actor, p, 'e');
  const { rows } = await q.query<EventSummary>(
    `SELECT ${SUMMARY}
       FROM rh.marketing_eventos e
       JOIN rh.cidade_provedor c ON c.id = e.cidade
       JOIN rh.cidade_provedor alvo ON alvo.id = ${p.add(cidade)}
      WHERE e.status AND ${sameCity('c', 'alvo')}
        AND e.data_inicio <= ${p.add(fim)}::date AND e.data_fim >= ${p.add(inicio)}::date
        AND e.id <> ${p.add(exceptId ?? 0)}${scope ? ` AND ${scope}` : ''}
      ORDER BY e.data_inicio, e.id`,
    p.values,
  );
  return rows;
}

/**
 * The active events the actor may see with a day in [inicio, fim] that meet another such event of
 * theirs (the calendar's marks), each with the events it meets.
 */
export async function overlapsIn(q: Queryable, registry: Registry, def: ResourceDef, actor: Actor, { inicio, fim }: { inicio: string; fim: string }): Promise<EventOverlap[]> {
  const p = new Params();
  const scopeE = scopeCondition(registry, def, actor, p, 'e');
  const scopeO = scopeCondition(registry, def, actor, p, 'o');
  const { rows } = await q.query<EventOverlap>(
    `SELECT ${SUMMARY},
            json_agg(json_build_object('id', o.id, 'evento', o.evento, 'data_inicio', to_char(o.data_inicio, 'YYYY-MM-DD'), 'data_fim', to_char(o.data_fim, 'YYYY-MM-DD'))
                     ORDER BY o.data_inicio, o.id) AS com
       FROM rh.marketing_eventos e
       JOIN rh.cidade_provedor c ON c.id = e.cidade
       JOIN rh.marketing_eventos o ON o.id <> e.id AND o.status AND o.data_inicio <= e.data_fim AND o.data_fim >= e.data_inicio
       JOIN rh.cidade_provedor oc ON oc.id = o.cidade AND ${sameCity('oc', 'c')}
      WHERE e.status AND e.data_inicio <= ${p.add(fim)}::date AND e.data_fim >= ${p.add(inicio)}::date${scopeE ? ` AND ${scopeE}` : ''}${scopeO ? ` AND ${scopeO}` : ''}
      GROUP BY e.id, c.id
      ORDER BY e.data_inicio, e.id`,
    p.values,
  );
  return rows;
}
