// v1 calls of the lead imports (marketing document, section 7 "Lead imports"; the flow of section 4:
// upload the file, create the import, import its clients, list, select, save the selection, create
// the leads), answering the spec's response names, thin over src/server/leadImports/service.ts:
//
//   POST /api/rest/v1/lead/dados/importacao      { id_file, id_campanha, id_canal, id_empresa } -> insert_vendas_lead_importacao
//   POST /v1/lead/arquivo/clientes/{importId}    -> importaClientes { success, message }
//   POST /v1/lead/importacao/cliente/filtro      { filtro } -> vendas_lead_importacao_aggregate.nodes
//   POST /v1/lead/importacao/clientes/filtro     { filtro, limit, offset } -> vendas_lead_participante, total
//   PUT  /v1/lead/importacao/clientes            [{ where, _set }] -> update_vendas_lead_participante_many
//   POST /v1/lead/importacao/mk                  { lead, id_importacao_evento } -> criaLeadImportada { status, message }
//   POST /v1/lead/importacao/{id}/desfazer       -> desfazLeadsImportadas { status, message }
//   GET  /v1/lead/importacao/modelo              modelo_importacao_leads.xlsx
//   GET  /v1/lead/importacao/{id}/relatorio      relatorio_importacao_{id}.csv
//
// Rights are the schemas' (lead-imports, lead-import-participants: the vendas or marketing area, as
// the role header says) within the caller's providers. Bodies are strict: a field a call does not
// read is refused (400, 'Campo não permitido').
import type { FastifyReply, FastifyRequest } from 'fastify';
import { toCsv } from '../../domain/format.js';
import { MSG } from '../../domain/messages.js';
import { HttpError } from '../errors.js';
import { contentDisposition } from '../files/routes.js';
import { IMPORT_MSG } from '../leadImports/messages.js';
import { registerLeadImports, type RowsUpdate } from '../leadImports/service.js';
import { badField, filterOf, isObject, toBoolean, toId, toIds, toInt } from './helpers/payload.js';
import { isPlainObject, ValidationError } from '../schemas/validation.js';
import { refuseUnknownFields, wrapperOf, type V1Module } from './index.js';

const ROLE_DOC = 'Cabeçalho X-Intranet-Role: um papel da área vendas ou marketing';
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const TEMPLATE_NAME = 'modelo_importacao_leads.xlsx';
const MAX_UPDATES = 1000;
const MAX_LIST = 1000;

const docs = (summary: string, description: string, extra: Record<string, unknown> = {}) => ({
  schema: { tags: ['Importação de leads'], summary, description, security: [{ bearerAuth: [] }], ...extra },
});
const idParam = (name: string) => ({ params: { type: 'object', properties: { [name]: { type: 'string', maxLength: 20 } } } });

/** A filtro as the resource list's filter: { campo: valor | [valores] | { _eq: valor } | { _in: [valores] } }, only the fields given. */
function listFilter(filtro: Record<string, unknown>, allowed: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [field, raw] of Object.entries(filtro)) {
    if (!allowed.includes(field)) throw badField(field, MSG.unknownFilter(field));
    if (!isObject(raw)) {
      if (raw !== undefined) out[field] = raw;
      continue;
    }
    const ops = Object.keys(raw);
    if (ops.length !== 1 || (ops[0] !== '_eq' && ops[0] !== '_in')) throw badField(field, MSG.invalid);
    if (ops[0] === '_in' && !Array.isArray(raw._in)) throw badField(field, MSG.list);
    out[field] = raw[ops[0]];
  }
  return out;
}

/** The ids of a where.id: n, { _eq: n } or { _in: [n, ...] }. */
function whereIds(value: unknown, field: string): number[] {
  if (isObject(value)) {
    const ops = Object.keys(value);
    if (ops.length !== 1 || (ops[0] !== '_eq' && ops[0] !== '_in')) throw badField(field, MSG.invalid);
    return ops[0] === '_eq' ? [toId(value._eq, field)] : toIds(value._in, field, { min: 1 });
  }
  return [toId(value, field)];
}

