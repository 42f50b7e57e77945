// News (issue 18): the reader side of the news register (schemas/rh/news.json), for any signed-in
// user who may read the item (src/server/news/service.ts says who):
//   GET  /v1/novidades?categoria=&q=&offset=&limit=   the feed (important items first) and the categories
//   GET  /v1/novidades/{id}                          the reading page's item, its reactions and the reader's confirmation
//   POST /v1/novidades/{id}/reacao { reacao }        records, switches or (the same again) removes the reader's reaction
//   POST /v1/novidades/{id}/leitura                  confirms the reading of an item that requires it (once)
//   GET  /v1/novidades/{id}/leituras                 who read it, the audience and how many have not: rh readers and up
// Writing items is the register's (REST /api/news, GraphQL): the rh area's edit right. The read-confirm
// report reads NewsService.readers() (new NewsService(db, service).readers(actor, id)) or the last call.
import { NEWS_REACTION_KEYS } from '../../domain/news.js';
import { allows, requireUser, type Caller } from '../auth/access.js';
import { NewsService, type Reader } from '../news/service.js';
import type { V1Module } from './index.js';

const ID = { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1, maximum: 2147483647 } } };
const TAGS = ['Novidades'];

const newsRoutes: V1Module = async (app, { db, service }) => {
  const news = new NewsService(db, service);
  service.hooks.set('news', news.hooks());

  /** The caller as a reader: who they are, and whether they read the rh area. */
  const readerOf = (request: Caller): Reader => ({ user: requireUser(request), hr: allows(request, 'rh', 'read') });

  app.get(
    '/v1/novidades',
    {
      config: { access: { module: 'rh', right: 'user' } },
      schema: {
        tags: TAGS,
        summary: 'O feed de novidades do usuário',
        description: 'As novidades que o usuário pode ler (do provedor dele e, quando a novidade tem departamento, do departamento dele; o RH vê também as inativas), importantes primeiro e depois as mais novas; filtra por categoria e por palavras (título, resumo, hashtags). Resposta { novidades, total, categorias }.',
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            categoria: { type: 'integer', minimum: 1, maximum: 2147483647 },
            q: { type: 'string', maxLength: 200 },
            offset: { type: 'integer', minimum: 0, maximum: 1000000 },
            limit: { type: 'integer', minimum: 1, maximum: 60 },
          },
        },
      },
    },
    async (request) => news.feed(readerOf(request), request.query as { categoria?: number; q?: string; offset?: number; limit?: number }),
  );

  app.get(
    '/v1/novidades/:id',
    { config: { access: { module: 'rh', right: 'user' } }, schema: { tags: TAGS, summary: 'Uma novidade para leitura', description: 'A novidade, as contagens de reações (waving_hand, cake, favorite, thumb_up), a reação do usuário (minha_reacao) e a hora da confirmação de leitura dele (lido_em). 404 para quem não pode lê-la.', params: ID } },
    async (request) => news.item(readerOf(request), (request.params as { id: number }).id),
  );

  app.post(
    '/v1/novidades/:id/reacao',
    {
      config: { access: { module: 'rh', right: 'user' } },
      schema: {
        tags: TAGS,
        summary: 'Reage a uma novidade',
        description: 'Uma reação por pessoa e novidade: a mesma outra vez a retira, outra a troca. Resposta { reacoes, minha_reacao }.',
        params: ID,
        body: { type: 'object', required: ['reacao'], additionalProperties: false, properties: { reacao: { type: 'string', enum: NEWS_REACTION_KEYS } } },
      },
    },
    async (request) => news.react(readerOf(request), (request.params as { id: number }).id, (request.body as { reacao: string }).reacao),
  );

  app.post(
    '/v1/novidades/:id/leitura',
    { config: { access: { module: 'rh', right: 'user' } }, schema: { tags: TAGS, summary: 'Confirma a leitura de uma novidade que a exige', description: 'Gravada uma vez, com a hora; confirmar de novo responde a mesma hora. Resposta { lido_em }.', params: ID } },
    async (request) => news.confirmReading(readerOf(request), (request.params as { id: number }).id),
  );

  app.get(
    '/v1/novidades/:id/leituras',
    {
      config: { access: { module: 'rh', right: 'read' } },
      schema: {
        tags: TAGS,
        summary: 'Quem leu uma novidade',
        description: 'Para leitores do RH e acima, do provedor da novidade: { novidade, leitores: [{ id_usuario, nome, email, departamento, lido_em }], total_publico, pendentes }.',
        params: ID,
      },
    },
    async (request) => news.readers(request.actor, (request.params as { id: number }).id),
  );
};

export default newsRoutes;
