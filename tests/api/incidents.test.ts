// Incidents and compliments (issue 18): who reads and writes each register (the reporter, the
// category's managers, the incidentes readers of the providers; the author, the praised colleague,
// HR), provider scoping, the notifications written with an incident (to the category's managers and
// the provider's incidentes managers, with the incident marker) and with a compliment (to the praised
// one), the dashboard's counts, and the shared reads v1/incidente/categoria and v1/elogios.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { incidentText, INCIDENT_MODULE } from '../../src/domain/shell.js';
import { INCIDENT_MSG } from '../../src/domain/incidents.js';
import { bearer, testApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
let A: number;
let B: number;
let deptA: number;
let deptA2: number;
let deptB: number;
let catA: number;
let catB: number;
let ccatA: number;
let ccatB: number;
const users: Record<string, { token: string; role?: string; id: number }> = {};

const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, as: string | null, payload?: object) =>
  t.app.inject({ method, url, headers: as ? bearer(users[as].token, users[as].role) : bearer(t.adminToken, 'users:superadmin'), ...(payload ? { payload } : {}) });

const notificationsOf = async (userId: number) =>
  (await t.db.query<{ data: { modulo: string; msg: string; link?: string }; remetente_nome: string | null }>(`SELECT data, remetente_nome FROM notificacao.notificacao WHERE id_usuario = $1 ORDER BY id`, [userId])).rows;

const incident = (extra: Record<string, unknown> = {}) => ({
  titulo: 'Queda do link principal',
  descricao: 'Sem internet no prédio desde as 8h.',
  id_categoria: catA,
  id_departamento: deptA,
  impacto: 'alto',
  data_inicio: '2026-03-10T11:00:00.000Z',
  ...extra,
});

beforeAll(async () => {
  t = await testApp();
  const post = async (url: string, body: object) => {
    const r = await t.inject({ method: 'POST', url, payload: body });
    expect(r.statusCode, r.body).toBe(201);
    return r.json().id as number;
  };
  A = await post('/api/providers', { nome: 'Bitcom' });
  B = await post('/api/providers', { nome: 'Vetorial' });
  deptA = await post('/api/departments', { nome: 'Suporte', id_empresa: A });
  deptA2 = await post('/api/departments', { nome: 'Financeiro', id_empresa: A });
  deptB = await post('/api/departments', { nome: 'Suporte', id_empresa: B });
  const people: [string, string[], number[], boolean][] = [
    ['emp', ['user'], [A], true],
    ['emp2', ['user'], [A], true],
    ['manager', ['user'], [A], true],
    ['inc.leitor', ['incidentes:leitor'], [A], true],
    ['inc.gestor', ['incidentes:gestor'], [A], true],
    ['incB.gestor', ['incidentes:gestor'], [B], true],
    ['empB', ['user'], [B], true],
    ['rh.leitor', ['rh:leitor'], [A], true],
    ['rhB.leitor', ['rh:leitor'], [B], true],
    ['candidate', ['user'], [], false],
  ];
  for (const [key, papeis, id_empresas, funcionario] of people) {
    const email = `${key}@incidentes.teste`;
    const token = await t.userToken({ papeis, id_empresas, email, funcionario, nome: `Pessoa ${key}` });
    const { rows } = await t.db.query<{ id: number }>(`SELECT id FROM auth.usuario WHERE email = $1`, [email]);
    users[key] = { token, id: rows[0].id, ...(papeis[0] !== 'user' ? { role: papeis[0] } : {}) };
  }
  catA = await post('/api/incident-categories', { titulo: 'Rede', id_empresa: A, gestores: [users.manager.id] });
  catB = await post('/api/incident-categories', { titulo: 'Rede', id_empresa: B, gestores: [users['incB.gestor'].id] });
  ccatA = await post('/api/compliment-categories', { titulo: 'Trabalho em equipe', id_empresa: A });
  ccatB = await post('/api/compliment-categories', { titulo: 'Trabalho em equipe', id_empresa: B });
});
afterAll(() => t?.close());

