// v1 calls of the campaign results and their report (marketing document, section 7 "Campaign results
// and reports"), thin over src/server/results/service.ts:
//
//   POST /v1/leads/relatorio/listar/resultado/campanha      { filtro: { id? | id_campanha?, id_empresa?, id_canal? } } -> { vendas_campanha_resultado }
//   PUT  /v1/lead/resultado/campanha/{id}                   { object } or the fields  -> { update_vendas_campanha_resultado_by_pk }
//   POST /v1/vendas/campanha/resultado/insert               { object } or the fields  -> { insert_vendas_campanha_resultado_one }
//   GET  /v1/leads/resultado/campanha/canal/{channelId}     the channel's results      -> { vendas_campanha_resultado }
//   GET  /v1/leads/relatorio/resultado/campanha/sintetico[/{id_empresa}]                -> { periodos, anterior }
//   GET  /v1/leads/relatorio/resultado/campanha/semanal/consolidado/v2[/{id_empresa}]   -> { periodos, anterior, empresas? }
//   POST /v1/leads/relatorio/resultado/campanha/semanal/detalhado/v2          { canal }           -> { canal, periodos, anterior }
//   POST /v1/leads/relatorio/resultado/campanha/semanal/detalhado/v2/empresa  { canal, empresa }  -> { canal, periodos, anterior }
//
// Rights are the schema's (schemas/vendas/campaign-results.json: the marketing or vendas area, as
// the role header says; leitor reads, solicitante and up write) within the caller's providers.
// Bodies are strict: a field a call does not read is refused (400, 'Campo não permitido').
import type { FastifyRequest } from 'fastify';
import { MSG } from '../../domain/messages.js';
import { badField, filterOf, isObject, toId } from './helpers/payload.js';
import { RESULT_MSG } from '../results/messages.js';
import { REPORT_MONTHS, REPORT_WEEKS, resultsService, WRITE_FIELDS } from '../results/service.js';
import { ValidationError } from '../schemas/validation.js';
import { refuseUnknownFields, type V1Module } from './index.js';

const ROLE_DOC = 'Cabeçalho X-Intranet-Role: um papel da área marketing ou vendas';
export const REPORT_BASE = '/v1/leads/relatorio/resultado/campanha';
const MAX_CHANNEL_NAME = 120;

const docs = (summary: string, description: string, extra: Record<string, unknown> = {}) => ({
  schema: { tags: ['Resultados de campanha'], summary, description, security: [{ bearerAuth: [] }], ...extra },
});
const idParam = (name: string) => ({ params: { type: 'object', properties: { [name]: { type: 'string', maxLength: 20 } } } });
const PERIOD_DOC =
  'Cada período: { chave (AAAA-MM ou a segunda-feira da semana), rotulo (Novembro/2026 ou 23/11 a 29/11), periodo_inicio, periodo_fim, valor_investido, total_impressoes, total_cliques, conversas_iniciadas, total_leads, total_vendas, faturamento, ticket_medio, custo_por_clique, custo_por_leads, custo_por_venda, roas, ctr, txc1, txc2 } (as razões são null quando o divisor é 0). Um resultado conta no mês ou semana (segunda a domingo, horário de São Paulo) do seu periodo_inicio; leads, vendas (status venda) e faturamento (valor_venda delas) são as leads do funil criadas no período de cada provedor, campanha e canal com resultado no período, cada lead uma vez.';
const WRITE_DOC =
  'Campos: id_empresa, id_campanha, id_canal, periodo_inicio e periodo_fim (AAAA-MM-DD ou DD/MM/AAAA; ou periodo: "01/11/2026 a 30/11/2026", [inicio, fim] ou { inicio, fim }), impressoes, cliques, conversas_iniciadas (inteiros até 1.000.000, também "1.234"), investimento (número ou texto pt-BR "R$ 1.234,56", até 1.000.000: "valor com formato inválido" com mais de uma vírgula, "não é um número válido" quando não é número); id_usuario e id_usuario_updater são ignorados (o autor é quem chama). Valores vazios ficam de fora.';

