// v1 calls of the communication scale (HR/sales document, section 7 "Communication campaigns, rules,
// restrictions"), answering the spec's response names (campanha_comunicacao, insert_campanha_regra,
// preferencias_cliente, ...):
//
//   GET    /v1/campanha/agendamento            campaigns with their rules   { campanha_comunicacao }
//   GET    /v1/campanha/agendamento/{id}       one, with its rules          { campanha_comunicacao_by_pk }
//   PUT    /v1/campanha/agendamento/{id}       { object: { ativo } }        { update_campanha_comunicacao_by_pk }
//   DELETE /v1/campanha/agendamento/{id}       (its rules go with it)       { delete_campanha_comunicacao_by_pk }
//   POST   /v1/campanha/agendamento            { provider, name, active, id_usuario } { insert_campanha_comunicacao }
//   GET    /v1/campanha/regras?campanha_id=    rules                        { campanha_regra }
//   POST   /v1/campanha/regras                 { objects: [rule, ...] }     { insert_campanha_regra }
//   PUT    /v1/campanha/regras/{id}            { object: { ativo } }        { update_campanha_regra_by_pk }
//   DELETE /v1/campanha/regras/{id}                                         { delete_campanha_regra_by_pk }
//   GET    /v1/relacionamento/restricoes       restrictions                 { preferencias_cliente }
//   POST   /v1/relacionamento/restricoes       { object } or the fields     { insert_preferencias_cliente }
//   PUT    /v1/relacionamento/restricoes/{id}  { whatsapp, email, sms, sistema } { update_preferencias_cliente_by_pk }
//   DELETE /v1/relacionamento/restricoes/{id}                               { delete_preferencias_cliente_by_pk }
//
// Thin over the resource service: the schemas' rights (x-intranet.access in the regua_comunicacao
// area, or the superadmin; the role header must be one of the caller's roles), validation, the
// provider scope (a user sees and writes only their providers' campaigns, rules and restrictions),
// audit and history are the REST API's; the rules of src/server/communication/hooks.ts (registered
// here) apply to REST and GraphQL too. Bodies are strict: a field a call does not read is refused
// (400, 'Campo não permitido').
import type { FastifyRequest } from 'fastify';
import { normaliseRule, NO_CHANNEL_MESSAGE, validateRule } from '../../domain/communicationRules.js';
import { MSG } from '../../domain/messages.js';
import { onlyDigits } from '../../domain/validators.js';
import { forbidden } from '../auth/access.js';
import { registerCommunicationHooks } from '../communication/hooks.js';
import { customerDirectoryFor } from '../customers/index.js';
import { HttpError } from '../errors.js';
import { isObject } from './helpers/payload.js';
import { Params, scopeCondition } from '../resources/query.js';
import type { Actor } from '../resources/service.js';
import { quoteIdent } from '../schemas/registry.js';
import { validateRecord, ValidationError, type FieldErrors } from '../schemas/validation.js';
import { refuseUnknownFields, wrapperOf, type V1Module } from './index.js';
import { listAll, resolveProvider } from './reference.js';

const ROLE_DOC = 'Cabeçalho X-Intranet-Role: um papel da área regua_comunicacao (ou users:superadmin)';
/** Most rules one POST /v1/campanha/regras writes. */
export const MAX_RULES_PER_CALL = 100;

const docs = (summary: string, description: string, extra: Record<string, unknown> = {}) => ({
  schema: { tags: ['Régua de comunicação'], summary, description, security: [{ bearerAuth: [] }], ...extra },
});
const anyBody = (description: string) => ({ body: { type: 'object', description } });
const idParam = { params: { type: 'object', properties: { id: { type: 'string', maxLength: 20 } } } };
const query = (properties: Record<string, unknown>) => ({ querystring: { type: 'object', properties, additionalProperties: false } });
const PROVIDER = { type: 'string', maxLength: 200, description: 'id ou nome do provedor' };
const ATIVO = { type: 'boolean', description: 'só ativos (true) ou só inativos (false)' };
const TEXT = { type: 'string', maxLength: 200 };

const idOf = (request: FastifyRequest) => (request.params as { id: string }).id;

