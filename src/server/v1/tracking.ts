// v1 calls of the tracking links (marketing document, section 7 "Tracking"), answering the spec's
// response names, thin over src/server/tracking/:
//
//   POST v1/vendas/tracking/url          { params: { cmp, chn, dst? }, id_empresa, id_usuario? } -> insert_vendas_tracking_url
//   PUT  v1/vendas/tracking/url          { id, object: { params, id_empresa?, id_usuario? } } -> update_vendas_tracking_url
//   POST v1/vendas/tracking/url/filtro   { filtro?, limit?, offset? } -> vendas_tracking_url (with the names and clicks)
//   GET  v1/vendas/tracking/url/{id}/estatisticas?de&ate -> the link's statistics (stats.ts)
//   GET  v1/vendas/tracking/url/{id}/qrcode.png | qrcode.svg -> the QR code of the link (?qr=1)
//
// and the public redirect GET/HEAD /l/{codigo} (redirect.ts). Rights are the schema's
// (tracking-links: the marketing or vendas area, as the role header says; leitor lists, solicitante
// and up create and update) within the caller's providers. id_usuario is not read: the author is the
// caller. Bodies are strict (a field a call does not read: 400 'Campo não permitido').
import type { FastifyRequest } from 'fastify';
import { MSG } from '../../domain/messages.js';
import { contentDisposition } from '../files/routes.js';
import { badField, filterConditions, filterOf, isObject, toId, toInt } from './helpers/payload.js';
import { Params } from '../resources/query.js';
import { isPlainObject, ValidationError } from '../schemas/validation.js';
import { qrPng, qrSvg } from '../tracking/qr.js';
import { registerRedirect } from '../tracking/redirect.js';
import { TrackingService, trackingServices } from '../tracking/service.js';
import { linkStats, periodOf } from '../tracking/stats.js';
import { refuseUnknownFields, type V1Module } from './index.js';

const ROLE_DOC = 'Cabeçalho X-Intranet-Role: um papel da área marketing ou vendas';
const MAX_LIST = 1000;

const docs = (summary: string, description: string, extra: Record<string, unknown> = {}) => ({
  schema: { tags: ['Links de rastreamento'], summary, description, security: [{ bearerAuth: [] }], ...extra },
});
const idParam = { params: { type: 'object', properties: { id: { type: 'string', maxLength: 20 } } } };

/** params { cmp, chn, dst } (ids; dst optional, null, '' or 0 for none) as the record's fields. */
function paramsRecord(raw: unknown, field = 'params'): Record<string, unknown> {
  let params = raw;
  if (typeof raw === 'string') {
    try {
      params = JSON.parse(raw);
    } catch {
      throw badField(field, MSG.invalid);
    }
  }
  if (!isObject(params)) throw badField(field, raw === undefined || raw === null ? MSG.required : MSG.invalid);
  refuseUnknownFields(params, ['cmp', 'chn', 'dst'], `${field}.`);
  const dst = params.dst;
  return {
    id_campanha: toId(params.cmp, `${field}.cmp`),
    id_canal: toId(params.chn, `${field}.chn`),
    id_destino: dst === undefined || dst === null || dst === '' || dst === 0 || dst === '0' ? null : toId(dst, `${field}.dst`),
  };
}

/** The link as the list answers it: with the names of its provider, campaign, channel, destination and author. */
const LIST_SQL = `
  SELECT u.id, u.url, u.codigo, u.params, u.id_empresa, u.id_campanha, u.id_canal, u.id_destino, u.id_usuario, u.cliques, u.created_at,
         jsonb_build_object('id', e.id, 'nome', e.nome) AS empresa,
         jsonb_build_object('id', c.id, 'nome', c.nome) AS campanha,
         jsonb_build_object('id', k.id, 'nome', k.nome) AS canal,
         CASE WHEN d.id IS NULL THEN NULL ELSE jsonb_build_object('id', d.id, 'nome', d.nome, 'url', d.url) END AS destino,
         CASE WHEN s.id IS NULL THEN NULL ELSE jsonb_build_object('id', s.id, 'nome', s.nome) END AS usuario
    FROM vendas.tracking_url_lista u
    JOIN rh.empresa e ON e.id = u.id_empresa
    JOIN vendas.campanha c ON c.id = u.id_campanha
    JOIN vendas.canal k ON k.id = u.id_canal
    LEFT JOIN vendas.destino d ON d.id = u.id_destino
    LEFT JOIN auth.usuario s ON s.id = u.id_usuario`;