describe('incident categories', () => {
  it('are read by every employee of the provider and written by the incidentes managers of it', async () => {
    const list = await call('GET', '/api/incident-categories', 'emp');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().map((c: { id: number }) => c.id)).toEqual([catA]);
    expect((await call('POST', '/api/incident-categories', 'emp', { titulo: 'Energia', id_empresa: A })).statusCode).toBe(403);
    expect((await call('POST', '/api/incident-categories', 'inc.leitor', { titulo: 'Energia', id_empresa: A })).statusCode).toBe(403);
    const created = await call('POST', '/api/incident-categories', 'inc.gestor', { titulo: 'Energia', id_empresa: A, gestores: [users.emp2.id] });
    expect(created.statusCode, created.body).toBe(201);
    expect((await call('POST', '/api/incident-categories', 'inc.gestor', { titulo: 'Energia', id_empresa: B })).statusCode).toBe(403);
    // Managers are users of the provider.
    expect((await call('POST', '/api/incident-categories', 'inc.gestor', { titulo: 'Clima', id_empresa: A, gestores: [users.empB.id] })).statusCode).toBe(400);
    expect((await call('GET', `/api/incident-categories/${catB}`, 'emp')).statusCode).toBe(404);
    // Even the superadmin names only users of the category's provider.
    const foreign = await call('PUT', `/api/incident-categories/${catA}`, null, { gestores: [users.manager.id, users.empB.id] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors.gestores).toBe(INCIDENT_MSG.managersProvider);
    // The form's select of managers: the users of the chosen provider.
    const options = await call('GET', `/api/users?filter=${encodeURIComponent(JSON.stringify({ id_empresas: B }))}&range=[0,99]`, null);
    expect(options.statusCode, options.body).toBe(200);
    const ids = options.json().map((u: { id: number }) => u.id);
    expect(ids).toContain(users.empB.id);
    expect(ids).not.toContain(users.emp.id);
  });

  it('GET v1/incidente/categoria answers the active categories of the caller’s providers', async () => {
    const inactive = await call('POST', '/api/incident-categories', 'inc.gestor', { titulo: 'Antiga', id_empresa: A, ativo: false });
    expect(inactive.statusCode).toBe(201);
    const r = await call('GET', '/v1/incidente/categoria', 'emp');
    expect(r.statusCode, r.body).toBe(200);
    const titles = r.json().incidentes_categoria.map((c: { titulo: string; id_empresa: number }) => [c.titulo, c.id_empresa]);
    expect(titles).toContainEqual(['Rede', A]);
    expect(titles).not.toContainEqual(['Antiga', A]);
    expect(titles.every(([, p]: [string, number]) => p === A)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/v1/incidente/categoria' })).statusCode).toBe(401);
  });
});

describe('incidents', () => {
  let id: number;

  it('an employee reports one: the server fills the reporter and the provider, and the category’s and provider’s managers are notified', async () => {
    const r = await call('POST', '/api/incidents', 'emp', incident({ id_usuario: users.emp2.id }));
    expect(r.statusCode, r.body).toBe(201);
    const row = r.json();
    id = row.id;
    expect(row).toMatchObject({ id_usuario: users.emp.id, relator_nome: 'Pessoa emp', id_empresa: A, status: 'aberto', resolvido_em: null });
    for (const who of ['manager', 'inc.gestor']) {
      const got = (await notificationsOf(users[who].id)).filter((n) => n.data.modulo === INCIDENT_MODULE);
      expect(got, who).toHaveLength(1);
      expect(got[0].data.link).toBe(`/incidents/edit/${id}`);
      expect(got[0].remetente_nome).toBe('Pessoa emp');
      // The incident bell's text: the marker becomes '-' and ' Impactados' is appended.
      expect(incidentText(got[0].data.msg)).toBe('Queda do link principal - Suporte Impactados');
    }
    for (const who of ['emp', 'emp2', 'incB.gestor', 'inc.leitor']) expect(await notificationsOf(users[who].id), who).toHaveLength(0);
    // The manager sees it through the notifications register too (the bell's source).
    const mine = await call('GET', '/api/notifications', 'manager');
    expect(mine.json().map((n: { data: { modulo: string } }) => n.data.modulo)).toContain(INCIDENT_MODULE);
  });

  it('refuses a category of another provider than the department’s, and a department outside the caller’s providers', async () => {
    const other = await call('POST', '/api/incidents', 'inc.gestor', incident({ id_categoria: catB }));
    expect(other.statusCode).toBe(400);
    const admin = await call('POST', '/api/incidents', null, incident({ id_categoria: catB }));
    expect(admin.statusCode).toBe(400);
    expect(admin.json().errors.id_categoria).toBe(INCIDENT_MSG.categoryProvider);
    expect((await call('POST', '/api/incidents', 'emp', incident({ id_departamento: deptB, id_categoria: catB }))).statusCode).toBe(400);
    expect((await call('POST', '/api/incidents', 'emp', incident({ titulo: '' }))).statusCode).toBe(400);
    expect((await call('POST', '/api/incidents', 'candidate', incident())).statusCode).toBe(400);
  });

  it('is seen by its reporter, its category’s managers and the incidentes readers of the provider; not by colleagues nor other providers', async () => {
    const seen = async (who: string) => (await call('GET', '/api/incidents', who)).json().map((r: { id: number }) => r.id);
    expect(await seen('emp')).toContain(id);
    expect(await seen('manager')).toContain(id);
    expect(await seen('inc.leitor')).toContain(id);
    expect(await seen('emp2')).not.toContain(id);
    expect(await seen('incB.gestor')).not.toContain(id);
    expect((await call('GET', `/api/incidents/${id}`, 'emp2')).statusCode).toBe(404);
    expect((await call('GET', `/api/incidents/${id}`, 'incB.gestor')).statusCode).toBe(404);
    expect((await call('GET', `/api/incidents/${id}`, 'manager')).statusCode).toBe(200);
  });

  it('the category’s manager follows it up to resolved (resolvido_em set by the server); a colleague cannot; only managers delete', async () => {
    expect((await call('PUT', `/api/incidents/${id}`, 'emp2', { status: 'resolvido' })).statusCode).toBe(404);
    const r = await call('PUT', `/api/incidents/${id}`, 'manager', { status: 'resolvido', solucao: 'Troca do roteador.' });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().resolvido_em).toEqual(expect.any(String));
    const back = await call('PUT', `/api/incidents/${id}`, 'manager', { status: 'em_andamento' });
    expect(back.json().resolvido_em).toBeNull();
    expect((await call('DELETE', `/api/incidents/${id}`, 'emp')).statusCode).toBe(403);
    expect((await call('DELETE', `/api/incidents/${id}`, 'manager')).statusCode).toBe(403);
  });

  it('Situação and Solução are filled only by managers (x-intranet.managedFields): the reporter and the readers get 403 naming the field', async () => {
    const refusal = (field: string) => `Este usuário não tem autorização para realizar esta operação. O campo "${field}" só pode ser alterado por um gestor.`;
    const set = await call('POST', '/api/incidents', 'emp', incident({ status: 'resolvido' }));
    expect(set.statusCode, set.body).toBe(403);
    expect(set.json().message).toBe(refusal('Situação'));
    const solution = await call('POST', '/api/incidents', 'emp', incident({ solucao: 'Reiniciei o roteador.' }));
    expect(solution.statusCode).toBe(403);
    expect(solution.json().message).toBe(refusal('Solução / andamento'));
    // The default sent as is (what a form without the fields would send) is fine.
    const own = await call('POST', '/api/incidents', 'emp', incident({ status: 'aberto' }));
    expect(own.statusCode, own.body).toBe(201);
    const ownId = own.json().id;
    expect((await call('PUT', `/api/incidents/${ownId}`, 'emp', { status: 'resolvido' })).statusCode).toBe(403);
    expect((await call('PUT', `/api/incidents/${ownId}`, 'inc.leitor', { solucao: 'Visto.' })).statusCode).toBe(403);
    const edit = await call('PUT', `/api/incidents/${ownId}`, 'emp', { titulo: 'Queda do link (prédio B)', status: 'aberto' });
    expect(edit.statusCode, edit.body).toBe(200);
    // The category's manager (a plain employee named in its gestores) and the incidentes manager fill them.
    const byManager = await call('POST', '/api/incidents', 'manager', incident({ status: 'em_andamento', solucao: 'Técnico a caminho.' }));
    expect(byManager.statusCode, byManager.body).toBe(201);
    const followed = await call('PUT', `/api/incidents/${ownId}`, 'inc.gestor', { status: 'em_andamento', solucao: 'Chamado aberto com a operadora.' });
    expect(followed.statusCode, followed.body).toBe(200);
    const { rows } = await t.db.query(`SELECT status, solucao FROM incidentes.incidente WHERE id = $1`, [ownId]);
    expect(rows[0]).toEqual({ status: 'em_andamento', solucao: 'Chamado aberto com a operadora.' });
    // Cleaned up: the dashboard's counts below are of the incidents before this case.
    await t.db.query(`DELETE FROM incidentes.incidente WHERE id = ANY ($1::int[])`, [[ownId, byManager.json().id]]);
  });

  it('the dashboard counts what the caller may see, by category, department and month, in the period and provider', async () => {
    await call('POST', '/api/incidents', 'emp', incident({ id_departamento: deptA2, data_inicio: '2026-04-02T13:00:00.000Z' }));
    await call('POST', '/api/incidents', null, incident({ id_categoria: catB, id_departamento: deptB }));
    const board = async (who: string | null, query = '') => {
      const r = await call('GET', `/v1/incidente/dashboard${query}`, who);
      expect(r.statusCode, r.body).toBe(200);
      return r.json();
    };
    const manager = await board('manager');
    expect(manager.total).toBe(2);
    expect(manager.por_categoria).toEqual([{ id: catA, nome: 'Rede', empresa: 'Bitcom', total: 2 }]);
    expect(manager.por_departamento.map((d: { nome: string; total: number }) => [d.nome, d.total]).sort()).toEqual([['Financeiro', 1], ['Suporte', 1]]);
    expect(manager.por_mes).toEqual([{ mes: '2026-03', total: 1 }, { mes: '2026-04', total: 1 }]);
    expect(manager.empresas).toEqual([{ id: A, nome: 'Bitcom' }]);
    expect((await board('manager', '?de=2026-04-01&ate=2026-04-30')).total).toBe(1);
    expect((await board('emp2')).total).toBe(0);
    expect((await board('incB.gestor')).total).toBe(1);
    expect((await board(null)).total).toBe(3);
    expect((await board(null, `?id_empresa=${B}`)).total).toBe(1);
    expect((await call('GET', '/v1/incidente/dashboard?de=2026-02-31', 'manager')).statusCode).toBe(400);
    expect((await call('GET', '/v1/incidente/dashboard?de=2026-05-01&ate=2026-04-01', 'manager')).statusCode).toBe(400);
    expect((await call('GET', '/v1/incidente/dashboard?x=1', 'manager')).statusCode).toBe(400);
  });

  it('the form’s departments are read by employees of their providers, not by candidates', async () => {
    const r = await call('GET', '/v1/incidente/departamentos', 'emp');
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().rh_departamento.map((d: { id: number }) => d.id).sort()).toEqual([deptA, deptA2].sort());
    expect((await call('GET', '/v1/incidente/departamentos', 'candidate')).statusCode).toBe(403);
  });
});

