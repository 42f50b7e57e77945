// Fleet requests (issue 33, /requests/...): who reads and writes the vehicle, incident and
// maintenance requests (the requester their own, the provider's fleet managers everyone's, nobody
// else), the decisions only managers make, the refusals of an approval (overlapping reservation,
// workshop, driver's CNH, another provider, missing vehicle/driver/reason), two managers approving
// overlapping requests for the same vehicle at once (one wins), the bell and the e-mail of a decision,
// the fleet records an approved incident or maintenance request creates, the cancel call, and the
// driver a fine takes from the approved request covering it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FLEET_REQUEST_MSG } from '../../src/domain/fleetRequests.js';
import { bearer, testApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
let A: number;
let B: number;
const users: Record<string, { token: string; role?: string; id: number; email: string }> = {};
let seq = 0;

type Who = string | null;
const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, as: Who, payload?: object) =>
  t.app.inject({ method, url, headers: as ? bearer(users[as].token, users[as].role) : bearer(t.adminToken, 'users:superadmin'), ...(payload ? { payload } : {}) });

const post = async (url: string, body: object, as: Who = null) => {
  const r = await call('POST', url, as, body);
  expect(r.statusCode, r.body).toBe(201);
  return r.json() as Record<string, any>;
};

const notificationsOf = async (userId: number) =>
  (await t.db.query<{ data: { modulo: string; msg: string; link?: string }; remetente_nome: string | null }>(`SELECT data, remetente_nome FROM notificacao.notificacao WHERE id_usuario = $1 ORDER BY id`, [userId])).rows;

const plate = () => {
  const n = ++seq;
  return `FR${String.fromCharCode(65 + (n % 26))}${n % 10}${String.fromCharCode(65 + (Math.floor(n / 10) % 26))}${String(n % 100).padStart(2, '0')}`;
};

const vehicle = async (provider = A, extra: object = {}) =>
  (await post('/api/vehicles', { placa: plate(), marca: 'Fiat', modelo: 'Strada', ano: 2022, tipo: 'utilitario', id_empresa: provider, ...extra })).id as number;

const driver = async (provider = A, validade = '2034-01-10', extra: object = {}) => {
  const n = ++seq;
  const user = await post('/api/users', { nome: `Motorista ${n}`, email: `motorista.${n}@frota.teste`, papeis: ['user'], id_empresas: [provider], funcionario: true });
  return (await post('/api/drivers', { id_empresa: provider, id_usuario: user.id, cnh_numero: String(50_000_000_000 + n), cnh_categoria: 'B', cnh_emissao: '2020-01-10', cnh_validade: validade, ...extra })).id as number;
};

/** A period of `hours` from day `day` of April 2026 at 08:00 in São Paulo (11:00 UTC). */
const period = (day: number, hours = 8) => {
  const start = new Date(Date.UTC(2026, 3, day, 11, 0));
  return { data_inicio: start.toISOString(), data_fim: new Date(start.getTime() + hours * 3_600_000).toISOString() };
};

const request = (as: Who, p = period(10), extra: object = {}) => post('/api/vehicle-requests', { ...p, finalidade: 'Visita técnica a cliente', destino: 'Fortaleza', ...extra }, as);

const decide = (id: number, body: object, as: Who = 'gestor') => call('PUT', `/api/vehicle-requests/${id}`, as, body);

beforeAll(async () => {
  t = await testApp();
  A = (await post('/api/providers', { nome: 'Bitcom' })).id;
  B = (await post('/api/providers', { nome: 'Vetorial' })).id;
  const people: [string, string[], number[]][] = [
    ['emp', ['user'], [A]],
    ['emp2', ['user'], [A]],
    ['gestor', ['frota:gestor'], [A]],
    ['gestor2', ['frota:gestor'], [A]],
    ['gestorB', ['frota:gestor'], [B]],
    ['leitor', ['frota:leitor'], [A]],
    ['empB', ['user'], [B]],
  ];
  for (const [key, papeis, id_empresas] of people) {
    const email = `${key}@frota-solicitacoes.teste`;
    const token = await t.userToken({ papeis, id_empresas, email, funcionario: true, nome: `Pessoa ${key}` });
    const { rows } = await t.db.query<{ id: number }>(`SELECT id FROM auth.usuario WHERE email = $1`, [email]);
    users[key] = { token, id: rows[0].id, email, ...(papeis[0] !== 'user' ? { role: papeis[0] } : {}) };
  }
});
afterAll(() => t?.close());

