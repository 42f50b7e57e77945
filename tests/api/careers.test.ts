// The careers site (issue 17): the public vacancies answer only published, active, open ones and
// only their public fields; they are throttled per client; the role page's served HTML carries the
// title, description and JobPosting data, and the sitemap lists the open roles; a signed-in user
// applies once (twice is refused), a bot filling the honeypot is refused; recruiters of the
// vacancy's provider see and move the application (the candidate is notified and e-mailed), those
// of another provider see nothing; the candidate reads their applications without the recruiters'
// note; the vacancy register's new rules (manager from the users, city from the municipality list).
import { todayInSaoPaulo } from '../../src/server/roulette/service.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAREERS_MSG, summary } from '../../src/domain/careers.js';
import { PAGE_TEXT_MAX } from '../../src/server/v1/careers.js';
import { bearer, qs, testApp, type TestApp } from '../helpers/app.js';
import { file, multipart, pdf, PNG } from '../helpers/files.js';

let t: TestApp;
let A: number; // Bitcom
let B: number; // Vetorial
let depA: number;
const users: Record<string, { token: string; role: string; id: number }> = {};

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
function call(method: Method, url: string, payload?: unknown, as?: string) {
  const headers = as ? bearer(users[as].token, users[as].role || undefined) : bearer(t.adminToken, 'users:superadmin');
  return t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
}
let ipSeq = 10;
/** A public call from its own address (each test its own, so throttles never meet). */
const visitor = (url: string, ip = `203.0.113.${++ipSeq}`) => t.app.inject({ method: 'GET', url, remoteAddress: ip });

