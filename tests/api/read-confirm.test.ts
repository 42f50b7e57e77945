// The read confirmation reports (GET /v1/rh/relatorios/read-confirm and read-confirm-list): the
// must-read news items with their audience (the active users of the item's provider, as the news
// announce it), who confirmed and who did not; one item's people with when each confirmed; the
// filters; and provider scoping (another provider's HR sees none of it).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, testApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
let A: number;
let B: number;
const people: Record<string, { token: string; id: number }> = {};
const items: Record<string, number> = {};

async function post(resource: string, payload: Record<string, unknown>) {
  const r = await t.inject({ method: 'POST', url: `/api/${resource}`, payload });
  expect(r.statusCode, r.body).toBe(201);
  return r.json().id as number;
}

async function person(key: string, papeis: string[], provider: number, nome: string) {
  const email = `${key}.${Date.now()}@leituras.teste`;
  const token = await t.userToken({ papeis, id_empresas: [provider], email, funcionario: true, nome });
  const { rows } = await t.db.query<{ id: number }>('SELECT id FROM auth.usuario WHERE email = $1', [email]);
  people[key] = { token, id: rows[0].id };
}

/** A news item as HR writes it (the cover is any stored file id: the reports do not read it). */
async function item(provider: number, titulo: string, requerLido: boolean) {
  const { rows } = await t.db.query<{ id: number }>(
    `INSERT INTO rh.novidade (provedor, titulo, resumo, texto, imagem_capa_data, imagem_capa_format, requer_lido, importante)
     VALUES ($1, $2, 'Resumo', '<p>Texto</p>', $3, 'image/png', $4, $4) RETURNING id`,
    [provider, titulo, randomUUID(), requerLido],
  );
  return rows[0].id;
}

const as = (key?: string, role = 'rh:leitor') => (key ? bearer(people[key].token, role) : bearer(t.adminToken, 'users:superadmin'));
const report = (name: string, query: Record<string, string | number> = {}, key?: string) =>
  t.app.inject({ method: 'GET', url: `/v1/rh/relatorios/${name}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`, headers: as(key) });
const total = (answer: { totais: { rotulo: string; valor: number }[] }, rotulo: string) => answer.totais.find((x) => x.rotulo === rotulo)?.valor;

beforeAll(async () => {
  t = await testApp();
  A = await post('providers', { nome: 'Bitcom Leituras' });
  B = await post('providers', { nome: 'Vetorial Leituras' });
  await person('rhA', ['rh:leitor'], A, 'Helena RH');
  await person('rhB', ['rh:leitor'], B, 'Otávio RH');
  await person('ana', ['user'], A, 'Ana Leitora');
  await person('bruno', ['user'], A, 'Bruno Pendente');
  items.policy = await item(A, 'Política de segurança', true);
  items.plain = await item(A, 'Festa de fim de ano', false);
  items.other = await item(B, 'Aviso da Vetorial', true);
  // Ana confirms through the news call, as the reading page does.
  const r = await t.app.inject({ method: 'POST', url: `/v1/novidades/${items.policy}/leitura`, headers: bearer(people.ana.token, 'user') });
  expect(r.statusCode, r.body).toBeLessThan(300);
});
afterAll(() => t?.close());

describe('GET v1/rh/relatorios/read-confirm', () => {
  it("lists the provider's must-read items with their audience, who read and who did not", async () => {
    const r = await report('read-confirm', {}, 'rhA');
    expect(r.statusCode, r.body).toBe(200);
    const answer = r.json();
    expect(answer.linhas.map((l: { titulo: string }) => l.titulo)).toEqual(['Política de segurança']);
    // The audience: the active users of Bitcom (Helena, Ana and Bruno).
    expect(answer.linhas[0]).toMatchObject({ id: String(items.policy), provedor: 'Bitcom Leituras', publico: 3, lidos: 1, pendentes: 2, percentual: 33.3 });
    expect(total(answer, 'Novidades')).toBe(1);
    expect(total(answer, '% de leitura')).toBe(33.3);
    expect(answer.grafico).toMatchObject({ tipo: 'barras', categorias: ['Política de segurança'] });
    // The superadmin sees both providers' items.
    expect((await report('read-confirm')).json().linhas.map((l: { titulo: string }) => l.titulo).sort()).toEqual(['Aviso da Vetorial', 'Política de segurança']);
    // A period without items.
    expect((await report('read-confirm', { inicio: '2001-01-01', fim: '2001-12-31' }, 'rhA')).json().linhas).toEqual([]);
  });
});

describe('GET v1/rh/relatorios/read-confirm-list', () => {
  it("lists the item's people with when each confirmed; filters who read or not", async () => {
    const r = await report('read-confirm-list', { novidade: items.policy }, 'rhA');
    expect(r.statusCode, r.body).toBe(200);
    const answer = r.json();
    expect(answer.subtitulo).toBe('Política de segurança');
    expect(answer.linhas.map((l: { nome: string; situacao: string }) => `${l.nome}: ${l.situacao}`)).toEqual(['Ana Leitora: Leu', 'Bruno Pendente: Não leu', 'Helena RH: Não leu']);
    expect(answer.linhas[0].lido_em).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    expect(answer.linhas[1].lido_em).toBeNull();
    expect([total(answer, 'Pessoas'), total(answer, 'Leram'), total(answer, 'Não leram')]).toEqual([3, 1, 2]);
    const pending = (await report('read-confirm-list', { novidade: items.policy, leitura: 'pendentes' }, 'rhA')).json();
    expect(pending.linhas.map((l: { nome: string }) => l.nome)).toEqual(['Bruno Pendente', 'Helena RH']);
  });

  it("needs the item, and shows nothing of another provider's", async () => {
    const missing = await report('read-confirm-list', {}, 'rhA');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ novidade: 'Campo obrigatório' });
    const other = (await report('read-confirm-list', { novidade: items.other }, 'rhA')).json();
    expect(other.linhas).toEqual([]);
    expect(other.subtitulo).toBeNull();
    expect((await report('read-confirm-list', { novidade: items.policy, leitura: 'talvez' }, 'rhA')).statusCode).toBe(400);
    // A plain employee is refused.
    const employee = await t.app.inject({ method: 'GET', url: `/v1/rh/relatorios/read-confirm?`, headers: bearer(people.ana.token, 'user') });
    expect(employee.statusCode).toBe(403);
    // Vetorial's HR sees only its own item.
    expect((await report('read-confirm', {}, 'rhB')).json().linhas.map((l: { titulo: string }) => l.titulo)).toEqual(['Aviso da Vetorial']);
  });
});
