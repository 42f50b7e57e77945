// News (issue 18): the register (rh edit writes; images PNG/JPEG by content with the spec's two
// messages; cover required on create; hashtags joined by ';'), the reader calls scoped by provider
// and department (feed, item, reactions, read confirmation), the bell announcement of important or
// must-read items on publishing, and the readers of an item for the read-confirm report.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEWS_MSG } from '../../src/domain/news.js';
import { bearer, testApp, type TestApp } from '../helpers/app.js';
import { file, GIF, multipart, PNG } from '../helpers/files.js';

let t: TestApp;
let A: number;
let B: number;
let deptA: number;
let deptA2: number;
const users: Record<string, { token: string; role?: string; id: number; email: string }> = {};
let png: string;
let gif: string;

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, as: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(users[as].token, users[as].role), ...(payload ? { payload } : {}) });

/** An upload to the news images' bucket (x-intranet.files), which is all their fields take. */
async function upload(as: string, name: string, bytes: Buffer) {
  const { payload, headers } = multipart([file(name, bytes), { name: 'bucket-id', data: 'novidades' }]);
  const r = await t.app.inject({ method: 'POST', url: '/v1/files/', payload, headers: { ...headers, ...bearer(users[as].token) } });
  expect(r.statusCode, r.body).toBe(200);
  return r.json().processedFiles[0].id as string;
}

const item = (extra: object = {}) => ({ provedor: A, titulo: 'Nova sede inaugurada', resumo: 'A Bitcom abriu a nova sede.', texto: '<p>Texto <b>completo</b></p><script>alert(1)</script>', imagem_capa_data: png, ...extra });

async function createNews(extra: object = {}, as = 'hr') {
  const r = await call('POST', '/api/news', as, item(extra));
  expect(r.statusCode, r.body).toBe(201);
  return r.json();
}

beforeAll(async () => {
  t = await testApp();
  const post = async (url: string, body: object) => {
    const r = await t.inject({ method: 'POST', url, payload: body });
    expect(r.statusCode, r.body).toBe(201);
    return r.json().id as number;
  };
  A = await post('/api/providers', { nome: 'Bitcom' });
  B = await post('/api/providers', { nome: 'Vetorial' });
  deptA = await post('/api/departments', { nome: 'Financeiro', id_empresa: A });
  deptA2 = await post('/api/departments', { nome: 'Técnico', id_empresa: A });
  const sector = await post('/api/sectors', { nome: 'Contas', id_departamento: deptA });
  const cargo = await post('/api/positions', { nome: 'Analista', id_setor: sector });
  const sector2 = await post('/api/sectors', { nome: 'Campo', id_departamento: deptA2 });
  const cargo2 = await post('/api/positions', { nome: 'Técnico de campo', id_setor: sector2 });
  const spec: [string, string[], number[], string | undefined, number | null][] = [
    ['hr', ['rh:gestor'], [A], 'rh:gestor', null],
    ['hrReader', ['rh:leitor'], [A], 'rh:leitor', null],
    ['hrB', ['rh:gestor'], [B], 'rh:gestor', null],
    ['employee', ['user'], [A], 'user', cargo],
    ['employee2', ['user'], [A], 'user', cargo2],
    ['employeeB', ['user'], [B], 'user', null],
  ];
  for (const [key, papeis, providers, role, id_cargo] of spec) {
    const email = `${key.toLowerCase()}@novidades.com.br`;
    const token = await t.userToken({ papeis, id_empresas: providers, email, funcionario: true, nome: `Pessoa ${key}` });
    const { rows } = await t.db.query<{ id: number }>('UPDATE auth.usuario SET id_cargo = $2 WHERE email = $1 RETURNING id', [email, id_cargo]);
    users[key] = { token, role, id: rows[0].id, email };
  }
  png = await upload('hr', 'capa.png', PNG);
  gif = await upload('hr', 'capa.gif', GIF);
});
afterAll(() => t?.close());

