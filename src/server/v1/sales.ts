// v1 calls of the sales campaigns and channels (HR/sales document, section 7 "Sales campaigns and
// channels"; marketing document, section 7 "Lead imports" and "Tracking") and of the tracking
// destinations, answering the spec's response names (vendas_campanha, insert_vendas_canal,
// vendas_destino, ...). Thin over the resource service: the schemas' rights (x-intranet.access, in the
// vendas or marketing area as the role header says), validation, audit and history are the REST
// API's. Also registers the write rules of the leads and the blocklist (src/server/leads/hooks.ts).
//
// Bodies are strict, after the caller's rights are checked: a field a call does not read is refused
// (400, 'Campo não permitido'), and so is a filter on a field the record does not have.
import type { FastifyRequest } from 'fastify';
import { MSG } from '../../domain/messages.js';
import { customerDirectoryFor } from '../customers/index.js';
import { registerLeadHooks } from '../leads/hooks.js';
import { badField, filterOf, isObject } from './helpers/payload.js';
import type { Actor } from '../resources/service.js';
import { flagOfProvider } from '../../domain/salesFlags.js';
import type { ResourceDef } from '../schemas/registry.js';
import { ValidationError } from '../schemas/validation.js';
import type { Queryable } from '../db/index.js';
import { refuseUnknownFields, wrapperOf, type V1Module } from './index.js';
import { listAll, resolveProvider } from './reference.js';

const ROLE_DOC = 'Cabeçalho X-Intranet-Role: um papel da área vendas ou marketing';

const docs = (summary: string, description: string, extra: Record<string, unknown> = {}) => ({
  schema: { tags: ['Vendas'], summary, description, security: [{ bearerAuth: [] }], ...extra },
});
const anyBody = (description: string) => ({ body: { type: 'object', description } });
const idParam = { params: { type: 'object', properties: { id: { type: 'string', maxLength: 20 } } } };

/** Hasura comparison operators a filtro may use, as the list filter's suffixes. */
const OPERATORS: Record<string, string> = { _eq: '', _in: '', _neq: '_neq', _gt: '_gt', _gte: '_gte', _lt: '_lt', _lte: '_lte' };

/**
 * A filtro ({ campo: valor }, { campo: [valores] }, { campo: { _eq | _in | _neq | _gt | ... } }) as
 * the resource list's filter; fields the record lacks are refused there. `sistema` (a provider's
 * label or id) becomes its flag equal to true; null when it names no flag (then nothing matches).
 */
async function listFilter(db: Queryable, filtro: Record<string, unknown>, actor: Actor): Promise<Record<string, unknown> | null> {
  const out: Record<string, unknown> = {};
  for (const [field, raw] of Object.entries(filtro)) {
    if (raw === undefined || field === 'sistema') continue;
    if (!isObject(raw)) {
      out[field] = raw;
      continue;
    }
    const ops = Object.keys(raw);
    if (ops.length !== 1 || !(ops[0] in OPERATORS)) throw badField(field, MSG.invalid);
    const value = raw[ops[0]];
    if (ops[0] === '_in' && !Array.isArray(value)) throw badField(field, MSG.list);
    out[`${field}${OPERATORS[ops[0]]}`] = value;
  }
  const sistema = isObject(filtro.sistema) && '_eq' in filtro.sistema ? filtro.sistema._eq : filtro.sistema;
  if (sistema === undefined || sistema === null || sistema === '') return out;
  if (typeof sistema !== 'string' && typeof sistema !== 'number') throw badField('sistema', MSG.invalid);
  const raw = String(sistema).trim();
  let name: string | null = raw;
  // A provider id names the provider: its name says the flag (within the caller's providers).
  if (/^\d{1,9}$/.test(raw)) {
    const id = await resolveProvider(db, raw, actor);
    name = id === null ? null : (await db.query<{ nome: string }>('SELECT nome FROM rh.empresa WHERE id = $1', [id])).rows[0]?.nome ?? null;
  }
  const flag = name === null ? null : flagOfProvider(name);
  if (flag === null || out[flag] === false || out[flag] === 'false') return null;
  out[flag] = true;
  return out;
}

/** The record of a write: { object }, { _set } (updates) or the fields themselves. */
function recordOf(body: unknown, wrappers: readonly string[]): Record<string, unknown> {
  if (!isObject(body)) throw new ValidationError({}, MSG.badRequest);
  const wrapper = wrapperOf(body, wrappers);
  if (!wrapper) return body;
  const record = body[wrapper];
  if (!isObject(record)) throw badField(wrapper, MSG.invalid);
  return record;
}

const idOf = (request: FastifyRequest) => (request.params as { id: string }).id;

