// The small registers of issue 34 (schemas/vendas/pricing.json, schemas/rh/resources.json,
// schemas/rh/resource-bookings.json, src/server/smallRegisters/service.ts): rights and provider
// scoping of each, the price list's rules, bookings that never overlap (the hook's check and the
// table's exclusion constraint, two concurrent creates included), and the public
// GET /v1/public/financeiro. Each test writes its own rows; bookings are in 2031, whatever today is.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, testApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
let A: number;
let B: number;
let inactive: number;
let cityA: number;
let cityB: number;
const tokens: Record<string, string> = {};
const users: Record<string, number> = {};
let seq = 0;

async function post(resource: string, payload: Record<string, unknown>) {
  const r = await t.inject({ method: 'POST', url: `/api/${resource}`, payload });
  expect(r.statusCode, r.body).toBe(201);
  return r.json();
}
const as = (key: string, role?: string) => bearer(tokens[key], role ?? key.replace(/[@#].*$/, ''));
const call = (key: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Record<string, unknown>, role?: string) =>
  t.app.inject({ method, url, headers: as(key, role), ...(payload ? { payload } : {}) });

/** A user with these roles (their token under `key`) and their id. */
async function user(key: string, papeis: string[], providers: number[], nome = `Pessoa ${key}`) {
  const email = `pequenos.${++seq}.${Date.now()}@teste.com.br`;
  tokens[key] = await t.userToken({ papeis, id_empresas: providers, email, nome, funcionario: true });
  users[key] = (await t.db.query<{ id: number }>(`SELECT id FROM auth.usuario WHERE email = $1`, [email])).rows[0].id;
}

const plan = (id_empresa: number, extra: Record<string, unknown> = {}) => ({
  id_empresa,
  nome: `Fibra ${++seq}00 Mega`,
  tecnologia: 'fibra',
  download_mbps: 300,
  upload_mbps: 150,
  valor_mensal: 99.9,
  ...extra,
});

/** A period of one hour of 2031, `hour` hours after its first instant (UTC). */
const slot = (hour: number, hours = 1) => ({
  data_inicio: new Date(Date.UTC(2031, 0, 1) + hour * 3_600_000).toISOString(),
  data_fim: new Date(Date.UTC(2031, 0, 1) + (hour + hours) * 3_600_000).toISOString(),
});

beforeAll(async () => {
  t = await testApp();
  A = (await post('providers', { nome: 'Bitcom Pequenos Cadastros', site: 'https://www.bitcom-teste.com.br' })).id;
  B = (await post('providers', { nome: 'Vetorial Pequenos Cadastros' })).id;
  inactive = (await post('providers', { nome: 'Provedor Desativado Pequenos', ativo: false })).id;
  cityA = (await post('cities', { nome: 'Belo Horizonte', uf: 'MG', id_empresa: A })).id;
  cityB = (await post('cities', { nome: 'Londrina', uf: 'PR', id_empresa: B })).id;
  await user('vendas:leitor', ['vendas:leitor'], [A]);
  await user('vendas:solicitante', ['vendas:solicitante'], [A]);
  await user('vendas:gestor', ['vendas:gestor'], [A]);
  await user('vendas:gestor@B', ['vendas:gestor'], [B]);
  await user('rh:solicitante', ['rh:solicitante', 'user'], [A]);
  await user('rh:gestor', ['rh:gestor', 'user'], [A]);
  await user('user', ['user'], [A], 'Joana Reservas');
  await user('user#2', ['user'], [A], 'Carlos Reservas');
  await user('user@B', ['user'], [B], 'Bruno Reservas');
});
afterAll(() => t?.close());

describe('pricing (/pricing)', () => {
  it('sales readers read their providers’ plans; only managers write, within their providers', async () => {
    const mine = await call('vendas:gestor', 'POST', '/api/pricing', plan(A, { id_cidade: cityA }));
    expect(mine.statusCode, mine.body).toBe(201);
    const theirs = await post('pricing', plan(B));
    const list = await call('vendas:leitor', 'GET', '/api/pricing?range=[0,99]');
    expect(list.statusCode, list.body).toBe(200);
    const ids = (list.json() as { id: number }[]).map((p) => p.id);
    expect(ids).toContain(mine.json().id);
    expect(ids).not.toContain(theirs.id);
    expect((await call('vendas:leitor', 'POST', '/api/pricing', plan(A))).statusCode).toBe(403);
    expect((await call('vendas:solicitante', 'POST', '/api/pricing', plan(A))).statusCode).toBe(403);
    expect((await call('vendas:gestor', 'POST', '/api/pricing', plan(B))).statusCode).toBe(403);
    expect((await call('vendas:gestor@B', 'GET', `/api/pricing/${mine.json().id}`)).statusCode).toBe(404);
    expect((await call('vendas:gestor@B', 'PUT', `/api/pricing/${mine.json().id}`, { valor_mensal: 1 })).statusCode).toBe(404);
    expect((await call('user', 'GET', '/api/pricing')).statusCode).toBe(403);
    const edited = await call('vendas:gestor', 'PUT', `/api/pricing/${mine.json().id}`, { valor_mensal: 109.9 });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().valor_mensal).toBe(109.9);
  });

  it('says "Campo obrigatório!" on its missing required fields, and refuses another provider’s city', async () => {
    const r = await t.inject({ method: 'POST', url: '/api/pricing', payload: { id_empresa: A } });
    expect(r.statusCode).toBe(400);
    for (const field of ['nome', 'tecnologia', 'download_mbps', 'upload_mbps', 'valor_mensal']) expect(r.json().errors[field], field).toBe('Campo obrigatório!');
    const city = await t.inject({ method: 'POST', url: '/api/pricing', payload: plan(A, { id_cidade: cityB }) });
    expect(city.statusCode).toBe(400);
    expect(city.json().errors.id_cidade).toBe('Cidade deve ser do mesmo provedor do registro.');
  });

  it('keeps one plan of a name per provider and city (the provider-wide one too), and checks the promotion', async () => {
    const wide = await post('pricing', plan(A, { nome: 'Plano Único' }));
    const again = await t.inject({ method: 'POST', url: '/api/pricing', payload: plan(A, { nome: 'plano único' }) });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors.nome).toBe('Já existe um plano com este nome para este provedor e cidade.');
    // The same name in a city, or in another provider, is another plan.
    await post('pricing', plan(A, { nome: 'Plano Único', id_cidade: cityA }));
    await post('pricing', plan(B, { nome: 'Plano Único' }));
    const promo = await t.inject({ method: 'PUT', url: `/api/pricing/${wide.id}`, payload: { valor_promocional: 120 } });
    expect(promo.statusCode).toBe(400);
    expect(promo.json().errors).toEqual({ valor_promocional: 'A mensalidade promocional deve ser menor que a mensalidade.', meses_promocao: 'Informe por quantos meses vale a mensalidade promocional.' });
    const ok = await t.inject({ method: 'PUT', url: `/api/pricing/${wide.id}`, payload: { valor_promocional: 79.9, meses_promocao: 3 } });
    expect(ok.statusCode, ok.body).toBe(200);
    const dates = await t.inject({ method: 'PUT', url: `/api/pricing/${wide.id}`, payload: { vigencia_inicio: '2031-02-01', vigencia_fim: '2031-01-01' } });
    expect(dates.statusCode).toBe(400);
    expect(dates.json().errors.vigencia_fim).toBe('O fim da vigência não pode ser anterior ao início!');
  });
});

describe('resources (/resources)', () => {
  it('every employee reads their providers’ resources; HR requesters write them; managers delete', async () => {
    const room = await call('rh:solicitante', 'POST', '/api/resources', { id_empresa: A, nome: `Sala ${++seq}`, tipo: 'sala_reuniao', capacidade: 8 });
    expect(room.statusCode, room.body).toBe(201);
    const other = await post('resources', { id_empresa: B, nome: `Sala B ${++seq}`, tipo: 'sala_reuniao' });
    const seen = ((await call('user', 'GET', '/api/resources?range=[0,99]')).json() as { id: number }[]).map((r) => r.id);
    expect(seen).toContain(room.json().id);
    expect(seen).not.toContain(other.id);
    expect((await call('user', 'POST', '/api/resources', { id_empresa: A, nome: 'Minha sala', tipo: 'espaco' })).statusCode).toBe(403);
    expect((await call('rh:solicitante', 'POST', '/api/resources', { id_empresa: B, nome: 'Sala alheia', tipo: 'espaco' })).statusCode).toBe(403);
    expect((await call('rh:solicitante', 'DELETE', `/api/resources/${room.json().id}`)).statusCode).toBe(403);
    const twice = await call('rh:solicitante', 'POST', '/api/resources', { id_empresa: A, nome: room.json().nome.toUpperCase(), tipo: 'espaco' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().errors.nome).toBe('Já existe um recurso com este nome neste provedor.');
    const required = await call('rh:solicitante', 'POST', '/api/resources', { id_empresa: A });
    expect(required.json().errors).toMatchObject({ nome: 'Campo obrigatório!', tipo: 'Campo obrigatório!' });
    expect((await call('rh:gestor', 'DELETE', `/api/resources/${room.json().id}`)).statusCode).toBe(200);
  });
});

describe('resource bookings (/resources/bookings)', () => {
  let room: number;
  let roomB: number;
  beforeAll(async () => {
    room = (await post('resources', { id_empresa: A, nome: `Sala de reservas ${++seq}`, tipo: 'sala_reuniao' })).id;
    roomB = (await post('resources', { id_empresa: B, nome: `Sala de reservas B ${++seq}`, tipo: 'sala_reuniao' })).id;
  });
  const booking = (hour: number, extra: Record<string, unknown> = {}) => ({ id_empresa: A, id_recurso: room, finalidade: 'Reunião de equipe', ...slot(hour), ...extra });

  it('an employee books for themselves (owner and name filled); they see their own bookings, HR managers all of the provider’s, other providers none', async () => {
    const mine = await call('user', 'POST', '/api/resource-bookings', booking(10));
    expect(mine.statusCode, mine.body).toBe(201);
    expect(mine.json()).toMatchObject({ id_usuario: users.user, nome: 'Joana Reservas', ativo: true });
    const colleague = await call('user#2', 'POST', '/api/resource-bookings', booking(12));
    expect(colleague.statusCode, colleague.body).toBe(201);
    const own = ((await call('user', 'GET', '/api/resource-bookings?range=[0,99]')).json() as { id: number }[]).map((b) => b.id);
    expect(own).toContain(mine.json().id);
    expect(own).not.toContain(colleague.json().id);
    expect((await call('user', 'PUT', `/api/resource-bookings/${colleague.json().id}`, { finalidade: 'Outra coisa' })).statusCode).toBe(404);
    const manager = ((await call('rh:gestor', 'GET', '/api/resource-bookings?range=[0,99]')).json() as { id: number }[]).map((b) => b.id);
    expect(manager).toEqual(expect.arrayContaining([mine.json().id, colleague.json().id]));
    expect((await call('user@B', 'GET', `/api/resource-bookings/${mine.json().id}`)).statusCode).toBe(404);
    // Nobody books a resource of a provider they are not linked to: they cannot even name it.
    const elsewhere = await call('user', 'POST', '/api/resource-bookings', { ...booking(30), id_empresa: B, id_recurso: roomB });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().errors.id_recurso).toBe('O registro relacionado não foi encontrado.');
    // Even the superadmin books a resource only for its own provider.
    const cross = await t.inject({ method: 'POST', url: '/api/resource-bookings', payload: booking(31, { id_recurso: roomB }) });
    expect(cross.statusCode).toBe(400);
    expect(cross.json().errors.id_recurso).toBe('Recurso deve ser do mesmo provedor do registro.');
  });

  it('says "Esse campo deve ser preenchido." on its missing required fields, and wants the end after the start', async () => {
    const r = await call('user', 'POST', '/api/resource-bookings', { id_empresa: A });
    expect(r.statusCode).toBe(400);
    for (const field of ['id_recurso', 'data_inicio', 'data_fim', 'finalidade']) expect(r.json().errors[field], field).toBe('Esse campo deve ser preenchido.');
    const empty = await call('user', 'POST', '/api/resource-bookings', booking(40, { data_fim: slot(40).data_inicio }));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.data_fim).toBe('O fim da reserva deve ser depois do início!');
    const reversed = await call('user', 'POST', '/api/resource-bookings', booking(40, { data_fim: slot(39).data_inicio }));
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().errors.data_fim).toBe('O fim da reserva não pode ser anterior ao início!');
  });

  it('refuses a booking overlapping another active one of the same resource, naming it; touching ends, other resources and cancelled bookings are free', async () => {
    const first = await call('user', 'POST', '/api/resource-bookings', booking(100, { ...slot(100, 2), finalidade: 'Treinamento' }));
    expect(first.statusCode, first.body).toBe(201);
    const overlap = await call('user#2', 'POST', '/api/resource-bookings', booking(101));
    expect(overlap.statusCode).toBe(409);
    // 2031-01-05 04:00 UTC is 01:00 in São Paulo.
    const message = 'Este recurso já está reservado de 05/01/2031 01:00 até 05/01/2031 03:00 (Treinamento). Escolha outro horário ou outro recurso.';
    expect(overlap.json()).toEqual({ message, errors: { data_inicio: message } });
    expect((await call('user#2', 'POST', '/api/resource-bookings', booking(102))).statusCode).toBe(201);
    expect((await call('user#2', 'POST', '/api/resource-bookings', booking(99))).statusCode).toBe(201);
    const other = await post('resources', { id_empresa: A, nome: `Projetor ${++seq}`, tipo: 'equipamento' });
    expect((await call('user#2', 'POST', '/api/resource-bookings', booking(100, { id_recurso: other.id }))).statusCode).toBe(201);
    // Moving a booking onto another is refused too; cancelling frees the slot, and reactivating it then is refused.
    const later = await call('user#2', 'POST', '/api/resource-bookings', booking(110));
    expect((await call('user#2', 'PUT', `/api/resource-bookings/${later.json().id}`, slot(101))).statusCode).toBe(409);
    expect((await call('user', 'PUT', `/api/resource-bookings/${first.json().id}`, { ativo: false })).statusCode).toBe(200);
    const moved = await call('user#2', 'PUT', `/api/resource-bookings/${later.json().id}`, slot(100));
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await call('user', 'PUT', `/api/resource-bookings/${first.json().id}`, { ativo: true })).statusCode).toBe(409);
    // An inactive resource takes no new booking.
    const off = await post('resources', { id_empresa: A, nome: `Sala desativada ${++seq}`, tipo: 'espaco', ativo: false });
    const refused = await call('user', 'POST', '/api/resource-bookings', booking(120, { id_recurso: off.id }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.id_recurso).toBe('Este recurso está desativado e não aceita reservas.');
  });

  it('of two bookings of the same period sent at once, exactly one wins', async () => {
    const results = await Promise.all([call('user', 'POST', '/api/resource-bookings', booking(200)), call('user#2', 'POST', '/api/resource-bookings', booking(200, { ...slot(200, 2) }))]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const n = (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM rh.reserva_recurso WHERE id_recurso = $1 AND data_inicio >= $2 AND ativo`, [room, slot(200).data_inicio])).rows[0].n;
    expect(n).toBe(1);
  });

  it('the database itself refuses an overlapping active booking, whatever writes it', async () => {
    await expect(
      t.db.query(`INSERT INTO rh.reserva_recurso (id_empresa, id_recurso, data_inicio, data_fim, finalidade) VALUES ($1, $2, $3, $4, 'Direto'), ($1, $2, $5, $6, 'Direto')`, [
        A,
        room,
        slot(300).data_inicio,
        slot(300, 2).data_fim,
        slot(301).data_inicio,
        slot(301).data_fim,
      ]),
    ).rejects.toMatchObject({ code: '23P01' });
    await t.db.query(`INSERT INTO rh.reserva_recurso (id_empresa, id_recurso, data_inicio, data_fim, finalidade, ativo) VALUES ($1, $2, $3, $4, 'Cancelada', false), ($1, $2, $3, $4, 'Ativa', true)`, [
      A,
      room,
      slot(310).data_inicio,
      slot(310).data_fim,
    ]);
  });
});

describe('GET /v1/public/financeiro', () => {
  it('answers without a token only the active providers’ id, name and site', async () => {
    const r = await t.app.inject({ url: '/v1/public/financeiro' });
    expect(r.statusCode, r.body).toBe(200);
    const { provedores } = r.json() as { provedores: Record<string, unknown>[] };
    expect(provedores).toContainEqual({ id: A, nome: 'Bitcom Pequenos Cadastros', site: 'https://www.bitcom-teste.com.br' });
    expect(provedores).toContainEqual({ id: B, nome: 'Vetorial Pequenos Cadastros', site: null });
    expect(provedores.map((p) => p.id)).not.toContain(inactive);
    for (const p of provedores) expect(Object.keys(p).sort()).toEqual(['id', 'nome', 'site']);
  });
});