describe('the news register', () => {
  it('only the rh edit right writes; the cover is required on create; images must be PNG or JPEG by content', async () => {
    expect((await call('POST', '/api/news', 'employee', item())).statusCode).toBe(403);
    expect((await call('POST', '/api/news', 'hrReader', item())).statusCode).toBe(403);
    const noCover = await call('POST', '/api/news', 'hr', { ...item(), imagem_capa_data: undefined });
    expect(noCover.statusCode).toBe(400);
    expect(noCover.json().errors.imagem_capa_data).toBe('Campo obrigatório');
    const badCover = await call('POST', '/api/news', 'hr', item({ imagem_capa_data: gif }));
    expect(badCover.statusCode).toBe(400);
    expect(badCover.json()).toMatchObject({ message: NEWS_MSG.coverFormat, errors: { imagem_capa_data: 'O formato da imagem de capa não é permitido!' } });
    const badAux = await call('POST', '/api/news', 'hr', item({ imagem_auxiliar_data: gif }));
    expect(badAux.statusCode).toBe(400);
    expect(badAux.json().errors.imagem_auxiliar_data).toBe('O formato da imagem auxiliar não é permitido!');
    const ok = await createNews({ imagem_auxiliar_data: png, hashtag: ' #rh; beneficios;;RH;sede ' });
    expect(ok).toMatchObject({ imagem_capa_format: 'image/png', imagem_auxiliar_format: 'image/png', hashtag: 'rh;beneficios;sede', importante: false, ativo: true });
    expect(ok.texto).not.toContain('script');
    // Another provider's HR neither sees nor writes it.
    expect((await call('GET', `/api/news/${ok.id}`, 'hrB')).statusCode).toBe(404);
    expect((await call('PUT', `/api/news/${ok.id}`, 'hrB', { titulo: 'Outro' })).statusCode).toBe(404);
    // (with a cover of their own: one they may not download is refused first, as any invalid field)
    expect((await call('POST', '/api/news', 'hrB', item({ imagem_capa_data: await upload('hrB', 'capa.png', PNG) }))).statusCode).toBe(403);
    // A department of another provider is refused.
    const deptB = (await t.inject({ method: 'POST', url: '/api/departments', payload: { nome: 'Vendas', id_empresa: B } })).json().id;
    expect((await call('POST', '/api/news', 'hr', item({ departamento: deptB }))).statusCode).toBe(400);
    const history = await call('GET', `/api/news/${ok.id}/history`, 'hr');
    expect(history.statusCode).toBe(200);
  });
});

