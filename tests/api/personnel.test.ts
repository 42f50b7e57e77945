// The personnel department (issue 18): employees, dismissals, relatives in the group, documents and
// their categories — rights by the HR home's rules (desligamentos:solicitante asks for dismissals),
// provider scoping, and the write rules of src/server/personnel/hooks.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../src/domain/messages.js';
import { PERSONNEL_MSG } from '../../src/server/personnel/hooks.js';
import { bearer, testApp, type TestApp } from '../helpers/app.js';
import { file, multipart, pdf, PNG } from '../helpers/files.js';

let t: TestApp;
let A: number;
let B: number;
let deptA: number;
let deptA2: number;
let deptB: number;
const users: Record<string, { token: string; role: string; id: number }> = {};
let seq = 0;

const as = (who: string | null) => (who ? bearer(users[who].token, users[who].role) : bearer(t.adminToken, 'users:superadmin'));
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: string | null, payload?: object) =>
  t.app.inject({ method, url, headers: as(who), ...(payload ? { payload } : {}) });

async function created(url: string, body: object, who: string | null = null) {
  const r = await call('POST', url, who, body);
  expect(r.statusCode, r.body).toBe(201);
  return r.json();
}

/** A user of the provider who is an employee, with a profile (gender and birth date), and their HR record. */
async function employee(provider: number, department: number, extra: Record<string, unknown> = {}) {
  const n = ++seq;
  const user = await created('/api/users', { nome: `Funcionária ${n}`, email: `func${n}.${Date.now()}@pessoal.teste`, papeis: ['user'], id_empresas: [provider], funcionario: true });
  await t.db.query(
    "INSERT INTO rh.perfil_funcionario (id_usuario, nome, cpf, genero, estado_civil, data_nascimento) VALUES ($1, $2, $3, 'F', 'SOLTEIRA', '1990-05-17')",
    [user.id, user.nome, String(10_000_000_000 + n * 7919 + Date.now() % 1000)],
  );
  return created('/api/employees', { id_usuario: user.id, id_empresa: provider, id_departamento: department, data_admissao: '2020-02-03', ...extra });
}

beforeAll(async () => {
  t = await testApp();
  A = (await created('/api/providers', { nome: 'Bitcom' })).id;
  B = (await created('/api/providers', { nome: 'Vetorial' })).id;
  deptA = (await created('/api/departments', { nome: 'Suporte', id_empresa: A })).id;
  deptA2 = (await created('/api/departments', { nome: 'Comercial', id_empresa: A })).id;
  deptB = (await created('/api/departments', { nome: 'Suporte', id_empresa: B })).id;
  for (const [key, role, providers] of [
    ['rh:gestor', 'rh:gestor', [A]],
    ['rh:leitor', 'rh:leitor', [A]],
    ['desligamentos:solicitante', 'desligamentos:solicitante', [A]],
    ['outro', 'rh:gestor', [B]],
    ['funcionario', 'user', [A]],
  ] as const) {
    const email = `${key.replace(':', '.')}.${Date.now()}@pessoal.teste`;
    const token = await t.userToken({ papeis: [role], id_empresas: [...providers], email, funcionario: true });
    const { rows } = await t.db.query<{ id: number }>('SELECT id FROM auth.usuario WHERE email = $1', [email]);
    users[key] = { token, role, id: rows[0].id };
  }
});
afterAll(() => t?.close());

