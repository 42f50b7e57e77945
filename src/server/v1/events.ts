// v1 calls of the marketing events (marketing document, section 7 "Events"), answering with the
// record's Hasura name (rh_marketing_eventos):
//
//   GET    /v1/marketing/eventos                     the events                 { rh_marketing_eventos }
//   POST   /v1/marketing/eventos                     the create payload         { insert_rh_marketing_eventos_one }
//   PATCH  /v1/marketing/eventos/{id}                { object } or the fields   { update_rh_marketing_eventos_by_pk }
//   DELETE /v1/marketing/eventos/{id}                (body { id_evento }?)      { delete_rh_marketing_eventos_by_pk }
//   GET    /v1/marketing/eventos/sobreposicoes       events meeting in a city   { sobreposicoes }
//
// The create payload has its own names (cidade, endereco, evento, local, site_evento, data_inicio,
// data_fim, status), mapped onto the record's (endereco_do_local, nome_do_local, site_do_evento);
// its refusals name the payload's fields. `cidade` is the provider city's id, or its name (among the
// cities the caller may see; 'Fortaleza - CE' names the state too). Thin over the resource service:
// the schema's rights (schemas/marketing/events.json: marketing or regua_comunicacao area, as the
// role header says; Excluir for the superadmin only), validation, the provider scope (an event
// belongs to its city's provider), audit and history are the REST API's. Bodies are strict: a field
// a call does not read is refused (400, 'Campo não permitido').
import type { FastifyRequest } from 'fastify';
import { DATE_RANGE_MESSAGE } from '../../domain/dateRange.js';
import { MSG } from '../../domain/messages.js';
import { FORMAT_CHECKS } from '../../domain/validators.js';
import { EVENT_MSG } from '../events/messages.js';
import { citiesNamed, overlapsIn, overlapsWith, visibleCity } from '../events/overlaps.js';
import { HttpError } from '../errors.js';
import { isObject, toId } from './helpers/payload.js';
import type { Actor } from '../resources/service.js';
import { ValidationError } from '../schemas/validation.js';
import { refuseUnknownFields, wrapperOf, type V1Module } from './index.js';
import { listAll } from './reference.js';

const ROLE_DOC = 'Cabeçalho X-Intranet-Role: um papel da área marketing ou regua_comunicacao (ou users:superadmin)';

const docs = (summary: string, description: string, extra: Record<string, unknown> = {}) => ({
  schema: { tags: ['Marketing'], summary, description, security: [{ bearerAuth: [] }], ...extra },
});
const anyBody = (description: string) => ({ body: { type: 'object', description } });
const idParam = { params: { type: 'object', properties: { id: { type: 'string', maxLength: 20 } } } };
const query = (properties: Record<string, unknown>) => ({ querystring: { type: 'object', properties, additionalProperties: false } });
const TEXT = (description: string) => ({ type: 'string', maxLength: 40, description });

/** The create payload's names -> the record's. */
export const CREATE_FIELDS: Record<string, string> = {
  cidade: 'cidade',
  endereco: 'endereco_do_local',
  evento: 'evento',
  local: 'nome_do_local',
  site_evento: 'site_do_evento',
  data_inicio: 'data_inicio',
  data_fim: 'data_fim',
  status: 'status',
};
const RECORD_TO_CREATE = Object.fromEntries(Object.entries(CREATE_FIELDS).map(([payload, record]) => [record, payload]));
/** What PATCH writes (the record's names). */
const UPDATE_FIELDS = ['cidade', 'endereco_do_local', 'evento', 'nome_do_local', 'site_do_evento', 'data_fim', 'data_inicio', 'status'];

const idOf = (request: FastifyRequest) => (request.params as { id: string }).id;

/** The record of a write: { object }, { _set } or the fields themselves, with only `allowed` fields. */
function recordOf(body: unknown, wrappers: readonly string[], allowed: readonly string[]): Record<string, unknown> {
  if (!isObject(body)) throw new ValidationError({}, MSG.badRequest);
  const wrapper = wrapperOf(body, wrappers);
  const record = wrapper ? body[wrapper] : body;
  if (!isObject(record)) throw new ValidationError({ [wrapper!]: MSG.invalid }, MSG.badRequest);
  refuseUnknownFields(record, allowed);
  return record;
}

/** A refusal told with the payload's own field names (endereco for endereco_do_local, ...). */
function renamed(e: unknown): unknown {
  const rename = (errors: Record<string, string>) => Object.fromEntries(Object.entries(errors).map(([k, v]) => [RECORD_TO_CREATE[k] ?? k, v]));
  if (e instanceof ValidationError) return new ValidationError(rename(e.errors), e.message);
  if (e instanceof HttpError && e.errors) return new HttpError(e.statusCode, e.message, rename(e.errors), e.code);
  return e;
}

