// The supplies area's read-only calls (issue 34), for its home, dashboard, lookup and the squads'
// values (custom-pages/supplies); the registers themselves are the engine's (schemas/suprimentos/*.json)
// and their moves ledger.ts's. Any role of the suprimentos area (leitor and up; the superadmin), over the
// caller's providers (the superadmin: all), optionally one of them (?empresa=):
//   GET v1/suprimentos/localizar/{codigo}   the unit(s) whose patrimônio or serial is the code (any case),
//                                           where each is now and its movements newest first: { itens }; 404 when none
//   GET v1/suprimentos/painel               the home's and dashboard's figures (src/server/supplies/dashboard.ts)
//   GET v1/suprimentos/equipes/valores      per squad, per product, what it holds and its value, with totals
import { businessDate } from '../../domain/communicationDates.js';
import { dashboard, locate, MAX_CODE_LENGTH, squadValues } from '../supplies/dashboard.js';
import type { V1Module } from './index.js';

const ID = { type: 'integer', minimum: 1, maximum: 2_147_483_647 };
const PROVIDER_QUERY = { type: 'object', properties: { empresa: ID }, additionalProperties: false };
const ACCESS = { module: 'suprimentos', right: 'read' } as const;
const ROLE_DOC = 'Cabeçalho X-Intranet-Role: um papel da área suprimentos (leitor ou acima) ou users:superadmin. Só os provedores do usuário (o superadmin: todos); ?empresa= restringe a um deles';
const TAGS = ['Suprimentos'];

const suppliesReadRoutes: V1Module = async (app, { db }) => {
  const now = () => app.communication.now();

  app.get(
    '/v1/suprimentos/localizar/:codigo',
    {
      config: { access: ACCESS },
      schema: {
        tags: TAGS,
        summary: 'Onde está o equipamento: as unidades com este patrimônio ou serial e o histórico de cada uma',
        description:
          `${ROLE_DOC}. O código é comparado sem distinção de maiúsculas e sem os espaços das pontas, ao patrimônio e ao serial. ` +
          'Resposta { itens: [{ id, id_empresa, empresa, id_produto, produto, tipo, patrimonio, serial, local, local_label, id_equipe, equipe, ' +
          'cliente_sistema, cliente_codigo, cliente_nome, os, atualizado_em, valor, historico: [{ id, tipo, tipo_label, data, quantidade, origem_local, ' +
          'origem_equipe, origem_equipe_nome, destino_local, destino_equipe, destino_equipe_nome, cliente_sistema, cliente_codigo, os, registro_tabela, ' +
          "registro_id, usuario }] }] } (histórico do mais recente ao mais antigo); 404 'Nenhum equipamento com o patrimônio ou serial X neste provedor.'",
        security: [{ bearerAuth: [] }],
        params: { type: 'object', properties: { codigo: { type: 'string', minLength: 1, maxLength: MAX_CODE_LENGTH } }, required: ['codigo'] },
        querystring: PROVIDER_QUERY,
      },
    },
    async (request) => {
      const { codigo } = request.params as { codigo: string };
      const { empresa } = request.query as { empresa?: number };
      return locate(db, request.actor, codigo, empresa);
    },
  );

  app.get(
    '/v1/suprimentos/painel',
    {
      config: { access: ACCESS },
      schema: {
        tags: TAGS,
        summary: 'Os números de suprimentos: unidades por local e por produto, saldos, retiradas pendentes e atrasadas, manutenções abertas, equipes e movimentos de 30 dias',
        description:
          `${ROLE_DOC}. Resposta { hoje, desde, unidades: { almoxarifado, equipe, cliente, manutencao, baixado, extraviado, total }, ` +
          'produtos: [{ id_produto, produto, tipo, controle, unidade, valor, locais, total }], retiradas: { pendentes, atrasadas }, manutencoes_abertas, ' +
          'equipes: [{ id, nome, id_empresa, empresa, unidades, quantidade, valor }], movimentos: [{ tipo, tipo_label, movimentos, quantidade }], empresas }. ' +
          'Atrasada: retirada pendente com data prevista antes de hoje (calendário de São Paulo).',
        security: [{ bearerAuth: [] }],
        querystring: PROVIDER_QUERY,
      },
    },
    async (request) => {
      const { empresa } = request.query as { empresa?: number };
      const at = now();
      return dashboard(db, request.actor, businessDate(at), at, empresa);
    },
  );

  app.get(
    '/v1/suprimentos/equipes/valores',
    {
      config: { access: ACCESS },
      schema: {
        tags: TAGS,
        summary: 'Valores das equipes: por equipe e produto, a quantidade em poder da equipe e o seu valor (quantidade × valor do produto), com totais',
        description:
          `${ROLE_DOC}. Resposta { equipes: [{ id, nome, id_empresa, empresa, ativo, itens: [{ id_produto, produto, tipo, controle, unidade, quantidade, ` +
          'unidades, valor_unitario, valor }], quantidade, valor }], total: { quantidade, valor } }. As equipes ativas, e as inativas que ainda têm algo.',
        security: [{ bearerAuth: [] }],
        querystring: PROVIDER_QUERY,
      },
    },
    async (request) => {
      const { empresa } = request.query as { empresa?: number };
      return squadValues(db, request.actor, empresa);
    },
  );
};

export default suppliesReadRoutes;
