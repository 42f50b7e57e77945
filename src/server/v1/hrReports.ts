// The HR reports (issue 18; the screens at /reports/...), one call for all of them:
//
//   GET /v1/rh/relatorios                 -> { relatorios: [{ relatorio, titulo, filtros }] }
//   GET /v1/rh/relatorios/{relatorio}?id_empresa&id_departamento&inicio&fim&mes&ano&situacao&tipo&genero
//                                        &ordem&direcao&pagina&por_pagina
//       -> { relatorio, titulo, filtros, valores, colunas, linhas, total, pagina, por_pagina, ordem, direcao, totais, grafico }
//
// Rights: any role of the rh area (leitor and up; the superadmin), within the caller's providers
// (the superadmin: all). A filter the report does not read, or a bad value, is 400 with a pt-BR
// message on its field.
import { notFound } from '../errors.js';
import { FILTER_LABELS } from '../hrReports/filters.js';
import { REPORTS } from '../hrReports/reports.js';
import { runReport } from '../hrReports/service.js';
import type { V1Module } from './index.js';

const ROLE_DOC = 'Cabeçalho X-Intranet-Role: um papel da área rh (leitor ou acima) ou users:superadmin';

const hrReportRoutes: V1Module = async (app, { db, config }) => {
  const maxRows = config.listMaxRows ?? 10_000;

  app.get(
    '/v1/rh/relatorios',
    {
      config: { access: { module: 'rh', right: 'read' } },
      schema: {
        tags: ['Relatórios de RH'],
        summary: 'Os relatórios de RH e seus filtros',
        description: `${ROLE_DOC}. Resposta { relatorios: [{ relatorio, titulo, filtros }] }.`,
        security: [{ bearerAuth: [] }],
      },
    },
    async (request) => {
      return { relatorios: REPORTS.map((r) => ({ relatorio: r.key, titulo: r.titulo, filtros: r.filtros })) };
    },
  );

  app.get(
    '/v1/rh/relatorios/:relatorio',
    {
      config: { access: { module: 'rh', right: 'read' } },
      schema: {
        tags: ['Relatórios de RH'],
        summary: 'Um relatório de RH: linhas (uma página), totais e gráfico',
        description:
          `${ROLE_DOC}. relatorio: ${REPORTS.map((r) => `${r.key} (${r.titulo})`).join(', ')}. ` +
          `Filtros na query (cada relatório lê os seus; outro é 400 'Filtro desconhecido'): ${Object.entries(FILTER_LABELS)
            .map(([k, v]) => `${k} (${v})`)
            .join(', ')}; inicio e fim AAAA-MM-DD ou DD/MM/AAAA; mes 1 a 12; situacao ativos, inativos ou todos; ` +
          `ordem (uma coluna), direcao (asc ou desc), pagina (a partir de 1), por_pagina (1 a 500, ou todos: até ${maxRows} linhas). ` +
          'Só os funcionários dos provedores do usuário (o superadmin: todos). Idades e tempo de empresa em anos de 365,25 dias, até hoje no calendário de São Paulo.',
        security: [{ bearerAuth: [] }],
        params: { type: 'object', properties: { relatorio: { type: 'string', maxLength: 40 } }, required: ['relatorio'] },
      },
    },
    async (request) => {
      const answer = await runReport(db, (request.params as { relatorio: string }).relatorio, request.query, request.actor, maxRows);
      if (!answer) throw notFound();
      return answer;
    },
  );
};

export default hrReportRoutes;