// Dates in São Paulo's calendar (the server's), whatever the hour in UTC.
const today = todayInSaoPaulo();
const days = (n: number) => new Date(Date.parse(`${today}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

let vacancySeq = 0;
async function vacancy(extra: Record<string, unknown> = {}, as?: string) {
  const r = await call(
    'POST',
    '/api/vacancies',
    {
      titulo_vaga: `Técnico de Fibra ${++vacancySeq}`,
      vagas: 2,
      id_empresa: A,
      id_departamento: depA,
      uf: 'MG',
      cidade: 'uberlandia',
      id_gestor: users['rh:gestor'].id,
      data_inicio: days(-3),
      descricao: '<p>Instalação de fibra óptica.</p>',
      requisitos: '<ul><li>CNH B</li></ul>',
      beneficios: '<p>Plano de saúde</p>',
      publicada: true,
      ...extra,
    },
    as,
  );
  expect(r.statusCode, r.body).toBe(201);
  return r.json() as Record<string, any>;
}

beforeAll(async () => {
  t = await testApp({ config: { careersReadsPerMinute: 100_000, careersApplicationsPerHour: 1000, publicUrl: 'https://carreiras.exemplo.com.br' } });
  const post = async (url: string, body: object) => {
    const r = await t.inject({ method: 'POST', url, payload: body });
    expect(r.statusCode, r.body).toBe(201);
    return r.json().id as number;
  };
  A = await post('/api/providers', { nome: 'Bitcom', site: 'https://www.bitcom.com.br' });
  B = await post('/api/providers', { nome: 'Vetorial' });
  depA = await post('/api/departments', { nome: 'Técnico', id_empresa: A });
  for (const [key, papeis, providers] of [
    ['rh:gestor', ['rh:gestor'], [A]],
    ['banco_talentos:solicitante', ['banco_talentos:solicitante'], [A]],
    ['banco_talentos:leitor', ['banco_talentos:leitor'], [A]],
    ['vetorial', ['banco_talentos:gestor', 'rh:gestor'], [B]],
    ['candidato', ['user'], []],
    ['candidata2', ['user'], []],
  ] as const) {
    const email = `${key.replace(':', '.')}@carreiras.teste`;
    const token = await t.userToken({ papeis: [...papeis], id_empresas: [...providers], email, funcionario: key !== 'candidato' && key !== 'candidata2', nome: `Pessoa ${key}` });
    const { rows } = await t.db.query<{ id: number }>('SELECT id FROM auth.usuario WHERE email = $1', [email]);
    users[key] = { token, role: key.includes(':') ? key : key === 'vetorial' ? 'banco_talentos:gestor' : '', id: rows[0].id };
  }
});
afterAll(() => t?.close());

describe('the vacancy register (careers admin)', () => {
  it('takes the manager from the users (gestor_vaga keeps the name), the city as the IBGE list spells it, and refuses a closing date before the start', async () => {
    const v = await vacancy();
    expect(v).toMatchObject({ gestor_vaga: 'Pessoa rh:gestor', cidade: 'Uberlândia', uf: 'MG', modelo_trabalho: 'presencial', tipo_contrato: 'clt' });
    let r = await call('POST', '/api/vacancies', { titulo_vaga: 'Sem gestor', id_empresa: A, cidade: 'Uberlândia', uf: 'MG', data_inicio: today });
    expect(r.statusCode).toBe(400);
    expect(r.json().errors.id_gestor).toBe('Campo obrigatório');
    r = await call('POST', '/api/vacancies', { titulo_vaga: 'Cidade errada', id_empresa: A, cidade: 'Cidade Inventada', uf: 'MG', id_gestor: users['rh:gestor'].id, data_inicio: today });
    expect(r.statusCode).toBe(400);
    expect(r.json().errors.nome ?? r.json().errors.cidade).toMatch(/IBGE/);
    r = await call('PUT', `/api/vacancies/${v.id}`, { data_encerramento: days(-10) });
    expect(r.statusCode).toBe(400);
    expect(r.json().errors.data_encerramento).toBe('O encerramento das inscrições não pode ser antes da data de início.');
    // A new vacancy starts as a draft.
    const draft = await call('POST', '/api/vacancies', { titulo_vaga: 'Rascunho', id_empresa: A, cidade: 'Uberlândia', uf: 'MG', id_gestor: users['rh:gestor'].id, data_inicio: today });
    expect(draft.json().publicada).toBe(false);
  });

  it('banco_talentos roles manage the vacancies of their providers; another provider sees none of them', async () => {
    const v = await vacancy({}, 'banco_talentos:solicitante');
    expect(v.id_empresa).toBe(A);
    const other = await call('GET', `/api/vacancies/${v.id}`, undefined, 'vetorial');
    expect(other.statusCode).toBe(404);
    const list = await call('GET', `/api/vacancies?${qs({ range: [0, 999] })}`, undefined, 'vetorial');
    expect(list.json().map((x: any) => x.id)).not.toContain(v.id);
  });
});

describe('public vacancies', () => {
  it('lists only published, active, started and open vacancies with their public fields, newest first, and the filters\u2019 choices', async () => {
    const open = await vacancy({ titulo_vaga: 'Analista de Redes Sênior', modelo_trabalho: 'remoto', data_encerramento: days(10) });
    const draft = await vacancy({ titulo_vaga: 'Analista de Redes Rascunho', publicada: false });
    const inactive = await vacancy({ titulo_vaga: 'Analista de Redes Inativa', ativo: false });
    const closed = await vacancy({ titulo_vaga: 'Analista de Redes Encerrada', data_inicio: days(-30), data_encerramento: days(-1) });
    const future = await vacancy({ titulo_vaga: 'Analista de Redes Futura', data_inicio: days(5) });
    const r = await visitor(`/v1/public/careers/vagas?${new URLSearchParams({ q: 'analista redes' })}`);
    expect(r.statusCode, r.body).toBe(200);
    const ids = r.json().vagas.map((v: any) => v.id);
    expect(ids).toContain(open.id);
    for (const hidden of [draft, inactive, closed, future]) expect(ids).not.toContain(hidden.id);
    const found = r.json().vagas.find((v: any) => v.id === open.id);
    expect(found).toEqual({
      id: open.id,
      titulo_vaga: 'Analista de Redes Sênior',
      slug: 'analista-de-redes-senior',
      path: `/careers/role/${open.id}/analista-de-redes-senior`,
      vagas: 2,
      cidade: 'Uberlândia',
      uf: 'MG',
      empresa: { id: A, nome: 'Bitcom', slug: 'bitcom' },
      departamento: 'Técnico',
      modelo_trabalho: 'remoto',
      tipo_contrato: 'clt',
      data_inicio: days(-3),
      data_encerramento: days(10),
      resumo: 'Instalação de fibra óptica.',
    });
    // Never the internal fields (manager, status, drafts' flags).
    expect(JSON.stringify(r.json())).not.toMatch(/gestor|id_gestor|publicada|ativo|Pessoa rh/);
    expect(r.json().filtros.empresas).toEqual(expect.arrayContaining([expect.objectContaining({ id: A, nome: 'Bitcom', slug: 'bitcom' })]));
    expect(r.json().filtros.cidades).toEqual(expect.arrayContaining([expect.objectContaining({ cidade: 'Uberlândia', uf: 'MG' })]));
    expect(r.json().filtros.departamentos).toEqual(expect.arrayContaining([expect.objectContaining({ nome: 'Técnico' })]));
  });

  it('filters by provider slug, department, city and work model; an unknown provider is 404', async () => {
    const mine = await vacancy({ titulo_vaga: 'Vaga Filtrável Remota', modelo_trabalho: 'remoto' });
    const ofB = await call('POST', '/api/vacancies', { titulo_vaga: 'Vaga Filtrável Curitiba', id_empresa: B, uf: 'PR', cidade: 'Curitiba', id_gestor: users.vetorial.id, data_inicio: days(-1), publicada: true });
    expect(ofB.statusCode, ofB.body).toBe(201);
    const ids = async (params: Record<string, string>) => (await visitor(`/v1/public/careers/vagas?${new URLSearchParams({ q: 'filtravel', ...params })}`)).json().vagas.map((v: any) => v.id);
    expect(await ids({})).toEqual(expect.arrayContaining([mine.id, ofB.json().id]));
    expect(await ids({ empresa: 'bitcom' })).toEqual([mine.id]);
    expect(await ids({ empresa: 'vetorial' })).toEqual([ofB.json().id]);
    expect(await ids({ cidade: 'curitiba', uf: 'PR' })).toEqual([ofB.json().id]);
    expect(await ids({ departamento: 'tecnico' })).toEqual([mine.id]);
    expect(await ids({ modelo: 'remoto' })).toEqual([mine.id]);
    const unknown = await visitor('/v1/public/careers/vagas?empresa=nao-existe');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Provedor não encontrado.');
    const bad = await visitor('/v1/public/careers/vagas?limit=5000');
    expect(bad.statusCode).toBe(400);
  });

  it('answers one open vacancy with its description, requirements and benefits; a draft or closed one is 404', async () => {
    const v = await vacancy();
    const r = await visitor(`/v1/public/careers/vagas/${v.id}`);
    expect(r.statusCode).toBe(200);
    expect(r.json().vaga).toMatchObject({ id: v.id, descricao: '<p>Instalação de fibra óptica.</p>', requisitos: '<ul><li>CNH B</li></ul>', beneficios: '<p>Plano de saúde</p>' });
    expect(r.json().vaga.gestor_vaga).toBeUndefined();
    const draft = await vacancy({ publicada: false });
    for (const url of [`/v1/public/careers/vagas/${draft.id}`, '/v1/public/careers/vagas/999999', '/v1/public/careers/vagas/abc']) {
      const x = await visitor(url);
      expect(x.statusCode).toBe(404);
      expect(x.json().message).toBe(CAREERS_MSG.vacancyNotFound);
    }
  });

  it('throttles each client address, the pages (role, list, sitemap) on the API’s budget, with Retry-After', async () => {
    const small = await testApp({ config: { careersReadsPerMinute: 3 } });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) codes.push((await small.app.inject({ method: 'GET', url: '/v1/public/careers/vagas', remoteAddress: '198.51.100.99' })).statusCode);
      expect(codes).toEqual([200, 200, 200, 429, 429]);
      const other = await small.app.inject({ method: 'GET', url: '/v1/public/careers/vagas', remoteAddress: '198.51.100.100' });
      expect(other.statusCode).toBe(200);
      expect((await small.app.inject({ method: 'GET', url: '/v1/public/careers/vagas', remoteAddress: '198.51.100.99' })).json().message).toBe(CAREERS_MSG.tooMany);
      // Once the API's limit is used, the served pages are refused too.
      for (const url of ['/careers/role/1', '/careers/role/1/tecnico', '/careers/list', '/careers/list/bitcom', '/home/vacancy', '/sitemap.xml', '/robots.txt', '/v1/public/careers/vagas/1']) {
        const r = await small.app.inject({ method: 'GET', url, remoteAddress: '198.51.100.99' });
        expect(r.statusCode, url).toBe(429);
        expect(r.json().message, url).toBe(CAREERS_MSG.tooMany);
        expect(Number(r.headers['retry-after']), url).toBeGreaterThanOrEqual(1);
        expect(Number(r.headers['retry-after']), url).toBeLessThanOrEqual(60);
      }
      expect((await small.app.inject({ method: 'GET', url: '/careers/role/1', remoteAddress: '198.51.100.100' })).statusCode).toBe(404);
    } finally {
      await small.close();
    }
  });
});

describe('the role page and the sitemap (search engines and link previews)', () => {
  it('serves the role page with its title, description, canonical address, Open Graph and schema.org JobPosting in the HTML', async () => {
    const v = await vacancy({ titulo_vaga: 'Técnico de Campo <Noturno>', data_encerramento: days(20), modelo_trabalho: 'hibrido' });
    const r = await visitor(`/careers/role/${v.id}/tecnico-de-campo-noturno`);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/text\/html/);
    const html = r.body;
    expect(html).toContain('<title>Técnico de Campo &lt;Noturno&gt; · Bitcom · Intranet</title>');
    expect(html).toContain('<meta name="description" content="Instalação de fibra óptica. CNH B" />');
    expect(html).toContain(`<link rel="canonical" href="https://carreiras.exemplo.com.br/careers/role/${v.id}/tecnico-de-campo-noturno" />`);
    expect(html).toContain('<meta property="og:title" content="Técnico de Campo &lt;Noturno&gt; · Bitcom" />');
    const ld = JSON.parse(/<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html)![1]);
    expect(ld).toMatchObject({
      '@context': 'https://schema.org/',
      '@type': 'JobPosting',
      title: 'Técnico de Campo <Noturno>',
      datePosted: days(-3),
      validThrough: `${days(20)}T23:59:59-03:00`,
      employmentType: 'FULL_TIME',
      hiringOrganization: { '@type': 'Organization', name: 'Bitcom', sameAs: 'https://www.bitcom.com.br' },
      jobLocation: { '@type': 'Place', address: { addressLocality: 'Uberlândia', addressRegion: 'MG', addressCountry: 'BR' } },
    });
    expect(ld.description).toContain('<h3>Requisitos</h3><ul><li>CNH B</li></ul>');
    // The JSON cannot close its script element.
    expect(/<script type="application\/ld\+json">[^<]*<\/script>/.exec(html)![0]).not.toContain('<Noturno>');
    // Readable without running a script.
    expect(html).toContain('<h1>Técnico de Campo &lt;Noturno&gt;</h1>');
  });

  it('answers 404 (with the app) for a draft role, and the sitemap lists every open role and provider page, not drafts', async () => {
    const open = await vacancy({ titulo_vaga: 'Vaga do Sitemap' });
    const draft = await vacancy({ titulo_vaga: 'Rascunho do Sitemap', publicada: false });
    const missing = await visitor(`/careers/role/${draft.id}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<div id="root">');
    const sitemap = await visitor('/sitemap.xml');
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.headers['content-type']).toMatch(/application\/xml/);
    expect(sitemap.body).toContain(`<loc>https://carreiras.exemplo.com.br/careers/role/${open.id}/vaga-do-sitemap</loc>`);
    expect(sitemap.body).toContain('<loc>https://carreiras.exemplo.com.br/careers/list/bitcom</loc>');
    expect(sitemap.body).not.toContain(`/careers/role/${draft.id}/`);
    const robots = await visitor('/robots.txt');
    expect(robots.body).toContain('Sitemap: https://carreiras.exemplo.com.br/sitemap.xml');
    const list = await visitor('/careers/list/bitcom');
    expect(list.body).toContain('<title>Vagas Bitcom · Intranet</title>');
  });
});