/** The record of a write: { object }, { _set } or the fields themselves; only `allowed` fields (when given). */
function recordOf(body: unknown, wrappers: readonly string[], allowed?: readonly string[]): Record<string, unknown> {
  if (!isObject(body)) throw new ValidationError({}, MSG.badRequest);
  const wrapper = wrapperOf(body, wrappers);
  const record = wrapper ? body[wrapper] : body;
  if (!isObject(record)) throw new ValidationError({ [wrapper!]: MSG.invalid }, MSG.badRequest);
  if (allowed) refuseUnknownFields(record, allowed);
  return record;
}

/** A refusal of the service told with the call's own field names (name for nome, ...). */
function renamed(e: unknown, names: Record<string, string>): unknown {
  const rename = (errors: Record<string, string>) => Object.fromEntries(Object.entries(errors).map(([k, v]) => [names[k] ?? k, v]));
  if (e instanceof ValidationError) return new ValidationError(rename(e.errors), e.message);
  if (e instanceof HttpError && e.errors) return new HttpError(e.statusCode, e.message, rename(e.errors), e.code);
  return e;
}

/** Every field error of a refusal under a prefix ('objects.2.'). */
const prefixed = (errors: FieldErrors, prefix: string) => Object.fromEntries(Object.entries(errors).map(([k, v]) => [`${prefix}${k}`, v]));

/** A provider given by id (number or digits) or by name, inside the caller's providers; undefined when absent. */
async function providerOf(db: Parameters<typeof resolveProvider>[0], raw: unknown, actor: Actor, field: string): Promise<number | undefined> {
  if (raw === undefined || raw === null || raw === '') return undefined;
  if (typeof raw === 'number') return raw;
  if (typeof raw !== 'string') throw new ValidationError({ [field]: MSG.invalid });
  if (/^\s*\d{1,9}\s*$/.test(raw)) return Number(raw);
  const id = await resolveProvider(db, raw, actor);
  if (id === null) throw new ValidationError({ [field]: MSG.option });
  return id;
}