/** PUT v1/lead/importacao/clientes's body: [{ where, _set }] (or { updates: [...] }), checked field by field. */
export function parseUpdates(body: unknown): RowsUpdate[] {
  let list = body;
  if (isPlainObject(body)) {
    refuseUnknownFields(body, ['updates']);
    list = body.updates;
  }
  if (!Array.isArray(list)) throw new ValidationError({ updates: MSG.list }, MSG.badRequest);
  if (!list.length) throw new ValidationError({ updates: MSG.required });
  if (list.length > MAX_UPDATES) throw new ValidationError({ updates: MSG.maxItems(MAX_UPDATES) });
  return list.map((item, i) => {
    const at = `updates[${i}]`;
    if (!isPlainObject(item)) throw badField(at, MSG.invalid);
    refuseUnknownFields(item, ['where', '_set'], `${at}.`);
    const { where, _set: set } = item;
    if (!isPlainObject(where)) throw badField(`${at}.where`, MSG.required);
    if (!isPlainObject(set) || !Object.keys(set).length) throw badField(`${at}._set`, MSG.required);
    refuseUnknownFields(where, ['id', 'id_importacao_evento'], `${at}.where.`);
    refuseUnknownFields(set, ['lead', 'nome', 'telefone', 'cpf'], `${at}._set.`);
    const ids = where.id === undefined ? null : whereIds(where.id, `${at}.where.id`);
    const rawImport = isObject(where.id_importacao_evento) ? where.id_importacao_evento._eq : where.id_importacao_evento;
    if (isObject(where.id_importacao_evento)) refuseUnknownFields(where.id_importacao_evento, ['_eq'], `${at}.where.id_importacao_evento.`);
    const importId = rawImport === undefined ? null : toId(rawImport, `${at}.where.id_importacao_evento`);
    if (ids === null && importId === null) throw new HttpError(400, IMPORT_MSG.whereRequired, { [`${at}.where`]: IMPORT_MSG.whereRequired });
    const out: RowsUpdate['set'] = {};
    if (set.lead !== undefined) out.lead = toBoolean(set.lead, `${at}._set.lead`);
    for (const f of ['nome', 'telefone', 'cpf'] as const) {
      if (set[f] === undefined) continue;
      if (typeof set[f] !== 'string' && typeof set[f] !== 'number') throw badField(`${at}._set.${f}`, MSG.text);
      out[f] = String(set[f]);
    }
    if (ids === null && (out.nome !== undefined || out.telefone !== undefined || out.cpf !== undefined)) {
      throw new HttpError(400, IMPORT_MSG.editNeedsRow, { [`${at}.where.id`]: IMPORT_MSG.editNeedsRow });
    }
    return { ids, importId, set: out };
  });
}