describe('vehicle requests: rights and scope', () => {
  it('the employee asks; the request is theirs, of their provider, pending, and the provider\'s fleet managers are told', async () => {
    const r = await request('emp');
    expect(r).toMatchObject({ id_usuario: users.emp.id, id_empresa: A, status: 'pendente', solicitante_nome: 'Pessoa emp', id_veiculo: null });
    for (const key of ['gestor', 'gestor2']) {
      const bell = await notificationsOf(users[key].id);
      expect(bell.at(-1)).toMatchObject({ data: { modulo: 'frota', link: `/requests/vehicle/edit/${r.id}` }, remetente_nome: 'Pessoa emp' });
      expect(bell.at(-1)!.data.msg).toBe('Pessoa emp solicitou um veículo de 10/04/2026 08:00 a 10/04/2026 16:00 (destino: Fortaleza).');
    }
    expect((await notificationsOf(users.gestorB.id)).length).toBe(0);
  });

  it('the employee sees only their own; the managers see the provider\'s; a manager of another provider sees nothing', async () => {
    const mine = await request('emp');
    const theirs = await request('emp2');
    const ids = (as: Who) => call('GET', '/api/vehicle-requests?range=[0,999]', as).then((r) => r.json().map((x: { id: number }) => x.id) as number[]);
    const emp = await ids('emp');
    expect(emp).toContain(mine.id);
    expect(emp).not.toContain(theirs.id);
    expect((await call('GET', `/api/vehicle-requests/${theirs.id}`, 'emp')).statusCode).toBe(404);
    expect(await ids('gestor')).toEqual(expect.arrayContaining([mine.id, theirs.id]));
    expect(await ids('gestorB')).toEqual([]);
    expect((await call('GET', `/api/vehicle-requests/${mine.id}`, 'gestorB')).statusCode).toBe(404);
    expect((await decide(mine.id, { status: 'recusada', motivo_recusa: 'x' }, 'gestorB')).statusCode).toBe(404);
  });

  it('the employee cannot decide: status, vehicle and driver are the managers\' (403)', async () => {
    const r = await request('emp');
    const v = await vehicle();
    for (const body of [{ status: 'aprovada' }, { id_veiculo: v }, { status: 'cancelada' }]) {
      const res = await decide(r.id, body, 'emp');
      expect(res.statusCode, JSON.stringify(body)).toBe(403);
    }
    // Created with a decision: refused too.
    const created = await call('POST', '/api/vehicle-requests', 'emp', { ...period(11), finalidade: 'Teste', destino: 'Sobral', status: 'aprovada' });
    expect(created.statusCode).toBe(403);
    // The provider is theirs, not chosen (a fleet manager names it).
    expect((await call('POST', '/api/vehicle-requests', 'emp', { ...period(11), finalidade: 'Teste', destino: 'Sobral', id_empresa: B })).statusCode).toBe(403);
    expect((await post('/api/vehicle-requests', { ...period(11), finalidade: 'Teste', destino: 'Sobral', id_empresa: A }, 'gestor')).id_empresa).toBe(A);
    expect((await call('POST', '/api/vehicle-requests', 'gestor', { ...period(11), finalidade: 'Teste', destino: 'Sobral', id_empresa: B })).statusCode).toBe(403);
    // While pending the requester may change their request.
    const changed = await decide(r.id, { destino: 'Caucaia' }, 'emp');
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().destino).toBe('Caucaia');
  });

  it('someone of no provider cannot ask (400)', async () => {
    const token = await t.userToken({ papeis: ['user'], id_empresas: [], email: 'semprovedor@frota-solicitacoes.teste', funcionario: true });
    const r = await t.app.inject({ method: 'POST', url: '/api/vehicle-requests', headers: bearer(token), payload: { ...period(12), finalidade: 'Teste', destino: 'Sobral' } });
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toBe(FLEET_REQUEST_MSG.noProvider);
  });
});

