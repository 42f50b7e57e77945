// v1 calls of the prize roulettes (marketing document, section 7 "Roulette"), thin over
// src/server/roulette/service.ts, with the role header of the roulette area (the superadmin's own):
//
//   GET    /v1/roulette/                                  -> { roleta_campanha: [...] }
//   POST   /v1/roulette/campaign          { id_campanha, ativo }      Pausar / Reativar
//   DELETE /v1/history/{campaignId}                        Resetar Campanha (superadmin): a new round
//   DELETE /v1/roulette/{id}/{ownerId}                     Excluir (no participants)
//   GET    /v1/roulette/draw/{campaignId}?rodada=          the draws of a round (the current one)
//   POST   /v1/roulette/draw              { id_campanha, cliente, premiado } the server draws
//   GET    /v1/roulette/customers/{campaignId}[/{isCustomer}]?erro=&rodada=&limit=&offset=
//   GET    /v1/roulette/admin                               the users who may own a roulette
//   POST / DELETE /v1/roulette/entrega/{entryId}           a prize delivered / not delivered (gestor)
//   GET    /v1/roulette/{id}/resumo?rodada=&cliente=       the report's counts (prizes, no prize, sold out)
// and the editor's calls the spec does not show, on the schemas:
//   PUT    /v1/roulette/{id}/premios      { premios: [...] }   both wheels at once
//   PUT    /v1/roulette/{id}/aparencia    { ...the look }
//   POST   /v1/roulette/{id}/revelar                          reveals the seed, closes the campaign
// and the public page's (no sign-in, throttled per client address):
//   GET  /v1/public/roulette/{slug}            GET /v1/public/roulette/{slug}/fundo
//   POST /v1/public/roulette/{slug}/identificacao   POST /v1/public/roulette/{slug}/giro
//   GET  /v1/public/roulette/{slug}/auditoria
import type { FastifyRequest } from 'fastify';
import { MSG } from '../../domain/messages.js';
import type { RouteThrottle } from '../auth/routeThrottle.js';
import { customerDirectoryFor } from '../customers/index.js';
import { HttpError } from '../errors.js';
import { contentDisposition, FILE_CSP } from '../files/routes.js';
import { detectType } from '../files/types.js';
import { badField, toBoolean, toId, toInt } from './helpers/payload.js';
import { APPEARANCE_FIELDS, ROULETTE_MSG, RouletteService, rouletteServices } from '../roulette/service.js';
import { isPlainObject, ValidationError } from '../schemas/validation.js';
import { refuseUnknownFields, type V1Module } from './index.js';

const ROLE_DOC = 'Cabeçalho X-Intranet-Role: um papel da área roulette (o superadmin usa o seu)';
const docs = (summary: string, description: string, extra: Record<string, unknown> = {}) => ({
  schema: { tags: ['Roletas'], summary, description, security: [{ bearerAuth: [] }], ...extra },
});
const open = (throttle: RouteThrottle, summary: string, description: string, extra: Record<string, unknown> = {}) => ({
  schema: { tags: ['Roletas (página pública)'], summary, description, security: [], ...extra },
  config: { public: true, throttle },
});
const slugParams = { params: { type: 'object', properties: { slug: { type: 'string', maxLength: 60 } } } };

/** The round a read asks for (?rodada=), or undefined for the current one. */
const roundOf = (query: Record<string, unknown>) => (query.rodada === undefined || query.rodada === '' ? undefined : toInt(query.rodada, 'rodada', { min: 1 }));

/** A filter flag of a path or query: 'true' / 'false' (absent: either). */
function flag(value: unknown, field: string): boolean | null {
  if (value === undefined || value === null || value === '' || value === 'todos') return null;
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  throw badField(field);
}