const resultRoutes: V1Module = async (app, { db, service }) => {
  const results = resultsService(db, service);
  const providerOf = (request: FastifyRequest) => (request.params as { id_empresa?: string }).id_empresa;

  app.post(
    '/v1/leads/relatorio/listar/resultado/campanha',
    {
      config: { access: { resource: 'campaign-results', operation: 'list' } },
      ...docs(
        'Lista de resultados de campanha (vendas_campanha_resultado)',
        `${ROLE_DOC}, leitor ou acima. Corpo { filtro: { id?, id_campanha?, id_empresa?, id_canal? } } (também { where } ou os campos; cada um um valor, [valores], { _eq } ou { _in }). Resposta { vendas_campanha_resultado: [{ id, periodo ('01/11/2026 a 30/11/2026'), periodo_inicio, periodo_fim, id_empresa, provedor, id_campanha, campanha, id_canal, canal, id_usuario, id_usuario_updater, impressoes, cliques, total_impressoes, total_cliques, total_leads, total_vendas, faturamento, investimento, conversas_iniciadas, created_at, updated_at }] }, os períodos mais recentes primeiro, só dos provedores do usuário; total_leads, total_vendas e faturamento são as leads do funil do mesmo provedor, campanha e canal criadas no período.`,
        { body: { type: 'object', description: '{ filtro: { id } } ou { filtro: { id_campanha } }' } },
      ),
    },
    async (request) => {
      const { actor } = request;
      const body: unknown = request.body ?? {};
      const wrapped = isObject(body) && ('filtro' in body || 'where' in body);
      if (wrapped) refuseUnknownFields(body, ['filtro', 'where']);
      if (!isObject(body)) throw new ValidationError({}, MSG.badRequest);
      const source = wrapped ? filterOf(body) : body;
      const filter: Record<string, unknown> = {};
      for (const [field, value] of Object.entries(source)) {
        if (!['id', 'id_campanha', 'id_empresa', 'id_canal'].includes(field)) throw badField(field, MSG.unknownFilter(field));
        if (value === undefined || value === null) continue;
        let v: unknown = value;
        if (isObject(value)) {
          const ops = Object.keys(value);
          if (ops.length !== 1 || (ops[0] !== '_eq' && ops[0] !== '_in')) throw badField(field, MSG.invalid);
          v = value[ops[0]];
        }
        filter[field] = Array.isArray(v) ? v.map((x) => toId(x, field)) : toId(v, field);
      }
      return { vendas_campanha_resultado: await results.list(actor, filter) };
    },
  );

  app.put(
    '/v1/lead/resultado/campanha/:id',
    {
      config: { access: { resource: 'campaign-results', operation: 'update' } },
      ...docs(
        'Edita um resultado de campanha (update_vendas_campanha_resultado_by_pk)',
        `${ROLE_DOC}, solicitante ou acima, no provedor do resultado. Corpo { object } (ou { _set }, ou os campos) com os campos a mudar. ${WRITE_DOC} Um campo opcional vazio é apagado. Resposta { update_vendas_campanha_resultado_by_pk: <resultado como na lista> }; a tela mostra 'Resultado editado com sucesso!'. 404 para resultado de outro provedor; 400 { message, errors } com as mensagens da especificação ('O número máximo de impressões é 1.000.000', ...).`,
        { ...idParam('id'), body: { type: 'object', description: '{ object }' } },
      ),
    },
    async (request) => {
      const { actor } = request;
      return { update_vendas_campanha_resultado_by_pk: await results.update(actor, (request.params as { id: string }).id, request.body) };
    },
  );

  app.post(
    '/v1/vendas/campanha/resultado/insert',
    {
      config: { access: { resource: 'campaign-results', operation: 'create' } },
      ...docs(
        'Cadastra um resultado de campanha (insert_vendas_campanha_resultado_one)',
        `${ROLE_DOC}, solicitante ou acima, no provedor. Corpo { object } (ou { objects: [um] }, ou os campos). ${WRITE_DOC} Provedor, campanha, período e canal são obrigatórios: sem eles 400 'Preencha os seguintes campos obrigatórios: Provedor, Campanha, Período, Canal' (os que faltam), com 'Campo obrigatório' em cada um. Resposta { insert_vendas_campanha_resultado_one: <resultado como na lista> }; a tela mostra 'Resultado de campanha cadastrado com sucesso!'.`,
        { body: { type: 'object', description: '{ object }' } },
      ),
    },
    async (request) => {
      const { actor } = request;
      let body = request.body;
      if (isObject(body) && 'objects' in body) {
        refuseUnknownFields(body, ['objects']);
        if (!Array.isArray(body.objects) || body.objects.length !== 1) throw new ValidationError({ objects: MSG.maxItems(1) }, MSG.badRequest);
        body = body.objects[0];
      }
      return { insert_vendas_campanha_resultado_one: await results.insert(actor, body) };
    },
  );

  app.get(
    '/v1/leads/resultado/campanha/canal/:channelId',
    {
      config: { access: { resource: 'campaign-results', operation: 'list' } },
      ...docs(
        'Resultados de campanha de um canal (vendas_campanha_resultado)',
        `${ROLE_DOC}, leitor ou acima. Sem corpo. Resposta { vendas_campanha_resultado: [resultados do canal, como na lista] }, só dos provedores do usuário; 404 '${RESULT_MSG.channelNotFound}' quando o canal não existe.`,
        idParam('channelId'),
      ),
    },
    async (request) => {
      const { actor } = request;
      return { vendas_campanha_resultado: await results.byChannel(actor, (request.params as { channelId: string }).channelId) };
    },
  );

  const provider = { params: { type: 'object', properties: { id_empresa: { type: 'string', maxLength: 20 } } } };
  const reportRights = { config: { access: { resource: 'campaign-results', operation: 'list' } } } as const;
  const synthetic = {
    ...reportRights,
    ...docs(
      'Relatório SINTÉTICO de resultados de campanha',
      `${ROLE_DOC}, leitor ou acima. O mês atual e os ${REPORT_MONTHS - 1} anteriores (horário de São Paulo), do mais antigo ao atual, de todos os provedores do usuário ou do provedor do caminho (404 '${RESULT_MSG.providerNotFound}' para um provedor que o usuário não vê). Resposta { periodos: [${REPORT_MONTHS}], anterior: o mês antes do primeiro (para a comparação da primeira coluna) }. ${PERIOD_DOC}`,
      provider,
    ),
  };
  const syntheticRoute = async (request: FastifyRequest) => results.synthetic(request.actor, providerOf(request));
  app.get(`${REPORT_BASE}/sintetico`, synthetic, syntheticRoute);
  app.get(`${REPORT_BASE}/sintetico/:id_empresa`, synthetic, syntheticRoute);

  const consolidated = {
    ...reportRights,
    ...docs(
      'Relatório SEMANAL CONSOLIDADO de resultados de campanha',
      `${ROLE_DOC}, leitor ou acima. A semana atual e as ${REPORT_WEEKS - 1} anteriores (segunda a domingo, horário de São Paulo), da mais antiga à atual, de todos os provedores do usuário ou do provedor do caminho (404 para um provedor que o usuário não vê). Resposta { periodos: [${REPORT_WEEKS}], anterior, empresas?: [{ id_empresa, empresa, periodos: [${REPORT_WEEKS}] }] }: sem provedor, empresas traz as semanas de cada provedor com resultados nelas (o CTR de cada empresa, em percentual). ${PERIOD_DOC}`,
      provider,
    ),
  };
  const consolidatedRoute = async (request: FastifyRequest) => results.weeklyConsolidated(request.actor, providerOf(request));
  app.get(`${REPORT_BASE}/semanal/consolidado/v2`, consolidated, consolidatedRoute);
  app.get(`${REPORT_BASE}/semanal/consolidado/v2/:id_empresa`, consolidated, consolidatedRoute);

  /** The detailed report's body: { canal: name } (and { empresa: id } for the provider's). */
  const channelBody = (body: unknown, withProvider: boolean) => {
    if (!isObject(body)) throw new ValidationError({ canal: MSG.required }, RESULT_MSG.channelRequired);
    refuseUnknownFields(body, withProvider ? ['canal', 'empresa'] : ['canal']);
    const canal = body.canal;
    if (typeof canal !== 'string' || !canal.trim()) throw new ValidationError({ canal: MSG.required }, RESULT_MSG.channelRequired);
    if (canal.length > MAX_CHANNEL_NAME) throw new ValidationError({ canal: MSG.maxLength(MAX_CHANNEL_NAME) });
    if (!withProvider) return { canal: canal.trim() };
    if (body.empresa === undefined || body.empresa === null || body.empresa === '') throw new ValidationError({ empresa: MSG.required });
    return { canal: canal.trim(), empresa: toId(body.empresa, 'empresa') };
  };
  app.post(
    `${REPORT_BASE}/semanal/detalhado/v2`,
    {
      config: { access: { resource: 'campaign-results', operation: 'list' } },
      ...docs(
        'Relatório SEMANAL DETALHADO de resultados de campanha, por canal',
        `${ROLE_DOC}, leitor ou acima. Corpo { canal: nome do canal } ('Facebook', 'Google'; sem diferença de maiúsculas e acentos; um nome que nenhum canal tem dá períodos zerados). As ${REPORT_WEEKS} semanas, de todos os provedores do usuário, só dos resultados desse canal. Resposta { canal, periodos: [${REPORT_WEEKS}], anterior }. ${PERIOD_DOC}`,
        { body: { type: 'object', description: '{ canal }' } },
      ),
    },
    async (request) => {
      const { actor } = request;
      const { canal } = channelBody(request.body, false);
      return results.weeklyByChannel(actor, canal);
    },
  );
  app.post(
    `${REPORT_BASE}/semanal/detalhado/v2/empresa`,
    {
      config: { access: { resource: 'campaign-results', operation: 'list' } },
      ...docs(
        'Relatório SEMANAL DETALHADO de resultados de campanha, por canal e provedor',
        `${ROLE_DOC}, leitor ou acima. Corpo { canal: nome do canal, empresa: id do provedor } (404 para um provedor que o usuário não vê). Resposta { canal, periodos: [${REPORT_WEEKS}], anterior }. ${PERIOD_DOC}`,
        { body: { type: 'object', description: '{ canal, empresa }' } },
      ),
    },
    async (request) => {
      const { actor } = request;
      const { canal, empresa } = channelBody(request.body, true);
      return results.weeklyByChannel(actor, canal, empresa);
    },
  );
};

export const RESULT_WRITE_FIELDS = WRITE_FIELDS;
export default resultRoutes;