describe('reading, reactions and read confirmation', () => {
  it('scopes the feed and the item by provider and department', async () => {
    const all = await createNews({ titulo: 'Para todos da Bitcom' });
    const dept = await createNews({ titulo: 'Só do Financeiro', departamento: deptA });
    const inactive = await createNews({ titulo: 'Rascunho', ativo: false });
    const titles = async (as: string) => (await call('GET', '/v1/novidades?limit=60', as)).json().novidades.map((n: { titulo: string }) => n.titulo);
    expect(await titles('employee')).toEqual(expect.arrayContaining(['Para todos da Bitcom', 'Só do Financeiro']));
    expect(await titles('employee')).not.toContain('Rascunho');
    expect(await titles('employee2')).toContain('Para todos da Bitcom');
    expect(await titles('employee2')).not.toContain('Só do Financeiro');
    expect(await titles('employeeB')).toEqual([]);
    expect(await titles('hrReader')).toEqual(expect.arrayContaining(['Rascunho', 'Só do Financeiro']));
    expect((await call('GET', `/v1/novidades/${dept.id}`, 'employee2')).statusCode).toBe(404);
    expect((await call('GET', `/v1/novidades/${all.id}`, 'employeeB')).statusCode).toBe(404);
    expect((await call('GET', `/v1/novidades/${inactive.id}`, 'employee')).statusCode).toBe(404);
    const read = await call('GET', `/v1/novidades/${all.id}`, 'employee');
    expect(read.statusCode).toBe(200);
    expect(read.json().novidade).toMatchObject({ titulo: 'Para todos da Bitcom', reacoes: { waving_hand: 0, cake: 0, favorite: 0, thumb_up: 0 }, minha_reacao: null });
    // The employee may not write through the register.
    expect((await call('PUT', `/api/news/${all.id}`, 'employee', { titulo: 'Mudado' })).statusCode).toBe(403);
    expect((await call('GET', '/v1/novidades', 'employee')).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/v1/novidades' })).statusCode).toBe(401);
  });

  it('pins important items first and filters by category and words', async () => {
    const cat = (await t.inject({ method: 'POST', url: '/api/categories', payload: { titulo: 'Benefícios', icone: 'card_giftcard', color: '#388e3c' } })).json().id;
    await createNews({ titulo: 'Vale-alimentação reajustado', categoria: cat, importante: true });
    await createNews({ titulo: 'Notícia mais nova', categoria: cat });
    const feed = (await call('GET', `/v1/novidades?categoria=${cat}`, 'employee')).json();
    expect(feed.novidades.map((n: { titulo: string }) => n.titulo)).toEqual(['Vale-alimentação reajustado', 'Notícia mais nova']);
    expect(feed.total).toBe(2);
    expect(feed.categorias).toEqual(expect.arrayContaining([expect.objectContaining({ id: cat, titulo: 'Benefícios' })]));
    const search = (await call('GET', `/v1/novidades?q=${encodeURIComponent('alimentacao')}`, 'employee')).json();
    expect(search.novidades.map((n: { titulo: string }) => n.titulo)).toEqual(['Vale-alimentação reajustado']);
    expect((await call('GET', '/v1/novidades?categoria=abc', 'employee')).statusCode).toBe(400);
  });

  it('one reaction per user: again removes it, another switches it; another provider cannot react', async () => {
    const n = await createNews({ titulo: 'Aniversário da empresa' });
    const react = (as: string, reacao: string) => call('POST', `/v1/novidades/${n.id}/reacao`, as, { reacao });
    let r = await react('employee', 'cake');
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual({ reacoes: { waving_hand: 0, cake: 1, favorite: 0, thumb_up: 0 }, minha_reacao: 'cake' });
    r = await react('employee2', 'cake');
    expect(r.json().reacoes.cake).toBe(2);
    r = await react('employee', 'favorite');
    expect(r.json()).toEqual({ reacoes: { waving_hand: 0, cake: 1, favorite: 1, thumb_up: 0 }, minha_reacao: 'favorite' });
    r = await react('employee', 'favorite');
    expect(r.json()).toEqual({ reacoes: { waving_hand: 0, cake: 1, favorite: 0, thumb_up: 0 }, minha_reacao: null });
    expect((await react('employeeB', 'cake')).statusCode).toBe(404);
    expect((await react('employee', 'rocket')).statusCode).toBe(400);
    const { rows } = await t.db.query('SELECT count(*)::int AS n FROM rh.novidade_reacao WHERE id_novidade = $1', [n.id]);
    expect(rows[0].n).toBe(1);
    // The generic API does not write the reactions.
    expect((await t.inject({ method: 'POST', url: '/api/news-reactions', payload: { id_novidade: n.id, id_usuario: users.employee.id, reacao: 'cake' } })).statusCode).toBe(405);
  });

  it('confirms a reading once with its time; readers list for rh readers of the provider', async () => {
    const n = await createNews({ titulo: 'Nova política de segurança', requer_lido: true });
    const plain = await createNews({ titulo: 'Sem leitura obrigatória' });
    expect((await call('POST', `/v1/novidades/${plain.id}/leitura`, 'employee')).statusCode).toBe(400);
    expect((await call('POST', `/v1/novidades/${n.id}/leitura`, 'employeeB')).statusCode).toBe(404);
    const first = await call('POST', `/v1/novidades/${n.id}/leitura`, 'employee');
    expect(first.statusCode, first.body).toBe(200);
    const again = await call('POST', `/v1/novidades/${n.id}/leitura`, 'employee');
    expect(again.json().lido_em).toBe(first.json().lido_em);
    expect((await call('GET', `/v1/novidades/${n.id}`, 'employee')).json().novidade.lido_em).toBe(first.json().lido_em);
    const readers = await call('GET', `/v1/novidades/${n.id}/leituras`, 'hrReader');
    expect(readers.statusCode, readers.body).toBe(200);
    expect(readers.json().leitores).toEqual([expect.objectContaining({ nome: 'Pessoa employee', email: users.employee.email, departamento: 'Financeiro', lido_em: first.json().lido_em })]);
    // The audience of provider A: hr, hrReader, employee, employee2 (the superadmin is linked to none).
    expect(readers.json()).toMatchObject({ total_publico: 4, pendentes: 3 });
    expect((await call('GET', `/v1/novidades/${n.id}/leituras`, 'employee')).statusCode).toBe(403);
    expect((await call('GET', `/v1/novidades/${n.id}/leituras`, 'hrB')).statusCode).toBe(404);
  });
});

describe('the bell', () => {
  const bell = async (userId: number) =>
    (await t.db.query<{ data: any; remetente_nome: string }>(`SELECT data, remetente_nome FROM notificacao.notificacao WHERE id_usuario = $1 AND data->>'modulo' = 'novidades' ORDER BY id`, [userId])).rows;

  it('announces important or must-read items when published (created active, or activated) to their audience', async () => {
    const before = (await bell(users.employee.id)).length;
    const plain = await createNews({ titulo: 'Comum' });
    expect(await bell(users.employee.id)).toHaveLength(before);
    const important = await createNews({ titulo: 'Manutenção programada', importante: true });
    const mine = await bell(users.employee.id);
    expect(mine).toHaveLength(before + 1);
    expect(mine[mine.length - 1].data).toEqual({ modulo: 'novidades', msg: 'Novidade importante: Manutenção programada', link: `/news/${important.id}`, id_novidade: important.id });
    expect(mine[mine.length - 1].remetente_nome).toBe('Pessoa hr');
    expect((await bell(users.employeeB.id)).length).toBe(0);
    // The author is not told of their own item.
    expect((await bell(users.hr.id)).length).toBe(0);
    // Department items reach that department only; activating announces, editing an active one does not.
    const draft = await createNews({ titulo: 'Leitura do Financeiro', requer_lido: true, departamento: deptA, ativo: false });
    const countOf = async (key: string) => (await bell(users[key].id)).length;
    const [e1, e2] = [await countOf('employee'), await countOf('employee2')];
    expect((await call('PUT', `/api/news/${draft.id}`, 'hr', { ativo: true })).statusCode).toBe(200);
    expect(await countOf('employee')).toBe(e1 + 1);
    expect(await countOf('employee2')).toBe(e2);
    expect((await bell(users.employee.id)).pop()!.data.msg).toBe('Nova novidade com leitura obrigatória: Leitura do Financeiro');
    expect((await call('PUT', `/api/news/${draft.id}`, 'hr', { titulo: 'Leitura do Financeiro (revisada)' })).statusCode).toBe(200);
    expect(await countOf('employee')).toBe(e1 + 1);
    expect(plain.id).toBeGreaterThan(0);
  });
});
