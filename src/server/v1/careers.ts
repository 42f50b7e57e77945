// The careers site (issue 17). Public, no sign-in, throttled per client address:
//   GET  /v1/public/careers/vagas?empresa&q&cidade&uf&departamento&modelo&offset&limit
//   GET  /v1/public/careers/vagas/{id}
//   GET  /careers/role/{id}[/{slug}], /careers/list[/{empresa}], /home/vacancy: the app's page with the
//        vacancy's title, description, Open Graph and schema.org JobPosting in the served HTML
//   GET  /sitemap.xml, /robots.txt
// Signed in (any user):
//   POST /v1/careers/vagas/{id}/candidatura { origem?, website? (the honeypot) }
//   GET  /v1/careers/candidaturas
// Recruiters (read on the applications: rh or banco_talentos roles, within their providers):
//   GET  /v1/careers/candidaturas/{id}/detalhes, GET /v1/careers/candidaturas/{id}/curriculo
// The vacancies, applications and candidate data registers are the engine's (schemas/rh/).
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CAREERS_MSG, CONTRACT_EMPLOYMENT_TYPES, CONTRACT_TYPE_LABELS, WORK_MODEL_LABELS, plainText, summary, type ContractType, type WorkModel } from '../../domain/careers.js';
import { MSG } from '../../domain/messages.js';
import { requireUser } from '../auth/access.js';
import { createMailer } from '../auth/mailer.js';
import type { RouteThrottle } from '../auth/routeThrottle.js';
import { withinClientRate, withinRate } from '../auth/throttle.js';
import { CAREERS_ERRORS, CareersService } from '../careers/service.js';
import { TalentSearch } from '../careers/talent.js';
import { todayInSaoPaulo } from '../roulette/service.js';

/** The role areas of the resume database and the careers dashboard. */
const TALENT_AREAS = ['banco_talentos', 'rh'] as const;
import { HttpError } from '../errors.js';
import { contentDisposition, FILE_CSP } from '../files/routes.js';
import { isPlainObject } from '../schemas/validation.js';
import { toId } from './helpers/payload.js';
import type { V1Module } from './index.js';

const docs = (summary: string, description: string, extra: Record<string, unknown> = {}) => ({
  schema: { tags: ['Carreiras'], summary, description, security: [{ bearerAuth: [] }], ...extra },
});
const open = (throttle: RouteThrottle, summary: string, description: string, extra: Record<string, unknown> = {}) => ({
  schema: { tags: ['Carreiras (site público)'], summary, description, security: [], ...extra },
  config: { public: true, throttle },
});
const idParams = { params: { type: 'object', properties: { id: { type: 'string', maxLength: 12 } } } };
const text = (max: number) => ({ type: 'string', maxLength: max });

/** The built admin (as app.ts serves it). */
const DIST_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'dist');

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
/** JSON inside a script element: '<' escaped, so no text closes the element. */
const jsonForScript = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

/**
 * The most of a vacancy's texts (description, requirements, benefits) a role page carries, in its body
 * and again in its JobPosting data. Longer texts go as their plain-text summary: a page's size never
 * follows what a vacancy holds.
 */
export const PAGE_TEXT_MAX = 12_000;
const boundedText = (html: string) => (html.length <= PAGE_TEXT_MAX ? html : `<p>${escapeHtml(summary(html, PAGE_TEXT_MAX))}</p>`);

/** The page the server answers when the admin is not built (API-only runs): the same head the app's would carry. */
const BARE_INDEX = '<!doctype html>\n<html lang="pt-BR">\n  <head>\n    <meta charset="UTF-8" />\n    <title>Intranet</title>\n  </head>\n  <body>\n    <div id="root"></div>\n  </body>\n</html>\n';

let cachedIndex: { mtime: number; html: string } | null = null;
/** dist/index.html (re-read when a rebuild changes it), or the bare page. */
function indexHtml(): string {
  const file = join(DIST_DIR, 'index.html');
  if (!existsSync(file)) return BARE_INDEX;
  const mtime = statSync(file).mtimeMs;
  if (!cachedIndex || cachedIndex.mtime !== mtime) cachedIndex = { mtime, html: readFileSync(file, 'utf8') };
  return cachedIndex.html;
}

interface PageMeta {
  title: string;
  description: string;
  url: string;
  jsonLd?: unknown;
  /** Visible content inside #root until the app draws (crawlers that run no script). */
  body?: string;
}