const leadImportRoutes: V1Module = async (app, { db, service, storage }) => {
  const imports = registerLeadImports(db, service, storage);
  // Imports a stopped server left loading (no step for 10 minutes) go at start, and before each new import.
  app.addHook('onReady', async () => {
    await imports.discardStale().catch((e) => app.log.warn({ err: e }, 'importações de leads interrompidas não foram removidas'));
  });
  const importsDef = imports.imports;
  const participants = imports.participants;
  const importIdOf = (request: FastifyRequest, name: string) => service.parseId(importsDef, (request.params as Record<string, string>)[name]) as number;

  // POST /api/rest/v1/lead/dados/importacao -> { insert_vendas_lead_importacao: { affected_rows, returning } }
  const createImport = async (request: FastifyRequest) => {
    const { actor } = request;
    const body = wrapperOf(request.body, ['object']) ? (request.body as { object: unknown }).object : request.body;
    if (!isPlainObject(body)) throw new ValidationError({}, MSG.badRequest);
    refuseUnknownFields(body, ['id_file', 'id_campanha', 'id_canal', 'id_empresa', 'id_usuario']);
    // The author is the caller (the column's default): the spec's id_usuario is not read.
    const { id_usuario: _author, ...record } = body;
    const row = await service.create(importsDef, record, actor);
    return { insert_vendas_lead_importacao: { affected_rows: 1, returning: [row] } };
  };
  const createDocs = {
    config: { access: { resource: 'lead-imports', operation: 'create' } },
    ...docs(
      'Cria uma importação de leads a partir de um arquivo enviado (insert_vendas_lead_importacao)',
      `${ROLE_DOC}, solicitante ou acima, no provedor. Corpo { id_file, id_campanha, id_canal, id_empresa, id_usuario? } (também dentro de object); id_file é o id devolvido por POST /v1/files/ (bucket importacoes) de um arquivo .csv (UTF-8 ou Windows-1252, separado por ; ou ,), .xlsx ou .xls que o usuário pode baixar; id_usuario é ignorado (o autor é quem chama). O servidor lê o arquivo numa thread à parte (até 10 MB, ${imports.limits.maxRows.toLocaleString('pt-BR')} linhas de dados e ${imports.limits.maxUnzippedBytes / 1024 / 1024} MB descompactado), acha as colunas nome, cpf e telefone pelo cabeçalho (sem acento nem caixa, em qualquer ordem; variantes como Nome completo, CPF/CNPJ, Celular, WhatsApp, Fone) e grava, numa só transação, a importação e uma linha por pessoa (lead-import-participants): nome, telefone ((##) #####-#### ou (##) ####-####) e CPF (###.###.###-##, zeros à esquerda repostos) normalizados, ou como vieram com o motivo em erros; a marca de cliente do provedor (cliente, situacao_cliente ativo, inadimplente ou ex_cliente, cod_cliente) por CPF ou telefone, os canais que o cliente restringiu (restricao), duplicado 'arquivo' (mesmo CPF ou telefone de uma linha anterior) ou 'lead' (já é lead do provedor: id_lead_existente), e lead (selecionada) nas linhas sem problema, duplicado nem restrição. Resposta { insert_vendas_lead_importacao: { affected_rows: 1, returning: [{ id, nome_arquivo, total_participantes, linhas_com_erro, duplicados, leads_criadas, ... }] } }. Um arquivo recusado não grava nada: 400 { message, errors: { id_file } } (não encontrado, formato não permitido ou renomeado, corrompido, vazio, só cabeçalho, linhas demais, grande demais descompactado, sem a coluna nome ou sem cpf e telefone).`,
      { body: { type: 'object', description: '{ id_file, id_campanha, id_canal, id_empresa, id_usuario? }' } },
    ),
  } as const;
  app.post('/api/rest/v1/lead/dados/importacao', createDocs, createImport);
  app.post('/v1/lead/dados/importacao', { ...createDocs, schema: { ...createDocs.schema, hide: true } }, createImport);

  // POST v1/lead/arquivo/clientes/{importId} -> { importaClientes: { success, message } }
  app.post(
    '/v1/lead/arquivo/clientes/:importId',
    {
      config: { access: { resource: 'lead-imports', operation: 'create' } },
      ...docs(
        'Importa os clientes do arquivo de uma importação (importaClientes)',
        `${ROLE_DOC}, solicitante ou acima. Sem corpo. As linhas do arquivo já foram gravadas ao criar a importação: a chamada responde o que foi lido e pode ser repetida sem mudar nada. Resposta { importaClientes: { success: true, message: '<n> registros importados: <a> com problemas, <b> duplicados, <c> clientes.' } }; 404 quando a importação não existe ou é de outro provedor.`,
        idParam('importId'),
      ),
    },
    async (request) => {
      const { actor } = request;
      return { importaClientes: { success: true, message: await imports.summary(actor, importIdOf(request, 'importId')) } };
    },
  );

  // POST v1/lead/importacao/cliente/filtro { filtro? } -> { vendas_lead_importacao_aggregate: { nodes } }
  app.post(
    '/v1/lead/importacao/cliente/filtro',
    {
      config: { access: { resource: 'lead-imports', operation: 'list' } },
      ...docs(
        'Lista de importações de leads (vendas_lead_importacao_aggregate)',
        `${ROLE_DOC}, leitor ou acima. Corpo { filtro?: { id?, id_empresa?, id_campanha?, id_canal? } } (cada um valor, [valores], { _eq } ou { _in }; também { where }). Resposta { vendas_lead_importacao_aggregate: { nodes: [{ id, created_at, id_empresa, id_campanha, id_canal, nome_arquivo, file: { id, name, createdAt }, empresa: { nome }, canal: { nome }, campanha: { nome }, total_participantes: { aggregate: { count } }, leads_criadas: { aggregate: { count } }, linhas_com_erro, duplicados, lead_partcipantes: [{ id_importacao_evento }] }] } }, as mais recentes primeiro, só dos provedores do usuário; lead_partcipantes tem um item quando a importação tem linhas (Ver Leads) e nenhum quando não tem.`,
      ),
    },
    async (request) => {
      const { actor } = request;
      refuseUnknownFields(request.body, ['filtro', 'where']);
      const filter = listFilter(filterOf(request.body), ['id', 'id_empresa', 'id_campanha', 'id_canal']);
      return { vendas_lead_importacao_aggregate: { nodes: await imports.listImports(actor, filter) } };
    },
  );

  // POST v1/lead/importacao/clientes/filtro { filtro, limit?, offset? } -> { vendas_lead_participante, total }
  app.post(
    '/v1/lead/importacao/clientes/filtro',
    {
      config: { access: { resource: 'lead-import-participants', operation: 'list' } },
      ...docs(
        'Linhas de uma importação (vendas_lead_participante)',
        `${ROLE_DOC}, leitor ou acima. Corpo { filtro: { id_importacao_evento, id?, lead?, cliente?, duplicado? }, limit? (padrão 100, máximo ${MAX_LIST}), offset? }; duplicado null: as que não são duplicadas. Resposta { vendas_lead_participante: [{ id, linha, nome, telefone, cpf, cliente, situacao_cliente, cod_cliente, restricao, duplicado, id_lead_existente, erros, lead, id_lead, codlead, id_importacao_evento, created_at }], total } na ordem do arquivo. As telas paginam pela lista genérica GET /api/lead-import-participants com filter id_importacao_evento.`,
      ),
    },
    async (request) => {
      const { actor } = request;
      refuseUnknownFields(request.body, ['filtro', 'where', 'limit', 'offset']);
      const filter = listFilter(filterOf(request.body), ['id_importacao_evento', 'id', 'lead', 'cliente', 'duplicado']);
      if (filter.id_importacao_evento === undefined) throw badField('filtro.id_importacao_evento', MSG.required);
      const body = (request.body ?? {}) as Record<string, unknown>;
      const limit = toInt(body.limit, 'limit', { min: 1, max: MAX_LIST, fallback: 100 });
      const offset = toInt(body.offset, 'offset', { min: 0, fallback: 0 });
      const page = await service.list(participants, { filter, range: [offset, offset + limit - 1] }, actor);
      return { vendas_lead_participante: page.rows, total: page.total };
    },
  );

  // PUT v1/lead/importacao/clientes [{ where, _set }] -> { update_vendas_lead_participante_many }
  app.put(
    '/v1/lead/importacao/clientes',
    {
      config: { access: { resource: 'lead-import-participants', operation: 'update' } },
      ...docs(
        'Salva a seleção e as correções das linhas (update_vendas_lead_participante_many)',
        `${ROLE_DOC}, solicitante ou acima. Corpo: uma lista (ou { updates: [...] }) de até ${MAX_UPDATES} { where: { id?: { _eq: n } | { _in: [n, ...] }, id_importacao_evento?: { _eq: n } }, _set: { lead?, nome?, telefone?, cpf? } }, todas numa só transação (ou todas ou nenhuma). Por id: nome, telefone e CPF (com ou sem máscara) são conferidos (400 com o motivo de cada campo) e a linha é conferida e marcada de novo (cliente, restrição, duplicado); uma linha com problemas não pode ser selecionada ('Corrija os problemas da linha antes de selecioná-la.'), e uma linha que já virou lead não muda (409). Só com id_importacao_evento e _set { lead }: a importação inteira; lead true seleciona as linhas sem problema, sem lead criada, não duplicadas e sem restrição; lead false desmarca todas as que não têm lead. Resposta { update_vendas_lead_participante_many: [{ affected_rows, returning: [linhas] }] } (returning: até 1.000 linhas por update).`,
        { body: { type: ['array', 'object'], description: '[{ where, _set }] ou { updates }' } },
      ),
    },
    async (request) => {
      const { actor } = request;
      const results = await imports.updateRows(actor, parseUpdates(request.body));
      return { update_vendas_lead_participante_many: results };
    },
  );

  // POST v1/lead/importacao/mk { id_usuario?, lead?, id_importacao_evento } -> { criaLeadImportada }
  app.post(
    '/v1/lead/importacao/mk',
    {
      config: {
        access: [
          { resource: 'lead-import-participants', operation: 'update' },
          { resource: 'leads', operation: 'create' },
        ],
      },
      ...docs(
        'Cria as leads das linhas selecionadas (criaLeadImportada)',
        `${ROLE_DOC}, solicitante ou acima (e o direito de cadastrar leads). Corpo { id_importacao_evento, lead?: true | [ids das linhas], id_usuario? } (id_usuario é ignorado). Cria uma lead (origem importado, equipe interna, status novo, provedor, campanha e canal da importação, marca de cliente pelo CPF) por linha selecionada sem lead (ou pelas linhas da lista, que ficam selecionadas), numa transação com a importação travada: chamada duas vezes, ou repetida, não cria nada em dobro (a segunda responde 'Todas as leads selecionadas já foram criadas.'). Uma linha cuja pessoa virou lead do provedor depois da importação é marcada como duplicada e não é criada. Resposta { criaLeadImportada: { status: 'success', message: '<n> leads criadas.', criadas, ids } }; sem nenhuma linha selecionada, 400 { message: 'Nenhuma lead selecionada.', criaLeadImportada: { status: 'error', message } }; 404 para importação de outro provedor.`,
        { body: { type: 'object', description: '{ id_importacao_evento, lead?, id_usuario? }' } },
      ),
    },
    async (request, reply) => {
      const { actor } = request;
      const body = request.body;
      if (!isPlainObject(body)) throw new ValidationError({}, MSG.badRequest);
      refuseUnknownFields(body, ['id_importacao_evento', 'lead', 'id_usuario']);
      const importId = toId(body.id_importacao_evento, 'id_importacao_evento');
      let only: number[] | null = null;
      if (Array.isArray(body.lead) || isObject(body.lead)) only = toIds(body.lead, 'lead', { min: 1, max: 100_000 });
      else if (body.lead !== undefined && body.lead !== null && toBoolean(body.lead, 'lead') !== true) throw badField('lead', MSG.invalid);
      try {
        return { criaLeadImportada: await imports.createLeads(actor, importId, only) };
      } catch (e) {
        return refusal(reply, e, 'criaLeadImportada');
      }
    },
  );

  // POST v1/lead/importacao/{id}/desfazer -> { desfazLeadsImportadas }
  app.post(
    '/v1/lead/importacao/:id/desfazer',
    {
      config: { access: { resource: 'lead-import-participants', operation: 'update' } },
      ...docs(
        'Desfaz as leads criadas por uma importação (desfazLeadsImportadas)',
        `${ROLE_DOC}, solicitante ou acima (o direito de quem importa). Sem corpo. Exclui as leads que a importação criou enquanto nenhuma saiu do status novo nem tem vendedor; as linhas continuam selecionadas e podem gerar as leads de novo. Resposta { desfazLeadsImportadas: { status: 'success', message: '<n> leads removidas.', removidas } }; 409 { message } dizendo quantas já andaram no funil; 404 para importação de outro provedor.`,
        idParam('id'),
      ),
    },
    async (request, reply) => {
      const { actor } = request;
      try {
        const removed = await imports.undoLeads(actor, importIdOf(request, 'id'));
        return { desfazLeadsImportadas: { status: 'success', message: IMPORT_MSG.removed(removed), removidas: removed } };
      } catch (e) {
        return refusal(reply, e, 'desfazLeadsImportadas');
      }
    },
  );

  // GET v1/lead/importacao/modelo -> modelo_importacao_leads.xlsx
  app.get(
    '/v1/lead/importacao/modelo',
    {
      config: { access: { resource: 'lead-imports', operation: 'list' } },
      ...docs('Planilha modelo da importação de leads (modelo_importacao_leads.xlsx)', `${ROLE_DOC}, leitor ou acima. Um xlsx com o cabeçalho nome, cpf, telefone (colunas de CPF e telefone em formato texto), como anexo.`),
    },
    async (request, reply) => {
      request.actor;
      return reply.header('Content-Type', XLSX_TYPE).header('Content-Disposition', contentDisposition(TEMPLATE_NAME)).send(imports.templateFile());
    },
  );

  // GET v1/lead/importacao/{id}/relatorio -> relatorio_importacao_{id}.csv
  app.get(
    '/v1/lead/importacao/:id/relatorio',
    {
      config: { access: { resource: 'lead-imports', operation: 'get' } },
      ...docs(
        'Relatório das linhas de uma importação com problemas, duplicadas ou com restrição (CSV)',
        `${ROLE_DOC}, leitor ou acima. CSV separado por ; em UTF-8 com BOM, relatorio_importacao_<id>.csv, colunas Linha;Nome;Telefone;CPF;Campo;Motivo: uma linha por problema (CPF, telefone, nome), por duplicado (repetido no arquivo, com a primeira linha; já é lead do provedor, com o código) e por restrição de contato do cliente. 404 para importação de outro provedor.`,
        idParam('id'),
      ),
    },
    async (request, reply) => {
      const id = importIdOf(request, 'id');
      const rows = await imports.reportRows(request.actor, id);
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', contentDisposition(`relatorio_importacao_${id}.csv`))
        .send(toCsv([['Linha', 'Nome', 'Telefone', 'CPF', 'Campo', 'Motivo'], ...rows]));
    },
  );
};

/** A refused call of the spec's status-and-message kind: the error's status, { message, errors?, [name]: { status: 'error', message } }. */
function refusal(reply: FastifyReply, e: unknown, name: string) {
  if (!(e instanceof HttpError) && !(e instanceof ValidationError)) throw e;
  const status = e instanceof HttpError ? e.statusCode : 400;
  const errors = e.errors;
  return reply.code(status).send({ message: e.message, ...(errors ? { errors } : {}), [name]: { status: 'error', message: e.message } });
}

export default leadImportRoutes;