describe('vehicle requests: the refusals of a decision', () => {
  it('approving needs the vehicle and the driver; refusing needs a reason', async () => {
    const r = await request('emp');
    const none = await decide(r.id, { status: 'aprovada' });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toEqual({ id_veiculo: FLEET_REQUEST_MSG.vehicleRequired, id_motorista: FLEET_REQUEST_MSG.driverRequired });
    const noDriver = await decide(r.id, { status: 'aprovada', id_veiculo: await vehicle() });
    expect(noDriver.json().errors).toEqual({ id_motorista: FLEET_REQUEST_MSG.driverRequired });
    const refused = await decide(r.id, { status: 'recusada' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ motivo_recusa: FLEET_REQUEST_MSG.reasonRequired });
    expect((await decide(r.id, { status: 'recusada', motivo_recusa: '   ' })).statusCode).toBe(400);
    expect((await call('GET', `/api/vehicle-requests/${r.id}`, 'emp')).json().status).toBe('pendente');
  });

  it('a vehicle already approved for an overlapping period', async () => {
    const v = await vehicle();
    const d = await driver();
    const first = await request('emp', period(14, 8));
    const ok = await decide(first.id, { status: 'aprovada', id_veiculo: v, id_motorista: d });
    expect(ok.statusCode, ok.body).toBe(200);
    const second = await request('emp2', period(14, 4));
    const res = await decide(second.id, { status: 'aprovada', id_veiculo: v, id_motorista: await driver() });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.id_veiculo).toBe('Este veículo já está reservado de 14/04/2026 08:00 a 14/04/2026 16:00.');
    // Back to back is fine: the next day.
    const third = await request('emp2', period(15, 4));
    expect((await decide(third.id, { status: 'aprovada', id_veiculo: v, id_motorista: d })).statusCode).toBe(200);
    // Once the first is cancelled, the vehicle is free again.
    expect((await call('POST', `/v1/solicitacoes/veiculo/${first.id}/cancelar`, 'emp')).statusCode).toBe(200);
    expect((await decide(second.id, { status: 'aprovada', id_veiculo: v, id_motorista: d })).statusCode).toBe(200);
  });

  it('a vehicle at the workshop during the period (an open maintenance, or a stay that overlaps)', async () => {
    const v = await vehicle();
    const d = await driver();
    await post('/api/vehicle-maintenance', { id_veiculo: v, tipo: 'corretiva', descricao: 'Embreagem', oficina: 'Oficina do Zé', data_entrada: '2026-04-01' });
    const r = await request('emp', period(16));
    const res = await decide(r.id, { status: 'aprovada', id_veiculo: v, id_motorista: d });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.id_veiculo).toBe('Este veículo está na oficina desde 01/04/2026 (manutenção em aberto).');

    const v2 = await vehicle();
    await post('/api/vehicle-maintenance', { id_veiculo: v2, tipo: 'preventiva', descricao: 'Revisão', oficina: 'Concessionária', data_entrada: '2026-04-15', data_saida: '2026-04-17', status: 'concluida' });
    const overlapping = await decide(r.id, { status: 'aprovada', id_veiculo: v2, id_motorista: d });
    expect(overlapping.statusCode).toBe(400);
    expect(overlapping.json().errors.id_veiculo).toBe('Este veículo está na oficina de 15/04/2026 a 17/04/2026, durante o período.');
    const later = await request('emp', period(18));
    expect((await decide(later.id, { status: 'aprovada', id_veiculo: v2, id_motorista: d })).statusCode).toBe(200);
  });

  it('an inactive vehicle, another provider\'s vehicle or driver, an inactive driver, a CNH that expires before the end', async () => {
    const r = await request('emp', period(20, 48));
    const d = await driver();
    const inactive = await decide(r.id, { status: 'aprovada', id_veiculo: await vehicle(A, { ativo: false }), id_motorista: d });
    expect(inactive.json().errors.id_veiculo).toBe(FLEET_REQUEST_MSG.vehicleInactive);

    // Another provider's: refused (the superadmin reaches every provider; a manager of A does not even find it).
    const vB = await vehicle(B);
    const foreign = await decide(r.id, { status: 'aprovada', id_veiculo: vB, id_motorista: d }, null);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors.id_veiculo).toBe('Veículo deve ser do mesmo provedor do registro.');
    expect((await decide(r.id, { status: 'aprovada', id_veiculo: vB, id_motorista: d })).statusCode).toBe(400);
    const dB = await driver(B);
    const foreignDriver = await decide(r.id, { status: 'aprovada', id_veiculo: await vehicle(), id_motorista: dB }, null);
    expect(foreignDriver.statusCode).toBe(400);
    expect(foreignDriver.json().errors.id_motorista).toBe('Motorista deve ser do mesmo provedor do registro.');

    const v = await vehicle();
    const expired = await decide(r.id, { status: 'aprovada', id_veiculo: v, id_motorista: await driver(A, '2026-04-21') });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().errors.id_motorista).toBe('A CNH deste motorista vence em 21/04/2026, antes do fim do período.');
    const off = await decide(r.id, { status: 'aprovada', id_veiculo: v, id_motorista: await driver(A, '2034-01-10', { ativo: false }) });
    expect(off.json().errors.id_motorista).toBe(FLEET_REQUEST_MSG.driverInactive);
    // Valid until the last day: fine.
    const ok = await decide(r.id, { status: 'aprovada', id_veiculo: v, id_motorista: await driver(A, '2026-04-22') });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('two managers approving overlapping requests for the same vehicle at the same moment: exactly one wins', async () => {
    for (let round = 0; round < 3; round++) {
      const v = await vehicle();
      const [d1, d2] = [await driver(), await driver()];
      const r1 = await request('emp', period(23 + round, 6));
      const r2 = await request('emp2', period(23 + round, 3));
      const [a, b] = await Promise.all([
        decide(r1.id, { status: 'aprovada', id_veiculo: v, id_motorista: d1 }, 'gestor'),
        decide(r2.id, { status: 'aprovada', id_veiculo: v, id_motorista: d2 }, 'gestor2'),
      ]);
      expect([a.statusCode, b.statusCode].sort(), `${a.body} ${b.body}`).toEqual([200, 400]);
      const loser = a.statusCode === 400 ? a : b;
      expect(loser.json().errors.id_veiculo).toMatch(/^Este veículo já está reservado de /);
      const { rows } = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM frota.solicitacao_veiculo WHERE id_veiculo = $1 AND status = 'aprovada'`, [v]);
      expect(rows[0].n).toBe(1);
    }
  });
});

describe('vehicle requests: the decision told and kept', () => {
  it('an approval: who and when, the vehicle and driver named for the requester, the bell and the e-mail', async () => {
    const v = await vehicle();
    const d = await driver();
    const r = await request('emp', period(27));
    const before = (await notificationsOf(users.emp.id)).length;
    const res = await decide(r.id, { status: 'aprovada', id_veiculo: v, id_motorista: d });
    expect(res.statusCode, res.body).toBe(200);
    const row = (await call('GET', `/api/vehicle-requests/${r.id}`, 'emp')).json();
    expect(row).toMatchObject({ status: 'aprovada', decidido_por: users.gestor.id, decidido_por_nome: 'Pessoa gestor', motorista_nome: expect.stringMatching(/^Motorista \d+$/) });
    expect(row.veiculo_descricao).toMatch(/^FR.* — Fiat Strada$/);
    expect(Date.now() - Date.parse(row.decidido_em)).toBeLessThan(60_000);
    const bell = await notificationsOf(users.emp.id);
    expect(bell.length).toBe(before + 1);
    expect(bell.at(-1)).toMatchObject({ data: { modulo: 'frota', link: `/requests/vehicle/edit/${r.id}` }, remetente_nome: 'Pessoa gestor' });
    expect(bell.at(-1)!.data.msg).toBe(`Sua solicitação de veículo de 27/04/2026 08:00 a 27/04/2026 16:00 foi aprovada: ${row.veiculo_descricao}.`);
    const { rows: mails } = await t.db.query<{ assunto: string; texto: string }>(`SELECT assunto, texto FROM admin.email WHERE para = $1 ORDER BY id`, [users.emp.email]);
    expect(mails.at(-1)!.assunto).toBe('Sua solicitação de veículo foi aprovada');
    expect(mails.at(-1)!.texto).toContain(`Veículo: ${row.veiculo_descricao}`);
    expect(mails.at(-1)!.texto).toContain(`/requests/vehicle/edit/${r.id}`);

    // Decided: the requester can no longer change it, but may cancel it (the manager who approved it is told).
    const change = await decide(r.id, { destino: 'Outro lugar' }, 'emp');
    expect(change.statusCode).toBe(400);
    expect(change.json().message).toBe(FLEET_REQUEST_MSG.alreadyDecided);
    const cancel = await call('POST', `/v1/solicitacoes/veiculo/${r.id}/cancelar`, 'emp');
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json().solicitacao_veiculo.status).toBe('cancelada');
    expect((await notificationsOf(users.gestor.id)).at(-1)!.data.msg).toBe('Pessoa emp cancelou a solicitação de veículo de 27/04/2026 08:00 a 27/04/2026 16:00.');
    const again = await call('POST', `/v1/solicitacoes/veiculo/${r.id}/cancelar`, 'emp');
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(FLEET_REQUEST_MSG.cannotCancel);
    // Someone else's request is not found.
    expect((await call('POST', `/v1/solicitacoes/veiculo/${r.id}/cancelar`, 'emp2')).statusCode).toBe(404);
  });

  it('a refusal: the reason in the bell and the e-mail', async () => {
    const r = await request('emp', period(28));
    const res = await decide(r.id, { status: 'recusada', motivo_recusa: 'Nenhum veículo livre nesse dia.' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await notificationsOf(users.emp.id)).at(-1)!.data.msg).toBe('Sua solicitação de veículo de 28/04/2026 08:00 a 28/04/2026 16:00 foi recusada: Nenhum veículo livre nesse dia.');
    const { rows: mails } = await t.db.query<{ assunto: string; texto: string }>(`SELECT assunto, texto FROM admin.email WHERE para = $1 ORDER BY id`, [users.emp.email]);
    expect(mails.at(-1)!.assunto).toBe('Sua solicitação de veículo foi recusada');
    expect(mails.at(-1)!.texto).toContain('Motivo: Nenhum veículo livre nesse dia.');
  });
});

describe('incident and maintenance requests', () => {
  it('an employee reports an incident with a vehicle of their provider; approved, it becomes the fleet\'s incident, linked', async () => {
    const v = await vehicle();
    const own = await driver();
    // The requester is also a driver of the provider: the incident names them.
    const mine = await post('/api/drivers', { id_empresa: A, id_usuario: users.emp.id, cnh_numero: String(60_000_000_000 + ++seq), cnh_categoria: 'B', cnh_emissao: '2020-01-10', cnh_validade: '2034-01-10' });
    void own;
    const list = await call('GET', '/v1/solicitacoes/veiculos', 'emp');
    expect(list.statusCode).toBe(200);
    expect(list.json().veiculos.map((x: { id: number }) => x.id)).toContain(v);
    expect(list.json().veiculos.every((x: { id_empresa: number }) => x.id_empresa === A)).toBe(true);

    const body = { id_veiculo: v, tipo: 'avaria', data_hora: '2026-04-02T13:30:00.000Z', local: 'Av. Beira-Mar, Fortaleza', descricao: 'Retrovisor quebrado no estacionamento.' };
    const foreign = await call('POST', '/api/vehicle-incident-requests', 'emp', { ...body, id_veiculo: await vehicle(B) });
    expect(foreign.statusCode).toBe(400);
    const r = await post('/api/vehicle-incident-requests', body, 'emp');
    expect(r).toMatchObject({ id_empresa: A, status: 'pendente', id_usuario: users.emp.id, id_sinistro: null });
    expect((await notificationsOf(users.gestor.id)).at(-1)!.data).toMatchObject({ modulo: 'frota', link: `/requests/incidents-vehicle/edit/${r.id}` });
    expect((await call('PUT', `/api/vehicle-incident-requests/${r.id}`, 'emp', { status: 'aprovada' })).statusCode).toBe(403);
    expect((await call('GET', `/api/vehicle-incident-requests/${r.id}`, 'emp2')).statusCode).toBe(404);
    expect((await call('GET', `/api/vehicle-incident-requests/${r.id}`, 'gestorB')).statusCode).toBe(404);

    const refused = await call('PUT', `/api/vehicle-incident-requests/${r.id}`, 'gestor', { status: 'recusada' });
    expect(refused.json().errors).toEqual({ motivo_recusa: FLEET_REQUEST_MSG.reasonRequired });
    const ok = await call('PUT', `/api/vehicle-incident-requests/${r.id}`, 'gestor', { status: 'aprovada' });
    expect(ok.statusCode, ok.body).toBe(200);
    const linked = ok.json().id_sinistro;
    expect(linked).toEqual(expect.any(Number));
    const incident = (await call('GET', `/api/vehicle-incidents/${linked}`, 'gestor')).json();
    expect(incident).toMatchObject({ id_veiculo: v, id_motorista: mine.id, tipo: 'avaria', local: body.local, data_hora: '2026-04-02T13:30:00.000Z' });
    expect(incident.descricao).toContain(`solicitação nº ${r.id}`);
    expect((await notificationsOf(users.emp.id)).at(-1)!.data).toMatchObject({ link: `/requests/incidents-vehicle/edit/${r.id}`, msg: expect.stringContaining('foi aprovado e registrado pela frota') });
    // Approved: final.
    expect((await call('PUT', `/api/vehicle-incident-requests/${r.id}`, 'gestor', { status: 'recusada', motivo_recusa: 'x' })).statusCode).toBe(400);
  });

  it('a maintenance request: approved with the workshop, it opens the fleet\'s maintenance (and the vehicle is then at the workshop)', async () => {
    const v = await vehicle();
    const r = await post('/api/vehicle-maintenance-requests', { id_veiculo: v, problema: 'Barulho no freio dianteiro', km: 48200, urgencia: 'alta' }, 'emp');
    expect(r).toMatchObject({ status: 'pendente', id_empresa: A, placa: expect.stringMatching(/^FR/) });
    expect((await call('PUT', `/api/vehicle-maintenance-requests/${r.id}`, 'emp', { oficina: 'Minha oficina' })).statusCode).toBe(403);
    const noShop = await call('PUT', `/api/vehicle-maintenance-requests/${r.id}`, 'gestor', { status: 'aprovada' });
    expect(noShop.statusCode).toBe(400);
    expect(noShop.json().errors).toEqual({ oficina: FLEET_REQUEST_MSG.workshopRequired });
    const ok = await call('PUT', `/api/vehicle-maintenance-requests/${r.id}`, 'gestor', { status: 'aprovada', oficina: 'Freios & Cia', data_entrada: '2026-04-03' });
    expect(ok.statusCode, ok.body).toBe(200);
    const maintenance = (await call('GET', `/api/vehicle-maintenance/${ok.json().id_manutencao}`, 'gestor')).json();
    expect(maintenance).toMatchObject({ id_veiculo: v, oficina: 'Freios & Cia', data_entrada: '2026-04-03', km: 48200, status: 'aberta', tipo: 'corretiva' });
    expect((await notificationsOf(users.emp.id)).at(-1)!.data.msg).toContain('foi aprovada e registrada pela frota');

    const trip = await request('emp2', period(8));
    const res = await decide(trip.id, { status: 'aprovada', id_veiculo: v, id_motorista: await driver() });
    expect(res.json().errors.id_veiculo).toBe('Este veículo está na oficina desde 03/04/2026 (manutenção em aberto).');

    const other = await post('/api/vehicle-maintenance-requests', { id_veiculo: v, problema: 'Pneu careca', urgencia: 'baixa' }, 'emp');
    const refused = await call('PUT', `/api/vehicle-maintenance-requests/${other.id}`, 'gestor', { status: 'recusada', motivo_recusa: 'Já está na oficina.' });
    expect(refused.statusCode).toBe(200);
    expect(refused.json().id_manutencao).toBeNull();
  });
});

describe('fines', () => {
  it('a fine without a driver gets the driver of the approved request covering its instant', async () => {
    const v = await vehicle();
    const d = await driver();
    const r = await request('emp', period(29, 10));
    expect((await decide(r.id, { status: 'aprovada', id_veiculo: v, id_motorista: d })).statusCode).toBe(200);
    const fine = { id_veiculo: v, local: 'BR-116, km 10', codigo_infracao: '605-03', descricao_infracao: 'Avançar o sinal vermelho', gravidade: 'gravissima', valor: 293.47 };
    const inside = await post('/api/fines', { ...fine, data_hora: '2026-04-29T15:00:00.000Z' });
    expect(inside).toMatchObject({ id_motorista: d, status: 'indicado' });
    const outside = await post('/api/fines', { ...fine, data_hora: '2026-04-30T15:00:00.000Z' });
    expect(outside).toMatchObject({ id_motorista: null, status: 'a_identificar' });
    // Moved into the period: filled then.
    const moved = await call('PUT', `/api/fines/${outside.id}`, null, { data_hora: '2026-04-29T20:00:00.000Z' });
    expect(moved.json()).toMatchObject({ id_motorista: d, status: 'indicado' });
    // A driver named by the manager stays.
    const other = await driver();
    expect(await post('/api/fines', { ...fine, data_hora: '2026-04-29T16:00:00.000Z', id_motorista: other, status: 'pago' })).toMatchObject({ id_motorista: other, status: 'pago' });
  });
});