/** 'Fortaleza - CE', 'Fortaleza/CE', 'Fortaleza (CE)': a name with its state. */
const WITH_UF = /^(.+?)\s*(?:-|\/|,|\()\s*([A-Za-z]{2})\s*\)?$/;

/** A date of a query (YYYY-MM-DD), required. */
function dayParam(value: string | undefined, field: string): string {
  if (value === undefined || value === '') throw new ValidationError({ [field]: MSG.required }, MSG.badQuery(field));
  if (!FORMAT_CHECKS.date(value)) throw new ValidationError({ [field]: MSG.date }, MSG.badQuery(field));
  return value;
}

const eventsRoutes: V1Module = async (app, { db, service, registry }) => {
  const events = service.get('events');

  /**
   * The provider city a write names: an id (a number or its digits) as is (the service checks it), a
   * name among the cities the caller may see (400 on cidade when there is none, or several).
   */
  const cityOf = async (raw: unknown, actor: Actor): Promise<unknown> => {
    if (typeof raw !== 'string') return raw;
    const text = raw.trim();
    if (text === '' || /^\d{1,10}$/.test(text)) return text === '' ? null : Number(text);
    if (text.length > 200 || /[\u0000-\u001f]/.test(text)) throw new ValidationError({ cidade: MSG.invalid });
    let found = await citiesNamed(db, registry, actor, text);
    const parts = WITH_UF.exec(text);
    if (!found.length && parts) found = await citiesNamed(db, registry, actor, parts[1], parts[2].toUpperCase());
    if (!found.length) throw new ValidationError({ cidade: MSG.noResult });
    if (found.length > 1) throw new ValidationError({ cidade: EVENT_MSG.ambiguousCity });
    return found[0].id;
  };

  /** The record with its city resolved (when the write names one). */
  const withCity = async (record: Record<string, unknown>, actor: Actor) =>
    'cidade' in record ? { ...record, cidade: await cityOf(record.cidade, actor) } : record;

  app.get(
    '/v1/marketing/eventos',
    {
      config: { access: { resource: 'events', operation: 'list' } },
      ...docs(
        'Eventos de marketing (rh_marketing_eventos)',
        `${ROLE_DOC}, leitor ou acima. Query opcional status (true ou false) e cidade (id da cidade do provedor). Resposta { rh_marketing_eventos: [{ id, evento, data_inicio, data_fim, nome_do_local, endereco_do_local, cidade, site_do_evento, status, created_at }] }: os eventos das cidades dos provedores do usuário, os mais recentes primeiro (por criação, depois id).`,
        query({ status: { type: 'boolean', description: 'só ativos (true) ou só inativos (false)' }, cidade: { type: 'integer', minimum: 1, maximum: 2_147_483_647 } }),
      ),
    },
    async (request) => {
      const q = request.query as { status?: boolean; cidade?: number };
      return { rh_marketing_eventos: await listAll(service, events, request.actor, { status: q.status, cidade: q.cidade }) };
    },
  );

  app.get(
    '/v1/marketing/eventos/sobreposicoes',
    {
      config: { access: { resource: 'events', operation: 'list' } },
      ...docs(
        'Eventos que coincidem na mesma cidade (sobreposicoes)',
        `${ROLE_DOC}, leitor ou acima. Dois eventos coincidem quando estão ativos, as cidades têm o mesmo nome e UF (de qualquer provedor) e os períodos têm algum dia em comum; só contam os eventos que o usuário pode ver. ` +
          'Query data_inicio e data_fim (AAAA-MM-DD, obrigatórias) e, opcionais, cidade (id da cidade do provedor) e id (o evento em edição, deixado de fora). ' +
          'Com cidade: { sobreposicoes: [{ id, evento, data_inicio, data_fim, cidade, cidade_nome, uf, nome_do_local }] }, os outros eventos ativos dessa cidade no período (o aviso do cadastro). ' +
          'Sem cidade: { sobreposicoes: [{ id, evento, data_inicio, data_fim, cidade, cidade_nome, uf, nome_do_local, com: [{ id, evento, data_inicio, data_fim }] }] }, os eventos ativos do período que coincidem com outro (as marcas do calendário). ' +
          'Por data de início. 400 com data inválida, início depois do fim ou cidade que o usuário não vê.',
        query({ data_inicio: TEXT('AAAA-MM-DD'), data_fim: TEXT('AAAA-MM-DD'), cidade: TEXT('id da cidade do provedor'), id: TEXT('id do evento em edição') }),
      ),
    },
    async (request) => {
      const { actor } = request;
      const q = request.query as { data_inicio?: string; data_fim?: string; cidade?: string; id?: string };
      const inicio = dayParam(q.data_inicio, 'data_inicio');
      const fim = dayParam(q.data_fim, 'data_fim');
      if (inicio > fim) throw new ValidationError({ data_fim: DATE_RANGE_MESSAGE }, MSG.badQuery('data_fim'));
      const exceptId = q.id === undefined || q.id === '' ? undefined : toId(q.id, 'id');
      if (q.cidade === undefined || q.cidade === '') return { sobreposicoes: await overlapsIn(db, registry, events, actor, { inicio, fim }) };
      const cidade = toId(q.cidade, 'cidade');
      if (!(await visibleCity(db, registry, actor, cidade))) throw new ValidationError({ cidade: MSG.referenceMissing }, MSG.referenceMissing);
      return { sobreposicoes: await overlapsWith(db, registry, events, actor, { cidade, inicio, fim, exceptId }) };
    },
  );

  app.post(
    '/v1/marketing/eventos',
    {
      config: { access: { resource: 'events', operation: 'create' } },
      ...docs(
        'Cadastra um evento (insert_rh_marketing_eventos_one)',
        `${ROLE_DOC}, solicitante ou acima. Corpo { cidade, endereco, evento, local, site_evento?, data_inicio, data_fim, status? } (também dentro de object): endereco é o endereco_do_local, local o nome_do_local, site_evento o site_do_evento; cidade é o id da cidade do provedor ou o nome dela (entre as cidades do usuário; 'Fortaleza - CE' diz também a UF). Obrigatórios cidade, endereco, evento, local, data_inicio e data_fim (AAAA-MM-DD, o fim não antes do início); status vale true quando ausente. Resposta { insert_rh_marketing_eventos_one: { id, evento, data_inicio, data_fim, nome_do_local, endereco_do_local, cidade, site_do_evento, status, created_at } }. Erros 400 { message, errors: { campo do corpo: mensagem } } (cidade: 'Nenhum resultado encontrado' quando nenhuma cidade do usuário tem o nome; 'Mais de um resultado encontrado: informe o id da cidade.' quando mais de uma tem); 403 cidade fora dos provedores do usuário.`,
        anyBody('{ cidade, endereco, evento, local, site_evento, data_inicio, data_fim, status }'),
      ),
    },
    async (request) => {
      const { actor } = request;
      const body = recordOf(request.body, ['object'], Object.keys(CREATE_FIELDS));
      try {
        const record = Object.fromEntries(Object.entries(body).map(([k, v]) => [CREATE_FIELDS[k], v]));
        return { insert_rh_marketing_eventos_one: await service.create(events, await withCity(record, actor), actor) };
      } catch (e) {
        throw renamed(e);
      }
    },
  );

  app.patch(
    '/v1/marketing/eventos/:id',
    {
      config: { access: { resource: 'events', operation: 'update' } },
      ...docs(
        'Edita um evento ou troca o status (update_rh_marketing_eventos_by_pk)',
        `${ROLE_DOC}, solicitante ou acima. Corpo { object: { cidade?, endereco_do_local?, evento?, nome_do_local?, site_do_evento?, data_fim?, data_inicio?, status? } } (também { _set } ou os campos), com os nomes do registro; no Ativar/Desativar só { object: { status } }. cidade como no cadastro (id ou nome). Resposta { update_rh_marketing_eventos_by_pk: { id, ... } }; 404 quando não existe ou é de outro provedor.`,
        { ...idParam, ...anyBody('{ object }') },
      ),
    },
    async (request) => {
      const { actor } = request;
      const record = recordOf(request.body, ['object', '_set'], UPDATE_FIELDS);
      return { update_rh_marketing_eventos_by_pk: await service.update(events, idOf(request), await withCity(record, actor), actor) };
    },
  );

  app.delete(
    '/v1/marketing/eventos/:id',
    {
      config: { access: { resource: 'events', operation: 'delete' } },
      ...docs(
        'Exclui um evento (delete_rh_marketing_eventos_by_pk)',
        `Só o superadmin (users:superadmin). Corpo opcional { id_evento }, que deve ser o id do caminho. A exclusão é irreversível (fica no histórico). Resposta { delete_rh_marketing_eventos_by_pk: { id, ... } }; 404 quando não existe.`,
        idParam,
      ),
    },
    async (request) => {
      const { actor } = request;
      const body = request.body;
      if (body !== undefined && body !== null) {
        if (!isObject(body)) throw new ValidationError({}, MSG.badRequest);
        refuseUnknownFields(body, ['id_evento']);
        if (body.id_evento !== undefined && body.id_evento !== null && toId(body.id_evento, 'id_evento') !== Number(idOf(request))) {
          throw new ValidationError({ id_evento: EVENT_MSG.otherId });
        }
      }
      return { delete_rh_marketing_eventos_by_pk: await service.delete(events, idOf(request), actor) };
    },
  );
};

export default eventsRoutes;
