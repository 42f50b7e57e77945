// v1 calls of the customers (the ERP's data), all through the CustomerDirectory boundary
// (src/server/customers), answering the spec's response name relacionamento_dados_pessoas:
//   POST /v1/relacionamento/dados_pessoas  the dynamic search (foundation document, section 7): sistema
//                                         and codpessoa or cpf; its URL is configurable
//                                         (CUSTOMER_SEARCH_URL), GET /v1/relacionamento/config tells it
//   GET|POST /v1/relacionamento/clientes   the customer lookup (HR/sales document, section 7):
//                                         codpessoa or cpf equal, or nome_razaosocial like
//   GET /v1/sistema                        the providers' systems (relacionamento_sistema)
//
// Who may call: a role of vendas, marketing or regua_comunicacao (leitor and up) or the superadmin,
// with the role header of the area; a non-superadmin sees only their providers' customers (another
// provider's system answers an empty list, not an error). Bodies are strict: an unknown field is a
// 400 'Campo não permitido', a malformed value a 400 on its field.
import type { FastifyRequest } from 'fastify';
import { MSG } from '../../domain/messages.js';
import { onlyDigits } from '../../domain/validators.js';
import { customerDirectoryFor, type CustomerQuery } from '../customers/index.js';
import { HttpError } from '../errors.js';
import { badField, isObject, toInt } from './helpers/payload.js';
import { refuseUnknownFields, type V1Module } from './index.js';
import { listAll } from './reference.js';

/** The role areas whose roles read customers (suprimentos: the customer of an installation, devolution or removal). */
export const CUSTOMER_AREAS = ['vendas', 'marketing', 'regua_comunicacao', 'suprimentos'] as const;
/** Our own dynamic search, the default of CUSTOMER_SEARCH_URL. */
export const DYNAMIC_SEARCH_PATH = '/v1/relacionamento/dados_pessoas';

const DEFAULT_LIMIT = 50;
const MAX_LIMIT = 500;
const ROLE_DOC = 'Cabeçalho X-Intranet-Role: um papel das áreas vendas, marketing, regua_comunicacao ou suprimentos (leitor ou acima), ou o superadmin';
const CUSTOMER_FIELDS =
  'id, sistema, id_empresa, cod_cliente, codpessoa, nome_razaosocial, cpf, cnpj, data_nascimento, data_ativacao, data_contratacao, telefone, celular, email, cep, rua, numero, bairro, cidade, uf, plano, situacao (ativo, suspenso ou cancelado), dias_atraso';

const docs = (summary: string, description: string, extra: Record<string, unknown> = {}) => ({
  schema: { tags: ['Clientes'], summary, description, security: [{ bearerAuth: [] }], ...extra },
});
const anyBody = (description: string) => ({ body: { type: 'object', description } });
const text = { type: 'string', maxLength: 200 };

/** A Hasura-style value ({ _eq }, { _like }, { _ilike }) or the value itself; `like` tells a pattern. */
function unwrap(value: unknown, field: string, allowLike: boolean): { value: unknown; like: boolean } {
  if (!isObject(value)) return { value, like: false };
  const ops = Object.keys(value);
  const allowed = allowLike ? ['_eq', '_like', '_ilike'] : ['_eq'];
  if (ops.length !== 1 || !allowed.includes(ops[0])) throw badField(field, MSG.invalid);
  return { value: value[ops[0]], like: ops[0] !== '_eq' };
}

/** A text filter value: a string (or a number, for codes), trimmed, without control characters. */
function textValue(raw: unknown, field: string, { min = 1 } = {}): string | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined;
  if (typeof raw !== 'string' && !(typeof raw === 'number' && Number.isSafeInteger(raw))) throw badField(field, MSG.text);
  const v = String(raw).trim();
  if (v.length > 200) throw badField(field, MSG.maxLength(200));
  if (/[\u0000-\u001f]/.test(v)) throw badField(field, MSG.invalid);
  if (v.length < min) throw badField(field, MSG.minLength(min));
  return v || undefined;
}

/** A CPF (or a CNPJ, 14 digits), masked or not. */
function documentValue(raw: unknown, field: string): string | undefined {
  const v = textValue(raw, field);
  if (v === undefined) return undefined;
  const digits = onlyDigits(v);
  if (!/^[\d.\-/\s]+$/.test(v) || (digits.length !== 11 && digits.length !== 14)) throw badField(field, MSG.cpf);
  return digits;
}

/** A name pattern: the text between the '%' of a LIKE pattern, or the text itself (a substring either way). */
function nameValue(raw: unknown, field: string): string | undefined {
  const { value } = unwrap(raw, field, true);
  const v = textValue(value, field);
  if (v === undefined) return undefined;
  const inner = v.replace(/^%+|%+$/g, '').trim();
  if (inner.length < 2) throw badField(field, MSG.minLength(2));
  if (inner.includes('%')) throw badField(field, MSG.invalid);
  return inner;
}