const communicationRoutes: V1Module = async (app, { db, service, registry }) => {
  registerCommunicationHooks(service, customerDirectoryFor(db));
  const campaigns = service.get('communication-campaigns');
  const rules = service.get('communication-rules');
  const restrictions = service.get('communication-restrictions');

  /** Rules of these campaigns, each campaign's in creation order (its routes need the rules' list right too). */
  const rulesOf = async (actor: Actor, ids: unknown[]) => {
    const byCampaign = new Map<unknown, Record<string, unknown>[]>(ids.map((id) => [id, []]));
    if (!ids.length) return byCampaign;
    const rows = await listAll(service, rules, actor, { campanha_id: ids }, { field: 'criado', order: 'ASC' });
    for (const row of rows) byCampaign.get(row.campanha_id)?.push(row);
    return byCampaign;
  };

  // ------------------------------------------------------------------ Campaigns

  app.get(
    '/v1/campanha/agendamento',
    {
      config: {
        access: [
          { resource: 'communication-campaigns', operation: 'list' },
          { resource: 'communication-rules', operation: 'list' },
        ],
      },
      ...docs(
        'Campanhas de comunicação com as regras (campanha_comunicacao)',
        `${ROLE_DOC}, leitor ou acima. Query opcional sistema (id ou nome do provedor) e ativo. Resposta { campanha_comunicacao: [{ id, created_at, sistema, nome, ativo, id_usuario, regras: [{ id, criado, criterio, envio, tempo, data_especifica, turno, ativo, whatsapp, template_whatsapp, email, mensagem_email, titulo_email, sms, mensagem_sms, campanha_id }] }] }: as dos provedores do usuário, mais recentes primeiro; as regras de cada uma por criação.`,
        query({ sistema: PROVIDER, ativo: ATIVO }),
      ),
    },
    async (request) => {
      const { actor } = request;
      const q = request.query as { sistema?: string; ativo?: boolean };
      let sistema: number | undefined;
      if (q.sistema !== undefined && q.sistema.trim() !== '') {
        const id = await resolveProvider(db, q.sistema, actor);
        if (id === null) return { campanha_comunicacao: [] };
        sistema = id;
      }
      const rows = await listAll(service, campaigns, actor, { sistema, ativo: q.ativo }, { field: 'created_at', order: 'DESC' });
      const byCampaign = await rulesOf(actor, rows.map((r) => r.id));
      return { campanha_comunicacao: rows.map((r) => ({ ...r, regras: byCampaign.get(r.id) ?? [] })) };
    },
  );

  app.get(
    '/v1/campanha/agendamento/:id',
    {
      config: {
        access: [
          { resource: 'communication-campaigns', operation: 'get' },
          { resource: 'communication-rules', operation: 'list' },
        ],
      },
      ...docs(
        'Uma campanha de comunicação com as regras (campanha_comunicacao_by_pk)',
        `${ROLE_DOC}, leitor ou acima. Resposta { campanha_comunicacao_by_pk: { id, created_at, sistema, nome, ativo, id_usuario, regras: [...] } }; 404 quando não existe ou é de outro provedor.`,
        idParam,
      ),
    },
    async (request) => {
      const row = await service.getOne(campaigns, idOf(request), request.actor);
      const byCampaign = await rulesOf(request.actor, [row.id]);
      return { campanha_comunicacao_by_pk: { ...row, regras: byCampaign.get(row.id) ?? [] } };
    },
  );

  app.put(
    '/v1/campanha/agendamento/:id',
    {
      config: { access: { resource: 'communication-campaigns', operation: 'update' } },
      ...docs(
        'Edita uma campanha de comunicação ou troca o status (update_campanha_comunicacao_by_pk)',
        `${ROLE_DOC}, solicitante ou acima. Corpo { object: { ativo?, nome?, sistema? } } (também { _set } ou os campos); no Ativar/Desativar só { object: { ativo } }. Resposta { update_campanha_comunicacao_by_pk: { id, created_at, sistema, nome, ativo, id_usuario } }; 404 quando não existe.`,
        { ...idParam, ...anyBody('{ object: { ativo } }') },
      ),
    },
    async (request) => {
      const { actor } = request;
      const record = recordOf(request.body, ['object', '_set'], ['ativo', 'nome', 'sistema']);
      return { update_campanha_comunicacao_by_pk: await service.update(campaigns, idOf(request), record, actor) };
    },
  );

  app.delete(
    '/v1/campanha/agendamento/:id',
    {
      config: { access: { resource: 'communication-campaigns', operation: 'delete' } },
      ...docs(
        'Exclui uma campanha de comunicação e as suas regras (delete_campanha_comunicacao_by_pk)',
        `${ROLE_DOC}, gestor ou superadmin. As regras da campanha (e o registro de envios delas) são excluídas com ela, na mesma transação, cada exclusão no histórico. Resposta { delete_campanha_comunicacao_by_pk: { id, ... } }; 404 quando não existe.`,
        idParam,
      ),
    },
    async (request) => ({ delete_campanha_comunicacao_by_pk: await service.delete(campaigns, idOf(request), request.actor) }),
  );

  app.post(
    '/v1/campanha/agendamento',
    {
      config: { access: { resource: 'communication-campaigns', operation: 'create' } },
      ...docs(
        'Cadastra uma campanha de comunicação (insert_campanha_comunicacao)',
        `${ROLE_DOC}, solicitante ou acima. Corpo { provider (id ou nome do provedor), name, active (padrão true), id_usuario? } (também dentro de object). provider e name obrigatórios. id_usuario é aceito e ignorado: a campanha registra sempre quem a cadastrou. Resposta { insert_campanha_comunicacao: { affected_rows: 1, returning: [{ id, created_at, sistema, nome, ativo, id_usuario }] } }. Erros 400 { message, errors: { provider | name | active: mensagem } }; 403 provedor fora dos do usuário.`,
        anyBody('{ provider, name, active, id_usuario }'),
      ),
    },
    async (request) => {
      const { actor } = request;
      const body = recordOf(request.body, ['object'], ['provider', 'name', 'active', 'id_usuario']);
      const who = body.id_usuario;
      if (who !== undefined && who !== null && !(typeof who === 'number' && Number.isSafeInteger(who))) throw new ValidationError({ id_usuario: MSG.integer });
      try {
        const sistema = await providerOf(db, body.provider, actor, 'sistema');
        const record = { sistema, nome: body.name, ...(body.active === undefined ? {} : { ativo: body.active }) };
        const row = await service.create(campaigns, record, actor);
        return { insert_campanha_comunicacao: { affected_rows: 1, returning: [row] } };
      } catch (e) {
        throw renamed(e, { sistema: 'provider', nome: 'name', ativo: 'active' });
      }
    },
  );

  // ------------------------------------------------------------------ Rules

  app.get(
    '/v1/campanha/regras',
    {
      config: { access: { resource: 'communication-rules', operation: 'list' } },
      ...docs(
        'Regras das campanhas de comunicação (campanha_regra)',
        `${ROLE_DOC}, leitor ou acima. Query opcional campanha_id e ativo. Resposta { campanha_regra: [{ id, criado, campanha_id, criterio, envio, tempo, data_especifica, turno, ativo, whatsapp, template_whatsapp, email, mensagem_email, titulo_email, sms, mensagem_sms }] } por criação, só das campanhas dos provedores do usuário.`,
        query({ campanha_id: { type: 'integer', minimum: 1, maximum: 2_147_483_647 }, ativo: ATIVO }),
      ),
    },
    async (request) => {
      const q = request.query as { campanha_id?: number; ativo?: boolean };
      const rows = await listAll(service, rules, request.actor, { campanha_id: q.campanha_id, ativo: q.ativo }, { field: 'criado', order: 'ASC' });
      return { campanha_regra: rows };
    },
  );

  app.post(
    '/v1/campanha/regras',
    {
      config: { access: { resource: 'communication-rules', operation: 'create' } },
      ...docs(
        'Cadastra regras de campanhas de comunicação (insert_campanha_regra)',
        `${ROLE_DOC}, solicitante ou acima. Corpo { objects: [{ campanha_id, criterio, envio, tempo, data_especifica, turno, ativo, whatsapp, template_whatsapp, email, mensagem_email, sms, mensagem_sms }] } (até ${MAX_RULES_PER_CALL}): todas ou nenhuma, numa transação. As regras do formulário valem aqui: critério e turno obrigatórios; cada canal ligado pede a sua mensagem; ao menos um canal ligado ('${NO_CHANNEL_MESSAGE}'); data de ativação e de contratação pedem tempo e envio, data específica pede a data, aniversário pede o envio; o envio que o critério desabilita é recusado; no_dia grava tempo 0, anual grava tempo null; com e-mail ligado o título é o padrão. Resposta { insert_campanha_regra: { affected_rows, returning: [regras] } }. Erros 400 { message, errors: { 'objects.0.template_whatsapp': mensagem } }; 403 campanha de outro provedor.`,
        anyBody('{ objects }'),
      ),
    },
    async (request) => {
      const { actor } = request;
      const body = request.body;
      if (!isObject(body)) throw new ValidationError({}, MSG.badRequest);
      refuseUnknownFields(body, ['objects']);
      const objects = body.objects;
      if (objects === undefined || objects === null) throw new ValidationError({ objects: MSG.required });
      if (!Array.isArray(objects)) throw new ValidationError({ objects: MSG.list }, MSG.badRequest);
      if (objects.length > MAX_RULES_PER_CALL) throw new ValidationError({ objects: MSG.maxItems(MAX_RULES_PER_CALL) }, MSG.badRequest);
      if (!objects.length) return { insert_campanha_regra: { affected_rows: 0, returning: [] } };

      // Each record checked first, so that the refusal names its index; the write checks them again.
      const errors: FieldErrors = {};
      let message: string | undefined;
      const campaignOf = new Map<number, number[]>();
      objects.forEach((object, i) => {
        const prefix = `objects.${i}.`;
        if (!isObject(object)) {
          errors[`objects.${i}`] = MSG.invalid;
          message ??= MSG.badRequest;
          return;
        }
        let values: Record<string, unknown>;
        try {
          values = validateRecord(rules, object, 'create');
        } catch (e) {
          if (!(e instanceof ValidationError)) throw e;
          Object.assign(errors, prefixed(e.errors, prefix));
          message ??= e.message;
          return;
        }
        const check = validateRule(normaliseRule(values));
        if (check.message) {
          Object.assign(errors, prefixed(check.errors, prefix));
          if (check.message === NO_CHANNEL_MESSAGE) errors[`objects.${i}`] = NO_CHANNEL_MESSAGE;
          message ??= check.message;
        }
        const campaign = values.campanha_id as number;
        campaignOf.set(campaign, [...(campaignOf.get(campaign) ?? []), i]);
      });
      if (Object.keys(errors).length || message) throw new ValidationError(errors, message);

      // The campaigns: each must exist, and be one of the caller's providers'.
      const { rows } = await db.query<{ id: number; sistema: number }>('SELECT id, sistema FROM campanha.comunicacao WHERE id = ANY($1::int[])', [[...campaignOf.keys()]]);
      const found = new Map(rows.map((r) => [r.id, r.sistema]));
      for (const [campaign, indexes] of campaignOf) {
        if (!found.has(campaign)) for (const i of indexes) errors[`objects.${i}.campanha_id`] = MSG.referenceMissing;
      }
      if (Object.keys(errors).length) throw new ValidationError(errors, MSG.referenceMissing);
      if (actor.providerIds !== null && [...found.values()].some((p) => !actor.providerIds!.includes(p))) throw forbidden();

      const created = await service.createMany(rules, objects, actor);
      return { insert_campanha_regra: { affected_rows: created.length, returning: created } };
    },
  );

  app.put(
    '/v1/campanha/regras/:id',
    {
      config: { access: { resource: 'communication-rules', operation: 'update' } },
      ...docs(
        'Edita uma regra ou troca o status (update_campanha_regra_by_pk)',
        `${ROLE_DOC}, solicitante ou acima. Corpo { object: { ativo } } no Ativar/Desativar; os demais campos da regra também (também { _set } ou os campos), com as mesmas regras do cadastro sobre a regra resultante. Resposta { update_campanha_regra_by_pk: { id, ... } }; 404 quando não existe.`,
        { ...idParam, ...anyBody('{ object: { ativo } }') },
      ),
    },
    async (request) => {
      const { actor } = request;
      return { update_campanha_regra_by_pk: await service.update(rules, idOf(request), recordOf(request.body, ['object', '_set']), actor) };
    },
  );

  app.delete(
    '/v1/campanha/regras/:id',
    {
      config: { access: { resource: 'communication-rules', operation: 'delete' } },
      ...docs('Exclui uma regra (delete_campanha_regra_by_pk)', `${ROLE_DOC}, gestor ou superadmin. Resposta { delete_campanha_regra_by_pk: { id, ... } }; 404 quando não existe.`, idParam),
    },
    async (request) => ({ delete_campanha_regra_by_pk: await service.delete(rules, idOf(request), request.actor) }),
  );

  // ------------------------------------------------------------------ Restrictions

  app.get(
    '/v1/relacionamento/restricoes',
    {
      config: { access: { resource: 'communication-restrictions', operation: 'list' } },
      ...docs(
        'Restrições de envio (preferencias_cliente)',
        `${ROLE_DOC}, leitor ou acima. Query opcional sistema (id ou nome do provedor), cod_cliente (igual), cpf (trecho, por dígitos), nome (trecho do nome, sem acento nem caixa), limit (padrão e máximo ${service.maxAllRows}) e offset. Resposta { preferencias_cliente: [{ id, created_at, sistema, cod_cliente, nome_razaosocial, cpf, whatsapp, email, sms }] }, só dos provedores do usuário, mais recentes primeiro. Canal true: permitido; false: restrito.`,
        query({
          sistema: PROVIDER,
          cod_cliente: TEXT,
          cpf: TEXT,
          nome: TEXT,
          limit: { type: 'integer', minimum: 1, maximum: service.maxAllRows },
          offset: { type: 'integer', minimum: 0, maximum: 2_147_483_647 },
        }),
      ),
    },
    async (request) => {
      const { actor } = request;
      const q = request.query as { sistema?: string; cod_cliente?: string; cpf?: string; nome?: string; limit?: number; offset?: number };
      for (const [field, value] of Object.entries(q)) {
        if (typeof value === 'string' && /[\u0000-\u001f]/.test(value)) throw new ValidationError({ [field]: MSG.invalid }, MSG.badQuery(field));
      }
      const p = new Params();
      const conditions: string[] = [];
      const scope = scopeCondition(registry, restrictions, actor, p);
      if (scope) conditions.push(scope);
      if (q.sistema !== undefined && q.sistema.trim() !== '') {
        const id = await resolveProvider(db, q.sistema, actor);
        if (id === null) return { preferencias_cliente: [] };
        conditions.push(`sistema = ${p.add(id)}::int`);
      }
      if (q.cod_cliente !== undefined && q.cod_cliente.trim() !== '') conditions.push(`cod_cliente = ${p.add(q.cod_cliente.trim())}`);
      if (q.cpf !== undefined && q.cpf.trim() !== '') {
        const digits = onlyDigits(q.cpf);
        if (!digits) return { preferencias_cliente: [] };
        conditions.push(`relacionamento.digits(cpf) LIKE ${p.add(`%${digits}%`)}`);
      }
      if (q.nome !== undefined && q.nome.trim() !== '') {
        const like = `%${q.nome.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        conditions.push(`public.f_unaccent(nome_razaosocial) LIKE public.f_unaccent(${p.add(like)})`);
      }
      const where = conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
      const columns = restrictions.columns.map((c) => quoteIdent(c.name)).join(', ');
      const { rows } = await db.query(
        `SELECT ${columns} FROM ${restrictions.sqlTable} ${where} ORDER BY created_at DESC, id DESC LIMIT ${p.add(q.limit ?? service.maxAllRows)} OFFSET ${p.add(q.offset ?? 0)}`,
        p.values,
      );
      return { preferencias_cliente: rows };
    },
  );

  const RESTRICTION_FIELDS = ['sistema', 'cod_cliente', 'whatsapp', 'email', 'sms', 'nome_razaosocial', 'cpf'];

  app.post(
    '/v1/relacionamento/restricoes',
    {
      config: { access: { resource: 'communication-restrictions', operation: 'create' } },
      ...docs(
        'Cadastra uma restrição de envio (insert_preferencias_cliente)',
        `${ROLE_DOC}, solicitante ou acima. Corpo { object: { sistema, cod_cliente, whatsapp, email, sms } } (também os campos sem object; nome_razaosocial e cpf são aceitos, mas o servidor os preenche pela consulta de clientes do provedor). whatsapp, email e sms valem false quando ausentes (false: restrito). Resposta { insert_preferencias_cliente: { affected_rows: 1, returning: [{ id, created_at, sistema, cod_cliente, nome_razaosocial, cpf, whatsapp, email, sms }] } }. Erros 400 'Nenhum resultado encontrado' em cod_cliente quando o provedor não tem o cliente; 409 'Já existe uma restrição cadastrada para esse cliente, ...' quando o cliente já tem restrição; 403 provedor fora dos do usuário.`,
        anyBody('{ object }'),
      ),
    },
    async (request) => {
      const { actor } = request;
      const row = await service.create(restrictions, recordOf(request.body, ['object'], RESTRICTION_FIELDS), actor);
      return { insert_preferencias_cliente: { affected_rows: 1, returning: [row] } };
    },
  );

  app.put(
    '/v1/relacionamento/restricoes/:id',
    {
      config: { access: { resource: 'communication-restrictions', operation: 'update' } },
      ...docs(
        'Edita uma restrição de envio (update_preferencias_cliente_by_pk)',
        `${ROLE_DOC}, solicitante ou acima. Corpo { whatsapp?, email?, sms?, sistema?, cod_cliente? } (também dentro de object ou _set). Trocar o provedor ou o código consulta o cliente de novo (nome e CPF vêm dele). Resposta { update_preferencias_cliente_by_pk: { id, ... } }; 404 quando não existe; 409 quando o cliente já tem outra restrição.`,
        { ...idParam, ...anyBody('{ whatsapp, email, sms, sistema }') },
      ),
    },
    async (request) => {
      const { actor } = request;
      const record = recordOf(request.body, ['object', '_set'], RESTRICTION_FIELDS);
      return { update_preferencias_cliente_by_pk: await service.update(restrictions, idOf(request), record, actor) };
    },
  );

  app.delete(
    '/v1/relacionamento/restricoes/:id',
    {
      config: { access: { resource: 'communication-restrictions', operation: 'delete' } },
      ...docs('Exclui uma restrição de envio (delete_preferencias_cliente_by_pk)', `${ROLE_DOC}, gestor ou superadmin. Resposta { delete_preferencias_cliente_by_pk: { id, ... } }; 404 quando não existe.`, idParam),
    },
    async (request) => ({ delete_preferencias_cliente_by_pk: await service.delete(restrictions, idOf(request), request.actor) }),
  );
};

export default communicationRoutes;
