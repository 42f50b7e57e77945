// The home page '/' (issue 31): GET /v1/inicio answers, for the signed-in user, the blocks of their
// home at once (src/server/home/service.ts assembles them from the news, onboarding, incidents and
// HR report services, each within what the user may see).
import { requireUser } from '../auth/access.js';
import { HomeService } from '../home/service.js';
import type { V1Module } from './index.js';

const text = { type: 'string' };
const nullableText = { type: 'string', nullable: true };

const PERSON = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'nome', 'dia', 'provedor', 'departamento'],
  properties: { id: text, nome: text, dia: { type: 'integer', minimum: 1, maximum: 31 }, provedor: text, departamento: nullableText },
};

const HOME_RESPONSE = {
  type: 'object',
  additionalProperties: false,
  required: ['nome', 'hoje', 'novidades', 'leituras_pendentes', 'pendencias', 'onboarding', 'aniversariantes', 'tempo_de_casa'],
  properties: {
    nome: text,
    hoje: { type: 'string', format: 'date' },
    novidades: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'titulo', 'resumo', 'provedor_nome', 'importante', 'requer_lido', 'lido_em', 'created_at', 'link'],
        properties: {
          id: { type: 'integer' },
          titulo: text,
          resumo: text,
          provedor_nome: text,
          categoria_titulo: nullableText,
          categoria_color: nullableText,
          imagem_capa_data: nullableText,
          importante: { type: 'boolean' },
          requer_lido: { type: 'boolean' },
          lido_em: { type: 'string', format: 'date-time', nullable: true },
          created_at: { type: 'string', format: 'date-time' },
          link: text,
        },
      },
    },
    leituras_pendentes: { type: 'integer', minimum: 0 },
    pendencias: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['tipo', 'titulo', 'detalhe', 'link'],
        properties: {
          tipo: { type: 'string', enum: ['leitura', 'onboarding', 'incidente_atribuido', 'incidente_aberto'] },
          titulo: text,
          detalhe: text,
          link: text,
        },
      },
    },
    onboarding: { type: 'boolean' },
    aniversariantes: { type: 'array', items: PERSON },
    tempo_de_casa: {
      type: 'array',
      items: { ...PERSON, required: [...PERSON.required, 'anos'], properties: { ...PERSON.properties, anos: { type: 'integer', minimum: 1 } } },
    },
  },
};

const homeRoutes: V1Module = async (app, { db, service }) => {
  const home = new HomeService(db, service);

  app.get(
    '/v1/inicio',
    {
      config: { access: { module: 'rh', right: 'user' } },
      schema: {
        tags: ['Início'],
        summary: 'A página inicial do usuário conectado',
        description:
          'Qualquer usuário conectado. As novidades que ele pode ler (as de leitura obrigatória ainda não confirmadas primeiro, com lido_em), ' +
          'as pendências dele (leituras obrigatórias, onboardings não concluídos, incidentes abertos que relatou ou cuja categoria gerencia), ' +
          'se tem onboarding, e os aniversariantes e aniversários de empresa do mês (dia, provedor e departamento; sem ano de nascimento) ' +
          'dos provedores dele (o superadmin: todos; candidatos: nenhum). Mês e dia no calendário de São Paulo.',
        security: [{ bearerAuth: [] }],
        response: { 200: HOME_RESPONSE },
      },
    },
    async (request) => home.home(requireUser(request)),
  );
};

export default homeRoutes;
