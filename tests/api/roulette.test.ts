// Prize roulettes (marketing document, sections 2 to 9 on roulettes): the campaign register with its
// rules (owner, public address, the seed's commitment, Excluir only without participants and its
// texts), the wizard's prizes and look, the public page and its spin (customer or not, weighted pick
// above the minimum stock, coupon, one spin per interval, honeypot, throttle, closed pages), no prize
// oversold under 50 simultaneous spins, the raffle (filters, exclusion, 'Não há participantes
// correspondentes.'), the participants, Pausar/Reativar, the reveal and the audit recomputed here from
// the revealed seed; rights and provider scope throughout. Issue 29: a customer is known by CPF and
// phone together, and a CPF alone neither tells customer status nor spends the customer's spin;
// Resetar Campanha (superadmin) closes the round and opens the next, deleting nothing.
import { createHash, createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidCPF } from '@brazilian-utils/brazilian-utils';
import { candidateOrder, drawIndex, drawMessage, fractionOf, pickWeighted, ROULETTE_TEXTS, spinMessage } from '../../src/domain/roulette.js';
import { ROULETTE_MSG } from '../../src/server/roulette/service.js';
import { bearer, testApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
let A: number; // Bitcom
let B: number; // Vetorial
const users: Record<string, { token: string; role: string; id: number }> = {};

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

function call(method: Method, url: string, payload?: unknown, as?: string) {
  const headers = as ? bearer(users[as].token, users[as].role) : bearer(t.adminToken, 'users:superadmin');
  return t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
}
const publicCall = (method: 'GET' | 'POST', url: string, payload?: unknown, ip = '198.51.100.7') =>
  t.app.inject({ method, url, remoteAddress: ip, ...(payload === undefined ? {} : { payload: payload as object }) });

/** A valid CPF from 9 digits (the check digits computed). */
function cpfFrom(base: number): string {
  const d = String(base).padStart(9, '0').split('').map(Number);
  for (const len of [9, 10]) {
    const sum = d.slice(0, len).reduce((s, n, i) => s + n * (len + 1 - i), 0);
    const r = (sum * 10) % 11;
    d.push(r === 10 ? 0 : r);
  }
  const cpf = d.join('');
  if (!isValidCPF(cpf)) throw new Error(cpf);
  return cpf;
}
let cpfSeq = 100_000_000;
const nextCpf = () => cpfFrom(++cpfSeq);
const phone = (n: number) => `(41) 9${String(8000_0000 + n).slice(-8, -4)}-${String(n).padStart(4, '0').slice(-4)}`;

const PERIOD = { data_inicio_campanha: '2020-01-01', data_fim_campanha: '2099-12-31' };

/** A customer of a provider (BITCOM: provider A unless given) with a CPF and a mobile on record. */
async function addCustomer(cpf: string, celular: string, { provider = A, code = `C-${cpf}`, nome = 'Cliente Fiel' } = {}) {
  await t.db.query(
    `INSERT INTO relacionamento.dados_pessoas (sistema, id_empresa, cod_cliente, codpessoa, nome_razaosocial, cpf, celular, situacao) VALUES ($1, $2, $3, $3, $4, $5, $6, 'ativo')`,
    [provider === A ? 'BITCOM' : 'VETORIAL', provider, code, nome, cpf, celular],
  );
}
const masked = (cpf: string) => `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;

async function createCampaign(extra: Record<string, unknown> = {}, as?: string) {
  const r = await call('POST', '/api/roulette-campaigns', { nome: 'Roleta de Natal 2026', descricao: 'Gire e ganhe', id_empresa: A, id_usuario_intranet: users['roulette:gestor'].id, ...PERIOD, ...extra }, as);
  expect(r.statusCode, r.body).toBe(201);
  return r.json() as Record<string, any>;
}

const prize = (nome: string, cliente: boolean, extra: Record<string, unknown> = {}) => ({
  nome,
  descricao: `Você ganhou ${nome}!`,
  cliente,
  peso_item: 10,
  quantidade: 100,
  quantidade_minima: 0,
  animacao: true,
  ...extra,
});
const wheel = (cliente: boolean, n = 4, extra: (i: number) => Record<string, unknown> = () => ({})) =>
  Array.from({ length: n }, (_, i) => prize(`${cliente ? 'C' : 'N'} prêmio ${i + 1}`, cliente, extra(i)));

async function savePrizes(id: number, premios: unknown[], as?: string) {
  const r = await call('PUT', `/v1/roulette/${id}/premios`, { premios }, as);
  expect(r.statusCode, r.body).toBe(200);
  return r.json().premios as Record<string, any>[];
}

async function spin(slug: string, body: Record<string, unknown> = {}, ip?: string) {
  return publicCall('POST', `/v1/public/roulette/${slug}/giro`, { nome: 'Maria Visitante', telefone: phone(cpfSeq), cpf: nextCpf(), ...body }, ip);
}

/**
 * Recomputes a revealed round of the audit from its seed, as a visitor would: the seed against its
 * commitment, each spin's prize and each draw's winner. Answers how many spins and draws were checked.
 */
function checkRound(campaignId: number, round: Record<string, any>) {
  const seed = Buffer.from(round.semente, 'hex');
  expect(createHash('sha256').update(seed).digest('hex')).toBe(round.semente_hash);
  const fraction = (message: string) => fractionOf(createHmac('sha256', seed).update(message).digest());
  for (const g of round.giros) {
    const eligible = g.elegiveis.map((id: number, i: number) => ({ id, peso: g.pesos[i] }));
    expect(pickWeighted(eligible, fraction(spinMessage(campaignId, round.rodada, g.seq)))).toBe(g.id_premio);
  }
  const drawnBefore = new Set<number>();
  for (const d of round.sorteios) {
    const candidates = candidateOrder(round.giros, d, drawnBefore);
    expect(candidates).toHaveLength(d.candidatos);
    const index = drawIndex(fraction(drawMessage(campaignId, round.rodada, d.seq)), candidates.length);
    expect(index).toBe(d.indice);
    expect(candidates[index].seq).toBe(d.seq_participante);
    drawnBefore.add(d.seq_participante);
  }
  return { giros: round.giros.length, sorteios: round.sorteios.length };
}

const userId = async (token: string) => {
  const r = await t.app.inject({ method: 'GET', url: '/v1/auth/me', headers: bearer(token) });
  return (r.json().id ?? r.json().usuario?.id) as number;
};

beforeAll(async () => {
  t = await testApp({ config: { rouletteSpinsPerMinute: 100_000, publicUrl: 'https://intranet.exemplo.com.br' } });
  const post = async (url: string, body: object) => {
    const r = await t.inject({ method: 'POST', url, payload: body });
    expect(r.statusCode, r.body).toBe(201);
    return r.json().id as number;
  };
  A = await post('/api/providers', { nome: 'Bitcom', site: 'https://www.bitcom.com.br' });
  B = await post('/api/providers', { nome: 'Vetorial', site: 'https://www.vetorial.net' });
  await post('/api/systems', { nome: 'BITCOM', id_empresa: A });
  await post('/api/systems', { nome: 'VETORIAL', id_empresa: B });
  for (const [key, role, providers] of [
    ['roulette:gestor', 'roulette:gestor', [A]],
    ['roulette:solicitante', 'roulette:solicitante', [A]],
    ['roulette:leitor', 'roulette:leitor', [A]],
    ['rh:gestor', 'rh:gestor', [A]],
    ['vetorial', 'roulette:gestor', [B]],
  ] as const) {
    const email = `${key.replace(':', '.')}@roleta.teste`;
    const token = await t.userToken({ papeis: [role], id_empresas: [...providers], email, funcionario: true, nome: `Pessoa ${key}` });
    const { rows } = await t.db.query<{ id: number }>('SELECT id FROM auth.usuario WHERE email = $1', [email]);
    users[key] = { token, role, id: rows[0].id };
  }
  void userId;
});
afterAll(() => t?.close());

describe('the campaign register', () => {
  it('creates a campaign with its public address, the SHA-256 of a secret seed, the owner and the period; the list names the owner', async () => {
    const c = await createCampaign();
    expect(c.url_campanha).toMatch(/^https:\/\/intranet\.exemplo\.com\.br\/roleta\/[0-9A-Za-z]{12}$/);
    expect(c.url_auditoria).toBe(`${c.url_campanha}/auditoria`);
    expect(c.semente_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(c.semente).toBeNull();
    expect(c).toMatchObject({ responsavel: 'Pessoa roulette:gestor', periodo: '01/01/2020 a 31/12/2099', cliente: 0, nao_cliente: 0, participantes: 0, ativo: true, rodada: 1 });
    const other = await createCampaign();
    expect(other.slug).not.toBe(c.slug);
    const list = await call('GET', '/v1/roulette/', undefined, 'roulette:leitor');
    expect(list.statusCode).toBe(200);
    const row = list.json().roleta_campanha.find((r: any) => r.id === c.id);
    expect(row.usuario_campanha).toEqual({ nome: 'Pessoa roulette:gestor' });
    // The seed itself is never answered, nor written into the campaign's history.
    const history = await call('GET', `/api/roulette-campaigns/${c.id}/history`);
    expect(JSON.stringify(history.json())).not.toMatch(/"semente":"[0-9a-f]{64}"/);
  });

  it('requires the owner, a name of 8 characters or more, a reason of at most 140, the provider\u2019s system; read-only fields are ignored', async () => {
    let r = await call('POST', '/api/roulette-campaigns', { nome: 'Roleta sem dono', descricao: 'x y', id_empresa: A, ...PERIOD });
    expect(r.statusCode).toBe(400);
    expect(r.json().errors.id_usuario_intranet).toBe('Campo obrigatório');
    r = await call('POST', '/api/roulette-campaigns', { nome: 'Curta', descricao: 'x y', id_empresa: A, id_usuario_intranet: users['roulette:gestor'].id, ...PERIOD, motivo_aplicacao: 'x'.repeat(141) });
    expect(r.statusCode).toBe(400);
    expect(r.json().errors.nome).toBe('Utilize no mínimo 8 caracteres.');
    expect(r.json().errors.motivo_aplicacao).toEqual(expect.any(String));
    r = await call('POST', '/api/roulette-campaigns', { nome: 'Roleta com sistema errado', descricao: 'x y', id_empresa: A, id_usuario_intranet: users['roulette:gestor'].id, ...PERIOD, sistema: 'VETORIAL' });
    expect(r.statusCode).toBe(400);
    expect(r.json().errors.sistema).toBe(ROULETTE_MSG.systemUnknown);
    r = await call('POST', '/api/roulette-campaigns', { nome: 'Roleta de datas trocadas', descricao: 'x y', id_empresa: A, id_usuario_intranet: users['roulette:gestor'].id, data_inicio_campanha: '2026-12-31', data_fim_campanha: '2026-12-01' });
    expect(r.statusCode).toBe(400);
    const ok = await createCampaign({ sistema: 'bitcom', slug: 'escolhido', semente_hash: 'x' });
    expect(ok.slug).not.toBe('escolhido');
    expect(ok.semente_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('checks rights and providers: 401 without a token, 403 without a roulette role, another provider\u2019s campaign not found', async () => {
    const c = await createCampaign();
    expect((await t.app.inject({ method: 'GET', url: '/v1/roulette/' })).statusCode).toBe(401);
    expect((await call('GET', '/v1/roulette/', undefined, 'rh:gestor')).statusCode).toBe(403);
    expect((await call('POST', '/api/roulette-campaigns', { nome: 'Roleta do leitor', descricao: 'x y', id_empresa: A, id_usuario_intranet: users['roulette:leitor'].id, ...PERIOD }, 'roulette:leitor')).statusCode).toBe(403);
    expect((await call('GET', `/v1/roulette/draw/${c.id}`, undefined, 'vetorial')).statusCode).toBe(404);
    expect((await call('PUT', `/v1/roulette/${c.id}/premios`, { premios: [...wheel(true), ...wheel(false)] }, 'vetorial')).statusCode).toBe(404);
    const list = await call('GET', '/v1/roulette/', undefined, 'vetorial');
    expect(list.json().roleta_campanha.some((r: any) => r.id === c.id)).toBe(false);
    // The owners offered: active staff of the caller's providers.
    const owners = await call('GET', '/v1/roulette/admin', undefined, 'roulette:solicitante');
    expect(owners.statusCode).toBe(200);
    const names = owners.json().usuarios.map((u: any) => u.nome);
    expect(names).toContain('Pessoa roulette:gestor');
    expect(names).not.toContain('Pessoa vetorial');
  });
});

describe('the prizes and the look', () => {
  it('saves both wheels in one call, 4 to 7 prizes each, quantity above the minimum stock; updates, adds and removes', async () => {
    const c = await createCampaign();
    let r = await call('PUT', `/v1/roulette/${c.id}/premios`, { premios: [...wheel(true, 3), ...wheel(false)] });
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toBe(ROULETTE_MSG.prizeCount);
    r = await call('PUT', `/v1/roulette/${c.id}/premios`, { premios: [...wheel(true, 8), ...wheel(false)] });
    expect(r.statusCode).toBe(400);
    r = await call('PUT', `/v1/roulette/${c.id}/premios`, { premios: [...wheel(true, 4, (i) => (i === 2 ? { quantidade: 5, quantidade_minima: 5 } : {})), ...wheel(false, 4, (i) => (i === 0 ? { nome: 'x'.repeat(25) } : {}))] });
    expect(r.statusCode).toBe(400);
    expect(r.json().errors['premios.2.quantidade']).toBe(ROULETTE_TEXTS.quantityHint);
    r = await call('PUT', `/v1/roulette/${c.id}/premios`, { premios: [...wheel(true), ...wheel(false, 4, (i) => (i === 0 ? { nome: 'x'.repeat(25) } : {}))] });
    expect(r.statusCode).toBe(400);
    expect(r.json().errors['premios.4.nome']).toEqual(expect.any(String));
    const saved = await savePrizes(c.id, [...wheel(true), ...wheel(false)], undefined);
    expect(saved).toHaveLength(8);
    expect(saved.map((p) => p.ordem)).toEqual([0, 1, 2, 3, 0, 1, 2, 3]);
    // Rename one, drop another, add two: one transaction.
    const next = [...saved.slice(0, 3).map((p, i) => ({ id: p.id, ...prize(i === 0 ? 'Renomeado' : p.nome, true) })), ...wheel(true, 2), ...saved.slice(4).map((p) => ({ id: p.id, ...prize(p.nome, false) }))];
    const again = await savePrizes(c.id, next, 'roulette:solicitante');
    expect(again).toHaveLength(9);
    expect(again[0]).toMatchObject({ id: saved[0].id, nome: 'Renomeado' });
    const { rows } = await t.db.query('SELECT count(*)::int AS n FROM roleta.premio WHERE id_campanha = $1', [c.id]);
    expect(rows[0].n).toBe(9);
  });

  it('answers 400, never 500, to malformed prize bodies', async () => {
    const c = await createCampaign();
    for (const body of [{}, { premios: 'x' }, { premios: [1, 2] }, { premios: [{ ...prize('A', true), extra: 1 }] }, { premios: [...wheel(true), ...wheel(false)], outro: 1 }, { premios: [{ ...prize('A', true), peso_item: 'muito' }, ...wheel(true, 3), ...wheel(false)] }]) {
      const r = await call('PUT', `/v1/roulette/${c.id}/premios`, body);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
      expect(r.json().message).toEqual(expect.any(String));
    }
  });

  it('saves the look, then updates it; refuses a file that is not an image', async () => {
    const c = await createCampaign();
    let r = await call('PUT', `/v1/roulette/${c.id}/aparencia`, { color_item: '#ff0000', color_text: '#ffffff', color_item_2: '#00ff00', color_text2: '#000000', base_background: '#101010' }, 'roulette:solicitante');
    expect(r.statusCode, r.body).toBe(200);
    r = await call('PUT', `/v1/roulette/${c.id}/aparencia`, { color_item: '#123456' }, 'roulette:solicitante');
    expect(r.json().aparencia).toMatchObject({ color_item: '#123456', color_item_2: '#00ff00' });
    r = await call('PUT', `/v1/roulette/${c.id}/aparencia`, { color_item: 'vermelho' });
    expect(r.statusCode).toBe(400);
    const { rows } = await t.db.query('SELECT count(*)::int AS n FROM roleta.aparencia WHERE id_campanha = $1', [c.id]);
    expect(rows[0].n).toBe(1);
  });
});

describe('the public page and the spin', () => {
  it('shows the look, both wheels and the commitment without signing in; an unknown slug is a friendly 404', async () => {
    const c = await createCampaign();
    await savePrizes(c.id, [...wheel(true), ...wheel(false, 4, (i) => (i === 1 ? { quantidade: 3, quantidade_minima: 3 } : {}))].map((p, i) => (i === 5 ? { ...p, quantidade: 4 } : p)));
    await t.db.query('UPDATE roleta.premio SET quantidade = quantidade_minima WHERE id_campanha = $1 AND nome = $2', [c.id, 'N prêmio 2']);
    const r = await publicCall('GET', `/v1/public/roulette/${c.slug}`);
    expect(r.statusCode, r.body).toBe(200);
    const info = r.json();
    expect(info).toMatchObject({ nome: 'Roleta de Natal 2026', situacao: 'aberta', mensagem: null, semente_hash: c.semente_hash, semente: null });
    expect(info.premios.cliente).toHaveLength(4);
    expect(info.premios.nao_cliente.find((p: any) => p.nome === 'N prêmio 2').esgotado).toBe(true);
    expect(JSON.stringify(info)).not.toMatch(/peso_item|quantidade/);
    const missing = await publicCall('GET', '/v1/public/roulette/naoexiste123');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(ROULETTE_MSG.notFound);
  });

  it('tells customers (CPF and phone on record) from non-customers, picks from that wheel, writes the coupon and decrements the stock; once per interval per person', async () => {
    const c = await createCampaign({ api_erp: true, sistema: 'BITCOM' });
    await savePrizes(c.id, [...wheel(true), ...wheel(false)]);
    const customerCpf = nextCpf();
    await addCustomer(customerCpf, '(41) 99988-7766', { code: 'C-778' });
    const r = await spin(c.slug, { cpf: masked(customerCpf), telefone: '41999887766' });
    expect(r.statusCode, r.body).toBe(200);
    const won = r.json();
    expect(won.cliente).toBe(true);
    expect(won.premios.map((p: any) => p.nome)).toEqual(['C prêmio 1', 'C prêmio 2', 'C prêmio 3', 'C prêmio 4']);
    expect(won.indice).toEqual(expect.any(Number));
    expect(won.premio).toMatchObject({ nome: won.premios[won.indice].nome, animacao: true });
    expect(won.cupom).toMatch(/^CUPOM-[0-9A-HJKMNP-TV-Z]{10}$/);
    const { rows } = await t.db.query('SELECT h.*, p.quantidade FROM roleta.historico h JOIN roleta.premio p ON p.id = h.id_premio WHERE h.id_campanha = $1', [c.id]);
    expect(rows[0]).toMatchObject({ cliente: true, codigo: 'C-778', telefone: '(41) 99988-7766', cpf: masked(customerCpf), quantidade: 99, erro: false });
    const tickets = await t.db.query('SELECT * FROM roleta.chamado_erp WHERE id_campanha = $1', [c.id]);
    expect(tickets.rows[0]).toMatchObject({ situacao: 'pendente', sistema: 'BITCOM' });
    // The same person again within intervalo_votacao (24 h): refused with when to come back.
    const again = await spin(c.slug, { cpf: customerCpf, telefone: '(41) 99988-7766' });
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toMatch(/^Você já girou esta roleta\. Tente de novo a partir de \d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}\.$/);
    const visitor = await spin(c.slug);
    expect(visitor.json().cliente).toBe(false);
    expect(visitor.json().premios[0].nome).toBe('N prêmio 1');
    const listed = await call('GET', `/api/roulette-campaigns/${c.id}`);
    expect(listed.json()).toMatchObject({ cliente: 1, nao_cliente: 1, participantes: 1 + 1 });
  });

  it('refuses bad input in pt-BR, the honeypot, closed campaigns, and throttles per address', async () => {
    const c = await createCampaign();
    await savePrizes(c.id, [...wheel(true), ...wheel(false)]);
    let r = await publicCall('POST', `/v1/public/roulette/${c.slug}/giro`, { nome: '', telefone: '123', cpf: '11111111111' });
    expect(r.statusCode).toBe(400);
    expect(r.json().errors).toMatchObject({ nome: ROULETTE_MSG.nameRequired, telefone: ROULETTE_MSG.phoneInvalid, cpf: ROULETTE_MSG.cpfInvalid });
    for (const body of [[1], { nome: 'A B', telefone: phone(1), cpf: nextCpf(), extra: 1 }, { nome: { a: 1 }, telefone: 5, cpf: null }]) {
      r = await publicCall('POST', `/v1/public/roulette/${c.slug}/giro`, body);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
    }
    r = await spin(c.slug, { site: 'http://spam.example' });
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toBe(ROULETTE_MSG.refused);
    // Paused, scheduled, ended: 403 with the page's text.
    await call('POST', '/v1/roulette/campaign', { id_campanha: c.id, ativo: false });
    r = await spin(c.slug);
    expect(r.statusCode).toBe(403);
    expect(r.json().message).toBe(ROULETTE_MSG.paused);
    expect((await publicCall('GET', `/v1/public/roulette/${c.slug}`)).json().situacao).toBe('pausada');
    const later = await createCampaign({ data_inicio_campanha: '2098-01-01', data_fim_campanha: '2098-12-31' });
    await savePrizes(later.id, [...wheel(true), ...wheel(false)]);
    r = await spin(later.slug);
    expect(r.statusCode).toBe(403);
    expect(r.json().message).toBe(ROULETTE_MSG.scheduled('01/01/2098'));
    const { rows } = await t.db.query('SELECT count(*)::int AS n FROM roleta.historico WHERE id_campanha = ANY($1)', [[c.id, later.id]]);
    expect(rows[0].n).toBe(0);
    // The throttle: a server allowing 2 spins a minute per address.
    const small = await testApp({ config: { rouletteSpinsPerMinute: 2 } });
    try {
      const codes = [];
      for (let i = 0; i < 3; i++) codes.push((await small.app.inject({ method: 'POST', url: '/v1/public/roulette/qualquercoisa1/giro', remoteAddress: '203.0.113.9', payload: { nome: 'Bot', telefone: phone(i), cpf: nextCpf() } })).statusCode);
      expect(codes).toEqual([404, 404, 429]);
      const other = await small.app.inject({ method: 'POST', url: '/v1/public/roulette/qualquercoisa1/giro', remoteAddress: '203.0.113.10', payload: { nome: 'Bot', telefone: phone(9), cpf: nextCpf() } });
      expect(other.statusCode).toBe(404);
    } finally {
      await small.close();
    }
  });

  it('throttles the background image with the public page: ROULETTE_SPINS_PER_MINUTE × 6 reads a minute per address, then 429 with Retry-After', async () => {
    const small = await testApp({ config: { rouletteSpinsPerMinute: 1 } });
    try {
      const get = (url: string, ip = '203.0.113.31') => small.app.inject({ method: 'GET', url, remoteAddress: ip });
      const codes: number[] = [];
      for (let i = 0; i < 3; i++) codes.push((await get('/v1/public/roulette/qualquercoisa2')).statusCode);
      for (let i = 0; i < 3; i++) codes.push((await get('/v1/public/roulette/qualquercoisa2/fundo')).statusCode);
      const refused = await get('/v1/public/roulette/qualquercoisa2/fundo');
      expect([...codes, refused.statusCode]).toEqual([404, 404, 404, 404, 404, 404, 429]);
      expect(refused.json().message).toBe(ROULETTE_MSG.tooMany);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
      expect((await get('/v1/public/roulette/qualquercoisa2/fundo', '203.0.113.32')).statusCode).toBe(404);
    } finally {
      await small.close();
    }
  });

  it('never oversells: 50 simultaneous spins for the last unit give exactly one winner of it', async () => {
    const c = await createCampaign();
    // The non-customers' wheel: one unit left of the prize that can be won, the others at their minimum.
    await savePrizes(c.id, [...wheel(true), ...wheel(false, 4, (i) => (i === 0 ? { quantidade: 1, peso_item: 1000 } : { quantidade: 2, quantidade_minima: 1 }))]);
    await t.db.query(`UPDATE roleta.premio SET quantidade = quantidade_minima WHERE id_campanha = $1 AND NOT cliente AND nome <> 'N prêmio 1'`, [c.id]);
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => spin(c.slug, { telefone: phone(1000 + i) }, `192.0.2.${i + 1}`)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(50).fill(200));
    const winners = answers.filter((a) => a.json().premio);
    expect(winners).toHaveLength(1);
    expect(winners[0].json().premio.nome).toBe('N prêmio 1');
    const losers = answers.filter((a) => !a.json().premio);
    expect(losers[0].json()).toMatchObject({ indice: null, cupom: null, mensagem: ROULETTE_MSG.soldOut });
    const { rows } = await t.db.query(`SELECT quantidade FROM roleta.premio WHERE id_campanha = $1 AND nome = 'N prêmio 1'`, [c.id]);
    expect(rows[0].quantidade).toBe(0);
    const counts = await t.db.query('SELECT count(*) FILTER (WHERE premiado)::int AS w, count(*) FILTER (WHERE erro)::int AS e, count(DISTINCT seq)::int AS s FROM roleta.historico WHERE id_campanha = $1', [c.id]);
    expect(counts.rows[0]).toEqual({ w: 1, e: 49, s: 50 });
  });
});

describe('the raffle, the participants, the reset and the audit', () => {
  let c: Record<string, any>;
  beforeAll(async () => {
    c = await createCampaign();
    await savePrizes(c.id, [...wheel(true, 4, (i) => ({ peso_item: i + 1 })), ...wheel(false, 4, (i) => (i < 2 ? { quantidade: 3 } : { quantidade: 2, quantidade_minima: 1 }))]);
    await t.db.query('UPDATE roleta.premio SET quantidade = quantidade_minima WHERE id_campanha = $1 AND quantidade_minima = 1', [c.id]);
    for (let i = 0; i < 4; i++) {
      const cpf = nextCpf();
      await addCustomer(cpf, phone(5000 + i), { code: `K${i}`, nome: 'Cliente' });
      expect((await spin(c.slug, { cpf, telefone: phone(5000 + i), nome: `Cliente ${i}` })).json().cliente).toBe(true);
    }
    for (let i = 0; i < 8; i++) expect((await spin(c.slug, { nome: `Visitante ${i}` })).statusCode).toBe(200);
  });

  it('lists the participants by customer and error, newest first', async () => {
    let r = await call('GET', `/v1/roulette/customers/${c.id}`, undefined, 'roulette:leitor');
    expect(r.statusCode).toBe(200);
    expect(r.json().total).toBe(12);
    r = await call('GET', `/v1/roulette/customers/${c.id}/true`, undefined, 'roulette:leitor');
    expect(r.json().total).toBe(4);
    expect(r.json().roleta_historico[0]).toMatchObject({ nome: 'Cliente 3', cliente: true, premio: { nome: expect.any(String) } });
    r = await call('GET', `/v1/roulette/customers/${c.id}/false?erro=true`, undefined, 'roulette:leitor');
    // The non-customers' wheel had 3 + 3 units: 2 of 8 visitors got nothing.
    expect(r.json().total).toBe(2);
    expect(r.json().roleta_historico.every((h: any) => h.premio === null && h.cupom === null)).toBe(true);
    expect((await call('GET', `/v1/roulette/customers/${c.id}/talvez`)).statusCode).toBe(400);
    const generated = await call('GET', `/api/roulette-entries?filter=${encodeURIComponent(JSON.stringify({ id_campanha: c.id, cliente: false, erro: true }))}`, undefined, 'roulette:leitor');
    expect(generated.statusCode).toBe(200);
    expect(generated.json()).toHaveLength(2);
  });

  it('draws among the matching participants, never the same twice, until none is left', async () => {
    const drawn = new Set<number>();
    for (let i = 0; i < 4; i++) {
      const r = await call('POST', '/v1/roulette/draw', { id_campanha: c.id, cliente: true, premiado: null }, 'roulette:solicitante');
      expect(r.statusCode, r.body).toBe(200);
      const row = r.json().insert_roleta_sorteio_one;
      expect(row).toMatchObject({ cliente: true, candidatos: 4 - i, id_campanha: c.id });
      expect(drawn.has(row.id_cliente_historico)).toBe(false);
      drawn.add(row.id_cliente_historico);
    }
    const none = await call('POST', '/v1/roulette/draw', { id_campanha: c.id, cliente: true, premiado: null }, 'roulette:solicitante');
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe(ROULETTE_TEXTS.noMatch);
    const losers = await call('POST', '/v1/roulette/draw', { id_campanha: c.id, cliente: false, premiado: false });
    expect(losers.json().insert_roleta_sorteio_one).toMatchObject({ cliente: false, candidatos: 2 });
    const all = await call('POST', '/v1/roulette/draw', { id_campanha: c.id, cliente: null, premiado: null });
    expect(all.json().insert_roleta_sorteio_one.candidatos).toBe(7);
    expect((await call('POST', '/v1/roulette/draw', { id_campanha: c.id, cliente: 'sim' })).statusCode).toBe(400);
    expect((await call('POST', '/v1/roulette/draw', { id_campanha: c.id, cliente: true }, 'roulette:leitor')).statusCode).toBe(403);
    const list = await call('GET', `/v1/roulette/draw/${c.id}`, undefined, 'roulette:leitor');
    expect(list.json().roleta_sorteio.map((d: any) => d.seq)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('refuses removing a prize already won, and deleting a campaign with participants, in the spec\u2019s words', async () => {
    const { rows } = await t.db.query(`SELECT id, nome, cliente FROM roleta.premio WHERE id_campanha = $1 ORDER BY cliente DESC, ordem`, [c.id]);
    const won = (await t.db.query<{ id_premio: number }>('SELECT id_premio FROM roleta.historico WHERE id_campanha = $1 AND cliente AND premiado LIMIT 1', [c.id])).rows[0].id_premio;
    const kept = rows.filter((p: any) => p.id !== won).map((p: any) => ({ id: p.id, ...prize(p.nome, p.cliente) }));
    const r = await call('PUT', `/v1/roulette/${c.id}/premios`, { premios: [...kept, prize('Novo', true)] });
    expect(r.statusCode).toBe(409);
    expect(r.json().message).toBe(ROULETTE_TEXTS.prizesGiven);
    const { rows: after } = await t.db.query('SELECT count(*)::int AS n FROM roleta.premio WHERE id_campanha = $1', [c.id]);
    expect(after[0].n).toBe(8);
    let del = await call('DELETE', `/api/roulette-campaigns/${c.id}`, undefined, 'roulette:gestor');
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toBe(ROULETTE_TEXTS.cannotDelete);
    del = await call('DELETE', `/v1/roulette/${c.id}/${c.id_usuario_intranet}`);
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toBe(ROULETTE_TEXTS.cannotDeleteSuperadmin);
    const empty = await createCampaign();
    expect((await call('DELETE', `/v1/roulette/${empty.id}/0`, undefined, 'roulette:gestor')).statusCode).toBe(404);
    const ok = await call('DELETE', `/v1/roulette/${empty.id}/${empty.id_usuario_intranet}`, undefined, 'roulette:gestor');
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('reveals the seed, closing the campaign; the audit recomputes every prize and every winner from it', async () => {
    const before = await publicCall('GET', `/v1/public/roulette/${c.slug}/auditoria`);
    expect(before.json().rodadas).toEqual([expect.objectContaining({ rodada: 1, semente_hash: c.semente_hash, semente: null, semente_revelada_em: null })]);
    expect((await call('POST', `/v1/roulette/${c.id}/revelar`, undefined, 'roulette:solicitante')).statusCode).toBe(403);
    const r = await call('POST', `/v1/roulette/${c.id}/revelar`, undefined, 'roulette:gestor');
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().campanha).toMatchObject({ ativo: false, semente: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect((await spin(c.slug)).statusCode).toBe(403);
    expect((await call('POST', '/v1/roulette/draw', { id_campanha: c.id, cliente: null, premiado: null })).statusCode).toBe(409);
    const audit = (await publicCall('GET', `/v1/public/roulette/${c.slug}/auditoria`)).json();
    expect(JSON.stringify(audit)).not.toMatch(/CUPOM-|Visitante|Cliente \d/);
    expect(audit.rodadas).toHaveLength(1);
    expect(audit.rodadas[0].semente_hash).toBe(c.semente_hash);
    expect(checkRound(audit.id_campanha, audit.rodadas[0])).toEqual({ giros: 12, sorteios: 6 });
  });

  it('Resetar Campanha after the reveal opens round 2, paused, with a new commitment; round 1 stays revealed', async () => {
    const r = await call('DELETE', `/v1/history/${c.id}`);
    expect(r.statusCode, r.body).toBe(200);
    const after = (await call('GET', `/api/roulette-campaigns/${c.id}`)).json();
    expect(after).toMatchObject({ participantes: 0, participantes_total: 12, rodada: 2, ativo: false, semente: null, semente_revelada_em: null });
    expect(after.semente_hash).not.toBe(c.semente_hash);
    const audit = (await publicCall('GET', `/v1/public/roulette/${c.slug}/auditoria`)).json();
    expect(audit.rodadas.map((x: any) => [x.rodada, x.giros.length, x.sorteios.length, x.semente !== null])).toEqual([
      [1, 12, 6, true],
      [2, 0, 0, false],
    ]);
    expect(checkRound(audit.id_campanha, audit.rodadas[0])).toEqual({ giros: 12, sorteios: 6 });
  });
});

describe('a spin is not a customer lookup (issue 29)', () => {
  /** A campaign whose non-customers' wheel has one prize left to win, so every non-customer's answer is the same prize. */
  async function campaign() {
    const c = await createCampaign({ api_erp: true, sistema: 'BITCOM' });
    await savePrizes(c.id, [...wheel(true), ...wheel(false, 4, (i) => (i === 0 ? { quantidade: 1000 } : { quantidade: 2, quantidade_minima: 1 }))]);
    await t.db.query(`UPDATE roleta.premio SET quantidade = quantidade_minima WHERE id_campanha = $1 AND NOT cliente AND nome <> 'N prêmio 1'`, [c.id]);
    return c;
  }
  /** What a visitor sees of an answer, without what changes from one spin to the next (its number and coupon). */
  const seen = (r: Awaited<ReturnType<typeof spin>>) => ({
    status: r.statusCode,
    headers: Object.keys(r.headers).sort(),
    body: { ...r.json(), seq: typeof r.json().seq, cupom: typeof r.json().cupom },
  });

  it("a customer's CPF with a wrong phone plays as a non-customer, and the answer is a real non-customer's", async () => {
    const c = await campaign();
    const cpf = nextCpf();
    await addCustomer(cpf, '(41) 99123-4567', { code: 'C-900' });
    const impostor = await spin(c.slug, { cpf: masked(cpf), telefone: '(41) 99123-0000' });
    const visitor = await spin(c.slug, { cpf: nextCpf(), telefone: '(41) 99123-1111' });
    expect(impostor.statusCode, impostor.body).toBe(200);
    expect(impostor.json()).toMatchObject({ cliente: false, premio: { nome: 'N prêmio 1' } });
    expect(seen(impostor)).toEqual(seen(visitor));
    // Recorded as a non-customer: no customer code, the reports count it with the visitors.
    const { rows } = await t.db.query('SELECT cliente, codigo FROM roleta.historico WHERE id_campanha = $1 AND cpf = $2', [c.id, masked(cpf)]);
    expect(rows).toEqual([{ cliente: false, codigo: null }]);
    // A customer of another provider, with the right phone, is not this provider's customer either.
    const other = nextCpf();
    await addCustomer(other, '(41) 99123-2222', { provider: B });
    expect(seen(await spin(c.slug, { cpf: other, telefone: '(41) 99123-2222' }))).toEqual(seen(visitor));
  });

  it('the CPF and the phone on record together are recognised, masked or not', async () => {
    const c = await campaign();
    const cpf = nextCpf();
    await addCustomer(cpf, '(41) 99123-4567', { code: 'C-901' });
    const r = await spin(c.slug, { cpf, telefone: '41991234567' });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().cliente).toBe(true);
    expect(r.json().premios.map((p: any) => p.nome)).toEqual(['C prêmio 1', 'C prêmio 2', 'C prêmio 3', 'C prêmio 4']);
    const { rows } = await t.db.query('SELECT cliente, codigo FROM roleta.historico WHERE id_campanha = $1 AND cpf = $2', [c.id, masked(cpf)]);
    expect(rows).toEqual([{ cliente: true, codigo: 'C-901' }]);
  });

  it("a stranger typing a customer's CPF spends only a spin of their own, never the customer's, and learns nothing of it", async () => {
    const c = await campaign();
    const cpf = nextCpf();
    const mine = '(41) 99555-0001';
    await addCustomer(cpf, mine);
    const stranger = await spin(c.slug, { cpf, telefone: '(41) 99555-0002' });
    expect(stranger.json().cliente).toBe(false);
    // The customer still has their spin, as a customer.
    const customer = await spin(c.slug, { cpf: masked(cpf), telefone: mine });
    expect(customer.statusCode, customer.body).toBe(200);
    expect(customer.json().cliente).toBe(true);
    // Each has spent their own: the customer (by CPF, whichever phone on record) and the stranger (CPF and phone).
    expect((await spin(c.slug, { cpf, telefone: mine })).statusCode).toBe(429);
    expect((await spin(c.slug, { cpf, telefone: '(41) 99555-0002' })).statusCode).toBe(429);
    // Another stranger with the same CPF is answered as any newcomer: not refused, not a customer.
    const visitor = await spin(c.slug, { cpf: nextCpf(), telefone: '(41) 99555-0004' });
    expect(seen(await spin(c.slug, { cpf, telefone: '(41) 99555-0003' }))).toEqual(seen(visitor));
  });
});

describe('Resetar Campanha closes the round and opens the next (issue 29)', () => {
  it("keeps the past round's spins, draws, seed and commitment on the audit page, read-only; the interval still holds; the raffle and the reports move to the new round", async () => {
    const c = await createCampaign();
    await savePrizes(c.id, [...wheel(true), ...wheel(false)]);
    const cpf = nextCpf();
    await addCustomer(cpf, '(41) 99777-0001');
    const people = [
      { cpf, telefone: '(41) 99777-0001' },
      { cpf: nextCpf(), telefone: '(41) 99777-0002' },
      { cpf: nextCpf(), telefone: '(41) 99777-0003' },
    ];
    for (const person of people) expect((await spin(c.slug, person)).statusCode).toBe(200);
    const drawn = await call('POST', '/v1/roulette/draw', { id_campanha: c.id, cliente: null, premiado: null });
    expect(drawn.statusCode, drawn.body).toBe(200);
    const stock = async () => (await t.db.query<{ n: number }>('SELECT sum(quantidade)::int AS n FROM roleta.premio WHERE id_campanha = $1', [c.id])).rows[0].n;
    const stockBefore = await stock();

    expect((await call('DELETE', `/v1/history/${c.id}`, undefined, 'roulette:gestor')).statusCode).toBe(403);
    const r = await call('DELETE', `/v1/history/${c.id}`);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().message).toBe(ROULETTE_TEXTS.reset);

    // The audit page: round 1 whole, its seed revealed and checking out; round 2 open with a new commitment.
    const audit = (await publicCall('GET', `/v1/public/roulette/${c.slug}/auditoria`)).json();
    expect(audit.rodadas.map((x: any) => ({ rodada: x.rodada, giros: x.giros.length, sorteios: x.sorteios.length, revelada: x.semente !== null }))).toEqual([
      { rodada: 1, giros: 3, sorteios: 1, revelada: true },
      { rodada: 2, giros: 0, sorteios: 0, revelada: false },
    ]);
    expect(audit.rodadas[0].semente_hash).toBe(c.semente_hash);
    expect(checkRound(c.id, audit.rodadas[0])).toEqual({ giros: 3, sorteios: 1 });
    expect(audit.rodadas[1].semente_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(audit.rodadas[1].semente_hash).not.toBe(c.semente_hash);
    const campaign = (await call('GET', `/api/roulette-campaigns/${c.id}`)).json();
    expect(campaign).toMatchObject({ rodada: 2, participantes: 0, participantes_total: 3, ativo: true, semente_hash: audit.rodadas[1].semente_hash, semente: null });

    // Once per interval per person, across rounds; the stock the past round took stays taken.
    for (const person of people) expect((await spin(c.slug, person)).statusCode).toBe(429);
    expect(await stock()).toBe(stockBefore);

    // The new round: a newcomer is its first participant, the only one its raffle and reports see.
    const newcomer = await spin(c.slug, { nome: 'Nova Rodada' });
    expect(newcomer.json().seq).toBe(1);
    expect((await call('GET', `/api/roulette-campaigns/${c.id}`)).json()).toMatchObject({ participantes: 1, participantes_total: 4 });
    expect((await call('GET', `/v1/roulette/customers/${c.id}`, undefined, 'roulette:leitor')).json().total).toBe(1);
    expect((await call('GET', `/v1/roulette/draw/${c.id}`, undefined, 'roulette:leitor')).json().roleta_sorteio).toEqual([]);
    const winner = await call('POST', '/v1/roulette/draw', { id_campanha: c.id, cliente: null, premiado: null });
    expect(winner.json().insert_roleta_sorteio_one).toMatchObject({ nome: 'Nova Rodada', candidatos: 1, rodada: 2, seq: 1 });
    // The past round stays readable to the roulette area, names included.
    const past = await call('GET', `/v1/roulette/customers/${c.id}?rodada=1`, undefined, 'roulette:leitor');
    expect(past.json().total).toBe(3);
    const pastDraws = (await call('GET', `/v1/roulette/draw/${c.id}?rodada=1`, undefined, 'roulette:leitor')).json().roleta_sorteio;
    expect(pastDraws.map((d: any) => d.id)).toEqual([drawn.json().insert_roleta_sorteio_one.id]);
    expect((await call('GET', `/v1/roulette/draw/${c.id}?rodada=zero`)).statusCode).toBe(400);

    // Read-only: later activity leaves round 1 as it was; nothing erases or changes it.
    const later = (await publicCall('GET', `/v1/public/roulette/${c.slug}/auditoria`)).json();
    expect(later.rodadas[0]).toEqual(audit.rodadas[0]);
    expect(later.rodadas[1]).toMatchObject({ giros: [expect.objectContaining({ seq: 1 })], sorteios: [expect.objectContaining({ seq: 1 })] });
    await expect(t.db.query('DELETE FROM roleta.historico WHERE id_campanha = $1', [c.id])).rejects.toThrow();
    await expect(t.db.query('DELETE FROM roleta.sorteio WHERE id_campanha = $1', [c.id])).rejects.toThrow();
    await expect(t.db.query(`UPDATE roleta.historico SET id_premio = NULL, premiado = false WHERE id_campanha = $1 AND rodada = 1`, [c.id])).rejects.toThrow();
    await expect(t.db.query(`UPDATE roleta.rodada SET semente_hash = 'outro' WHERE id_campanha = $1 AND rodada = 1`, [c.id])).rejects.toThrow();
    // A campaign that had participants is never deleted: its audit page stays.
    const del = await call('DELETE', `/api/roulette-campaigns/${c.id}`, undefined, 'roulette:gestor');
    expect(del.statusCode).toBe(409);
  });
});

describe('issue 31: "no prize" slots, identification before the spin, delivery of prizes', () => {
  /** A campaign whose non-customers' wheel stops only on its last slot, a "no prize" one (the others at their minimum stock). */
  async function noPrizeCampaign(extra: Record<string, unknown> = {}) {
    const c = await createCampaign({ api_erp: true, sistema: 'BITCOM', ...extra });
    const saved = await savePrizes(c.id, [...wheel(true), ...wheel(false, 4, (i) => (i === 3 ? { nome: 'Tente de novo', descricao: 'Volte amanhã!', animacao: true, sem_premio: true } : {}))]);
    const slot = saved.find((p) => p.sem_premio)!;
    await t.db.query('UPDATE roleta.premio SET quantidade = quantidade_minima WHERE id_campanha = $1 AND NOT cliente AND NOT sem_premio', [c.id]);
    return { c, slot, saved };
  }

  it('a "no prize" slot is declared on the prize (prizes stay prizes by default), validated, and landing on it gives a consolation: no coupon, no confetti, no stock spent, no ERP ticket', async () => {
    const { c, slot, saved } = await noPrizeCampaign();
    expect(saved.filter((p) => p.sem_premio)).toHaveLength(1);
    expect(saved.filter((p) => p.sem_premio === false)).toHaveLength(7);
    const bad = await call('PUT', `/v1/roulette/${c.id}/premios`, { premios: [...wheel(true, 4, (i) => (i === 0 ? { sem_premio: 'sim' } : {})), ...wheel(false)] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors['premios.0.sem_premio']).toEqual(expect.any(String));

    const r = await spin(c.slug);
    expect(r.statusCode, r.body).toBe(200);
    const answer = r.json();
    expect(answer).toMatchObject({ cliente: false, indice: 3, cupom: null, mensagem: ROULETTE_MSG.noPrize });
    expect(answer.premio).toMatchObject({ nome: 'Tente de novo', sem_premio: true, animacao: false });
    expect(answer.mensagem).not.toMatch(/Parabéns|ganhou/);
    const { rows } = await t.db.query('SELECT premiado, erro, id_premio, cupom, categoria FROM roleta.historico WHERE id_campanha = $1', [c.id]);
    expect(rows).toEqual([{ premiado: false, erro: false, id_premio: slot.id, cupom: null, categoria: 3 }]);
    expect((await t.db.query('SELECT quantidade FROM roleta.premio WHERE id = $1', [slot.id])).rows[0].quantidade).toBe(100);
    expect((await t.db.query('SELECT count(*)::int AS n FROM roleta.chamado_erp WHERE id_campanha = $1', [c.id])).rows[0].n).toBe(0);

    // A customer wins a prize: the report counts the two apart.
    const customerCpf = nextCpf();
    await addCustomer(customerCpf, '(41) 99911-2233');
    const won = await spin(c.slug, { cpf: customerCpf, telefone: '(41) 99911-2233' });
    expect(won.json().cupom).toMatch(/^CUPOM-/);
    const summary = await call('GET', `/v1/roulette/${c.id}/resumo`, undefined, 'roulette:leitor');
    expect(summary.statusCode, summary.body).toBe(200);
    expect(summary.json().resumo).toEqual({ participantes: 2, premiados: 1, entregues: 0, a_entregar: 1, sem_premio: 1, esgotados: 0 });
    expect((await call('GET', `/v1/roulette/${c.id}/resumo?cliente=false`)).json().resumo).toMatchObject({ participantes: 1, premiados: 0, sem_premio: 1 });
    expect((await call('GET', `/v1/roulette/${c.id}/resumo?cliente=talvez`)).statusCode).toBe(400);
    // The audit still recomputes the spin that stopped on the "no prize" slot; the raffle counts it among Não Premiados.
    const drawn = await call('POST', '/v1/roulette/draw', { id_campanha: c.id, cliente: null, premiado: false });
    expect(drawn.json().insert_roleta_sorteio_one.cliente).toBe(false);
    await call('POST', `/v1/roulette/${c.id}/revelar`, undefined, 'roulette:gestor');
    const audit = (await publicCall('GET', `/v1/public/roulette/${c.slug}/auditoria`)).json();
    expect(checkRound(c.id, audit.rodadas[0])).toEqual({ giros: 2, sorteios: 1 });
  });

  it('identification before the spin answers the wheel the visitor will play, writes nothing, and refuses what the spin refuses', async () => {
    const c = await createCampaign();
    await savePrizes(c.id, [...wheel(true), ...wheel(false)]);
    const customerCpf = nextCpf();
    await addCustomer(customerCpf, '(41) 99944-5566');
    const identify = (body: Record<string, unknown>) => publicCall('POST', `/v1/public/roulette/${c.slug}/identificacao`, { nome: 'Cliente Fiel', ...body });
    const customer = await identify({ cpf: customerCpf, telefone: '(41) 99944-5566' });
    expect(customer.statusCode, customer.body).toBe(200);
    expect(customer.json()).toEqual({ cliente: true, premios: expect.any(Array) });
    expect(customer.json().premios.map((p: any) => p.nome)).toEqual(['C prêmio 1', 'C prêmio 2', 'C prêmio 3', 'C prêmio 4']);
    // The customer's CPF with another phone plays the non-customers' wheel, as the spin does.
    const stranger = await identify({ cpf: customerCpf, telefone: '(41) 98888-0000' });
    expect(stranger.json().cliente).toBe(false);
    expect(stranger.json().premios[0].nome).toBe('N prêmio 1');
    expect((await t.db.query('SELECT count(*)::int AS n FROM roleta.historico WHERE id_campanha = $1', [c.id])).rows[0].n).toBe(0);
    const bad = await identify({ nome: '', cpf: '123', telefone: '1' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({ nome: ROULETTE_MSG.nameRequired, cpf: ROULETTE_MSG.cpfInvalid });
    expect((await identify({ cpf: customerCpf, telefone: '(41) 99944-5566', extra: 1 })).statusCode).toBe(400);
    const spun = await spin(c.slug, { cpf: customerCpf, telefone: '(41) 99944-5566' });
    expect(spun.json().cliente).toBe(true);
    expect((await identify({ cpf: customerCpf, telefone: '(41) 99944-5566' })).statusCode).toBe(429);
    await call('POST', '/v1/roulette/campaign', { id_campanha: c.id, ativo: false });
    expect((await identify({ cpf: nextCpf(), telefone: phone(77) })).statusCode).toBe(403);
  });

  it('a manager marks a prize delivered and undoes it, audited in the entry\'s history; readers and requesters may not; no prize, nothing to deliver; the report reads prize, group, date and delivery', async () => {
    const { c, slot } = await noPrizeCampaign({ api_erp: false });
    const customerCpf = nextCpf();
    await addCustomer(customerCpf, '(41) 99922-3344');
    await spin(c.slug, { nome: 'Cliente Premiado', cpf: customerCpf, telefone: '(41) 99922-3344' });
    await spin(c.slug, { nome: 'Visitante Sem Prêmio' });
    const entries = (await t.db.query<{ id: number; nome: string }>('SELECT id, nome FROM roleta.historico WHERE id_campanha = $1', [c.id])).rows;
    const winner = entries.find((e) => e.nome === 'Cliente Premiado')!.id;
    const loser = entries.find((e) => e.nome === 'Visitante Sem Prêmio')!.id;

    const report = await call('GET', `/api/roulette-entries?filter=${encodeURIComponent(JSON.stringify({ id_campanha: c.id }))}`, undefined, 'roulette:leitor');
    expect(report.statusCode, report.body).toBe(200);
    const byName = Object.fromEntries(report.json().map((r: any) => [r.nome, r]));
    expect(byName['Cliente Premiado']).toMatchObject({ grupo: 'cliente', entrega: 'a_entregar', entregue: false, id_premio: expect.any(Number), created_at: expect.any(String) });
    expect(byName['Visitante Sem Prêmio']).toMatchObject({ grupo: 'nao_cliente', entrega: 'sem_premio', id_premio: slot.id, cupom: null });

    for (const who of ['roulette:leitor', 'roulette:solicitante']) expect((await call('POST', `/v1/roulette/entrega/${winner}`, undefined, who)).statusCode).toBe(403);
    expect((await call('POST', `/v1/roulette/entrega/${winner}`, undefined, 'vetorial')).statusCode).toBe(404);
    expect((await call('POST', `/v1/roulette/entrega/abc`, undefined, 'roulette:gestor')).statusCode).toBe(404);
    const refused = await call('POST', `/v1/roulette/entrega/${loser}`, undefined, 'roulette:gestor');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(ROULETTE_MSG.nothingToDeliver);

    const marked = await call('POST', `/v1/roulette/entrega/${winner}`, undefined, 'roulette:gestor');
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json().update_roleta_historico_by_pk).toMatchObject({ entregue: true, entrega: 'entregue', entregue_por: users['roulette:gestor'].id, entregue_em: expect.any(String) });
    // Marking again changes nothing (one history entry).
    expect((await call('POST', `/v1/roulette/entrega/${winner}`, undefined, 'roulette:gestor')).statusCode).toBe(200);
    expect((await call('GET', `/v1/roulette/${c.id}/resumo`)).json().resumo).toMatchObject({ premiados: 1, entregues: 1, a_entregar: 0, sem_premio: 1 });

    // A closed round's prizes are still delivered (only the delivery of a spin may change).
    await call('POST', `/v1/roulette/${c.id}/revelar`, undefined, 'roulette:gestor');
    const undone = await call('DELETE', `/v1/roulette/entrega/${winner}`, undefined, 'roulette:gestor');
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json().update_roleta_historico_by_pk).toMatchObject({ entregue: false, entrega: 'a_entregar', entregue_em: null, entregue_por: null });
    await expect(t.db.query(`UPDATE roleta.historico SET nome = 'Outro' WHERE id = $1`, [winner])).rejects.toThrow();

    const history = await call('GET', `/api/roulette-entries/${winner}/history`, undefined, 'roulette:leitor');
    expect(history.statusCode, history.body).toBe(200);
    const changes = history.json().filter((e: any) => e.operacao === 'UPDATE');
    expect(changes.map((e: any) => [e.new_data.entregue, e.usuario])).toEqual([
      [false, 'Pessoa roulette:gestor'],
      [true, 'Pessoa roulette:gestor'],
    ]);
  });
});
