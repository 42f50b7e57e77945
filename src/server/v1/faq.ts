// The FAQ and the employee handbook's reading calls (issue 18). The registers (questions, sections and
// their categories) are the engine's: /api/faq, /api/faq-categories, /api/employee-handbook,
// /api/employee-handbook-categories (schemas/conteudo/). These answer the reading screens:
//   GET /v1/public/faq?busca=   no sign-in, throttled per address: the published questions marked
//                               'Visível sem login', by category, searched word by word
//   GET /v1/faq?busca=          signed in: staff read every published question of their providers and
//                               of all providers, HR writers (rh edit) the unpublished ones too; a
//                               candidate reads what visitors read
//   GET /v1/manual              signed-in staff: the handbook's active sections of their providers
import type { FastifyRequest } from 'fastify';
import { FAQ_MSG, MAX_SEARCH_LENGTH } from '../../domain/faq.js';
import { isStaffMember, isSuperadmin } from '../../domain/roles.js';
import { allows, forbidden, requireUser } from '../auth/access.js';
import { readFaq, readHandbook, type FaqReader } from '../faq/service.js';
import type { V1Module } from './index.js';

const SEARCH_QUERY = {
  type: 'object',
  additionalProperties: false,
  properties: { busca: { type: 'string', maxLength: MAX_SEARCH_LENGTH } },
} as const;

const CATEGORY_LIST = {
  type: 'object',
  properties: {
    categorias: { type: 'array', items: { type: 'object', additionalProperties: true } },
    total: { type: 'integer' },
    palavras: { type: 'array', items: { type: 'string' } },
  },
} as const;

// eslint-disable-next-line no-control-regex
const cleanSearch = (busca: string | undefined) => (busca ?? '').replace(/[\u0000-\u001f]/g, ' ').trim();

const faqRoutes: V1Module = async (app, { db, config }) => {
  const readsPerMinute = Math.max(1, Number((config as Record<string, unknown>).faqReadsPerMinute) || 120);

  app.get<{ Querystring: { busca?: string } }>(
    '/v1/public/faq',
    {
      schema: {
        tags: ['FAQ'],
        summary: 'As perguntas frequentes publicadas para visitantes, por categoria',
        description: `Sem login; no máximo ${readsPerMinute} consultas por minuto de cada endereço (429 depois). busca: palavras (todas precisam aparecer na pergunta, na resposta ou na categoria; sem diferença de acentos e maiúsculas).`,
        security: [],
        querystring: SEARCH_QUERY,
        response: { 200: CATEGORY_LIST },
      },
      config: { public: true, throttle: { kind: 'faq:leitura', limit: readsPerMinute, windowSeconds: 60, message: FAQ_MSG.tooMany } },
    },
    async (request) => {
      return readFaq(db, { kind: 'public' }, cleanSearch(request.query.busca));
    },
  );

  /** What a signed-in user reads: staff their providers' questions (writers the unpublished too), others the public ones. */
  const readerOf = (request: FastifyRequest): FaqReader => {
    const user = requireUser(request);
    const superadmin = isSuperadmin(user.roles);
    if (!superadmin && !isStaffMember(user.roles, user.employee)) return { kind: 'public' };
    return { kind: 'staff', providerIds: superadmin ? null : user.providerIds, writer: allows(request, 'rh', 'edit') };
  };

  app.get<{ Querystring: { busca?: string } }>(
    '/v1/faq',
    {
      config: { access: { module: 'rh', right: 'user' } },
      schema: {
        tags: ['FAQ'],
        summary: 'As perguntas frequentes que o usuário lê, por categoria',
        description:
          'Colaboradores: as publicadas dos seus provedores e as de todos os provedores; quem edita no RH também as não publicadas (publicada: false). Candidatos: as mesmas dos visitantes. busca como na chamada pública.',
        security: [{ bearerAuth: [] }],
        querystring: SEARCH_QUERY,
        response: { 200: CATEGORY_LIST },
      },
    },
    async (request) => readFaq(db, readerOf(request), cleanSearch(request.query.busca)),
  );

  app.get(
    '/v1/manual',
    {
      config: { access: { module: 'rh', right: 'user' } },
      schema: {
        tags: ['Manual do colaborador'],
        summary: 'O manual do colaborador: as seções ativas, por categoria',
        description: 'Para os colaboradores (e quem tem um papel de módulo): as seções dos seus provedores e as de todos os provedores.',
        security: [{ bearerAuth: [] }],
        response: { 200: { type: 'object', properties: { categorias: { type: 'array', items: { type: 'object', additionalProperties: true } }, total: { type: 'integer' } } } },
      },
    },
    async (request) => {
      const user = requireUser(request);
      if (isSuperadmin(user.roles)) return readHandbook(db, null);
      if (!isStaffMember(user.roles, user.employee)) throw forbidden();
      return readHandbook(db, user.providerIds);
    },
  );
};

export default faqRoutes;
