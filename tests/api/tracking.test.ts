// Tracking links (marketing document, sections 2 to 8 "Tracking link"): the v1 calls with their
// response names, the public redirect (302 with the campaign's parameters, the friendly 404), the
// clicks it records (bots, previews, HEAD, QR code, unique visitors), the statistics, the QR code
// downloads, and the rights (role header, provider scope), validation and pt-BR refusals.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../src/domain/messages.js';
import { TRACKING_MSG } from '../../src/server/tracking/messages.js';
import { SYSTEM } from '../../src/server/resources/service.js';
import { trackingServices } from '../../src/server/tracking/service.js';
import { bearer, testApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
let A: number; // Bitcom
let B: number; // Vetorial
const ids: Record<string, number> = {};
const users: Record<string, { token: string; role: string }> = {};
const BASE = 'https://lnk.exemplo.com.br';

type Method = 'GET' | 'POST' | 'PUT' | 'HEAD';

async function call(method: Method, url: string, payload?: unknown, as?: string, role?: string) {
  const headers = as ? bearer(users[as].token, role ?? users[as].role) : bearer(t.adminToken, 'users:superadmin');
  return t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
}

async function generate(params: Record<string, unknown>, empresa = A, as = 'marketing:solicitante') {
  const r = await call('POST', '/v1/vendas/tracking/url', { params, id_usuario: 999, id_empresa: empresa }, as);
  expect(r.statusCode, r.body).toBe(200);
  return r.json().insert_vendas_tracking_url.returning[0] as Record<string, any>;
}

const codeOf = (url: string) => url.split('/l/')[1];
const visit = (code: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET', query = '') =>
  t.app.inject({ method, url: `/l/${code}${query}`, headers: { 'user-agent': CHROME, ...headers } });

const CHROME = 'Mozilla/5.0 (Linux; Android 13; SM-S901B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36';
const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';

/** The statistics of a link, once the click buffer has written what it holds. */
async function stats(id: number, as?: string) {
  await trackingServices.get(t.db)!.clicks.flush();
  const r = await call('GET', `/v1/vendas/tracking/url/${id}/estatisticas`, undefined, as);
  expect(r.statusCode, r.body).toBe(200);
  return r.json();
}

beforeAll(async () => {
  t = await testApp({ config: { trackingBaseUrl: BASE, trackingFlushMs: 20 } });
  const post = async (url: string, body: object) => {
    const r = await t.inject({ method: 'POST', url, payload: body });
    expect(r.statusCode, r.body).toBe(201);
    return r.json().id as number;
  };
  A = await post('/api/providers', { nome: 'Bitcom', site: 'https://www.bitcom.com.br' });
  B = await post('/api/providers', { nome: 'Vetorial', site: 'https://www.vetorial.net' });
  ids.cmp = await post('/api/sales-campaigns', { nome: 'Black Friday Fibra', bitcom: true, vetorial: true });
  ids.cmpVetorial = await post('/api/sales-campaigns', { nome: 'Só Vetorial', vetorial: true });
  ids.cmpInactive = await post('/api/sales-campaigns', { nome: 'Encerrada', bitcom: true, ativo: false });
  ids.chn = await post('/api/sales-channels', { nome: 'Facebook Ads', bitcom: true, vetorial: true });
  ids.chnVetorial = await post('/api/sales-channels', { nome: 'Rádio', vetorial: true });
  ids.dst = await post('/api/tracking-destinations', { nome: 'Assine', url: 'https://www.exemplo.com.br/assine?origem=site' });
  for (const role of ['marketing:solicitante', 'marketing:leitor', 'vendas:solicitante', 'rh:gestor']) {
    users[role] = { token: await t.userToken({ papeis: [role], id_empresas: [A] }), role };
  }
  users.vetorial = { token: await t.userToken({ papeis: ['marketing:gestor'], id_empresas: [B] }), role: 'marketing:gestor' };
});
afterAll(() => t?.close());

describe('POST v1/vendas/tracking/url', () => {
  it('generates a link on the base with a random short code, its params and the caller as author', async () => {
    const row = await generate({ cmp: ids.cmp, chn: ids.chn, dst: ids.dst });
    expect(row.url).toMatch(new RegExp(`^${BASE}/l/[0-9A-Za-z]{7,}$`));
    expect(row.params).toEqual({ cmp: ids.cmp, chn: ids.chn, dst: ids.dst });
    expect(row).toMatchObject({ id_empresa: A, id_campanha: ids.cmp, id_canal: ids.chn, id_destino: ids.dst, cliques: 0 });
    expect(row.id_usuario).not.toBe(999);
    const other = await generate({ cmp: ids.cmp, chn: ids.chn, dst: ids.dst });
    expect(codeOf(other.url)).not.toBe(codeOf(row.url));
  });

  it('refuses a campaign or channel without the provider flag, or inactive, in pt-BR', async () => {
    let r = await call('POST', '/v1/vendas/tracking/url', { params: { cmp: ids.cmpVetorial, chn: ids.chn }, id_empresa: A }, 'marketing:solicitante');
    expect(r.statusCode).toBe(400);
    expect(r.json().errors.id_campanha).toBe('A campanha precisa estar ativa e ser usada por este provedor.');
    r = await call('POST', '/v1/vendas/tracking/url', { params: { cmp: ids.cmpInactive, chn: ids.chnVetorial }, id_empresa: A }, 'marketing:solicitante');
    expect(r.statusCode).toBe(400);
    expect(r.json().errors).toMatchObject({ id_campanha: 'A campanha precisa estar ativa e ser usada por este provedor.', id_canal: 'O canal precisa estar ativo e ser usado por este provedor.' });
  });

  it('answers 400 in pt-BR to malformed bodies, never 500', async () => {
    for (const body of [
      {},
      { params: { cmp: 'x', chn: ids.chn }, id_empresa: A },
      { params: 'not json', id_empresa: A },
      { params: { cmp: ids.cmp, chn: ids.chn, extra: 1 }, id_empresa: A },
      { params: { cmp: ids.cmp, chn: ids.chn }, id_empresa: A, outro: 1 },
      { params: { cmp: ids.cmp, chn: ids.chn }, id_empresa: 'abc' },
      [1, 2],
    ]) {
      const r = await call('POST', '/v1/vendas/tracking/url', body, 'marketing:solicitante');
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
      expect(r.json().message).toEqual(expect.any(String));
    }
    const r = await call('POST', '/v1/vendas/tracking/url', { params: { cmp: ids.cmp, chn: ids.chn, extra: 1 }, id_empresa: A }, 'marketing:solicitante');
    expect(r.json().errors['params.extra']).toBe(MSG.unknownField);
  });

  it('checks rights: 401 without a token, 403 without a marketing or vendas role, another provider refused; vendas works too', async () => {
    let r = await t.app.inject({ method: 'POST', url: '/v1/vendas/tracking/url', payload: { params: { cmp: ids.cmp, chn: ids.chn }, id_empresa: A } });
    expect(r.statusCode).toBe(401);
    r = await call('POST', '/v1/vendas/tracking/url', { params: { cmp: ids.cmp, chn: ids.chn }, id_empresa: A }, 'rh:gestor');
    expect(r.statusCode).toBe(403);
    r = await call('POST', '/v1/vendas/tracking/url', { params: { cmp: ids.cmp, chn: ids.chn }, id_empresa: A }, 'marketing:leitor');
    expect(r.statusCode).toBe(403);
    r = await call('POST', '/v1/vendas/tracking/url', { params: { cmp: ids.cmp, chn: ids.chn }, id_empresa: B }, 'marketing:solicitante');
    expect([403, 404, 400]).toContain(r.statusCode);
    await generate({ cmp: ids.cmp, chn: ids.chn }, A, 'vendas:solicitante');
  });
});

describe('the redirect /l/{code}', () => {
  it('answers 302 to the destination with its query kept, cmp/chn/dst and utm_*, without sign-in', async () => {
    const row = await generate({ cmp: ids.cmp, chn: ids.chn, dst: ids.dst });
    const r = await t.app.inject({ method: 'GET', url: `/l/${codeOf(row.url)}` });
    expect(r.statusCode).toBe(302);
    const to = new URL(r.headers.location as string);
    expect(to.origin + to.pathname).toBe('https://www.exemplo.com.br/assine');
    expect(Object.fromEntries(to.searchParams)).toEqual({
      origem: 'site',
      cmp: String(ids.cmp),
      chn: String(ids.chn),
      dst: String(ids.dst),
      utm_source: 'facebook-ads',
      utm_medium: 'link',
      utm_campaign: 'black-friday-fibra',
    });
  });

  it("without a destination leads to the provider's site; the QR code's mark is not forwarded", async () => {
    const row = await generate({ cmp: ids.cmp, chn: ids.chn, dst: null });
    const r = await visit(codeOf(row.url), {}, 'GET', '?qr=1');
    expect(r.statusCode).toBe(302);
    const to = new URL(r.headers.location as string);
    expect(to.origin).toBe('https://www.bitcom.com.br');
    expect(to.searchParams.get('qr')).toBeNull();
    expect(to.searchParams.get('dst')).toBeNull();
    expect(to.searchParams.get('utm_medium')).toBe('qrcode');
  });

  it('answers a friendly pt-BR 404 page to an unknown code', async () => {
    for (const code of ['ZZZZZZZZ', 'a', 'x'.repeat(40), '%00']) {
      const r = await t.app.inject({ method: 'GET', url: `/l/${code}` });
      expect(r.statusCode, code).toBe(404);
      expect(r.headers['content-type']).toMatch(/text\/html/);
      expect(r.body).toContain('Link não encontrado');
    }
  });

  it('records one click per visit, flags bots and previews, counts HEAD and QR apart', async () => {
    const row = await generate({ cmp: ids.cmp, chn: ids.chn, dst: ids.dst });
    const code = codeOf(row.url);
    expect((await visit(code, { referer: 'https://www.facebook.com/' })).statusCode).toBe(302);
    await visit(code, { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' });
    await visit(code, { 'user-agent': 'WhatsApp/2.23.20.0 A' });
    await visit(code, { 'user-agent': 'curl/8.0' });
    expect((await visit(code, {}, 'HEAD')).statusCode).toBe(302);
    await visit(code, { 'user-agent': DESKTOP, 'x-forwarded-for': '1.1.1.1' }, 'GET', '?qr=1');
    const s = await stats(row.id);
    expect(s.totais).toMatchObject({ cliques: 6, humanos: 2, head: 1, qr: 1 });
    // WhatsApp's card is a preview; Googlebot and curl are bots.
    expect(s.totais).toMatchObject({ previews: 1, bots: 2 });
    expect(s.dispositivos.map((d: any) => d.nome).sort()).toEqual(['desktop', 'mobile']);
    expect(s.navegadores.map((d: any) => d.nome)).toContain('Chrome');
    expect(s.sistemas.map((d: any) => d.nome).sort()).toEqual(['Android', 'Windows']);
    expect(s.referencias).toContainEqual({ nome: 'https://www.facebook.com/', cliques: 1 });
    expect(s.por_dia).toHaveLength(30);
    expect(s.por_dia.at(-1).humanos).toBe(2);
    // The link's counter follows.
    const list = await call('POST', '/v1/vendas/tracking/url/filtro', { filtro: { id: row.id } });
    expect(list.json().vendas_tracking_url[0].cliques).toBe(6);
  });

  it('classifies each click when the buffer writes it: a bot and a WhatsApp preview stored as such, a browser parsed', async () => {
    const row = await generate({ cmp: ids.cmp, chn: ids.chn, dst: ids.dst });
    const code = codeOf(row.url);
    await visit(code, { 'user-agent': 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)' });
    await visit(code, { 'user-agent': 'WhatsApp/2.23.20.0 A' });
    await visit(code, { 'user-agent': DESKTOP, referer: 'https://l.instagram.com/' }, 'HEAD', '?qr=1');
    await trackingServices.get(t.db)!.clicks.flush();
    const { rows } = await t.db.query(
      'SELECT navegador, sistema, dispositivo, bot, preview, metodo, qr, referrer, visitante FROM vendas.tracking_clique WHERE id_tracking_url = $1 ORDER BY metodo, preview',
      [row.id],
    );
    const visitor = trackingServices.get(t.db)!.visitorHash('127.0.0.1');
    expect(rows).toEqual([
      { navegador: null, sistema: null, dispositivo: 'bot', bot: true, preview: false, metodo: 'GET', qr: false, referrer: null, visitante: visitor },
      { navegador: null, sistema: null, dispositivo: 'bot', bot: true, preview: true, metodo: 'GET', qr: false, referrer: null, visitante: visitor },
      { navegador: 'Chrome', sistema: 'Windows', dispositivo: 'desktop', bot: false, preview: false, metodo: 'HEAD', qr: true, referrer: 'https://l.instagram.com/', visitante: visitor },
    ]);
  });

  it('counts one unique visitor per address and hour', async () => {
    const row = await generate({ cmp: ids.cmp, chn: ids.chn, dst: ids.dst });
    const code = codeOf(row.url);
    // inject's address is 127.0.0.1 for all: three visits of one visitor in this hour.
    for (let i = 0; i < 3; i++) await visit(code);
    const s = await stats(row.id);
    expect(s.totais).toMatchObject({ humanos: 3, unicos: 1 });
  });

  it('stores only a hash of the address', async () => {
    const row = await generate({ cmp: ids.cmp, chn: ids.chn, dst: ids.dst });
    await visit(codeOf(row.url));
    await trackingServices.get(t.db)!.clicks.flush();
    const { rows } = await t.db.query('SELECT visitante FROM vendas.tracking_clique WHERE id_tracking_url = $1', [row.id]);
    expect(rows[0].visitante).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain('127.0.0.1');
  });
});

describe('the redirect’s throttle', () => {
  it('counts each address in the instance’s memory: TRACKING_REDIRECTS_PER_MINUTE visits a minute, then 429 with Retry-After, not recorded', async () => {
    const small = await testApp({ config: { trackingBaseUrl: BASE, trackingRedirectsPerMinute: 2 } });
    try {
      const service = small.app.resources;
      const provider = await service.create(service.get('providers'), { nome: 'Bitcom', site: 'https://www.bitcom.com.br' }, SYSTEM);
      const campaign = await service.create(service.get('sales-campaigns'), { nome: 'Limite', bitcom: true }, SYSTEM);
      const channel = await service.create(service.get('sales-channels'), { nome: 'Panfleto', bitcom: true }, SYSTEM);
      const link = await service.create(service.get('tracking-links'), { id_empresa: provider.id, id_campanha: campaign.id, id_canal: channel.id }, SYSTEM);
      const go = (ip: string, method: 'GET' | 'HEAD' = 'GET') => small.app.inject({ method, url: `/l/${codeOf(String(link.url))}`, remoteAddress: ip, headers: { 'user-agent': CHROME } });
      expect([(await go('203.0.113.40')).statusCode, (await go('203.0.113.40', 'HEAD')).statusCode]).toEqual([302, 302]);
      const refused = await go('203.0.113.40');
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toBe(MSG.tooManyRequests);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
      expect(refused.headers.location).toBeUndefined();
      expect((await go('203.0.113.40', 'HEAD')).statusCode).toBe(429);
      expect((await go('203.0.113.41')).statusCode).toBe(302);
      // Nothing written per request: no counter in the database; the refused visits are no clicks.
      expect((await small.db.query(`SELECT 1 FROM auth.limite WHERE chave LIKE 'links%'`)).rows).toEqual([]);
      await trackingServices.get(small.db)!.clicks.flush();
      expect((await small.db.query<{ n: number }>('SELECT count(*)::int AS n FROM vendas.tracking_clique WHERE id_tracking_url = $1', [link.id])).rows[0].n).toBe(3);
    } finally {
      await small.close();
    }
  });

  it('0 turns it off (the benchmark’s single address)', async () => {
    const off = await testApp({ config: { trackingBaseUrl: BASE, trackingRedirectsPerMinute: 0 } });
    try {
      const codes = new Set<number>();
      for (let i = 0; i < 30; i++) codes.add((await off.app.inject({ method: 'GET', url: '/l/naoexiste1', remoteAddress: '203.0.113.42' })).statusCode);
      expect([...codes]).toEqual([404]);
    } finally {
      await off.close();
    }
  });
});

describe('PUT v1/vendas/tracking/url', () => {
  it('updates the params; the link keeps its code and leads to the new target at once', async () => {
    const row = await generate({ cmp: ids.cmp, chn: ids.chn, dst: ids.dst });
    await visit(codeOf(row.url));
    const r = await call('PUT', '/v1/vendas/tracking/url', { id: row.id, object: { params: { cmp: ids.cmp, chn: ids.chn, dst: null }, id_usuario: 1, id_empresa: A } }, 'marketing:solicitante');
    expect(r.statusCode, r.body).toBe(200);
    const updated = r.json().update_vendas_tracking_url.returning[0];
    expect(updated).toMatchObject({ id: row.id, url: row.url, id_destino: null, params: { cmp: ids.cmp, chn: ids.chn, dst: null } });
    const to = new URL((await visit(codeOf(row.url))).headers.location as string);
    expect(to.origin).toBe('https://www.bitcom.com.br');
  });

  it("refuses another provider's link, a reader, and malformed bodies", async () => {
    const row = await generate({ cmp: ids.cmp, chn: ids.chn, dst: ids.dst });
    const body = { id: row.id, object: { params: { cmp: ids.cmp, chn: ids.chn } } };
    expect((await call('PUT', '/v1/vendas/tracking/url', body, 'vetorial')).statusCode).toBe(404);
    expect((await call('PUT', '/v1/vendas/tracking/url', body, 'marketing:leitor')).statusCode).toBe(403);
    for (const bad of [{}, { id: 'x', object: {} }, { id: row.id }, { id: row.id, object: { params: {} } }, { id: row.id, object: { params: { cmp: 1, chn: 1 }, foo: 1 } }]) {
      const r = await call('PUT', '/v1/vendas/tracking/url', bad, 'marketing:solicitante');
      expect(r.statusCode, JSON.stringify(bad)).toBe(400);
    }
  });
});

describe('POST v1/vendas/tracking/url/filtro', () => {
  it("lists the caller's providers' links with the names and clicks", async () => {
    const mine = await generate({ cmp: ids.cmp, chn: ids.chn, dst: ids.dst });
    const theirs = await generate({ cmp: ids.cmpVetorial, chn: ids.chnVetorial }, B, 'vetorial');
    const r = await call('POST', '/v1/vendas/tracking/url/filtro', { filtro: {} }, 'marketing:leitor');
    expect(r.statusCode, r.body).toBe(200);
    const rows = r.json().vendas_tracking_url as Record<string, any>[];
    const found = rows.find((x) => x.id === mine.id);
    expect(found).toMatchObject({
      url: mine.url,
      cliques: 0,
      empresa: { id: A, nome: 'Bitcom' },
      campanha: { id: ids.cmp, nome: 'Black Friday Fibra' },
      canal: { id: ids.chn, nome: 'Facebook Ads' },
      destino: { id: ids.dst, nome: 'Assine' },
      usuario: { nome: 'Usuário de Teste' },
    });
    expect(rows.some((x) => x.id === theirs.id)).toBe(false);
    const only = await call('POST', '/v1/vendas/tracking/url/filtro', { filtro: { id_campanha: ids.cmpVetorial } }, 'vetorial');
    expect(only.json().vendas_tracking_url.map((x: any) => x.id)).toEqual([theirs.id]);
    expect((await call('POST', '/v1/vendas/tracking/url/filtro', { filtro: { nada: 1 } }, 'marketing:leitor')).statusCode).toBe(400);
    expect((await call('POST', '/v1/vendas/tracking/url/filtro', { filtro: {} }, 'rh:gestor')).statusCode).toBe(403);
  });
});

describe('statistics and QR code', () => {
  it('answers the QR code as PNG and SVG, for who may read the link only', async () => {
    const row = await generate({ cmp: ids.cmp, chn: ids.chn, dst: ids.dst });
    const png = await call('GET', `/v1/vendas/tracking/url/${row.id}/qrcode.png`, undefined, 'marketing:leitor');
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    const svg = await call('GET', `/v1/vendas/tracking/url/${row.id}/qrcode.svg`, undefined, 'marketing:leitor');
    expect(svg.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(svg.body).toContain('<svg');
    expect((await call('GET', `/v1/vendas/tracking/url/${row.id}/qrcode.png`, undefined, 'vetorial')).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/v1/vendas/tracking/url/${row.id}/qrcode.svg` })).statusCode).toBe(401);
  });

  it('refuses a malformed period in pt-BR', async () => {
    const row = await generate({ cmp: ids.cmp, chn: ids.chn, dst: ids.dst });
    for (const q of ['de=2026-13-01', 'de=2026-05-10&ate=2026-05-01', 'de=2020-01-01&ate=2026-01-01', 'de=abc']) {
      const r = await call('GET', `/v1/vendas/tracking/url/${row.id}/estatisticas?${q}`);
      expect(r.statusCode, q).toBe(400);
    }
    const r = await call('GET', `/v1/vendas/tracking/url/${row.id}/estatisticas?de=2026-01-01&ate=2026-01-07`);
    expect(r.json().por_dia).toHaveLength(7);
  });
});

describe('the generic API', () => {
  it('creates links through REST too (code and URL from the server), and a reader lists them with the clicks column', async () => {
    const r = await t.inject({ method: 'POST', url: '/api/tracking-links', payload: { id_empresa: A, id_campanha: ids.cmp, id_canal: ids.chn, codigo: 'abcdefgh' } });
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json().codigo).not.toBe('abcdefgh');
    expect(r.json().url).toMatch(new RegExp(`^${BASE}/l/`));
    const list = await t.app.inject({ method: 'GET', url: '/api/tracking-links', headers: bearer(users['marketing:leitor'].token, 'marketing:leitor') });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()[0]).toHaveProperty('cliques');
  });
});
