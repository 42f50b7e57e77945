// Blocking rules and their exception criteria (HR/sales document, "Blocking rules"): the generic REST
// API of both registers (create, list, toggle, delete, history, rights by role header, provider
// scope, id_usuario filled by the server), the criteria's own checks (a situation, a customer code of
// the rule's provider), and the simulation GET /v1/bloqueio/regras/{id}/simulacao(.csv): the
// threshold (at or above), cancelled customers left out, each kind of exception, inactive criteria
// ignored, other providers' customers never there, the counts per city, the CSV file, and malformed
// input answered 4xx, never 500. Each test makes its own provider and customers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../src/domain/messages.js';
import { BLOCKING_MSG } from '../../src/server/blocking/hooks.js';
import { CSV_HEADERS, simulationCsv } from '../../src/server/blocking/simulation.js';
import { customerDirectoryFor } from '../../src/server/customers/index.js';
import { bearer, qs, testApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
let A: number; // Bitcom: the users' provider
let V: number; // Vetorial: another provider
const tokens: Record<string, string> = {};
const userIds: Record<string, number> = {};
let seq = 0;

const FORBIDDEN = 'Este usuário não tem autorização para realizar esta operação.';
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A call as a user of Bitcom acting with a role (`vetorial`: a Vetorial regua_comunicacao:gestor), or the superadmin. */
async function call(method: Method, url: string, payload?: unknown, as?: string) {
  const headers = as ? bearer(tokens[as], as === 'vetorial' ? 'regua_comunicacao:gestor' : as) : bearer(t.adminToken, 'users:superadmin');
  return t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
}

interface CustomerRow {
  cod: string;
  nome?: string;
  dias: number;
  cidade?: string | null;
  uf?: string | null;
  bairro?: string | null;
  plano?: string | null;
  situacao?: 'ativo' | 'suspenso' | 'cancelado';
  cpf?: string | null;
}

/** A new provider with its system and these customers (as the ERP import writes them). */
async function providerWith(customers: CustomerRow[]) {
  const tag = `${++seq}${Date.now().toString(36)}`.toUpperCase();
  const id = (await t.inject({ method: 'POST', url: '/api/providers', payload: { nome: `Provedor ${tag}` } })).json().id as number;
  const sistema = `SIS${tag}`;
  await t.db.query('INSERT INTO relacionamento.sistema (nome, id_empresa) VALUES ($1, $2)', [sistema, id]);
  await addCustomers(id, sistema, customers);
  return { id, sistema };
}

async function addCustomers(id_empresa: number, sistema: string, customers: CustomerRow[]) {
  for (const c of customers) {
    await t.db.query(
      `INSERT INTO relacionamento.dados_pessoas (sistema, id_empresa, cod_cliente, codpessoa, nome_razaosocial, cpf, cidade, uf, bairro, plano, situacao, dias_atraso)
       VALUES ($1, $2, $3, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [sistema, id_empresa, c.cod, c.nome ?? `Cliente ${c.cod}`, c.cpf ?? null, c.cidade ?? null, c.uf ?? null, c.bairro ?? null, c.plano ?? null, c.situacao ?? 'ativo', c.dias],
    );
  }
}

async function createRule(payload: Record<string, unknown>, as?: string) {
  const r = await call('POST', '/api/blocking-rules', payload, as);
  expect(r.statusCode, r.body).toBe(201);
  return r.json() as Record<string, any>;
}

async function createCriterion(payload: Record<string, unknown>, as?: string) {
  const r = await call('POST', '/api/blocking-exception-criteria', payload, as);
  expect(r.statusCode, r.body).toBe(201);
  return r.json() as Record<string, any>;
}

async function simulation(id: number | string, query = '', as?: string) {
  const r = await call('GET', `/v1/bloqueio/regras/${id}/simulacao${query}`, undefined, as);
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as {
    regra: Record<string, any>;
    criterios: { id: number; tipo: string; valor: string; descricao: string | null }[];
    total: number;
    por_cidade: { cidade: string | null; uf: string | null; total: number }[];
    clientes: Record<string, any>[];
    limit: number;
    offset: number;
  };
}

const codes = (rows: readonly Record<string, any>[]) => rows.map((r) => r.cod_cliente as string);

beforeAll(async () => {
  t = await testApp();
  A = (await t.inject({ method: 'POST', url: '/api/providers', payload: { nome: 'Bitcom' } })).json().id;
  V = (await t.inject({ method: 'POST', url: '/api/providers', payload: { nome: 'Vetorial' } })).json().id;
  for (const role of ['regua_comunicacao:gestor', 'regua_comunicacao:solicitante', 'regua_comunicacao:leitor', 'vendas:leitor', 'vendas:gestor', 'rh:gestor']) {
    const email = `bloqueio.${role.replace(':', '.')}@teste.com.br`;
    tokens[role] = await t.userToken({ papeis: [role], id_empresas: [A], email });
    userIds[role] = (await t.db.query<{ id: number }>('SELECT id FROM auth.usuario WHERE email = $1', [email])).rows[0].id;
  }
  tokens.vetorial = await t.userToken({ papeis: ['regua_comunicacao:gestor'], id_empresas: [V] });
});
afterAll(() => t?.close());

describe('blocking rules (/api/blocking-rules)', () => {
  it('creates with the caller as id_usuario (a body cannot name another), lists, toggles, keeps history and deletes', async () => {
    const rule = await createRule({ nome: 'Bloqueio 30 dias', provedor: A, dias_atraso: 30, id_usuario: userIds['rh:gestor'] }, 'regua_comunicacao:solicitante');
    expect(rule).toMatchObject({ nome: 'Bloqueio 30 dias', provedor: A, dias_atraso: 30, ativo: true, id_usuario: userIds['regua_comunicacao:solicitante'] });

    const list = await call('GET', `/api/blocking-rules?${qs({ filter: { provedor: A, q: 'Bloqueio 30' } })}`, undefined, 'regua_comunicacao:leitor');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().map((r: { id: number }) => r.id)).toContain(rule.id);

    const off = await call('PUT', `/api/blocking-rules/${rule.id}`, { ativo: false }, 'regua_comunicacao:solicitante');
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ ativo: false, id_usuario: userIds['regua_comunicacao:solicitante'] });
    // An update does not move the author either.
    const renamed = await call('PUT', `/api/blocking-rules/${rule.id}`, { nome: 'Bloqueio 31 dias', dias_atraso: 31 }, 'vendas:gestor');
    expect(renamed.json()).toMatchObject({ nome: 'Bloqueio 31 dias', dias_atraso: 31, id_usuario: userIds['regua_comunicacao:solicitante'] });

    const history = await call('GET', `/api/blocking-rules/${rule.id}/history`);
    expect(history.json().map((e: { operacao: string }) => e.operacao)).toEqual(['UPDATE', 'UPDATE', 'INSERT']);

    // Only managers delete.
    expect((await call('DELETE', `/api/blocking-rules/${rule.id}`, undefined, 'regua_comunicacao:solicitante')).statusCode).toBe(403);
    const removed = await call('DELETE', `/api/blocking-rules/${rule.id}`, undefined, 'regua_comunicacao:gestor');
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await call('GET', `/api/blocking-rules/${rule.id}`, undefined, 'regua_comunicacao:gestor')).statusCode).toBe(404);
  });

  it('the superadmin is recorded as author too; the form\'s checks answer 400 in pt-BR', async () => {
    const admin = (await t.db.query<{ id: number }>("SELECT id FROM auth.usuario WHERE 'users:superadmin' = ANY(papeis) ORDER BY id LIMIT 1")).rows[0].id;
    expect((await createRule({ nome: 'Regra do admin', provedor: V, dias_atraso: 10 })).id_usuario).toBe(admin);
    const bad = await call('POST', '/api/blocking-rules', { nome: 'X', provedor: A, dias_atraso: 0 }, 'regua_comunicacao:gestor');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({ nome: MSG.minLength(2), dias_atraso: MSG.minimum(1) });
    const missing = await call('POST', '/api/blocking-rules', { provedor: A }, 'regua_comunicacao:gestor');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toMatchObject({ nome: MSG.required, dias_atraso: MSG.required });
  });

  it('rights: readers list but do not write, other areas are refused, and another provider\'s rules are out of reach', async () => {
    const rule = await createRule({ nome: 'Regra Bitcom direitos', provedor: A, dias_atraso: 15 });
    for (const as of ['regua_comunicacao:leitor', 'vendas:leitor']) {
      expect((await call('GET', `/api/blocking-rules/${rule.id}`, undefined, as)).statusCode, as).toBe(200);
      const write = await call('POST', '/api/blocking-rules', { nome: 'Não pode', provedor: A, dias_atraso: 5 }, as);
      expect(write.statusCode, as).toBe(403);
      expect(write.json().message).toBe(FORBIDDEN);
    }
    expect((await call('GET', '/api/blocking-rules', undefined, 'rh:gestor')).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/blocking-rules' })).statusCode).toBe(401);

    // A Vetorial manager neither sees nor writes Bitcom's rules.
    expect((await call('GET', `/api/blocking-rules/${rule.id}`, undefined, 'vetorial')).statusCode).toBe(404);
    const listed = await call('GET', `/api/blocking-rules?${qs({ range: [0, 999] })}`, undefined, 'vetorial');
    expect(listed.json().every((r: { provedor: number }) => r.provedor === V)).toBe(true);
    expect((await call('PUT', `/api/blocking-rules/${rule.id}`, { ativo: false }, 'vetorial')).statusCode).toBe(404);
    expect((await call('DELETE', `/api/blocking-rules/${rule.id}`, undefined, 'vetorial')).statusCode).toBe(404);
    expect((await call('POST', '/api/blocking-rules', { nome: 'Na Bitcom', provedor: A, dias_atraso: 5 }, 'vetorial')).statusCode).toBe(403);
  });
});

describe('exception criteria (/api/blocking-exception-criteria)', () => {
  it('creates, lists by rule, toggles and deletes; deleting the rule deletes its criteria', async () => {
    const rule = await createRule({ nome: 'Regra com critérios', provedor: A, dias_atraso: 20 });
    const c1 = await createCriterion({ id_regra: rule.id, tipo: 'plano', valor: '  Fibra Empresarial ', descricao: 'Contratos empresariais' }, 'regua_comunicacao:solicitante');
    expect(c1).toMatchObject({ id_regra: rule.id, tipo: 'plano', valor: 'Fibra Empresarial', ativo: true });
    const c2 = await createCriterion({ id_regra: rule.id, tipo: 'cidade', valor: 'Contagem' });

    const list = await call('GET', `/api/blocking-exception-criteria?${qs({ filter: { id_regra: rule.id } })}`, undefined, 'vendas:leitor');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().map((c: { id: number }) => c.id)).toEqual([c1.id, c2.id]);

    const off = await call('PUT', `/api/blocking-exception-criteria/${c2.id}`, { ativo: false }, 'regua_comunicacao:solicitante');
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().ativo).toBe(false);
    expect((await call('DELETE', `/api/blocking-exception-criteria/${c2.id}`, undefined, 'regua_comunicacao:solicitante')).statusCode).toBe(403);
    expect((await call('DELETE', `/api/blocking-exception-criteria/${c2.id}`, undefined, 'regua_comunicacao:gestor')).statusCode).toBe(200);

    expect((await call('DELETE', `/api/blocking-rules/${rule.id}`, undefined, 'regua_comunicacao:gestor')).statusCode).toBe(200);
    expect((await call('GET', `/api/blocking-exception-criteria/${c1.id}`)).statusCode).toBe(404);
  });

  it('rights and provider scope: a reader cannot write; another provider neither sees nor adds criteria of the rule', async () => {
    const rule = await createRule({ nome: 'Regra escopo critérios', provedor: A, dias_atraso: 20 });
    const c = await createCriterion({ id_regra: rule.id, tipo: 'bairro', valor: 'Centro' });
    expect((await call('POST', '/api/blocking-exception-criteria', { id_regra: rule.id, tipo: 'bairro', valor: 'Savassi' }, 'regua_comunicacao:leitor')).statusCode).toBe(403);
    expect((await call('GET', `/api/blocking-exception-criteria/${c.id}`, undefined, 'vetorial')).statusCode).toBe(404);
    const listed = await call('GET', `/api/blocking-exception-criteria?${qs({ filter: { id_regra: rule.id } })}`, undefined, 'vetorial');
    expect(listed.json()).toEqual([]);
    const added = await call('POST', '/api/blocking-exception-criteria', { id_regra: rule.id, tipo: 'bairro', valor: 'Savassi' }, 'vetorial');
    expect([400, 403]).toContain(added.statusCode);
    expect((await call('PUT', `/api/blocking-exception-criteria/${c.id}`, { ativo: false }, 'vetorial')).statusCode).toBe(404);
    expect((await t.db.query('SELECT 1 FROM bloqueio.criterio_excecao WHERE id_regra = $1', [rule.id])).rows.length).toBe(1);
  });

  it('a situation must be ativo, suspenso or cancelado (stored in lower case)', async () => {
    const rule = await createRule({ nome: 'Regra situação', provedor: A, dias_atraso: 20 });
    const bad = await call('POST', '/api/blocking-exception-criteria', { id_regra: rule.id, tipo: 'situacao', valor: 'bloqueado' }, 'regua_comunicacao:gestor');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: BLOCKING_MSG.invalidSituation, errors: { valor: BLOCKING_MSG.invalidSituation } });
    expect(BLOCKING_MSG.invalidSituation).toBe('Situação inválida: use ativo, suspenso ou cancelado');
    const ok = await createCriterion({ id_regra: rule.id, tipo: 'situacao', valor: ' Suspenso ' });
    expect(ok.valor).toBe('suspenso');
    // Changing the tipo of a plan criterion to situacao checks its valor again.
    const plan = await createCriterion({ id_regra: rule.id, tipo: 'plano', valor: 'Fibra 300' });
    const changed = await call('PUT', `/api/blocking-exception-criteria/${plan.id}`, { tipo: 'situacao' });
    expect(changed.statusCode).toBe(400);
    expect(changed.json().errors.valor).toBe(BLOCKING_MSG.invalidSituation);
    const blank = await call('POST', '/api/blocking-exception-criteria', { id_regra: rule.id, tipo: 'bairro', valor: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors.valor).toBe(MSG.required);
  });

  it('a customer code must be a customer of the rule\'s provider; a criterion whose customer left can still be switched off', async () => {
    const mine = await providerWith([{ cod: 'C100', dias: 40 }]);
    const other = await providerWith([{ cod: 'C200', dias: 40 }]);
    const rule = await createRule({ nome: 'Regra cliente', provedor: mine.id, dias_atraso: 20 });
    for (const valor of ['C200', 'c100', 'NAOEXISTE']) {
      const r = await call('POST', '/api/blocking-exception-criteria', { id_regra: rule.id, tipo: 'cliente', valor });
      expect(r.statusCode, valor).toBe(400);
      expect(r.json(), valor).toMatchObject({ message: BLOCKING_MSG.noCustomer, errors: { valor: BLOCKING_MSG.noCustomer } });
    }
    const ok = await createCriterion({ id_regra: rule.id, tipo: 'cliente', valor: ' C100 ' });
    expect(ok.valor).toBe('C100');
    await t.db.query('DELETE FROM relacionamento.dados_pessoas WHERE id_empresa = $1', [mine.id]);
    const off = await call('PUT', `/api/blocking-exception-criteria/${ok.id}`, { ...ok, id: undefined, created_at: undefined, ativo: false });
    expect(off.statusCode, off.body).toBe(200);
    // Moving it to another provider's rule checks the code there.
    const otherRule = await createRule({ nome: 'Regra outro provedor', provedor: other.id, dias_atraso: 20 });
    const moved = await call('PUT', `/api/blocking-exception-criteria/${ok.id}`, { id_regra: otherRule.id });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().errors.valor).toBe(BLOCKING_MSG.noCustomer);
  });
});

describe('GET /v1/bloqueio/regras/{id}/simulacao', () => {
  it('lists the provider\'s customers at or above the rule\'s days overdue, most overdue first then by name, never the cancelled ones', async () => {
    const p = await providerWith([
      { cod: 'T1', nome: 'Beatriz', dias: 30, cidade: 'Belo Horizonte', uf: 'MG', bairro: 'Centro', plano: 'Fibra 300', cpf: '111.444.777-35' },
      { cod: 'T2', nome: 'Ana', dias: 30, cidade: 'Belo Horizonte', uf: 'MG' },
      { cod: 'T3', nome: 'Carlos', dias: 29, cidade: 'Belo Horizonte', uf: 'MG' },
      { cod: 'T4', nome: 'Daniel', dias: 95, cidade: 'Contagem', uf: 'MG', situacao: 'suspenso' },
      { cod: 'T5', nome: 'Elisa', dias: 120, cidade: 'Contagem', uf: 'MG', situacao: 'cancelado' },
      { cod: 'T6', nome: 'Fábio', dias: 0 },
    ]);
    const rule = await createRule({ nome: 'Atraso 30', provedor: p.id, dias_atraso: 30 });
    const s = await simulation(rule.id);
    expect(s.regra).toEqual({ id: rule.id, nome: 'Atraso 30', provedor: p.id, provedor_nome: expect.stringMatching(/^Provedor /), dias_atraso: 30, ativo: true });
    expect(s.total).toBe(3);
    expect(codes(s.clientes)).toEqual(['T4', 'T2', 'T1']);
    expect(s.clientes[2]).toEqual({
      cod_cliente: 'T1',
      nome_razaosocial: 'Beatriz',
      cpf: '111.444.777-35',
      cnpj: null,
      cidade: 'Belo Horizonte',
      uf: 'MG',
      bairro: 'Centro',
      plano: 'Fibra 300',
      situacao: 'ativo',
      dias_atraso: 30,
    });
    expect(s.por_cidade).toEqual([
      { cidade: 'Belo Horizonte', uf: 'MG', total: 2 },
      { cidade: 'Contagem', uf: 'MG', total: 1 },
    ]);
    expect(s.criterios).toEqual([]);
    expect((await simulation(rule.id, '?limit=1&offset=1')).clientes.map((c) => c.cod_cliente)).toEqual(['T2']);
    expect((await simulation(rule.id, '?limit=1&offset=1')).total).toBe(3);
  });

  it('each active exception spares its customers: plan, neighbourhood and city without case or accents, customer code and situation exactly', async () => {
    const p = await providerWith([
      { cod: 'E1', dias: 50, plano: 'Fibra 500 Mega', cidade: 'Betim', uf: 'MG' },
      { cod: 'E2', dias: 50, bairro: 'São José', cidade: 'Betim', uf: 'MG' },
      { cod: 'E3', dias: 50, cidade: 'São João del-Rei', uf: 'MG' },
      { cod: 'E4', dias: 50, cidade: 'Betim', uf: 'MG' },
      { cod: 'E5', dias: 50, situacao: 'suspenso', cidade: 'Betim', uf: 'MG' },
      { cod: 'E6', dias: 50, plano: 'Fibra 500', bairro: 'Sao Jose do Norte', cidade: 'Betim', uf: 'MG' },
      { cod: 'e4', dias: 50, cidade: 'Betim', uf: 'MG' },
    ]);
    const rule = await createRule({ nome: 'Exceções', provedor: p.id, dias_atraso: 10 });
    expect((await simulation(rule.id)).total).toBe(7);
    const steps: [string, string, string[]][] = [
      ['plano', 'FIBRA 500 mega', ['E1']],
      ['bairro', ' sao josé ', ['E2']],
      ['cidade', 'SAO JOAO DEL-REI', ['E3']],
      ['cliente', 'E4', ['E4']],
      ['situacao', 'suspenso', ['E5']],
    ];
    const spared: string[] = [];
    for (const [tipo, valor, gone] of steps) {
      await createCriterion({ id_regra: rule.id, tipo, valor });
      spared.push(...gone);
      const s = await simulation(rule.id);
      expect(codes(s.clientes).sort(), tipo).toEqual(['E1', 'E2', 'E3', 'E4', 'E5', 'E6', 'e4'].filter((c) => !spared.includes(c)).sort());
      expect(s.total, tipo).toBe(7 - spared.length);
    }
    const s = await simulation(rule.id);
    expect(s.criterios.map((c) => [c.tipo, c.valor])).toEqual([
      ['bairro', 'sao josé'],
      ['cidade', 'SAO JOAO DEL-REI'],
      ['cliente', 'E4'],
      ['plano', 'FIBRA 500 mega'],
      ['situacao', 'suspenso'],
    ]);
    expect(s.por_cidade).toEqual([{ cidade: 'Betim', uf: 'MG', total: 2 }]);
  });

  it('inactive criteria are ignored, and switching one back on applies it again', async () => {
    const p = await providerWith([
      { cod: 'I1', dias: 40, cidade: 'Ipatinga', uf: 'MG' },
      { cod: 'I2', dias: 40, cidade: 'Itabira', uf: 'MG' },
    ]);
    const rule = await createRule({ nome: 'Inativos', provedor: p.id, dias_atraso: 40 });
    const c = await createCriterion({ id_regra: rule.id, tipo: 'cidade', valor: 'Ipatinga', ativo: false });
    let s = await simulation(rule.id);
    expect(codes(s.clientes).sort()).toEqual(['I1', 'I2']);
    expect(s.criterios).toEqual([]);
    await call('PUT', `/api/blocking-exception-criteria/${c.id}`, { ativo: true });
    s = await simulation(rule.id);
    expect(codes(s.clientes)).toEqual(['I2']);
    expect(s.criterios).toEqual([{ id: c.id, tipo: 'cidade', valor: 'Ipatinga', descricao: null }]);
  });

  it('never includes another provider\'s customers, even with the same codes, cities and days', async () => {
    const mine = await providerWith([{ cod: 'P1', dias: 60, cidade: 'Uberaba', uf: 'MG' }]);
    await providerWith([
      { cod: 'P1', dias: 60, cidade: 'Uberaba', uf: 'MG' },
      { cod: 'P2', dias: 90, cidade: 'Uberaba', uf: 'MG' },
    ]);
    const rule = await createRule({ nome: 'Só os meus', provedor: mine.id, dias_atraso: 1 });
    const s = await simulation(rule.id);
    expect(s.total).toBe(1);
    expect(s.clientes.map((c) => c.cod_cliente)).toEqual(['P1']);
    expect(s.por_cidade).toEqual([{ cidade: 'Uberaba', uf: 'MG', total: 1 }]);
  });

  it('counts per city, most first (cities of the same name in two states apart, no city last)', async () => {
    const rows: CustomerRow[] = [
      ...['A', 'B', 'C'].map((x) => ({ cod: `K${x}`, dias: 10, cidade: 'Santa Luzia', uf: 'MG' })),
      ...['D', 'E'].map((x) => ({ cod: `K${x}`, dias: 10, cidade: 'Santa Luzia', uf: 'PB' })),
      { cod: 'KF', dias: 10, cidade: 'Sabará', uf: 'MG' },
      { cod: 'KG', dias: 10, cidade: null, uf: null },
    ];
    const p = await providerWith(rows);
    const rule = await createRule({ nome: 'Cidades', provedor: p.id, dias_atraso: 10 });
    const s = await simulation(rule.id);
    expect(s.total).toBe(7);
    expect(s.por_cidade).toEqual([
      { cidade: 'Santa Luzia', uf: 'MG', total: 3 },
      { cidade: 'Santa Luzia', uf: 'PB', total: 2 },
      { cidade: 'Sabará', uf: 'MG', total: 1 },
      { cidade: null, uf: null, total: 1 },
    ]);
  });

  it('an inactive rule can be simulated (regra.ativo false); a rule nobody reaches answers empty', async () => {
    const p = await providerWith([{ cod: 'Z1', dias: 5 }]);
    const rule = await createRule({ nome: 'Inativa', provedor: p.id, dias_atraso: 5, ativo: false });
    const s = await simulation(rule.id);
    expect(s.regra.ativo).toBe(false);
    expect(s.total).toBe(1);
    const none = await createRule({ nome: 'Ninguém', provedor: p.id, dias_atraso: 6 });
    expect(await simulation(none.id)).toMatchObject({ total: 0, por_cidade: [], clientes: [], limit: 50, offset: 0 });
  });

  it('rights: the rules\' readers of either area; another provider\'s rule is 404; other areas 403; no token 401', async () => {
    const rule = await createRule({ nome: 'Direitos simulação', provedor: A, dias_atraso: 1000 });
    for (const as of ['regua_comunicacao:leitor', 'vendas:leitor']) {
      expect((await call('GET', `/v1/bloqueio/regras/${rule.id}/simulacao`, undefined, as)).statusCode, as).toBe(200);
      expect((await call('GET', `/v1/bloqueio/regras/${rule.id}/simulacao.csv`, undefined, as)).statusCode, as).toBe(200);
    }
    for (const path of ['simulacao', 'simulacao.csv']) {
      const other = await call('GET', `/v1/bloqueio/regras/${rule.id}/${path}`, undefined, 'vetorial');
      expect(other.statusCode, path).toBe(404);
      expect(other.json().message).toBe(MSG.notFound);
      const hr = await call('GET', `/v1/bloqueio/regras/${rule.id}/${path}`, undefined, 'rh:gestor');
      expect(hr.statusCode, path).toBe(403);
      expect((await t.app.inject({ url: `/v1/bloqueio/regras/${rule.id}/${path}` })).statusCode, path).toBe(401);
    }
  });

  it('malformed ids and query answer 400/404 in pt-BR, never 500', async () => {
    const rule = await createRule({ nome: 'Malformados', provedor: A, dias_atraso: 1000 });
    for (const id of ['abc', '0', '-1', '1.5', '9'.repeat(12), '9'.repeat(30), '%27%20OR%201%3D1', '2147483648']) {
      for (const path of ['simulacao', 'simulacao.csv']) {
        const r = await call('GET', `/v1/bloqueio/regras/${id}/${path}`);
        expect([400, 404], `${id} ${path}`).toContain(r.statusCode);
        expect(typeof r.json().message, `${id} ${path}`).toBe('string');
      }
    }
    const cases: [string, Record<string, string>][] = [
      ['?limit=0', { limit: MSG.minimum(1) }],
      ['?limit=501', { limit: MSG.maximum(500) }],
      ['?limit=abc', { limit: MSG.integer }],
      ['?offset=-1', { offset: MSG.minimum(0) }],
      ['?offset=1e3', { offset: MSG.integer }],
      ['?pagina=2', { pagina: MSG.unknownField }],
    ];
    for (const [query, errors] of cases) {
      const r = await call('GET', `/v1/bloqueio/regras/${rule.id}/simulacao${query}`);
      expect(r.statusCode, query).toBe(400);
      expect(r.json().errors, query).toEqual(errors);
    }
    expect((await call('GET', `/v1/bloqueio/regras/${rule.id}/simulacao.csv?limit=5`)).statusCode).toBe(400);
  });
});

describe('GET /v1/bloqueio/regras/{id}/simulacao.csv', () => {
  it('every customer of the simulation, in its order: BOM, \';\' separator, pt-BR headers, the file name with the id and today\'s date', async () => {
    const p = await providerWith([
      { cod: 'X1', nome: 'Ana; Filha', dias: 45, cidade: 'Juiz de Fora', uf: 'MG', bairro: 'Centro', plano: 'Fibra "Plus"', cpf: '111.444.777-35' },
      { cod: 'X2', nome: '=HYPERLINK("x")', dias: 31, cidade: 'Juiz de Fora', uf: 'MG', situacao: 'suspenso' },
      { cod: 'X3', nome: 'Fora', dias: 31, cidade: 'Muriaé', uf: 'MG', plano: 'Rádio' },
      { cod: 'X4', nome: 'Abaixo', dias: 2 },
    ]);
    const rule = await createRule({ nome: 'CSV', provedor: p.id, dias_atraso: 30 });
    await createCriterion({ id_regra: rule.id, tipo: 'plano', valor: 'radio' });
    const r = await call('GET', `/v1/bloqueio/regras/${rule.id}/simulacao.csv`);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.headers['content-type']).toBe('text/csv; charset=utf-8');
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
    expect(r.headers['content-disposition']).toBe(`attachment; filename="simulacao-bloqueio-${rule.id}-${today}.csv"`);
    const bytes = r.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString('utf8').replace(/^\uFEFF/, '').split('\r\n');
    expect(lines).toEqual([
      'Código do cliente;Nome/Razão social;CPF/CNPJ;Cidade;UF;Bairro;Plano;Situação;Dias de atraso',
      'X1;"Ana; Filha";111.444.777-35;Juiz de Fora;MG;Centro;"Fibra ""Plus""";Ativo;45',
      `X2;"'=HYPERLINK(""x"")";;Juiz de Fora;MG;;;Suspenso;31`,
      '',
    ]);
    expect(CSV_HEADERS.join(';')).toBe(lines[0]);
  });

  it('an empty simulation is the header alone; a long one is read in keyset batches without losing or repeating a row', async () => {
    const p = await providerWith([{ cod: 'N1', dias: 1 }]);
    const empty = await createRule({ nome: 'CSV vazio', provedor: p.id, dias_atraso: 2 });
    const r = await call('GET', `/v1/bloqueio/regras/${empty.id}/simulacao.csv`);
    expect(r.body).toBe(`\uFEFF${CSV_HEADERS.join(';')}\r\n`);

    // 23 customers over a few days overdue, several of one name (ties broken by id), read 4 at a time.
    const many: CustomerRow[] = Array.from({ length: 23 }, (_, i) => ({ cod: `M${i}`, nome: `Nome ${i % 3}`, dias: 10 + (i % 4) }));
    const q = await providerWith(many);
    const rule = await createRule({ nome: 'CSV longo', provedor: q.id, dias_atraso: 11 });
    const expected = many.filter((c) => c.dias >= 11).length;
    const stream = await simulationCsv(customerDirectoryFor(t.db), { id_empresa: q.id, minDays: 11 }, 4);
    let text = '';
    for await (const chunk of stream) text += chunk.toString();
    const rows = text.replace(/^\uFEFF/, '').trim().split('\r\n').slice(1);
    expect(rows.length).toBe(expected);
    expect(new Set(rows.map((l) => l.split(';')[0])).size).toBe(expected);
    // The same order as the paged simulation.
    const paged = await simulation(rule.id, '?limit=500');
    expect(rows.map((l) => l.split(';')[0])).toEqual(paged.clientes.map((c) => c.cod_cliente));
    const days = rows.map((l) => Number(l.split(';').at(-1)));
    expect([...days].sort((a, b) => b - a)).toEqual(days);
  });
});