describe('compliments', () => {
  let id: number;

  it('compliment categories: every employee reads those of their providers, HR writes them', async () => {
    expect((await call('GET', '/api/compliment-categories', 'emp')).json().map((c: { id: number }) => c.id)).toEqual([ccatA]);
    expect((await call('POST', '/api/compliment-categories', 'emp', { titulo: 'Inovação', id_empresa: A })).statusCode).toBe(403);
    expect((await call('POST', '/api/compliment-categories', 'rh.leitor', { titulo: 'Inovação', id_empresa: A })).statusCode).toBe(403);
  });

  it('an employee praises a colleague, who is notified in the same write', async () => {
    const r = await call('POST', '/api/compliments', 'emp', { id_elogiado: users.emp2.id, id_categoria: ccatA, mensagem: 'Valeu pela ajuda no chamado!' });
    expect(r.statusCode, r.body).toBe(201);
    id = r.json().id;
    expect(r.json()).toMatchObject({ id_usuario: users.emp.id, autor_nome: 'Pessoa emp', elogiado_nome: 'Pessoa emp2', id_empresa: A });
    const got = await notificationsOf(users.emp2.id);
    expect(got.map((n) => n.data)).toContainEqual({ modulo: 'elogios', msg: 'Pessoa emp elogiou você: Trabalho em equipe', link: `/compliments/listByUser/${users.emp2.id}` });
  });

  it('refuses praising oneself, a colleague of another provider, and a message over 450 characters', async () => {
    const self = await call('POST', '/api/compliments', 'emp', { id_elogiado: users.emp.id, id_categoria: ccatA, mensagem: 'Eu mesmo!' });
    expect(self.statusCode).toBe(400);
    expect(self.json().errors.id_elogiado).toBe(INCIDENT_MSG.selfCompliment);
    expect((await call('POST', '/api/compliments', 'emp', { id_elogiado: users.empB.id, id_categoria: ccatA, mensagem: 'Oi' })).statusCode).toBe(400);
    expect((await call('POST', '/api/compliments', 'emp', { id_elogiado: users.emp2.id, id_categoria: ccatB, mensagem: 'Oi' })).statusCode).toBe(400);
    const long = await call('POST', '/api/compliments', 'emp', { id_elogiado: users.emp2.id, id_categoria: ccatA, mensagem: 'a'.repeat(451) });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors.mensagem).toBe('Permitido no máximo 450 caracteres');
    // The author is the server's: a body naming another is not taken.
    const forged = await call('POST', '/api/compliments', 'emp2', { id_elogiado: users.manager.id, id_categoria: ccatA, mensagem: 'Obrigado!', id_usuario: users.emp.id });
    expect(forged.statusCode, forged.body).toBe(201);
    expect(forged.json().id_usuario).toBe(users.emp2.id);
  });

  it('is read by its author, the praised colleague and HR of the provider; the praised one cannot rewrite it', async () => {
    const seen = async (who: string) => (await call('GET', '/api/compliments', who)).json().map((r: { id: number }) => r.id);
    expect(await seen('emp')).toContain(id);
    expect(await seen('emp2')).toContain(id);
    expect(await seen('rh.leitor')).toContain(id);
    expect(await seen('manager')).not.toContain(id);
    expect(await seen('rhB.leitor')).not.toContain(id);
    expect((await call('PUT', `/api/compliments/${id}`, 'emp2', { mensagem: 'Outro texto' })).statusCode).toBe(403);
    expect((await call('PUT', `/api/compliments/${id}`, 'rh.leitor', { mensagem: 'Outro texto' })).statusCode).toBe(403);
    expect((await call('DELETE', `/api/compliments/${id}`, 'emp')).statusCode).toBe(403);
  });

  it('GET v1/elogios answers the compliments the caller may read; id_usuario narrows to those a user received', async () => {
    const received = await call('GET', `/v1/elogios?id_usuario=${users.emp2.id}`, 'emp2');
    expect(received.statusCode, received.body).toBe(200);
    expect(received.json().rh_elogio.map((e: { id: number }) => e.id)).toEqual([id]);
    const hr = await call('GET', '/v1/elogios', 'rh.leitor');
    expect(hr.json().rh_elogio.length).toBe(2);
    expect((await call('GET', '/v1/elogios', 'rhB.leitor')).json().rh_elogio).toEqual([]);
    expect((await call('GET', '/v1/elogios?limit=0', 'emp')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/v1/elogios' })).statusCode).toBe(401);
  });
});