const rouletteRoutes: V1Module = async (app, { db, service, config, storage }) => {
  const roulette = new RouletteService(db, service, config, customerDirectoryFor(db));
  const def = roulette.campaigns;
  service.hooks.set(def.name, roulette.hooks());
  rouletteServices.set(service, roulette);

  /** The public calls' throttles per client address and minute: ROULETTE_SPINS_PER_MINUTE spins, six times as many reads. */
  const spinsPerMinute = config.rouletteSpinsPerMinute ?? 10;
  const reads: RouteThrottle = { kind: 'roleta:leitura', limit: spinsPerMinute * 6, windowSeconds: 60, message: ROULETTE_MSG.tooMany };
  const spins: RouteThrottle = { kind: 'roleta:giro', limit: spinsPerMinute, windowSeconds: 60, message: ROULETTE_MSG.tooMany };

  app.get('/v1/roulette/', { config: { access: { resource: 'roulette-campaigns', operation: 'list' } }, ...docs('Lista as roletas (roleta_campanha)', `${ROLE_DOC}. Cada campanha com o responsável (usuario_campanha) e os participantes (cliente, nao_cliente).`) }, async (request) => {
    const { actor } = request;
    const { rows: data } = await service.list(def, { sort: { field: 'created_at', order: 'DESC' }, range: [0, 999] }, actor);
    return { roleta_campanha: data.map((c: Record<string, any>) => ({ ...c, usuario_campanha: c.id_usuario_intranet ? { nome: c.responsavel } : null })) };
  });

  app.post(
    '/v1/roulette/campaign',
    {
      config: { access: { resource: 'roulette-campaigns', operation: 'update' } },
      ...docs('Pausa ou reativa uma roleta', `${ROLE_DOC}, solicitante ou acima. Corpo { id_campanha, ativo }. Resposta { update_roleta_campanha }.`, { body: { type: 'object' } }),
    },
    async (request) => {
      const { actor } = request;
      refuseUnknownFields(request.body, ['id_campanha', 'ativo']);
      const body = request.body as Record<string, unknown>;
      const row = await roulette.setActive(toId(body.id_campanha, 'id_campanha'), toBoolean(body.ativo, 'ativo'), actor);
      return { update_roleta_campanha: row };
    },
  );

  app.delete('/v1/history/:id', { config: { access: [{ resource: 'roulette-campaigns', operation: 'update' }, { module: 'roulette', right: 'superadmin' }] }, ...docs('Reseta a campanha: encerra a rodada e abre a seguinte (superadmin)', 'Só o superadmin. A rodada atual se encerra e a semente dela é revelada; uma nova rodada começa com nova semente. Nada é apagado: os giros e sorteios da rodada encerrada continuam na auditoria e nas consultas com ?rodada=, o estoque não volta e o intervalo entre giros de cada pessoa continua valendo.') }, async (request) => {
    await roulette.reset((request.params as { id: string }).id, request.actor);
    return { message: ROULETTE_MSG.reset };
  });

  app.delete(
    '/v1/roulette/:id/:ownerId',
    {
      config: { access: { resource: 'roulette-campaigns', operation: 'delete' } },
      ...docs('Exclui uma roleta sem participantes', `${ROLE_DOC}, gestor. ownerId é o responsável da campanha (0 sem responsável). Com participantes ou sorteios: 409 com o texto a mostrar.`),
    },
    async (request) => {
      const { actor } = request;
      const { id, ownerId } = request.params as { id: string; ownerId: string };
      const campaign = await roulette.campaign(id, actor);
      if (String(campaign.id_usuario_intranet ?? 0) !== ownerId) throw new HttpError(404, MSG.notFound);
      return { delete_roleta_campanha: await service.delete(def, campaign.id, actor) };
    },
  );

  app.get('/v1/roulette/draw/:id', { config: { access: { resource: 'roulette-campaigns', operation: 'get' } }, ...docs('Os sorteios de uma rodada (roleta_sorteio)', `${ROLE_DOC}. Do mais antigo ao mais novo. Consulta: rodada (sem ela, a atual).`) }, async (request) => {
    const query = (request.query ?? {}) as Record<string, unknown>;
    return { roleta_sorteio: await roulette.drawList((request.params as { id: string }).id, request.actor, roundOf(query)) };
  });

  app.post(
    '/v1/roulette/draw',
    {
      config: { access: { resource: 'roulette-draws', operation: 'create' } },
      ...docs(
        'Sorteia um participante (o servidor sorteia)',
        `${ROLE_DOC}, solicitante ou acima. Corpo { id_campanha, cliente: true | false | null, premiado: true | false | null } (null é Todos). O servidor escolhe, pela semente da campanha, um participante entre os que correspondem e ainda não foram sorteados. Resposta { insert_roleta_sorteio_one: { nome, telefone, id_campanha, id_cliente_historico, ... } }; 404 'Não há participantes correspondentes.'.`,
        { body: { type: 'object' } },
      ),
    },
    async (request) => {
      const { actor } = request;
      refuseUnknownFields(request.body, ['id_campanha', 'cliente', 'premiado']);
      const body = request.body as Record<string, unknown>;
      const row = await roulette.draw(toId(body.id_campanha, 'id_campanha'), { cliente: flag(body.cliente, 'cliente'), premiado: flag(body.premiado, 'premiado') }, actor);
      return { insert_roleta_sorteio_one: row };
    },
  );

  const participants = async (request: FastifyRequest) => {
    const { actor } = request;
    const { id, isCustomer } = request.params as { id: string; isCustomer?: string };
    const query = (request.query ?? {}) as Record<string, unknown>;
    const { rows, total } = await roulette.participants(
      id,
      {
        cliente: flag(isCustomer, 'isCustomer'),
        erro: flag(query.erro, 'erro'),
        rodada: roundOf(query),
        limit: toInt(query.limit, 'limit', { min: 1, max: 1000, fallback: 100 }),
        offset: toInt(query.offset, 'offset', { min: 0, fallback: 0 }),
      },
      actor,
    );
    return { roleta_historico: rows, total };
  };
  const participantsDoc = {
    config: { access: { resource: 'roulette-campaigns', operation: 'get' } },
    ...docs('Os participantes de uma roleta (roleta_historico)', `${ROLE_DOC}. isCustomer: true (clientes) ou false (não clientes); sem ele, todos. Consulta: erro=true|false, rodada (sem ela, a atual), limit (até 1000), offset.`),
  } as const;
  app.get('/v1/roulette/customers/:id', participantsDoc, participants);
  app.get('/v1/roulette/customers/:id/:isCustomer', participantsDoc, participants);

  app.get('/v1/roulette/admin', { config: { access: { resource: 'roulette-campaigns', operation: 'create' } }, ...docs('Quem pode ser responsável por uma roleta', `${ROLE_DOC}. Os usuários ativos dos provedores de quem chama (todos, para o superadmin).`) }, async (request) => {
    const { actor } = request;
    return { usuarios: await roulette.owners(actor) };
  });

  const delivery = (entregue: boolean) => async (request: FastifyRequest) => ({
    update_roleta_historico_by_pk: await roulette.setDelivered((request.params as { entryId: string }).entryId, entregue, request.actor),
  });
  const deliveryDoc = (summary: string) => ({
    config: { access: { resource: 'roulette-entries', operation: 'update' } },
    ...docs(summary, `${ROLE_DOC}, gestor. entryId é o participante (roleta_historico). Cada mudança fica no histórico do participante (GET /api/roulette-entries/{id}/history). Um giro sem prêmio não tem o que entregar: 409.`),
  } as const);
  app.post('/v1/roulette/entrega/:entryId', deliveryDoc('Marca o prêmio de um participante como entregue'), delivery(true));
  app.delete('/v1/roulette/entrega/:entryId', deliveryDoc('Desfaz a entrega do prêmio de um participante'), delivery(false));

  app.get(
    '/v1/roulette/:id/resumo',
    {
      config: { access: { resource: 'roulette-campaigns', operation: 'get' } },
      ...docs('As contagens do relatório de uma roleta', `${ROLE_DOC}. Consulta: rodada (sem ela, a atual), cliente=true|false (sem ele, todos). Resposta { participantes, premiados, entregues, a_entregar, sem_premio, esgotados }: sem_premio são os giros que pararam numa casa sem prêmio; esgotados, os que não acharam prêmio com estoque (erro).`),
    },
    async (request) => {
      const query = (request.query ?? {}) as Record<string, unknown>;
      return { resumo: await roulette.summary((request.params as { id: string }).id, { cliente: flag(query.cliente, 'cliente'), rodada: roundOf(query) }, request.actor) };
    },
  );

  app.put(
    '/v1/roulette/:id/premios',
    {
      config: { access: { resource: 'roulette-prizes', operation: 'update' } },
      ...docs(
        'Grava os prêmios das duas rodas de uma roleta',
        `${ROLE_DOC}, solicitante ou acima. Corpo { premios: [{ id?, nome, descricao, cliente, peso_item, quantidade, quantidade_minima, animacao, sem_premio? }] } (sem_premio: uma casa que não dá prêmio, sem cupom nem estoque gasto): a lista inteira, na ordem das rodas; cada roda com de 4 a 7 prêmios. Os que têm id são atualizados, os sem id criados e os que faltam removidos, numa transação. Um prêmio já ganho não pode ser removido: 409 'CAMPANHA COM PREMIOS JA DISTRIBUIDOS'.`,
        { body: { type: 'object' } },
      ),
    },
    async (request) => {
      const { actor } = request;
      refuseUnknownFields(request.body, ['premios']);
      return { premios: await roulette.savePrizes((request.params as { id: string }).id, (request.body as Record<string, unknown>).premios, actor) };
    },
  );

  app.put(
    '/v1/roulette/:id/aparencia',
    {
      config: { access: { resource: 'roulette-appearances', operation: 'update' } },
      ...docs('Grava a aparência de uma roleta', `${ROLE_DOC}, solicitante ou acima. Corpo { ${APPEARANCE_FIELDS.join(', ')} }; url_background é o id de uma imagem jpg ou png enviada a POST /v1/files/ (bucket roletas, até 10 MB) que quem grava pode baixar; outro arquivo: 400 { errors: { url_background } }.`, { body: { type: 'object' } }),
    },
    async (request) => {
      const { actor } = request;
      if (!isPlainObject(request.body)) throw new ValidationError({}, MSG.badRequest);
      refuseUnknownFields(request.body, APPEARANCE_FIELDS);
      return { aparencia: await roulette.saveAppearance((request.params as { id: string }).id, request.body as Record<string, unknown>, actor) };
    },
  );

  app.post(
    '/v1/roulette/:id/revelar',
    {
      config: { access: { resource: 'roulette-campaigns', operation: 'delete' } },
      ...docs('Revela a semente e encerra a roleta', `${ROLE_DOC}, gestor. Depois disso ninguém mais gira nem sorteia, e a página de auditoria confere cada giro e cada sorteio.`),
    },
    async (request) => {
      const { actor } = request;
      return { campanha: await roulette.reveal((request.params as { id: string }).id, actor) };
    },
  );

  // ---- public ----
  app.get('/v1/public/roulette/:slug', open(reads, 'A página pública de uma roleta', 'Sem login. A aparência, os prêmios de cada roda (esgotado quando no estoque mínimo), a situação e o SHA-256 da semente.', slugParams), async (request) => {
    return roulette.publicInfo((request.params as { slug: string }).slug);
  });

  app.get('/v1/public/roulette/:slug/fundo', open(reads, 'A imagem de fundo de uma roleta', 'Sem login.', slugParams), async (request, reply) => {
    const id = await roulette.backgroundOf((request.params as { slug: string }).slug);
    if (!id) throw new HttpError(404, MSG.fileNotFound);
    const { rows } = await db.query<{ nome: string; dados: Uint8Array | null; chave: string | null }>('SELECT nome, dados, chave FROM storage.arquivo WHERE id = $1', [id]);
    const file = rows[0];
    if (!file) throw new HttpError(404, MSG.fileNotFound);
    const bytes = await storage.get({ dados: file.dados ? Buffer.from(file.dados.buffer, file.dados.byteOffset, file.dados.byteLength) : null, chave: file.chave });
    if (!bytes) throw new HttpError(404, MSG.fileNotFound);
    const type = (await detectType(file.nome, bytes)) ?? 'application/octet-stream';
    if (!['image/jpeg', 'image/png'].includes(type)) throw new HttpError(404, MSG.fileNotFound);
    return reply
      .header('Content-Type', type)
      .header('Content-Disposition', contentDisposition(file.nome, true))
      .header('Content-Security-Policy', FILE_CSP)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'public, max-age=300')
      .send(bytes);
  });

  app.post(
    '/v1/public/roulette/:slug/identificacao',
    open(
      spins,
      'Identifica o visitante antes do giro',
      "Sem login. Corpo { nome, telefone, cpf, site: '' }, como o giro. Confere os campos, a situação da campanha e o intervalo entre giros (429) e responde a roda que esse visitante vai girar: { cliente, premios }. Não grava nada; o giro decide de novo. Limitado como os giros.",
      { ...slugParams, body: { type: 'object' } },
    ),
    async (request) => {
      const body = request.body as Record<string, unknown>;
      refuseUnknownFields(body, ['nome', 'telefone', 'cpf', 'site']);
      return roulette.identify((request.params as { slug: string }).slug, body);
    },
  );

  app.post(
    '/v1/public/roulette/:slug/giro',
    open(
      spins,
      'Gira a roleta',
      "Sem login. Corpo { nome, telefone '(##) #####-####', cpf, site: '' }. É cliente quem tem CPF e telefone conferindo com o cadastro do provedor; qualquer outro gira como não cliente, sem saber por quê. O servidor sorteia o prêmio pelo peso entre os que estão acima do estoque mínimo e grava o cupom. Uma vez por pessoa a cada intervalo_votacao horas, em todas as rodadas (o cliente pelo CPF; os demais pelo CPF com o telefone): 429.",
      { ...slugParams, body: { type: 'object' } },
    ),
    async (request) => {
      const body = request.body as Record<string, unknown>;
      refuseUnknownFields(body, ['nome', 'telefone', 'cpf', 'site']);
      return roulette.spin((request.params as { slug: string }).slug, body);
    },
  );

  app.get('/v1/public/roulette/:slug/auditoria', open(reads, 'Os dados da auditoria de uma roleta', 'Sem login. Cada rodada (rodadas, da mais antiga à atual) com o compromisso, a semente depois de revelada (a de toda rodada encerrada), os giros e os sorteios, sem nomes, CPFs nem cupons.', slugParams), async (request) => {
    return roulette.audit((request.params as { slug: string }).slug);
  });

};

export default rouletteRoutes;