describe('employees', () => {
  it('joins the person (name, gender, birth date) to the HR record, scoped to the providers', async () => {
    const e = await employee(A, deptA, { matricula: 'BIT-0042' });
    expect(e).toMatchObject({ id_empresa: A, id_departamento: deptA, genero: 'F', data_nascimento: '1990-05-17', matricula: 'BIT-0042', tipo_contrato: 'clt', ativo: true, data_desligamento: null });
    expect(e.nome).toMatch(/^Funcionária /);
    const list = await call('GET', `/api/employees?filter=${encodeURIComponent(JSON.stringify({ id: e.id }))}`, 'rh:leitor');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().map((r: { id: number }) => r.id)).toEqual([e.id]);
    // Another provider's HR sees nothing of it, and cannot open it.
    expect((await call('GET', `/api/employees/${e.id}`, 'outro')).statusCode).toBe(404);
    // A plain employee has no access to the register.
    expect((await call('GET', '/api/employees', 'funcionario')).statusCode).toBe(403);
    // A reader does not write.
    expect((await call('PUT', `/api/employees/${e.id}`, 'rh:leitor', { matricula: 'X' })).statusCode).toBe(403);
  });

  it('refuses a user, department or city of another provider, in pt-BR', async () => {
    const other = await created('/api/users', { nome: 'De Fora', email: `fora.${Date.now()}@pessoal.teste`, papeis: ['user'], id_empresas: [B], funcionario: true });
    let r = await call('POST', '/api/employees', null, { id_usuario: other.id, id_empresa: A, id_departamento: deptA, data_admissao: '2021-01-04' });
    expect(r.statusCode, r.body).toBe(400);
    expect(r.json().errors).toEqual({ id_usuario: MSG.sameProvider('Usuário') });
    const mine = await created('/api/users', { nome: 'De Dentro', email: `dentro.${Date.now()}@pessoal.teste`, papeis: ['user'], id_empresas: [A], funcionario: true });
    r = await call('POST', '/api/employees', null, { id_usuario: mine.id, id_empresa: A, id_departamento: deptB, data_admissao: '2021-01-04' });
    expect(r.statusCode, r.body).toBe(400);
    expect(r.json().errors).toEqual({ id_departamento: MSG.sameProvider('Departamento') });
    // One HR record per user.
    await created('/api/employees', { id_usuario: mine.id, id_empresa: A, id_departamento: deptA2, data_admissao: '2021-01-04' });
    r = await call('POST', '/api/employees', null, { id_usuario: mine.id, id_empresa: A, id_departamento: deptA, data_admissao: '2021-01-04' });
    expect(r.statusCode, r.body).toBe(409);
  });
});

describe('dismissals', () => {
  it('a requester asks; only the HR concludes, which marks the employee dismissed; reopening gives them back', async () => {
    const e = await employee(A, deptA);
    const asked = await created('/api/shutdowns', { id_funcionario: e.id, data_desligamento: '2026-06-30', tipo: 'pedido_demissao', motivo: 'Mudança de cidade' }, 'desligamentos:solicitante');
    expect(asked).toMatchObject({ status: 'solicitado', id_usuario: users['desligamentos:solicitante'].id, funcionario_nome: e.nome, id_empresa: A, id_departamento: deptA });
    // The requester may not approve or conclude.
    let r = await call('PUT', `/api/shutdowns/${asked.id}`, 'desligamentos:solicitante', { status: 'concluido' });
    expect(r.statusCode, r.body).toBe(400);
    expect(r.json().errors).toEqual({ status: PERSONNEL_MSG.hrOnly });
    // A second open dismissal of the same employee is refused.
    r = await call('POST', '/api/shutdowns', 'rh:gestor', { id_funcionario: e.id, data_desligamento: '2026-07-30', tipo: 'acordo' });
    expect(r.statusCode, r.body).toBe(400);
    // HR concludes: the employee is dismissed on that date.
    r = await call('PUT', `/api/shutdowns/${asked.id}`, 'rh:gestor', { status: 'concluido' });
    expect(r.statusCode, r.body).toBe(200);
    expect((await call('GET', `/api/employees/${e.id}`, 'rh:gestor')).json()).toMatchObject({ data_desligamento: '2026-06-30', ativo: false });
    // The requester can no longer change a decided dismissal.
    r = await call('PUT', `/api/shutdowns/${asked.id}`, 'desligamentos:solicitante', { motivo: 'Outro' });
    expect(r.statusCode, r.body).toBe(400);
    // Reopened, the employee is back.
    r = await call('PUT', `/api/shutdowns/${asked.id}`, 'rh:gestor', { status: 'cancelado' });
    expect(r.statusCode, r.body).toBe(200);
    expect((await call('GET', `/api/employees/${e.id}`, 'rh:gestor')).json()).toMatchObject({ data_desligamento: null, ativo: true });
  });

  it('refuses a date before the admission, and scopes to the providers', async () => {
    const e = await employee(A, deptA);
    const r = await call('POST', '/api/shutdowns', 'rh:gestor', { id_funcionario: e.id, data_desligamento: '2019-12-31', tipo: 'acordo' });
    expect(r.statusCode, r.body).toBe(400);
    expect(r.json().errors).toEqual({ data_desligamento: PERSONNEL_MSG.beforeAdmission });
    const ok = await created('/api/shutdowns', { id_funcionario: e.id, data_desligamento: '2026-01-15', tipo: 'fim_contrato' }, 'rh:gestor');
    expect((await call('GET', `/api/shutdowns/${ok.id}`, 'outro')).statusCode).toBe(404);
    expect((await call('POST', '/api/shutdowns', 'outro', { id_funcionario: e.id, data_desligamento: '2026-01-15', tipo: 'acordo' })).statusCode).toBeGreaterThanOrEqual(400);
    // The module's requesters and HR see the dismissals of their providers.
    const listed = await call('GET', '/api/shutdowns', 'desligamentos:solicitante');
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().some((row: { id: number }) => row.id === ok.id)).toBe(true);
    expect((await call('GET', '/api/shutdowns', 'rh:gestor')).json().some((row: { id: number }) => row.id === ok.id)).toBe(true);
    expect((await call('GET', '/api/shutdowns', 'funcionario')).statusCode).toBe(403);
  });
});