const FILTER_FIELDS = ['sistema', 'id_empresa', 'codpessoa', 'cod_cliente', 'cpf', 'cnpj', 'telefone', 'nome_razaosocial'];

/** The directory query of a filtro (its fields named as the record's, under `prefix` in messages). */
function queryOf(filtro: Record<string, unknown>, prefix: string): CustomerQuery {
  refuseUnknownFields(filtro, FILTER_FIELDS, prefix);
  const f = (name: string) => `${prefix}${name}`;
  const eq = (name: string) => unwrap(filtro[name], f(name), false).value;
  const query: CustomerQuery = {
    sistema: textValue(eq('sistema'), f('sistema')),
    codpessoa: textValue(eq('codpessoa'), f('codpessoa')),
    cod_cliente: textValue(eq('cod_cliente'), f('cod_cliente')),
    cpf: documentValue(eq('cpf'), f('cpf')),
    cnpj: documentValue(eq('cnpj'), f('cnpj')),
    nome: nameValue(filtro.nome_razaosocial, f('nome_razaosocial')),
  };
  const telefone = textValue(eq('telefone'), f('telefone'));
  if (telefone !== undefined) {
    const digits = onlyDigits(telefone);
    if (digits.length < 10 || digits.length > 13) throw badField(f('telefone'), MSG.phone);
    query.telefone = telefone;
  }
  const empresa = eq('id_empresa');
  if (empresa !== undefined && empresa !== null && empresa !== '') query.id_empresa = toInt(empresa, f('id_empresa'), { min: 1 });
  return Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined)) as CustomerQuery;
}

/** limit and offset of a call: limit 50 by default, at most 500. */
function pageOf(source: Record<string, unknown>) {
  return {
    limit: toInt(source.limit, 'limit', { min: 1, max: MAX_LIMIT, fallback: DEFAULT_LIMIT }),
    offset: toInt(source.offset, 'offset', { min: 0, max: 1_000_000, fallback: 0 }),
  };
}

/** The body of a search: { filtro, limit?, offset? } (or the filter's fields themselves, unwrapped). */
function searchBody(request: FastifyRequest): { filtro: Record<string, unknown>; prefix: string; page: ReturnType<typeof pageOf> } {
  const body = request.body ?? {};
  if (!isObject(body)) throw new HttpError(400, MSG.badRequest);
  if ('filtro' in body || 'where' in body) {
    const key = 'filtro' in body ? 'filtro' : 'where';
    refuseUnknownFields(body, [key, 'limit', 'offset']);
    const filtro = body[key] ?? {};
    if (!isObject(filtro)) throw badField(key, MSG.invalid);
    return { filtro, prefix: `${key}.`, page: pageOf(body) };
  }
  const { limit, offset, ...filtro } = body;
  return { filtro, prefix: '', page: pageOf({ limit, offset }) };
}