const FILTER_FIELDS = {
  id: ['u.id', 'id'],
  id_empresa: ['u.id_empresa', 'id'],
  id_campanha: ['u.id_campanha', 'id'],
  id_canal: ['u.id_canal', 'id'],
  id_destino: ['u.id_destino', 'id'],
  id_usuario: ['u.id_usuario', 'id'],
  codigo: ['u.codigo', 'text'],
  created_at: ['(u.created_at AT TIME ZONE \'America/Sao_Paulo\')::date', 'date'],
} as const;

const trackingRoutes: V1Module = async (app, { db, service, config }) => {
  const secret = config.jwtSecret ?? (await db.query<{ valor: string }>(`SELECT valor FROM auth.chave WHERE id = 'jwt'`)).rows[0]?.valor ?? 'intranet';
  const tracking = new TrackingService(db, service, config, secret, (e) => app.log.error({ err: e }, 'cliques dos links de rastreamento não gravados; nova tentativa em seguida'));
  const def = tracking.def;
  service.hooks.set(def.name, tracking.hooks());
  trackingServices.set(db, tracking);
  app.addHook('onClose', async () => tracking.close());
  registerRedirect(app, tracking, config.trackingRedirectsPerMinute ?? 1200);

  const idOf = (request: FastifyRequest) => (request.params as { id: string }).id;

  // POST v1/vendas/tracking/url -> { insert_vendas_tracking_url: { affected_rows: 1, returning: [{ id, url, ... }] } }
  app.post(
    '/v1/vendas/tracking/url',
    {
      config: { access: { resource: 'tracking-links', operation: 'create' } },
      ...docs(
        'Gera um link de rastreamento (insert_vendas_tracking_url)',
        `${ROLE_DOC}, solicitante ou acima. Corpo { params: { cmp: id da campanha, chn: id do canal, dst?: id do destino ou null }, id_empresa, id_usuario? (ignorado: o autor é quem chama) } (também dentro de { object }). A campanha e o canal precisam estar ativos e ter a marca do provedor; sem destino, o link leva ao site do provedor. Resposta { insert_vendas_tracking_url: { affected_rows: 1, returning: [{ id, url, codigo, params, ... }] } }: url é o link gerado.`,
        { body: { type: 'object' } },
      ),
    },
    async (request) => {
      const { actor } = request;
      const body = isPlainObject(request.body) && 'object' in request.body ? (refuseUnknownFields(request.body, ['object']), request.body.object) : request.body;
      if (!isPlainObject(body)) throw new ValidationError({}, MSG.badRequest);
      refuseUnknownFields(body, ['params', 'id_empresa', 'id_usuario']);
      const record = { id_empresa: toId(body.id_empresa, 'id_empresa'), ...paramsRecord(body.params) };
      const row = await service.create(def, record, actor);
      return { insert_vendas_tracking_url: { affected_rows: 1, returning: [row] } };
    },
  );

  // PUT v1/vendas/tracking/url -> { update_vendas_tracking_url: { affected_rows: 1, returning: [...] } }
  app.put(
    '/v1/vendas/tracking/url',
    {
      config: { access: { resource: 'tracking-links', operation: 'update' } },
      ...docs(
        'Atualiza um link de rastreamento (update_vendas_tracking_url)',
        `${ROLE_DOC}, solicitante ou acima. Corpo { id, object: { params: { cmp, chn, dst? }, id_empresa?, id_usuario? (ignorado) } }. O código e o link não mudam: o link passa a levar ao novo destino com os novos parâmetros. Resposta { update_vendas_tracking_url: { affected_rows: 1, returning: [{ id, url, ... }] } }; 404 quando não existe.`,
        { body: { type: 'object' } },
      ),
    },
    async (request) => {
      const { actor } = request;
      const body = request.body;
      if (!isPlainObject(body)) throw new ValidationError({}, MSG.badRequest);
      refuseUnknownFields(body, ['id', 'object']);
      const id = toId(body.id, 'id');
      if (!isPlainObject(body.object)) throw badField('object', body.object === undefined ? MSG.required : MSG.invalid);
      refuseUnknownFields(body.object, ['params', 'id_empresa', 'id_usuario'], 'object.');
      const record: Record<string, unknown> = paramsRecord(body.object.params, 'object.params');
      if (body.object.id_empresa !== undefined) record.id_empresa = toId(body.object.id_empresa, 'object.id_empresa');
      const row = await service.update(def, id, record, actor);
      return { update_vendas_tracking_url: { affected_rows: 1, returning: [row] } };
    },
  );

  // POST v1/vendas/tracking/url/filtro -> { vendas_tracking_url: [...] }
  app.post(
    '/v1/vendas/tracking/url/filtro',
    {
      config: { access: { resource: 'tracking-links', operation: 'list' } },
      ...docs(
        'Lista os links de rastreamento (vendas_tracking_url)',
        `${ROLE_DOC}, leitor ou acima. Corpo { filtro?: { id, id_empresa, id_campanha, id_canal, id_destino, id_usuario: valor | [valores] | { _eq | _in }, codigo: texto, created_at: { _gte | _lte: AAAA-MM-DD } }, limit? (até ${MAX_LIST}), offset? }. Só os provedores de quem chama. Resposta { vendas_tracking_url: [{ id, url, codigo, params, id_empresa, ..., cliques, created_at, empresa: { id, nome }, campanha, canal, destino, usuario }] }, dos mais novos aos mais antigos.`,
      ),
    },
    async (request) => {
      const { actor } = request;
      refuseUnknownFields(request.body, ['filtro', 'where', 'limit', 'offset']);
      const body = (isPlainObject(request.body) ? request.body : {}) as Record<string, unknown>;
      const p = new Params();
      const conditions = filterConditions(filterOf(request.body), FILTER_FIELDS as unknown as Record<string, [string, 'id' | 'text' | 'date']>, p);
      if (actor.providerIds !== null) conditions.push(`u.id_empresa = ANY(${p.add(actor.providerIds)}::int[])`);
      const limit = toInt(body.limit, 'limit', { min: 1, max: MAX_LIST, fallback: MAX_LIST });
      const offset = toInt(body.offset, 'offset', { fallback: 0 });
      const { rows } = await db.query(
        `${LIST_SQL} ${conditions.length ? `WHERE ${conditions.join(' AND ')}` : ''} ORDER BY u.created_at DESC, u.id DESC LIMIT ${limit} OFFSET ${offset}`,
        p.values,
      );
      return { vendas_tracking_url: rows };
    },
  );

  // GET v1/vendas/tracking/url/{id}/estatisticas?de&ate
  app.get(
    '/v1/vendas/tracking/url/:id/estatisticas',
    {
      config: { access: { resource: 'tracking-links', operation: 'get' } },
      ...docs(
        'Estatísticas de um link de rastreamento',
        `${ROLE_DOC}, leitor ou acima. Período ?de=AAAA-MM-DD&ate=AAAA-MM-DD (dias de São Paulo; padrão os últimos 30 dias; no máximo 366). Resposta { link: { id, url, ... }, periodo, totais: { cliques, humanos, bots, previews, head, unicos, qr }, por_dia: [{ data, humanos, bots, unicos }], dispositivos, navegadores, sistemas, referencias: [{ nome, cliques }] }. humanos: acessos GET de navegadores; bots: outros robôs; previews: pré-visualizações de apps (WhatsApp, Facebook...); head: requisições HEAD; unicos: um por endereço e hora; qr: acessos de pessoas pelo QR code.`,
        { ...idParam, querystring: { type: 'object', properties: { de: { type: 'string', maxLength: 10 }, ate: { type: 'string', maxLength: 10 } }, additionalProperties: false } },
      ),
    },
    async (request) => {
      const link = await service.getOne(def, idOf(request), request.actor);
      const period = periodOf(request.query as { de?: string; ate?: string });
      return { link, ...(await linkStats(db, link.id as number, period)) };
    },
  );

  // GET v1/vendas/tracking/url/{id}/qrcode.png | .svg
  for (const kind of ['png', 'svg'] as const) {
    app.get(
      `/v1/vendas/tracking/url/:id/qrcode.${kind}`,
      {
        config: { access: { resource: 'tracking-links', operation: 'get' } },
        ...docs(
          `QR code do link (${kind.toUpperCase()})`,
          `${ROLE_DOC}, leitor ou acima. O QR code leva ao link com ?qr=1: os acessos por ele são marcados. Baixado como link-<codigo>.${kind}.`,
          idParam,
        ),
      },
      async (request, reply) => {
        const link = await service.getOne(def, idOf(request), request.actor);
        const url = String(link.url);
        reply.header('content-disposition', contentDisposition(`link-${link.codigo}.${kind}`)).header('cache-control', 'private, no-store');
        if (kind === 'png') return reply.type('image/png').send(await qrPng(url));
        return reply.type('image/svg+xml; charset=utf-8').send(await qrSvg(url));
      },
    );
  }
};

export default trackingRoutes;
