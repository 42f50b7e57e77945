// v1 calls of the blocking rules (HR/sales document, "Blocking rules": /blocking-rules simulation/{id})
// and the write rules of the rules and their exception criteria (src/server/blocking/hooks.ts). The
// registers themselves are the generic REST API of schemas/bloqueio (/api/blocking-rules,
// /api/blocking-exception-criteria); here only the simulation, which reads the customers through
// the ERP boundary (src/server/customers):
//   GET /v1/bloqueio/regras/{id}/simulacao?limit=&offset=  the totals per city and a page of customers
//   GET /v1/bloqueio/regras/{id}/simulacao.csv              every customer, as a CSV file
// Who may call: the blocking rules' get right (a role of regua_comunicacao or vendas, leitor and up,
// with the area's role header; or the superadmin), within their providers: another provider's rule,
// or a malformed id, is 404 as the resource API answers.
import type { FastifyRequest } from 'fastify';
import { registerBlockingHooks } from '../blocking/hooks.js';
import { csvFileName, simulate, simulationContext, simulationCsv } from '../blocking/simulation.js';
import { customerDirectoryFor } from '../customers/index.js';
import { toInt } from './helpers/payload.js';
import { refuseUnknownFields, type V1Module } from './index.js';

const ROLE_DOC = 'Cabeçalho X-Intranet-Role: um papel da área regua_comunicacao ou vendas (leitor ou acima), ou o superadmin';
const RULE_DOC =
  'Clientes do provedor da regra com dias_atraso (o valor que o ERP guarda hoje) maior ou igual aos dias de atraso da regra, menos os cancelados (não são bloqueados de novo) e os que um critério de exceção ATIVO da regra poupa: plano, bairro e cidade iguais ao valor sem diferenciar maiúsculas nem acentos; cliente (cod_cliente) e situação (ativo, suspenso, cancelado) exatamente. Uma regra inativa também pode ser simulada (regra.ativo diz). Regra de outro provedor ou id malformado: 404.';

export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 500;

const docs = (summary: string, description: string, extra: Record<string, unknown> = {}) => ({
  schema: { tags: ['Regras de bloqueio'], summary, description, security: [{ bearerAuth: [] }], ...extra },
});
const idParam = { params: { type: 'object', properties: { id: { type: 'string', maxLength: 20 } } } };

const idOf = (request: FastifyRequest) => (request.params as { id: string }).id;

const blockingRoutes: V1Module = async (app, { db, service }) => {
  const directory = customerDirectoryFor(db);
  registerBlockingHooks(service, directory);

  // GET v1/bloqueio/regras/{id}/simulacao -> { regra, criterios, total, por_cidade, clientes, limit, offset }
  app.get(
    '/v1/bloqueio/regras/:id/simulacao',
    {
      config: { access: { resource: 'blocking-rules', operation: 'get' } },
      ...docs(
        'Simulação de uma regra de bloqueio',
        `${ROLE_DOC}. ${RULE_DOC} Query: limit (padrão ${DEFAULT_LIMIT}, máximo ${MAX_LIMIT}) e offset dos clientes. Resposta { regra: { id, nome, provedor, provedor_nome, dias_atraso, ativo }, criterios: [{ id, tipo, valor, descricao }] (os ativos, aplicados), total, por_cidade: [{ cidade, uf, total }] (mais clientes primeiro), clientes: [{ cod_cliente, nome_razaosocial, cpf, cnpj, cidade, uf, bairro, plano, situacao, dias_atraso }] (mais dias de atraso primeiro, depois por nome), limit, offset }.`,
        idParam,
      ),
    },
    async (request) => {
      const { actor } = request;
      const query = (request.query ?? {}) as Record<string, unknown>;
      refuseUnknownFields(query, ['limit', 'offset']);
      const limit = toInt(query.limit, 'limit', { min: 1, max: MAX_LIMIT, fallback: DEFAULT_LIMIT });
      const offset = toInt(query.offset, 'offset', { min: 0, max: 10_000_000, fallback: 0 });
      const ctx = await simulationContext(service, db, idOf(request), actor);
      const result = await simulate(directory, ctx, { limit, offset });
      return { regra: ctx.regra, criterios: ctx.criterios, ...result, limit, offset };
    },
  );

  // GET v1/bloqueio/regras/{id}/simulacao.csv -> text/csv (simulacao-bloqueio-<id>-<YYYY-MM-DD>.csv)
  app.get(
    '/v1/bloqueio/regras/:id/simulacao.csv',
    {
      config: { access: { resource: 'blocking-rules', operation: 'get' } },
      ...docs(
        'Simulação de uma regra de bloqueio em CSV',
        `${ROLE_DOC}. ${RULE_DOC} Todos os clientes da simulação (sem limite: o arquivo é enviado aos poucos), na ordem da simulação, num CSV UTF-8 com BOM, separado por ';', com os cabeçalhos Código do cliente; Nome/Razão social; CPF/CNPJ; Cidade; UF; Bairro; Plano; Situação; Dias de atraso. Nome do arquivo simulacao-bloqueio-<id>-<AAAA-MM-DD>.csv (a data de hoje em Brasília).`,
        idParam,
      ),
    },
    async (request, reply) => {
      const { actor } = request;
      refuseUnknownFields(request.query ?? {}, []);
      const ctx = await simulationContext(service, db, idOf(request), actor);
      const body = await simulationCsv(directory, ctx.query);
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${csvFileName(ctx.regra.id)}"`)
        .header('Cache-Control', 'no-store')
        .send(body);
    },
  );
};

export default blockingRoutes;