const customerRoutes: V1Module = async (app, { db, registry, service, config }) => {
  const directory = customerDirectoryFor(db);
  const systems = registry.get('systems');
  if (!systems) throw new Error('schema "systems" ausente');

  // POST /v1/relacionamento/dados_pessoas { filtro: { sistema, codpessoa | cpf } } -> { relacionamento_dados_pessoas }
  app.post(
    DYNAMIC_SEARCH_PATH,
    {
      config: { access: { module: CUSTOMER_AREAS, right: 'read' } },
      ...docs(
        'Busca dinâmica de clientes (relacionamento_dados_pessoas)',
        `${ROLE_DOC}. Corpo { filtro: { sistema, codpessoa?, cpf?, cod_cliente? }, limit? (padrão ${DEFAULT_LIMIT}, máximo ${MAX_LIMIT}), offset? } (os campos também podem vir sem o filtro, ou como { _eq: valor }); sistema é o nome do sistema (BITCOM), o nome do provedor ou o id do provedor; é preciso codpessoa, cpf ou cod_cliente. O CPF é comparado pelos dígitos (com 14 dígitos, procura o CNPJ). Resposta { relacionamento_dados_pessoas: [{ ${CUSTOMER_FIELDS} }] } por nome; vazia quando o sistema é de outro provedor. A URL desta busca nas telas é CUSTOMER_SEARCH_URL (GET /v1/relacionamento/config).`,
        anyBody('{ filtro: { sistema, codpessoa | cpf } }'),
      ),
    },
    async (request) => {
      const { actor } = request;
      const { filtro, prefix, page } = searchBody(request);
      const query = queryOf(filtro, prefix);
      if (query.sistema === undefined) throw badField(`${prefix}sistema`, MSG.required);
      if (query.codpessoa === undefined && query.cpf === undefined && query.cod_cliente === undefined) {
        throw new HttpError(400, 'Informe o código (codpessoa) ou o CPF do cliente.', { [`${prefix}codpessoa`]: MSG.required, [`${prefix}cpf`]: MSG.required });
      }
      return { relacionamento_dados_pessoas: await directory.find({ ...query, ...page }, { providerIds: actor.providerIds }) };
    },
  );

  // GET /v1/relacionamento/clientes?codpessoa=&cpf=&nome_razaosocial=&sistema= and POST { filtro } -> { relacionamento_dados_pessoas }
  const lookupDoc = (method: string) =>
    `${ROLE_DOC}. ${method}. Filtros: codpessoa (igual), cpf (igual pelos dígitos; com 14 dígitos, o CNPJ), nome_razaosocial (parte do nome, sem diferenciar maiúsculas nem acentos; aceita '%joão%' ou { _ilike: '%joão%' }; no mínimo 2 letras), e também sistema (nome do sistema ou do provedor, ou id do provedor), cod_cliente, cnpj, telefone (telefone ou celular, pelos dígitos) e id_empresa. Resposta { relacionamento_dados_pessoas: [{ ${CUSTOMER_FIELDS} }] } por nome, limit ${DEFAULT_LIMIT} por padrão (máximo ${MAX_LIMIT}), só dos provedores do usuário.`;
  app.get(
    '/v1/relacionamento/clientes',
    {
      config: { access: { module: CUSTOMER_AREAS, right: 'read' } },
      ...docs('Consulta de clientes (relacionamento_dados_pessoas)', lookupDoc('Parâmetros na query'), {
        querystring: {
          type: 'object',
          properties: {
            sistema: text,
            id_empresa: { type: 'integer', minimum: 1, maximum: 2_147_483_647 },
            codpessoa: text,
            cod_cliente: text,
            cpf: text,
            cnpj: text,
            telefone: text,
            nome_razaosocial: text,
            limit: { type: 'integer', minimum: 1, maximum: MAX_LIMIT },
            offset: { type: 'integer', minimum: 0, maximum: 1_000_000 },
          },
        },
      }),
    },
    async (request) => {
      const { actor } = request;
      const { limit, offset, ...filtro } = request.query as Record<string, unknown>;
      const query = queryOf(filtro, '');
      return { relacionamento_dados_pessoas: await directory.find({ ...query, ...pageOf({ limit, offset }) }, { providerIds: actor.providerIds }) };
    },
  );
  app.post(
    '/v1/relacionamento/clientes',
    {
      config: { access: { module: CUSTOMER_AREAS, right: 'read' } },
      ...docs('Consulta de clientes (relacionamento_dados_pessoas)', lookupDoc('Corpo { filtro: { ... }, limit?, offset? }'), anyBody('{ filtro: { codpessoa | cpf | nome_razaosocial }, limit?, offset? }')),
    },
    async (request) => {
      const { actor } = request;
      const { filtro, prefix, page } = searchBody(request);
      const query = queryOf(filtro, prefix);
      return { relacionamento_dados_pessoas: await directory.find({ ...query, ...page }, { providerIds: actor.providerIds }) };
    },
  );

  // GET /v1/relacionamento/config -> { customerSearchUrl }: where the screens send the dynamic search.
  app.get(
    '/v1/relacionamento/config',
    {
      config: { access: { module: CUSTOMER_AREAS, right: 'read' } },
      ...docs(
        'Endereço da busca dinâmica de clientes',
        `${ROLE_DOC}. Resposta { customerSearchUrl }: CUSTOMER_SEARCH_URL quando configurada (a busca de um ERP), senão ${DYNAMIC_SEARCH_PATH} (relativa à API). As telas fazem POST ali com { filtro: { sistema, codpessoa | cpf } }.`,
      ),
    },
    async (request) => {
      return { customerSearchUrl: config.customerSearchUrl || DYNAMIC_SEARCH_PATH };
    },
  );

  // GET /v1/sistema -> { relacionamento_sistema: [{ id, nome, id_empresa, erp, ativo, created_at }] }
  app.get(
    '/v1/sistema',
    {
      config: { access: { resource: 'systems', operation: 'list' } },
      ...docs(
        'Sistemas (ERPs) dos provedores (relacionamento_sistema)',
        `${ROLE_DOC}. Query opcional id_empresa, ativo. Resposta { relacionamento_sistema: [{ id, nome, id_empresa, erp, ativo, created_at }] } por nome, só dos provedores do usuário.`,
        {
          querystring: {
            type: 'object',
            properties: { id_empresa: { type: 'integer', minimum: 1, maximum: 2_147_483_647 }, ativo: { type: 'boolean' } },
          },
        },
      ),
    },
    async (request) => {
      // The systems register's own rights (schemas/relacionamento/systems.json: list 'read' of those areas).
      const { actor } = request;
      const q = request.query as { id_empresa?: number; ativo?: boolean };
      return { relacionamento_sistema: await listAll(service, systems, actor, { id_empresa: q.id_empresa, ativo: q.ativo }) };
    },
  );
};

export default customerRoutes;