const salesRoutes: V1Module = async (app, { db, service }) => {
  registerLeadHooks(service, customerDirectoryFor(db));

  /** The documented calls of one register: list by filtro, read, update, delete and create. */
  const register = (kind: 'campanha' | 'canal', def: ResourceDef, createFields: string) => {
    const N = def.gqlName;
    const label = def.block.labels.singular.toLowerCase();

    // POST v1/vendas/{kind} { filtro? } -> { vendas_{kind}: [...] }
    app.post(
      `/v1/vendas/${kind}`,
      {
        config: { access: { resource: def.name, operation: 'list' } },
        ...docs(
          `Lista de ${def.block.labels.plural.toLowerCase()} (${N})`,
          `${ROLE_DOC}, leitor ou acima. Corpo { filtro?: { campo: valor | [valores] | { _eq | _in | _neq | _gt | _gte | _lt | _lte: valor }, sistema?: nome ou id do provedor } } (também { where }). sistema: só os que têm a marca do provedor (Bitcom: bitcom, RazãoInfo: razao, Vetorial: vetorial; sem acento nem caixa); um provedor sem marca não acha nenhum. Sem corpo: todos. Resposta { ${N}: [{ id, nome, bitcom, razao, vetorial, ${kind === 'campanha' ? 'api' : 'public'}, ativo, created_at }] } por nome.`,
        ),
      },
      async (request) => {
        const { actor } = request;
        refuseUnknownFields(request.body, ['filtro', 'where']);
        const filter = await listFilter(db, filterOf(request.body), actor);
        return { [N]: filter === null ? [] : await listAll(service, def, actor, filter) };
      },
    );

    // GET v1/vendas/{kind}/{id} -> { vendas_{kind}_by_pk }
    app.get(
      `/v1/vendas/${kind}/:id`,
      {
        config: { access: { resource: def.name, operation: 'get' } },
        ...docs(`Um(a) ${label} (${N}_by_pk)`, `${ROLE_DOC}, leitor ou acima. Resposta { ${N}_by_pk: { id, nome, ... } }; 404 quando não existe.`, idParam),
      },
      async (request) => ({ [`${N}_by_pk`]: await service.getOne(def, idOf(request), request.actor) }),
    );

    // PUT v1/vendas/{kind}/{id} { object } -> { update_vendas_{kind}_by_pk }
    app.put(
      `/v1/vendas/${kind}/:id`,
      {
        config: { access: { resource: def.name, operation: 'update' } },
        ...docs(
          `Edita um(a) ${label} ou troca o status (update_${N}_by_pk)`,
          `${ROLE_DOC}, solicitante ou acima. Corpo { object: { campos a mudar } } (também { _set } ou os campos); no Ativar/Desativar só { object: { ativo } }. Resposta { update_${N}_by_pk: { id, ... } }; 404 quando não existe.`,
          { ...idParam, ...anyBody('{ object }') },
        ),
      },
      async (request) => {
        const { actor } = request;
        return { [`update_${N}_by_pk`]: await service.update(def, idOf(request), recordOf(request.body, ['object', '_set']), actor) };
      },
    );

    // DELETE v1/vendas/{kind}/{id} -> { delete_vendas_{kind}_by_pk }
    app.delete(
      `/v1/vendas/${kind}/:id`,
      {
        config: { access: { resource: def.name, operation: 'delete' } },
        ...docs(
          `Exclui um(a) ${label} (delete_${N}_by_pk)`,
          `${ROLE_DOC}, gestor ou superadmin. Resposta { delete_${N}_by_pk: { id, ... } }; 404 quando não existe; 409 quando leads a usam (a mensagem diz quais).`,
          idParam,
        ),
      },
      async (request) => ({ [`delete_${N}_by_pk`]: await service.delete(def, idOf(request), request.actor) }),
    );

    // POST v1/vendas/criar/{kind} { object } -> { insert_vendas_{kind}: { affected_rows, returning } }
    app.post(
      `/v1/vendas/criar/${kind}`,
      {
        config: { access: { resource: def.name, operation: 'create' } },
        ...docs(
          `Cadastra um(a) ${label} (insert_${N})`,
          `${ROLE_DOC}, solicitante ou acima. Corpo { object: { ${createFields} } } (também os campos sem object); nome obrigatório, as marcas valem false e ativo true quando ausentes. Resposta { insert_${N}: { affected_rows: 1, returning: [{ id, ... }] } }. Erros 400 { message, errors: { campo: mensagem } }.`,
          anyBody('{ object }'),
        ),
      },
      async (request) => {
        const { actor } = request;
        const row = await service.create(def, recordOf(request.body, ['object']), actor);
        return { [`insert_${N}`]: { affected_rows: 1, returning: [row] } };
      },
    );
  };

  register('campanha', service.get('sales-campaigns'), 'nome, vetorial, bitcom, razao, ativo, api');
  register('canal', service.get('sales-channels'), 'nome, ativo, bitcom, vetorial, razao, public');

  const destinations = service.get('tracking-destinations');

  // POST v1/lead/tracking/destino/filtrado (no payload) -> { vendas_destino: [{ id, nome, url }] }
  app.post(
    '/v1/lead/tracking/destino/filtrado',
    {
      config: { access: { resource: 'tracking-destinations', operation: 'list' } },
      ...docs(
        'Destinos dos links de rastreamento (vendas_destino)',
        `${ROLE_DOC}, leitor ou acima. Sem corpo (ou { filtro } como em /v1/vendas/canal). Resposta { vendas_destino: [{ id, nome, url }] }: os destinos ativos (com filtro.ativo, os pedidos), por nome. Novos destinos são cadastrados pelo superadmin (/marketing/tracking-destinations).`,
      ),
    },
    async (request) => {
      const { actor } = request;
      refuseUnknownFields(request.body, ['filtro', 'where']);
      const filtro = filterOf(request.body);
      const filter = await listFilter(db, filtro, actor);
      if (filter === null) return { vendas_destino: [] };
      if (!('ativo' in filtro)) filter.ativo = true;
      const rows = await listAll(service, destinations, actor, filter);
      return { vendas_destino: rows.map((r) => ({ id: r.id, nome: r.nome, url: r.url })) };
    },
  );
};

export default salesRoutes;
