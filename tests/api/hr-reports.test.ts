// The HR reports (GET /v1/rh/relatorios/{relatorio}): each report's rows, totals and chart for a known
// set of employees, the filters (provider, department, period, month, situation) with their
// defaults, sorting and paging, bad filters (400 in pt-BR, never 500), rights (an rh reader reads,
// a plain employee is refused) and provider scoping (a user of another provider sees none of them).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decimalYearsBetween, yearsBetween } from '../../src/domain/age.js';
import { todayInSaoPaulo } from '../../src/server/roulette/service.js';
import { bearer, testApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
let A: number;
let B: number;
let depA: number;
let depA2: number;
let depB: number;
let cityA: number;
const tokens: Record<string, string> = {};
const today = todayInSaoPaulo();
const year = Number(today.slice(0, 4));
const month = Number(today.slice(5, 7));
const mm = String(month).padStart(2, '0');
/** A date of the current month, day 1 (so it is never after today). */
const thisMonth = (y: number) => `${y}-${mm}-01`;
const otherMonth = month === 1 ? '02' : '01';

let serial = 0;
async function post(resource: string, payload: Record<string, unknown>) {
  const r = await t.inject({ method: 'POST', url: `/api/${resource}`, payload });
  expect(r.statusCode, r.body).toBe(201);
  return r.json().id as number;
}

/** An employee: a user, a profile (gender, birth date: none when null) and the employment. */
async function employee(v: { nome: string; provider: number; dep: number; genero?: 'M' | 'F' | 'O' | null; nascimento?: string | null; admissao: string; city?: number; ativo?: boolean; desligamento?: string }) {
  const k = ++serial;
  const user = (await t.db.query<{ id: number }>(`INSERT INTO auth.usuario (email, nome, funcionario, id_empresas) VALUES ($1, $2, true, $3) RETURNING id`, [`func${k}@relatorios.test`, v.nome, [v.provider]])).rows[0].id;
  if (v.nascimento !== null)
    await t.db.query(`INSERT INTO rh.perfil_funcionario (id_usuario, nome, cpf, genero, estado_civil, data_nascimento) VALUES ($1, $2, $3, $4, 'SOLTEIRO', $5)`, [
      user,
      v.nome,
      `cpf-${k}`,
      v.genero ?? 'M',
      v.nascimento ?? '1990-01-01',
    ]);
  return (
    await t.db.query<{ id: number }>(
      `INSERT INTO rh.funcionario (id_usuario, id_empresa, id_departamento, id_cidade, matricula, data_admissao, data_desligamento, ativo) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
      [user, v.provider, v.dep, v.city ?? null, `M${k}`, v.admissao, v.desligamento ?? null, v.ativo ?? !v.desligamento],
    )
  ).rows[0].id;
}

function report(name: string, query: Record<string, string | number> = {}, as?: string) {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  const headers = as ? bearer(tokens[as], as.replace(/@.*$/, '')) : bearer(t.adminToken, 'users:superadmin');
  return t.app.inject({ method: 'GET', url: `/v1/rh/relatorios/${name}${qs ? `?${qs}` : ''}`, headers });
}
async function ok(name: string, query: Record<string, string | number> = {}, as?: string) {
  const r = await report(name, query, as);
  expect(r.statusCode, r.body).toBe(200);
  return r.json();
}
const names = (answer: { linhas: { nome: string }[] }) => answer.linhas.map((l) => l.nome);
const total = (answer: { totais: { rotulo: string; valor: number }[] }, rotulo: string) => answer.totais.find((x) => x.rotulo === rotulo)?.valor;

const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await testApp();
  A = await post('providers', { nome: 'Bitcom Relatórios' });
  B = await post('providers', { nome: 'Vetorial Relatórios' });
  depA = await post('departments', { nome: 'Técnico', id_empresa: A });
  depA2 = await post('departments', { nome: 'Comercial', id_empresa: A });
  depB = await post('departments', { nome: 'Técnico', id_empresa: B });
  cityA = await post('cities', { nome: 'Belo Horizonte', uf: 'MG', id_empresa: A });
  const cityB = await post('cities', { nome: 'Curitiba', uf: 'PR', id_empresa: B });
  // Provider A: Ana (F, 30 this month), Bruno (M, born in another month), Carla (F, Comercial), Davi (dismissed), Elias (no profile).
  ids.ana = await employee({ nome: 'Ana Aniversariante', provider: A, dep: depA, genero: 'F', nascimento: thisMonth(year - 30), admissao: thisMonth(year - 5), city: cityA });
  ids.bruno = await employee({ nome: 'Bruno Técnico', provider: A, dep: depA, genero: 'M', nascimento: `${year - 42}-${otherMonth}-15`, admissao: `${year}-${otherMonth}-01`, city: cityA });
  ids.carla = await employee({ nome: 'Carla Comercial', provider: A, dep: depA2, genero: 'F', nascimento: `${year - 22}-${otherMonth}-10`, admissao: thisMonth(year - 2), city: cityA });
  ids.davi = await employee({ nome: 'Davi Desligado', provider: A, dep: depA, genero: 'M', nascimento: '1980-05-05', admissao: `${year - 3}-01-10`, desligamento: `${year}-01-10` });
  ids.elias = await employee({ nome: 'Elias Sem Perfil', provider: A, dep: depA, nascimento: null, admissao: `${year - 1}-${otherMonth}-20`, city: cityA });
  // Provider B: Vera (F, birthday this month too), in Curitiba.
  ids.vera = await employee({ nome: 'Vera Vetorial', provider: B, dep: depB, genero: 'F', nascimento: thisMonth(year - 50), admissao: thisMonth(year - 10), city: cityB });
  await t.db.query(`INSERT INTO rh.desligamento (id_funcionario, data_desligamento, tipo, status, aviso_previo) VALUES ($1, $2, 'pedido_demissao', 'concluido', 'trabalhado')`, [ids.davi, `${year}-01-10`]);
  await t.db.query(`INSERT INTO rh.familiar (id_funcionario, tem_familiar, familiares) VALUES ($1, true, $2), ($3, false, '{}'), ($4, true, $5)`, [
    ids.ana,
    ['João Aniversariante', 'Maria Aniversariante'],
    ids.bruno,
    ids.vera,
    ['Pedro Vetorial'],
  ]);
  tokens['rh:leitor'] = await t.userToken({ papeis: ['rh:leitor'], id_empresas: [A] });
  tokens['rh:gestor'] = await t.userToken({ papeis: ['rh:gestor'], id_empresas: [A] });
  tokens['rh:leitor@B'] = await t.userToken({ papeis: ['rh:leitor'], id_empresas: [B] });
  tokens.user = await t.userToken({ papeis: ['user'], id_empresas: [A], funcionario: true });
  tokens['vendas:gestor'] = await t.userToken({ papeis: ['vendas:gestor'], id_empresas: [A] });
});
afterAll(() => t?.close());

describe('GET v1/rh/relatorios/birthday', () => {
  it("lists the active employees born in the month (this month by default), with day and age of 365.25-day years", async () => {
    const r = await ok('birthday', { id_empresa: A });
    expect(r.valores.mes).toBe(month);
    expect(names(r)).toEqual(['Ana Aniversariante']);
    expect(r.linhas[0]).toMatchObject({ dia: 1, provedor: 'Bitcom Relatórios', departamento: 'Técnico', data_nascimento: thisMonth(year - 30), idade: yearsBetween(thisMonth(year - 30), today) });
    expect(total(r, 'Aniversariantes do mês')).toBe(1);
    // The superadmin sees both providers; another month has Bruno and Carla.
    expect(names(await ok('birthday')).sort()).toEqual(['Ana Aniversariante', 'Vera Vetorial']);
    expect(names(await ok('birthday', { mes: Number(otherMonth), id_empresa: A, ordem: 'nome' }))).toEqual(['Bruno Técnico', 'Carla Comercial']);
  });
});

describe('GET v1/rh/relatorios/list-admission', () => {
  it('lists admissions in the period (the year by default) with the totals and a chart by month', async () => {
    const r = await ok('list-admission', { id_empresa: A });
    expect(r.valores).toMatchObject({ inicio: `${year}-01-01`, fim: `${year}-12-31` });
    expect(names(r)).toEqual(['Bruno Técnico']);
    expect(total(r, 'Admissões no período')).toBe(1);
    expect(r.grafico).toMatchObject({ tipo: 'barras', series: [{ rotulo: 'Admissões', dados: [1] }] });
    // To the year's end: Bruno's admission, the 1st of another month of this year, is still ahead on 1 January.
    const wide = await ok('list-admission', { id_empresa: A, inicio: `${year - 5}-01-01`, fim: `${year}-12-31`, ordem: 'data_admissao', direcao: 'asc' });
    expect(names(wide)).toEqual(['Ana Aniversariante', 'Davi Desligado', 'Carla Comercial', 'Elias Sem Perfil', 'Bruno Técnico'].filter((n) => names(wide).includes(n)));
    expect(wide.total).toBe(5);
    expect(total(wide, 'Ainda ativos')).toBe(4);
    // DD/MM/AAAA dates are read too; a department narrows.
    const dep = await ok('list-admission', { id_departamento: depA2, inicio: `01/01/${year - 5}`, fim: `31/12/${year}` });
    expect(names(dep)).toEqual(['Carla Comercial']);
  });
});

describe('GET v1/rh/relatorios/list-dismiss', () => {
  it('lists dismissals in the period with their type and time in the company', async () => {
    const r = await ok('list-dismiss');
    expect(names(r)).toEqual(['Davi Desligado']);
    expect(r.linhas[0]).toMatchObject({ tipo: 'Pedido de demissão', status: 'Concluído', aviso_previo: 'Trabalhado', data_desligamento: `${year}-01-10`, tempo_empresa: decimalYearsBetween(`${year - 3}-01-10`, `${year}-01-10`) });
    expect(total(r, 'Desligamentos')).toBe(1);
    expect(r.grafico).toMatchObject({ tipo: 'barras', categorias: ['Pedido de demissão'] });
    expect((await ok('list-dismiss', { tipo: 'acordo' })).total).toBe(0);
    expect((await ok('list-dismiss', { inicio: `${year - 1}-01-01`, fim: `${year - 1}-12-31` })).linhas).toEqual([]);
  });
});

describe('GET v1/rh/relatorios/provider-city', () => {
  it('counts the active employees per provider and work city', async () => {
    const r = await ok('provider-city', { ordem: 'funcionarios', direcao: 'desc' });
    expect(r.linhas.map((l: any) => [l.provedor, l.cidade, l.funcionarios])).toEqual([
      ['Bitcom Relatórios', 'Belo Horizonte', 4],
      ['Vetorial Relatórios', 'Curitiba', 1],
    ]);
    expect(total(r, 'Funcionários ativos')).toBe(5);
    expect(r.grafico.categorias).toEqual(['Belo Horizonte/MG (Bitcom Relatórios)', 'Curitiba/PR (Vetorial Relatórios)']);
  });
});

describe('GET v1/rh/relatorios/company-anniversary', () => {
  it('lists who completes years in the company in the month, with the years', async () => {
    const r = await ok('company-anniversary', { id_empresa: A, ordem: 'anos', direcao: 'desc' });
    expect(r.linhas.map((l: any) => [l.nome, l.anos])).toEqual([
      ['Ana Aniversariante', 5],
      ['Carla Comercial', 2],
    ]);
    expect(r.grafico.categorias).toEqual(['2 anos', '5 anos']);
    expect(total(r, 'Maior tempo (anos)')).toBe(5);
    // Next year they complete one more.
    const next = await ok('company-anniversary', { id_empresa: A, ano: year + 1, ordem: 'nome' });
    expect(next.linhas.map((l: any) => l.anos)).toEqual([6, 3]);
  });
});

describe('GET v1/rh/relatorios/family-list', () => {
  it('lists the employees with relatives in the group and their names', async () => {
    const r = await ok('family-list', { id_empresa: A });
    expect(r.linhas).toEqual([expect.objectContaining({ nome: 'Ana Aniversariante', familiares: 'João Aniversariante, Maria Aniversariante', quantidade: 2 })]);
    expect(total(r, 'Familiares citados')).toBe(2);
  });
});

describe('GET v1/rh/relatorios/list-general', () => {
  it('lists employees with their fields, active by default, the inactive or all on demand; pages and sorts', async () => {
    const active = await ok('list-general', { id_empresa: A });
    expect(names(active)).toEqual(['Ana Aniversariante', 'Bruno Técnico', 'Carla Comercial', 'Elias Sem Perfil']);
    expect(active.linhas[3]).toMatchObject({ genero: null, data_nascimento: null, idade: null, situacao: 'Ativo' });
    // Born and admitted on the 1st of this month, 30 and 5 years ago: in 365.25-day years that is 30 (or 29.9...) and 5.0 (or 4.9), by the calendar.
    expect(active.linhas[0]).toMatchObject({
      genero: 'Feminino',
      idade: yearsBetween(thisMonth(year - 30), today),
      tempo_empresa: decimalYearsBetween(thisMonth(year - 5), today),
      email: expect.stringContaining('@relatorios.test'),
    });
    expect(active.linhas[0].idade).toBeGreaterThanOrEqual(29);
    expect(active.linhas[0].tempo_empresa).toBeGreaterThanOrEqual(4.9);
    expect(names(await ok('list-general', { id_empresa: A, situacao: 'inativos' }))).toEqual(['Davi Desligado']);
    const all = await ok('list-general', { id_empresa: A, situacao: 'todos', ordem: 'nome', direcao: 'desc', por_pagina: 2, pagina: 2 });
    expect(all.total).toBe(5);
    expect(names(all)).toEqual(['Carla Comercial', 'Bruno Técnico']);
    expect(total(all, 'Inativos')).toBe(1);
    expect(names(await ok('list-general', { genero: 'F', id_empresa: A }))).toEqual(['Ana Aniversariante', 'Carla Comercial']);
    // A page past the end still counts.
    const past = await ok('list-general', { id_empresa: A, pagina: 9 });
    expect(past).toMatchObject({ linhas: [], total: 4 });
    // The exports' page: every row.
    expect((await ok('list-general', { situacao: 'todos', por_pagina: 'todos' })).linhas).toHaveLength(6);
  });
});

describe('GET v1/rh/relatorios/pyramid-list', () => {
  it('counts the active employees by 5-year age band and gender, with the mirrored chart', async () => {
    const r = await ok('pyramid-list', { id_empresa: A });
    const bands = Object.fromEntries(r.linhas.map((l: any) => [l.faixa, [l.masculino, l.feminino, l.outro, l.nao_informado, l.total]]));
    const band = (age: number) => `${Math.floor(age / 5) * 5} a ${Math.floor(age / 5) * 5 + 4}`;
    expect(bands[band(yearsBetween(thisMonth(year - 30), today)!)]?.[1]).toBeGreaterThanOrEqual(1);
    expect(bands['Não informado']).toEqual([0, 0, 0, 1, 1]);
    expect(total(r, 'Funcionários')).toBe(4);
    expect(total(r, 'Feminino')).toBe(2);
    expect(total(r, 'Masculino')).toBe(1);
    expect(r.grafico.tipo).toBe('piramide');
    expect(r.grafico.series.map((s: any) => s.rotulo)).toEqual(['Masculino', 'Feminino']);
    // The bands from the oldest down by default, the band's own order when sorted.
    const asc = await ok('pyramid-list', { id_empresa: A, ordem: 'faixa', direcao: 'asc' });
    expect(asc.linhas.map((l: any) => l.faixa)).toEqual([...r.linhas.map((l: any) => l.faixa).filter((f: string) => f !== 'Não informado')].reverse().concat('Não informado'));
  });
});

describe('GET v1/rh/relatorios/list-gender', () => {
  it('counts by gender per provider and department, with a pie', async () => {
    const r = await ok('list-gender', { id_empresa: A, ordem: 'departamento' });
    expect(r.linhas.map((l: any) => [l.departamento, l.masculino, l.feminino, l.nao_informado, l.total])).toEqual([
      ['Comercial', 0, 1, 0, 1],
      ['Técnico', 1, 1, 1, 3],
    ]);
    expect(r.grafico).toEqual({
      tipo: 'pizza',
      titulo: 'Funcionários por gênero',
      fatias: [
        { rotulo: 'Não informado', valor: 1 },
        { rotulo: 'Feminino', valor: 2 },
        { rotulo: 'Masculino', valor: 1 },
      ],
    });
  });
});

describe('rights and provider scoping', () => {
  it("gives an rh reader and a gestor their providers' rows only", async () => {
    expect(names(await ok('list-general', {}, 'rh:leitor'))).toEqual(['Ana Aniversariante', 'Bruno Técnico', 'Carla Comercial', 'Elias Sem Perfil']);
    expect(names(await ok('list-general', {}, 'rh:gestor'))).toHaveLength(4);
    // Provider B's reader sees none of A's rows, even asking for A.
    expect(names(await ok('list-general', {}, 'rh:leitor@B'))).toEqual(['Vera Vetorial']);
    for (const name of ['birthday', 'list-admission', 'list-dismiss', 'provider-city', 'company-anniversary', 'family-list', 'list-general', 'pyramid-list', 'list-gender']) {
      const r = await ok(name, { id_empresa: A }, 'rh:leitor@B');
      expect(r.linhas, name).toEqual([]);
      expect(r.total, name).toBe(0);
    }
    expect((await ok('family-list', {}, 'rh:leitor@B')).linhas.map((l: any) => l.familiares)).toEqual(['Pedro Vetorial']);
  });

  it('refuses a plain employee and other areas (403), and callers without a token (401)', async () => {
    for (const as of ['user', 'vendas:gestor']) {
      const r = await report('list-general', {}, as);
      expect(r.statusCode, as).toBe(403);
      expect(r.json().message).toBe('Este usuário não tem autorização para realizar esta operação.');
    }
    expect((await t.app.inject({ method: 'GET', url: '/v1/rh/relatorios/list-general' })).statusCode).toBe(401);
    expect((await report('no-such-report')).statusCode).toBe(404);
  });

  it('lists the reports', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/v1/rh/relatorios', headers: bearer(tokens['rh:leitor'], 'rh:leitor') });
    expect(r.statusCode).toBe(200);
    expect(r.json().relatorios.map((x: any) => x.relatorio)).toContain('pyramid-list');
  });
});

describe('bad filters', () => {
  it('answers 400 with a pt-BR message, never 500', async () => {
    const cases: [string, Record<string, string>, string][] = [
      ['birthday', { mes: '13' }, 'mes'],
      ['birthday', { mes: 'janeiro' }, 'mes'],
      ['birthday', { inicio: '2026-01-01' }, 'inicio'],
      ['list-admission', { inicio: '2026-02-30' }, 'inicio'],
      ['list-admission', { inicio: '2026-03-01', fim: '2026-01-01' }, 'fim'],
      ['list-admission', { id_empresa: 'x' }, 'id_empresa'],
      ['list-admission', { id_empresa: '0' }, 'id_empresa'],
      ['list-general', { situacao: 'alguns' }, 'situacao'],
      ['list-general', { ordem: 'senha' }, 'ordem'],
      ['list-general', { direcao: 'up' }, 'direcao'],
      ['list-general', { por_pagina: '100000' }, 'por_pagina'],
      ['list-general', { pagina: '0' }, 'pagina'],
      ['list-general', { genero: 'X' }, 'genero'],
      ['list-dismiss', { tipo: "'; drop table rh.funcionario; --" }, 'tipo'],
      ['pyramid-list', { 'x': '1' }, 'x'],
    ];
    for (const [name, query, field] of cases) {
      const r = await report(name, query);
      expect(r.statusCode, `${name} ${JSON.stringify(query)}`).toBe(400);
      expect(r.json().message).toMatch(/inválid|desconhecido/i);
      expect(Object.keys(r.json().errors ?? {}), `${name} ${JSON.stringify(query)}`).toEqual([field]);
    }
    const twice = await t.inject({ method: 'GET', url: '/v1/rh/relatorios/birthday?mes=1&mes=2', headers: { 'x-intranet-role': 'users:superadmin' } });
    expect(twice.statusCode).toBe(400);
  });
});