describe('the role page with the characters of a replacement string ($`, $\', $&, $1, $$) in the vacancy', () => {
  const SPECIALS = "a$`b$'c$&d$1e$$f";
  const escape = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
  const count = (text: string, part: string) => text.split(part).length - 1;
  /** The page's frame once: a filled field that copied the template into itself would repeat it. */
  const expectOneFrame = (html: string) => {
    for (const part of ['<!doctype html>', '<head>', '</head>', '<title>', '<div id="root">']) expect(count(html, part), part).toBe(1);
  };

  it('serves every filled field (title, description, requirements, benefits, provider) literally, escaped where HTML requires', async () => {
    const provider = `Fibra ${SPECIALS}`;
    const created = await t.inject({ method: 'POST', url: '/api/providers', payload: { nome: provider } });
    expect(created.statusCode, created.body).toBe(201);
    const providerId = created.json().id as number;
    const title = `Técnico ${SPECIALS}`;
    const v = await vacancy({ titulo_vaga: title, id_empresa: providerId, id_departamento: null, descricao: `<p>Descrição ${SPECIALS}</p>`, requisitos: `<p>Requisitos ${SPECIALS}</p>`, beneficios: `<p>Benefícios ${SPECIALS}</p>` });
    const stored = (await visitor(`/v1/public/careers/vagas/${v.id}`)).json().vaga;
    expect(stored.titulo_vaga).toBe(title);
    const r = await visitor(`/careers/role/${v.id}`);
    expect(r.statusCode).toBe(200);
    const html = r.body;
    expectOneFrame(html);
    expect(count(html, 'application/ld+json')).toBe(1);
    expect(html).toContain(`<title>${escape(`${title} · ${provider} · Intranet`)}</title>`);
    expect(html).toContain(`<meta property="og:title" content="${escape(`${title} · ${provider}`)}" />`);
    expect(html).toContain(`<meta name="description" content="${escape(summary([stored.descricao, stored.requisitos].join(' '), 300))}" />`);
    expect(html).toContain(`<meta property="og:description" content="${escape(summary([stored.descricao, stored.requisitos].join(' '), 300))}" />`);
    expect(html).toContain(`<h1>${escape(title)}</h1>`);
    expect(html).toContain(`<p>${escape(provider)} · `);
    for (const field of ['descricao', 'requisitos', 'beneficios'] as const) {
      expect(stored[field]).toContain(SPECIALS.replace('&', '&amp;'));
      expect(html).toContain(stored[field]);
    }
    const ld = JSON.parse(/<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html)![1]);
    expect(ld.title).toBe(title);
    expect(ld.hiringOrganization.name).toBe(provider);
    for (const field of ['descricao', 'requisitos', 'beneficios'] as const) expect(ld.description).toContain(stored[field]);
    expect(html.length).toBeLessThan(16_000);
    // The provider's list page fills the same template with the provider's name.
    const list = await visitor(`/careers/list/${providerId}`);
    expectOneFrame(list.body);
    expect(list.body).toContain(`<title>${escape(`Vagas ${provider} · Intranet`)}</title>`);
  });

  it('stays small with every text at its longest, made of those characters', async () => {
    const text = (label: string) => `<p>${label} ${"$`$'$&$1$$ ".repeat(1_200)}</p>`;
    const title = `${"$`$'$&$1$$".repeat(19)}`.slice(0, 190);
    const v = await vacancy({ titulo_vaga: title, descricao: text('Descrição'), requisitos: text('Requisitos'), beneficios: text('Benefícios') });
    const r = await visitor(`/careers/role/${v.id}`);
    expect(r.statusCode).toBe(200);
    expectOneFrame(r.body);
    expect(r.body).toContain(`<h1>${escape(title)}</h1>`);
    // The body and the JobPosting data each carry at most PAGE_TEXT_MAX characters of the texts (a summary past it).
    expect(r.body.length).toBeLessThan(64_000);
    const ld = JSON.parse(/<script type="application\/ld\+json">([^<]*)<\/script>/.exec(r.body)![1]);
    expect(ld.title).toBe(title);
    expect(ld.description).toMatch(/^<p>Descrição \$`\$&#39;\$&amp;\$1\$\$ /);
    expect(ld.description.length).toBeLessThanOrEqual(PAGE_TEXT_MAX * 2);
  });
});

describe('applications', () => {
  it('a signed-in candidate applies once; twice is refused; a visitor must sign in; the honeypot refuses bots', async () => {
    const v = await vacancy();
    const anonymous = await t.app.inject({ method: 'POST', url: `/v1/careers/vagas/${v.id}/candidatura`, payload: {} });
    expect(anonymous.statusCode).toBe(401);
    const bot = await call('POST', `/v1/careers/vagas/${v.id}/candidatura`, { website: 'http://spam.example' }, 'candidato');
    expect(bot.statusCode).toBe(400);
    expect(bot.json().message).toBe(CAREERS_MSG.applyError);
    const first = await call('POST', `/v1/careers/vagas/${v.id}/candidatura`, { origem: 'linkedin', website: '' }, 'candidato');
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().candidatura).toMatchObject({ id_vaga: v.id, status: 'recebido', empresa: { id: A, nome: 'Bitcom' }, vaga_aberta: true });
    const again = await call('POST', `/v1/careers/vagas/${v.id}/candidatura`, {}, 'candidato');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Você já se candidatou a esta vaga.');
    // Concurrent double clicks: one application.
    const w = await vacancy();
    const both = await Promise.all([1, 2, 3].map(() => call('POST', `/v1/careers/vagas/${w.id}/candidatura`, {}, 'candidata2')));
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    // A closed vacancy takes no application.
    const draft = await vacancy({ publicada: false });
    expect((await call('POST', `/v1/careers/vagas/${draft.id}/candidatura`, {}, 'candidato')).statusCode).toBe(404);
    // Unknown fields are refused.
    expect((await call('POST', `/v1/careers/vagas/${v.id}/candidatura`, { status: 'aprovado' }, 'candidato')).statusCode).toBe(400);
    // The manager is told.
    const { rows } = await t.db.query(`SELECT data FROM notificacao.notificacao WHERE id_usuario = $1 ORDER BY id DESC LIMIT 1`, [users['rh:gestor'].id]);
    expect(rows[0].data.msg).toMatch(/^Nova candidatura para Técnico de Fibra \d+: Pessoa candidat/);
  });

  it('recruiters of the provider move the application; the candidate is notified and e-mailed and sees the step, never the note; another provider sees nothing', async () => {
    const v = await vacancy({ titulo_vaga: 'Vaga do Pipeline' });
    const applied = await call('POST', `/v1/careers/vagas/${v.id}/candidatura`, { origem: 'google' }, 'candidato');
    const id = applied.json().candidatura.id;
    const list = await call('GET', `/api/applications?${qs({ filter: { id_vaga: v.id } })}`, undefined, 'banco_talentos:solicitante');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toEqual([expect.objectContaining({ id, candidato_nome: 'Pessoa candidato', candidato_email: 'candidato@carreiras.teste', titulo_vaga: 'Vaga do Pipeline', status: 'recebido', origem: 'google' })]);
    // Another provider's recruiter: nothing.
    expect((await call('GET', `/api/applications?${qs({ filter: { id_vaga: v.id } })}`, undefined, 'vetorial')).json()).toEqual([]);
    expect((await call('GET', `/api/applications/${id}`, undefined, 'vetorial')).statusCode).toBe(404);
    expect((await call('PUT', `/api/applications/${id}`, { status: 'reprovado' }, 'vetorial')).statusCode).toBe(404);
    expect((await call('GET', `/v1/careers/candidaturas/${id}/detalhes`, undefined, 'vetorial')).statusCode).toBe(404);
    // A reader reads but does not move.
    expect((await call('PUT', `/api/applications/${id}`, { status: 'entrevista' }, 'banco_talentos:leitor')).statusCode).toBe(403);
    // The candidate cannot use the recruiters' register.
    expect((await call('GET', `/api/applications?${qs({})}`, undefined, 'candidato')).statusCode).toBe(403);

    const before = (await t.db.query(`SELECT count(*)::int AS n FROM admin.email WHERE para = 'candidato@carreiras.teste'`)).rows[0].n;
    const moved = await call('PUT', `/api/applications/${id}`, { status: 'entrevista', observacao: 'Chamar na segunda-feira' }, 'banco_talentos:solicitante');
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ status: 'entrevista', observacao: 'Chamar na segunda-feira' });
    const { rows: notes } = await t.db.query(`SELECT data FROM notificacao.notificacao WHERE id_usuario = $1 ORDER BY id DESC LIMIT 1`, [users.candidato.id]);
    expect(notes[0].data).toMatchObject({ modulo: 'carreiras', msg: 'Sua candidatura para Vaga do Pipeline está agora em: Entrevista.', link: '/applications/list' });
    const { rows: mails } = await t.db.query(`SELECT assunto, texto FROM admin.email WHERE para = 'candidato@carreiras.teste' ORDER BY id`);
    expect(mails.length).toBe(before + 1);
    expect(mails.at(-1)).toMatchObject({ assunto: 'Sua candidatura para Vaga do Pipeline' });
    expect(mails[mails.length - 1].texto).toContain('https://carreiras.exemplo.com.br/applications/list');
    // A note alone tells nobody.
    await call('PUT', `/api/applications/${id}`, { observacao: 'Confirmado' }, 'banco_talentos:solicitante');
    expect((await t.db.query(`SELECT count(*)::int AS n FROM admin.email WHERE para = 'candidato@carreiras.teste'`)).rows[0].n).toBe(before + 1);

    const mine = await call('GET', '/v1/careers/candidaturas', undefined, 'candidato');
    const row = mine.json().candidaturas.find((c: any) => c.id === id);
    expect(row).toMatchObject({ status: 'entrevista', titulo_vaga: 'Vaga do Pipeline', path: `/careers/role/${v.id}/vaga-do-pipeline` });
    expect(JSON.stringify(mine.json())).not.toContain('Chamar na segunda-feira');
    expect(JSON.stringify(mine.json())).not.toContain('Confirmado');
    // The history keeps each step.
    const history = await call('GET', `/api/applications/${id}/history`);
    expect(history.statusCode).toBe(200);
  });

  it('recruiters read the candidate\u2019s data, resume and PDF through the application; a candidate\u2019s data is theirs alone', async () => {
    // The candidate's PDF and data.
    const uploadAs = async (who: string, name: string, data: Buffer) => {
      const { payload, headers } = multipart([file(name, data), { name: 'bucket-id', data: 'curriculos' }]);
      const r = await t.app.inject({ method: 'POST', url: '/v1/files/', payload, headers: { ...headers, ...bearer(users[who].token) } });
      expect(r.statusCode, r.body).toBe(200);
      return r.json().processedFiles[0].id as string;
    };
    const fileId = await uploadAs('candidata2', 'curriculo.pdf', pdf());
    const pngId = await uploadAs('candidata2', 'foto.png', PNG);
    const notPdf = await call('POST', '/api/applicant-profiles', { telefone: '(34) 99999-1234', uf: 'MG', cidade: 'Uberlândia', curriculo: pngId }, 'candidata2');
    expect(notPdf.statusCode).toBe(400);
    expect(notPdf.json().errors.curriculo).toBe('Envie o currículo em PDF.');
    const profile = await call('POST', '/api/applicant-profiles', { telefone: '(34) 99999-1234', uf: 'MG', cidade: 'uberlandia', linkedin: 'https://linkedin.com/in/x', curriculo: fileId, banco_talentos: true }, 'candidata2');
    expect(profile.statusCode, profile.body).toBe(201);
    expect(profile.json()).toMatchObject({ cidade: 'Uberlândia', id_usuario: users.candidata2.id });
    const twice = await call('POST', '/api/applicant-profiles', { telefone: '(34) 99999-1234', uf: 'MG', cidade: 'Uberlândia' }, 'candidata2');
    expect(twice.statusCode).toBe(409);
    // Nobody else reads it through the register (not even a recruiter).
    expect((await call('GET', `/api/applicant-profiles/${profile.json().id}`, undefined, 'candidato')).statusCode).toBe(404);
    expect((await call('GET', `/api/applicant-profiles/${profile.json().id}`, undefined, 'banco_talentos:solicitante')).statusCode).toBe(404);
    // Someone else's file cannot be claimed.
    const stolen = await call('POST', '/api/applicant-profiles', { telefone: '(34) 99999-1234', uf: 'MG', cidade: 'Uberlândia', curriculo: fileId }, 'candidato');
    expect(stolen.statusCode).toBe(400);
    const edu = await call('POST', '/api/resume-education', { situacao: 'CONCLUIDO', descricao: 'Técnico em Redes', ie: 'SENAI', data_inicio: '2019-02-01', data_fim: '2020-12-01' }, 'candidata2');
    expect(edu.statusCode, edu.body).toBe(201);

    const v = await vacancy({ titulo_vaga: 'Vaga com Currículo' });
    const applied = await call('POST', `/v1/careers/vagas/${v.id}/candidatura`, {}, 'candidata2');
    const id = applied.json().candidatura.id;
    const details = await call('GET', `/v1/careers/candidaturas/${id}/detalhes`, undefined, 'banco_talentos:leitor');
    expect(details.statusCode, details.body).toBe(200);
    expect(details.json()).toMatchObject({
      candidatura: { id, status: 'recebido', titulo_vaga: 'Vaga com Currículo' },
      candidato: { nome: 'Pessoa candidata2', telefone: '(34) 99999-1234', cidade: 'Uberlândia', uf: 'MG', tem_curriculo: true, linkedin: 'https://linkedin.com/in/x' },
      curriculo: { formacao: [expect.objectContaining({ descricao: 'Técnico em Redes', ie: 'SENAI', data_inicio: '2019-02-01' })], experiencia: [], certificados: [] },
    });
    const cv = await call('GET', `/v1/careers/candidaturas/${id}/curriculo`, undefined, 'banco_talentos:leitor');
    expect(cv.statusCode).toBe(200);
    expect(cv.headers['content-type']).toBe('application/pdf');
    expect(cv.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await call('GET', `/v1/careers/candidaturas/${id}/curriculo`, undefined, 'vetorial')).statusCode).toBe(404);
    // The candidate's own file is still theirs only through /v1/files (the recruiter has no provider in common).
    expect((await t.app.inject({ method: 'GET', url: `/v1/files/${fileId}`, headers: bearer(users['banco_talentos:leitor'].token) })).statusCode).toBe(404);
  });
});

describe('the resume database, the keyword search and the dashboard', () => {
  /** A person with data, resume entries and consent (or not), answering their user id. */
  async function person(key: string, consent: boolean, entries: { funcao: string; empresa: string; descricao: string }[], cert?: string) {
    const email = `${key}@banco.teste`;
    const token = await t.userToken({ papeis: ['user'], email, nome: `Pessoa ${key}` });
    const id = (await t.db.query<{ id: number }>('SELECT id FROM auth.usuario WHERE email = $1', [email])).rows[0].id;
    users[key] = { token, role: '', id };
    const r = await call('POST', '/api/applicant-profiles', { telefone: '(31) 98888-0000', uf: 'MG', cidade: 'Contagem', banco_talentos: consent, apresentacao: `Sou ${key}.` }, key);
    expect(r.statusCode, r.body).toBe(201);
    for (const e of entries) expect((await call('POST', '/api/resume-experience', { ...e, data_inicio: '2020-01-01', data_fim: '2022-01-01' }, key)).statusCode).toBe(201);
    if (cert) expect((await call('POST', '/api/resume-certificates', { organizacao: 'SENAI', descricao: cert, data_emissao: '2021-05-01' }, key)).statusCode).toBe(201);
    return id;
  }

  it('finds, ranked and accent-insensitively, only the people who allowed it; readers and candidates are refused', async () => {
    const fibra = await person('fibra', true, [{ funcao: 'Técnica de fibra óptica', empresa: 'Conecta', descricao: 'Fusão de fibras e instalação FTTH; fibra em condomínios.' }], 'NR-35 Trabalho em Altura');
    const vendas = await person('vendas', true, [{ funcao: 'Vendedora', empresa: 'Loja', descricao: 'Vendas de planos de fibra.' }]);
    const hidden = await person('oculto', false, [{ funcao: 'Técnico de fibra', empresa: 'Outra', descricao: 'Fibra óptica.' }]);
    const r = await call('GET', `/v1/careers/banco?${new URLSearchParams({ q: 'FIBRA optica tecnica' })}`, undefined, 'banco_talentos:solicitante');
    expect(r.statusCode, r.body).toBe(200);
    const ids = r.json().resultados.map((x: any) => x.id_usuario);
    expect(ids[0]).toBe(fibra);
    expect(ids).not.toContain(hidden);
    expect(r.json().resultados[0].trecho).toMatch(/<mark>Técnica<\/mark> de <mark>fibra<\/mark> <mark>óptica<\/mark>/);
    // Any word, ranked: both fibre people; the one who wrote about it more comes first.
    const any = await call('GET', `/v1/careers/banco?${new URLSearchParams({ q: 'fibras' })}`, undefined, 'rh:gestor');
    expect(any.json().resultados.map((x: any) => x.id_usuario).slice(0, 2)).toEqual([fibra, vendas]);
    // Certificates are searched too.
    expect((await call('GET', `/v1/careers/banco?${new URLSearchParams({ q: 'altura' })}`, undefined, 'rh:gestor')).json().resultados.map((x: any) => x.id_usuario)).toEqual([fibra]);
    // One person's resume: only of who allowed it.
    const one = await call('GET', `/v1/careers/banco/${fibra}`, undefined, 'banco_talentos:solicitante');
    expect(one.json().curriculo.experiencia[0]).toMatchObject({ funcao: 'Técnica de fibra óptica' });
    expect((await call('GET', `/v1/careers/banco/${hidden}`, undefined, 'banco_talentos:solicitante')).statusCode).toBe(404);
    expect((await call('GET', '/v1/careers/banco', undefined, 'banco_talentos:leitor')).statusCode).toBe(403);
    expect((await call('GET', '/v1/careers/banco', undefined, 'candidato')).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/v1/careers/banco' })).statusCode).toBe(401);
  });

  it('searches a vacancy\u2019s applicants by keywords with their step (consent not needed: they applied); another provider is refused', async () => {
    const a = await person('aplicante1', false, [{ funcao: 'Eletricista', empresa: 'Obras', descricao: 'Instalações elétricas prediais.' }]);
    const b = await person('aplicante2', false, [{ funcao: 'Atendente', empresa: 'Call center', descricao: 'Atendimento ao cliente.' }]);
    const v = await vacancy({ titulo_vaga: 'Vaga da Busca' });
    for (const key of ['aplicante1', 'aplicante2']) expect((await call('POST', `/v1/careers/vagas/${v.id}/candidatura`, {}, key)).statusCode).toBe(201);
    const r = await call('GET', `/v1/careers/vagas/${v.id}/candidatos/busca?${new URLSearchParams({ q: 'eletrica' })}`, undefined, 'banco_talentos:leitor');
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().vaga).toEqual({ id: v.id, titulo_vaga: 'Vaga da Busca' });
    expect(r.json().resultados).toEqual([expect.objectContaining({ id_usuario: a, status: 'recebido' })]);
    const all = await call('GET', `/v1/careers/vagas/${v.id}/candidatos/busca`, undefined, 'banco_talentos:leitor');
    expect(all.json().resultados.map((x: any) => x.id_usuario).sort()).toEqual([a, b].sort());
    expect((await call('GET', `/v1/careers/vagas/${v.id}/candidatos/busca?q=eletrica`, undefined, 'vetorial')).statusCode).toBe(404);
  });

  it('the dashboard counts vacancies, applications per step, vacancy, week and source, and the time to fill, within the caller\u2019s providers', async () => {
    const v = await vacancy({ titulo_vaga: 'Vaga do Painel', data_inicio: days(-10) });
    const applied = await call('POST', `/v1/careers/vagas/${v.id}/candidatura`, { origem: 'indeed' }, 'candidato');
    await call('PUT', `/api/applications/${applied.json().candidatura.id}`, { status: 'aprovado' }, 'rh:gestor');
    const r = await call('GET', '/v1/careers/dashboard', undefined, 'banco_talentos:leitor');
    expect(r.statusCode, r.body).toBe(200);
    const d = r.json();
    expect(d.vagas.abertas).toBeGreaterThan(0);
    expect(d.candidaturas.total).toBeGreaterThan(0);
    expect(d.candidaturas.por_etapa.aprovado).toBeGreaterThanOrEqual(1);
    expect(d.por_vaga).toEqual(expect.arrayContaining([expect.objectContaining({ id: v.id, titulo_vaga: 'Vaga do Painel', total: 1, aprovado: 1 })]));
    expect(d.origens).toEqual(expect.arrayContaining([{ origem: 'indeed', total: 1 }]));
    expect(d.por_semana.reduce((n: number, w: any) => n + w.total, 0)).toBe(d.candidaturas.total);
    expect(d.tempo_preenchimento.vagas).toBeGreaterThanOrEqual(1);
    expect(d.tempo_preenchimento.mediana_dias).not.toBeNull();
    // Another provider's manager sees none of it.
    const other = (await call('GET', '/v1/careers/dashboard', undefined, 'vetorial')).json();
    expect(other.por_vaga.map((x: any) => x.id)).not.toContain(v.id);
    expect((await call('GET', `/v1/careers/dashboard?empresa=${A}`, undefined, 'vetorial')).statusCode).toBe(403);
    expect((await call('GET', '/v1/careers/dashboard', undefined, 'candidato')).statusCode).toBe(403);
  });

  it('a vacancy with applications cannot be deleted: the refusal names them', async () => {
    const v = await vacancy({ titulo_vaga: 'Vaga com Candidatos' });
    await call('POST', `/v1/careers/vagas/${v.id}/candidatura`, {}, 'candidato');
    const r = await call('DELETE', `/api/vacancies/${v.id}`);
    expect(r.statusCode).toBe(409);
    expect(r.json().message).toMatch(/Candidaturas/);
  });
});