/** index.html with the page's title, description, canonical address, Open Graph and JSON-LD. */
export function withMeta(html: string, meta: PageMeta): string {
  const title = `${meta.title} · Intranet`;
  const head = [
    `<link rel="canonical" href="${escapeHtml(meta.url)}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(meta.url)}" />`,
    `<meta property="og:locale" content="pt_BR" />`,
    `<meta name="twitter:card" content="summary" />`,
    ...(meta.jsonLd ? [`<script type="application/ld+json">${jsonForScript(meta.jsonLd)}</script>`] : []),
  ].join('\n    ');
  // Replacer functions, never replacement strings: a vacancy's '$`', "$'" or '$&' would otherwise copy the page into itself.
  const description = `<meta name="description" content="${escapeHtml(meta.description)}" />`;
  let out = html.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`);
  if (/<meta name="description"[^>]*>/.test(out)) out = out.replace(/<meta name="description"[^>]*>/, () => description);
  else out = out.replace('</title>', () => `</title>\n    ${description}`);
  out = out.replace('</head>', () => `    ${head}\n  </head>`);
  if (meta.body) out = out.replace('<div id="root"></div>', () => `<div id="root">${meta.body}</div>`);
  return out;
}

const careersRoutes: V1Module = async (app, { db, service, config, storage }) => {
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom ?? 'Intranet <nao-responda@intranet.local>', log: (m) => app.log.info(m) });
  const careers = new CareersService(db, service, mailer, () => config.publicUrl);
  service.hooks.set('vacancies', careers.vacancyHooks());
  service.hooks.set('applications', careers.applicationHooks());
  service.hooks.set('applicant-profiles', careers.profileHooks());

  /** A candidate's stored PDF, as an attachment. */
  const sendResume = async (reply: FastifyReply, file: { nome: string; dados: Uint8Array | null; chave: string | null }) => {
    const bytes = await storage.get({ dados: file.dados ? Buffer.from(file.dados.buffer, file.dados.byteOffset, file.dados.byteLength) : null, chave: file.chave });
    if (!bytes) throw new HttpError(404, MSG.fileNotFound);
    return reply
      .header('Content-Type', 'application/pdf')
      .header('Content-Disposition', contentDisposition(file.nome))
      .header('Content-Security-Policy', FILE_CSP)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'private, no-store')
      .send(bytes);
  };

  const applicationsPerHour = config.careersApplicationsPerHour ?? 20;
  /** The careers site's reads, its API and its pages alike, share one budget per client address. */
  const reads: RouteThrottle = { kind: 'carreiras:leitura', limit: config.careersReadsPerMinute ?? 120, windowSeconds: 60, message: CAREERS_MSG.tooMany };
  /** The product's own address: PUBLIC_URL, else the address the request reached. */
  const origin = (request: FastifyRequest) => (config.publicUrl ?? `${request.protocol}://${request.host}`).replace(/\/+$/, '');

  // ---- public calls -------------------------------------------------------------------------------
  app.get(
    '/v1/public/careers/vagas',
    open(reads, 'As vagas abertas', 'Sem login. Só as vagas publicadas, ativas, iniciadas e com inscrições abertas, com os campos públicos; filtros do site de carreiras.', {
      querystring: {
        type: 'object',
        additionalProperties: false,
        properties: {
          empresa: text(80),
          q: text(200),
          cidade: text(120),
          uf: { type: 'string', pattern: '^[A-Za-z]{2}$' },
          departamento: text(120),
          modelo: { type: 'string', enum: ['presencial', 'hibrido', 'remoto'] },
          offset: { type: 'integer', minimum: 0, maximum: 100000 },
          limit: { type: 'integer', minimum: 1, maximum: 50 },
        },
      },
    }),
    async (request) => {
      return careers.publicList(request.query as Record<string, any>);
    },
  );

  app.get('/v1/public/careers/vagas/:id', open(reads, 'Uma vaga aberta', 'Sem login. 404 para vaga em rascunho, inativa, encerrada ou inexistente.', idParams), async (request) => {
    const raw = (request.params as { id: string }).id;
    if (!/^\d{1,9}$/.test(raw)) throw new HttpError(404, CAREERS_MSG.vacancyNotFound);
    return careers.publicGet(Number(raw));
  });

  // ---- candidates ---------------------------------------------------------------------------------
  app.post(
    '/v1/careers/vagas/:id/candidatura',
    {
      config: { access: { module: TALENT_AREAS, right: 'user' } },
      ...docs('Candidata-se a uma vaga', 'Qualquer usuário com sessão, uma vez por vaga (409 na segunda). Corpo { origem?, website? }: website é o campo-isca do formulário, que pessoas deixam vazio. Resposta { candidatura }.', {
        ...idParams,
        body: { type: 'object', additionalProperties: false, properties: { origem: text(60), website: text(500) } },
      }),
    },
    async (request, reply) => {
      const user = requireUser(request);
      const raw = (request.params as { id: string }).id;
      if (!/^\d{1,9}$/.test(raw)) throw new HttpError(404, CAREERS_MSG.vacancyNotFound);
      const body = isPlainObject(request.body) ? request.body : {};
      // A filled honeypot is a bot: refused with the same words a person would read.
      if (typeof body.website === 'string' && body.website.trim() !== '') {
        request.log.warn({ ip: request.ip }, 'candidatura recusada: campo-isca preenchido');
        throw new HttpError(400, CAREERS_MSG.applyError);
      }
      if (!(await withinRate(db, `carreiras:candidatura:usuario:${user.id}`, applicationsPerHour, 3600)) || !(await withinClientRate(db, 'carreiras:candidatura', request.ip, applicationsPerHour * 3, 3600))) {
        throw new HttpError(429, CAREERS_MSG.tooMany);
      }
      const origem = CareersService.sourceOf(body.origem, request.headers.referer, request.hostname);
      const candidatura = await careers.apply(user.id, Number(raw), origem);
      return reply.code(201).send({ candidatura });
    },
  );

  app.get('/v1/careers/candidaturas', { config: { access: { module: TALENT_AREAS, right: 'user' } }, ...docs('As minhas candidaturas', 'Qualquer usuário com sessão: as suas candidaturas com a etapa (nunca a observação dos recrutadores).') }, async (request) => {
    const user = requireUser(request);
    return { candidaturas: await careers.mine(user.id) };
  });

  // ---- recruiters ---------------------------------------------------------------------------------
  app.get(
    '/v1/careers/candidaturas/:id/detalhes',
    {
      config: { access: { resource: 'applications', operation: 'get' } },
      ...docs('Uma candidatura com o candidato e o currículo', 'Recrutadores (papéis rh ou banco_talentos, leitor ou acima), nos seus provedores: dados, formação, experiência e certificados do candidato.', idParams),
    },
    async (request) => {
      return careers.details(request.actor, toId((request.params as { id: string }).id, 'id'));
    },
  );

  app.get(
    '/v1/careers/candidaturas/:id/curriculo',
    {
      config: { access: { resource: 'applications', operation: 'get' } },
      ...docs('O currículo em PDF do candidato de uma candidatura', 'Recrutadores nos seus provedores; 404 quando o candidato não enviou.', idParams),
    },
    async (request, reply: FastifyReply) => {
      return sendResume(reply, await careers.resumeFileOf(request.actor, toId((request.params as { id: string }).id, 'id')));
    },
  );

  // ---- resume database, keyword search, dashboard ---------------------------------------------------
  const talent = new TalentSearch(db);
  const searchQuery = {
    type: 'object',
    additionalProperties: false,
    properties: {
      q: text(200),
      uf: { type: 'string', pattern: '^[A-Za-z]{2}$' },
      cidade: text(120),
      tipo: { type: 'string', enum: ['candidato', 'funcionario'] },
      offset: { type: 'integer', minimum: 0, maximum: 100000 },
      limit: { type: 'integer', minimum: 1, maximum: 100 },
    },
  };

  app.get(
    '/v1/careers/banco',
    {
      config: { access: { module: TALENT_AREAS, right: 'edit' } },
      ...docs('Busca no banco de currículos', 'Papéis banco_talentos ou rh, solicitante ou acima. Candidatos e funcionários que autorizaram (banco_talentos nos dados do candidato), por palavras (sem diferença de acentos e maiúsculas), os mais relevantes primeiro, com o trecho encontrado.', { querystring: searchQuery }),
    },
    async (request) => {
      return talent.search(request.query as Record<string, any>);
    },
  );

  app.get('/v1/careers/banco/:id', { config: { access: { module: TALENT_AREAS, right: 'edit' } }, ...docs('Um currículo do banco de currículos', 'Papéis banco_talentos ou rh, solicitante ou acima; só de quem autorizou.', idParams) }, async (request) => {
    const userId = toId((request.params as { id: string }).id, 'id');
    if (!(await talent.consented(userId))) throw new HttpError(404, CAREERS_ERRORS.resumeNotFound);
    return careers.personOf(userId);
  });

  app.get('/v1/careers/banco/:id/curriculo', { config: { access: { module: TALENT_AREAS, right: 'edit' } }, ...docs('O currículo em PDF de uma pessoa do banco de currículos', 'Papéis banco_talentos ou rh, solicitante ou acima; só de quem autorizou.', idParams) }, async (request, reply) => {
    const userId = toId((request.params as { id: string }).id, 'id');
    if (!(await talent.consented(userId))) throw new HttpError(404, CAREERS_ERRORS.resumeNotFound);
    return sendResume(reply, await careers.resumeFileOfUser(userId));
  });

  app.get(
    '/v1/careers/vagas/:id/candidatos/busca',
    {
      config: {
        access: [
          { resource: 'vacancies', operation: 'get' },
          { resource: 'applications', operation: 'list' },
        ],
      },
      ...docs('Busca por palavras nos currículos dos candidatos de uma vaga', 'Quem lê as candidaturas da vaga (papéis rh ou banco_talentos, nos seus provedores). Os candidatos da vaga cujo currículo tem as palavras, com a etapa da candidatura.', { ...idParams, querystring: searchQuery }),
    },
    async (request) => {
      const vacancy = await service.getOne(careers.vacancies, toId((request.params as { id: string }).id, 'id'), request.actor);
      return { vaga: { id: vacancy.id, titulo_vaga: vacancy.titulo_vaga }, ...(await talent.search({ ...(request.query as Record<string, any>), vaga: vacancy.id })) };
    },
  );

  app.get(
    '/v1/careers/dashboard',
    {
      config: { access: { module: TALENT_AREAS, right: 'read' } },
      ...docs('Painel do Trabalhe Conosco', 'Papéis banco_talentos ou rh, leitor ou acima, nos seus provedores. Período de/ate (AAAA-MM-DD; padrão: os últimos 90 dias).', {
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { empresa: { type: 'integer', minimum: 1 }, de: { type: 'string', format: 'date' }, ate: { type: 'string', format: 'date' } },
        },
      }),
    },
    async (request) => {
      const { actor } = request;
      const query = request.query as { empresa?: number; de?: string; ate?: string };
      const today = todayInSaoPaulo();
      const ate = query.ate ?? today;
      const de = query.de ?? new Date(Date.parse(`${ate}T12:00:00Z`) - 89 * 86_400_000).toISOString().slice(0, 10);
      if (de > ate) throw new HttpError(400, MSG.badRequest, { de: 'A data inicial não pode ser maior que a data final!' });
      if (query.empresa !== undefined && actor.providerIds !== null && !actor.providerIds.includes(query.empresa)) throw new HttpError(403, 'Este usuário não tem autorização para realizar esta operação.');
      return talent.dashboard(actor.providerIds, { empresa: query.empresa, de, ate, today });
    },
  );

  // ---- pages for search engines and link previews ---------------------------------------------------
  const html = (reply: FastifyReply, body: string) => reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(body);

  const rolePage = async (request: FastifyRequest, reply: FastifyReply) => {
    const raw = (request.params as { id: string }).id;
    const vacancy = /^\d{1,9}$/.test(raw) ? await careers.openVacancy(Number(raw)) : null;
    if (!vacancy) {
      // The app draws its own 'not found'; the status tells crawlers.
      return html(reply.code(404), withMeta(indexHtml(), { title: 'Vaga não encontrada', description: CAREERS_MSG.vacancyNotFound, url: `${origin(request)}/careers/list` }));
    }
    const { vaga } = await careers.publicGet(vacancy.id);
    const url = `${origin(request)}${vaga.path}`;
    const place = [vaga.cidade, vaga.uf].filter(Boolean).join(' - ');
    const description = summary([vaga.descricao, vaga.requisitos].filter(Boolean).join(' '), 300) || `${vaga.titulo_vaga} em ${place} (${vaga.empresa.nome}).`;
    const full = boundedText([vaga.descricao, vaga.requisitos && `<h3>Requisitos</h3>${vaga.requisitos}`, vaga.beneficios && `<h3>Benefícios</h3>${vaga.beneficios}`].filter(Boolean).join('\n'));
    const jsonLd = {
      '@context': 'https://schema.org/',
      '@type': 'JobPosting',
      title: vaga.titulo_vaga,
      description: full || plainText(description),
      datePosted: vaga.data_inicio,
      ...(vaga.data_encerramento ? { validThrough: `${vaga.data_encerramento}T23:59:59-03:00` } : {}),
      employmentType: CONTRACT_EMPLOYMENT_TYPES[vaga.tipo_contrato as ContractType] ?? 'FULL_TIME',
      totalJobOpenings: vaga.vagas,
      identifier: { '@type': 'PropertyValue', name: vaga.empresa.nome, value: String(vaga.id) },
      hiringOrganization: { '@type': 'Organization', name: vaga.empresa.nome, ...(vacancy.empresa_site ? { sameAs: vacancy.empresa_site } : {}) },
      jobLocation: { '@type': 'Place', address: { '@type': 'PostalAddress', addressLocality: vaga.cidade, ...(vaga.uf ? { addressRegion: vaga.uf } : {}), addressCountry: 'BR' } },
      ...(vaga.modelo_trabalho === 'remoto' ? { jobLocationType: 'TELECOMMUTE', applicantLocationRequirements: { '@type': 'Country', name: 'Brasil' } } : {}),
      directApply: true,
      url,
    };
    const facts = [vaga.empresa.nome, place, WORK_MODEL_LABELS[vaga.modelo_trabalho as WorkModel], CONTRACT_TYPE_LABELS[vaga.tipo_contrato as ContractType]].filter(Boolean).map((s) => escapeHtml(String(s)));
    const body = `<main><h1>${escapeHtml(vaga.titulo_vaga)}</h1><p>${facts.join(' · ')}</p>${full}</main>`;
    return html(reply, withMeta(indexHtml(), { title: `${vaga.titulo_vaga} · ${vaga.empresa.nome}`, description, url, jsonLd, body }));
  };
  app.get('/careers/role/:id', { schema: { hide: true, ...idParams }, config: { throttle: reads } }, rolePage);
  app.get('/careers/role/:id/:role', { schema: { hide: true, params: { type: 'object', properties: { id: text(12), role: text(200) } } }, config: { throttle: reads } }, rolePage);

  const listPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const company = (request.params as { company?: string }).company;
    const { providers } = await careers.openForSitemap();
    const provider = company ? providers.find((p) => p.slug === company || String(p.id) === company) : undefined;
    const title = provider ? `Vagas ${provider.nome}` : 'Vagas abertas';
    const description = provider
      ? `Trabalhe na ${provider.nome}: veja as vagas abertas e candidate-se.`
      : `Trabalhe conosco: vagas abertas na ${providers.map((p) => p.nome).join(', ')}.`;
    const path = provider ? `/careers/list/${provider.slug}` : '/careers/list';
    return html(reply, withMeta(indexHtml(), { title, description, url: `${origin(request)}${path}` }));
  };
  app.get('/careers/list', { schema: { hide: true }, config: { throttle: reads } }, listPage);
  app.get('/careers/list/:company', { schema: { hide: true, params: { type: 'object', properties: { company: text(80) } } }, config: { throttle: reads } }, listPage);
  app.get('/home/vacancy', { schema: { hide: true }, config: { throttle: reads } }, listPage);

  app.get('/sitemap.xml', { schema: { hide: true }, config: { throttle: reads } }, async (request, reply) => {
    const base = origin(request);
    const { vacancies, providers } = await careers.openForSitemap();
    const entry = (path: string, lastmod?: string | null) => `  <url><loc>${escapeHtml(base + path)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`;
    const xml = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      entry('/careers/list'),
      ...providers.map((p) => entry(`/careers/list/${p.slug}`)),
      ...vacancies.map((v) => entry(v.path, v.lastmod)),
      '</urlset>',
      '',
    ].join('\n');
    return reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=600').send(xml);
  });

  app.get('/robots.txt', { schema: { hide: true }, config: { throttle: reads } }, async (request, reply) => {
    const base = origin(request);
    // Only the public pages are for search engines; the rest needs a sign-in anyway.
    const body = ['User-agent: *', 'Allow: /careers/', 'Allow: /home/vacancy', 'Allow: /patrocinios', 'Disallow: /api/', 'Disallow: /v1/', 'Disallow: /l/', `Sitemap: ${base}/sitemap.xml`, ''].join('\n');
    return reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(body);
  });
};

export default careersRoutes;