describe('relatives in the group', () => {
  it("keeps the names by the dialog's rules, only while 'Tem familiar?' is on", async () => {
    const e = await employee(A, deptA);
    const row = await created('/api/family', { id_funcionario: e.id, tem_familiar: true, familiares: ['  Ana   Souza ', 'ana souza', 'Bruno Lima, Carla Dias'] });
    expect(row.familiares).toEqual(['Ana Souza', 'Bruno Lima', 'Carla Dias']);
    let r = await call('PUT', `/api/family/${row.id}`, null, { tem_familiar: true, familiares: [] });
    expect(r.statusCode, r.body).toBe(400);
    expect(r.json().errors).toEqual({ familiares: PERSONNEL_MSG.relativesRequired });
    r = await call('PUT', `/api/family/${row.id}`, null, { tem_familiar: false });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ tem_familiar: false, familiares: [] });
    // One record per employee; another provider's HR cannot see it.
    expect((await call('POST', '/api/family', null, { id_funcionario: e.id, tem_familiar: false })).statusCode).toBe(409);
    expect((await call('GET', `/api/family/${row.id}`, 'outro')).statusCode).toBe(404);
  });
});

describe('documents', () => {
  async function upload(name: string, bytes: Buffer, who: string | null = 'rh:gestor') {
    const { payload, headers } = multipart([file(name, bytes), { name: 'bucket-id', data: 'documentos' }]);
    return t.app.inject({ method: 'POST', url: '/v1/files/', payload, headers: { ...headers, ...as(who) } });
  }

  it("stores an employee's PDF under a category, readable by the provider's HR only", async () => {
    const e = await employee(A, deptA);
    const category = await created('/api/documents-categories', { titulo: `Contrato de trabalho ${Date.now()}`, obrigatorio: true });
    const up = await upload('contrato.pdf', pdf());
    expect(up.statusCode, up.body).toBe(200);
    const doc = await created('/api/documents', { id_funcionario: e.id, id_categoria: category.id, titulo: 'Contrato assinado', id_arquivo: up.json().processedFiles[0].id }, 'rh:gestor');
    expect((await call('GET', `/api/documents/${doc.id}`, 'rh:leitor')).statusCode).toBe(200);
    expect((await call('GET', `/api/documents/${doc.id}`, 'outro')).statusCode).toBe(404);
    expect((await call('GET', '/api/documents', 'funcionario')).statusCode).toBe(403);
    // A reader does not add documents.
    expect((await call('POST', '/api/documents', 'rh:leitor', { id_funcionario: e.id, id_categoria: category.id, titulo: 'X', id_arquivo: up.json().processedFiles[0].id })).statusCode).toBe(403);
  });

  it('refuses a file whose content is not what its name says', async () => {
    const up = await upload('contrato.pdf', Buffer.from('MZ\x90\x00 não é um PDF'));
    expect(up.statusCode, up.body).toBe(415);
    // An image is fine (scans of documents).
    const png = await upload('rg.png', PNG);
    expect(png.json().processedFiles).toHaveLength(1);
  });
});
