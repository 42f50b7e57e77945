// The fleet's other registers (schemas/frota/drivers.json, rental-companies.json, rentals.json,
// fines.json, vehicle-incidents.json) and their calls: rights and provider scoping, the rules their
// hooks add (a driver's name is their user's; a fine's or incident's driver is of the vehicle's
// provider; a new rental names an active rental company), v1/motorista and v1/locadoras/veicular, the
// fleet home's figures (v1/frota/painel, on a fixed day), the fine responsibility term (its data, and
// its PDF opened and read), and the expiry reminders (told once per item and threshold).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { FLEET_REMINDERS_QUEUE } from '../../src/server/jobs/fleet.js';
import { bearer, testApp, type TestApp } from '../helpers/app.js';

// The fleet home's and the reminders' day: fixed, so that no date of the run changes what they count.
const NOW = new Date('2027-03-10T13:00:00Z');
const TODAY = '2027-03-10';
const addDays = (iso: string, n: number) => new Date(Date.parse(`${iso}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

let t: TestApp;
let A: number;
let B: number;
const tokens: Record<string, string> = {};
const users: Record<string, number> = {};
let seq = 0;

async function post(resource: string, payload: Record<string, unknown>) {
  const r = await t.inject({ method: 'POST', url: `/api/${resource}`, payload });
  expect(r.statusCode, r.body).toBe(201);
  return r.json();
}
const as = (key: string) => bearer(tokens[key], key.replace(/@.*$/, ''));

/** A user with these roles (their token under `key`) and their id. */
async function user(key: string, papeis: string[], providers: number[], nome = `Pessoa ${key}`) {
  const email = `frota.${++seq}.${Date.now()}@teste.com.br`;
  tokens[key] = await t.userToken({ papeis, id_empresas: providers, email, nome, funcionario: true });
  users[key] = (await t.db.query<{ id: number }>(`SELECT id FROM auth.usuario WHERE email = $1`, [email])).rows[0].id;
  return users[key];
}

let carA: number;
let carB: number;
let driverA: Record<string, any>;
let driverB: Record<string, any>;
let company: number;

const driverValues = (id_empresa: number, id_usuario: number, extra: Record<string, unknown> = {}) => ({
  id_empresa,
  id_usuario,
  cnh_numero: String(30_000_000_000 + ++seq),
  cnh_categoria: 'AB',
  cnh_emissao: '2020-05-01',
  cnh_validade: '2030-05-01',
  ...extra,
});
const fineValues = (id_veiculo: number, extra: Record<string, unknown> = {}) => ({
  id_veiculo,
  data_hora: '2027-02-14T17:25:00-03:00',
  local: 'Av. Afonso Pena, 1500',
  auto_infracao: 'AIT5401234',
  codigo_infracao: '605-03',
  descricao_infracao: 'Avançar o sinal vermelho do semáforo',
  gravidade: 'gravissima',
  pontos: 7,
  valor: 293.47,
  vencimento: addDays(TODAY, 30),
  ...extra,
});

beforeAll(async () => {
  t = await testApp({ now: () => NOW });
  A = (await post('providers', { nome: 'Bitcom Cadastros da Frota' })).id;
  B = (await post('providers', { nome: 'Vetorial Cadastros da Frota' })).id;
  carA = (await post('vehicles', { placa: 'QRS-4821', marca: 'Fiat', modelo: 'Strada', ano: 2021, tipo: 'utilitario', id_empresa: A })).id;
  carB = (await post('vehicles', { placa: 'TUV2C34', marca: 'VW', modelo: 'Saveiro', ano: 2022, tipo: 'utilitario', id_empresa: B })).id;
  await user('frota:leitor', ['frota:leitor'], [A]);
  await user('frota:solicitante', ['frota:solicitante'], [A]);
  await user('frota:gestor', ['frota:gestor', 'user'], [A], 'Gestora da Frota A');
  await user('frota:gestor@B', ['frota:gestor', 'user'], [B], 'Gestor da Frota B');
  await user('user', ['user'], [A], 'Joana Motorista');
  await user('user@B', ['user'], [B], 'Bruno Motorista');
  driverA = await post('drivers', driverValues(A, users.user, { telefone: '(31) 98888-7777' }));
  driverB = await post('drivers', driverValues(B, users['user@B']));
  company = (await post('rental-companies', { nome: 'Rota Locadora de Teste', cnpj: '11.444.777/0001-61' })).id;
});
afterAll(() => t?.close());

describe('drivers', () => {
  it("takes the driver's name from their user, and answers it in the list", async () => {
    expect(driverA.nome).toBe('Joana Motorista');
    const list = await t.app.inject({ method: 'GET', url: '/api/drivers', headers: as('frota:leitor') });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().map((d: any) => d.nome)).toEqual(['Joana Motorista']);
  });

  it('refuses a user of another provider, a second driver record of a user, a malformed CNH and a validity before the issue', async () => {
    const other = await t.inject({ method: 'POST', url: '/api/drivers', payload: driverValues(A, users['user@B']) });
    expect(other.statusCode).toBe(400);
    expect(other.json().errors.id_usuario).toBe('Colaborador deve ser do mesmo provedor do registro.');
    const twice = await t.inject({ method: 'POST', url: '/api/drivers', payload: driverValues(A, users.user) });
    expect(twice.statusCode).toBe(409);
    expect(twice.body).toContain('Este colaborador já é motorista deste provedor.');
    const cnh = await t.inject({ method: 'POST', url: '/api/drivers', payload: { ...driverValues(A, users['frota:leitor']), cnh_numero: '1234' } });
    expect(cnh.statusCode).toBe(400);
    expect(cnh.json().errors.cnh_numero).toBe('Número da CNH inválido: use os 11 dígitos do registro.');
    const dates = await t.inject({ method: 'POST', url: '/api/drivers', payload: driverValues(A, users['frota:leitor'], { cnh_emissao: '2025-01-10', cnh_validade: '2024-01-10' }) });
    expect(dates.statusCode).toBe(400);
    expect(dates.json().errors.cnh_validade).toBe('A validade da CNH não pode ser anterior à emissão!');
  });

  it('lets frota readers read, solicitantes write and managers delete within their providers; employees and other providers are refused', async () => {
    const mine = await t.app.inject({ method: 'POST', url: '/api/drivers', headers: as('frota:solicitante'), payload: driverValues(A, users['frota:solicitante']) });
    expect(mine.statusCode, mine.body).toBe(201);
    const reader = await t.app.inject({ method: 'POST', url: '/api/drivers', headers: as('frota:leitor'), payload: driverValues(A, users['frota:leitor']) });
    expect(reader.statusCode).toBe(403);
    const employee = await t.app.inject({ method: 'GET', url: '/api/drivers', headers: as('user') });
    expect(employee.statusCode).toBe(403);
    const otherProvider = await t.app.inject({ method: 'GET', url: `/api/drivers/${driverA.id}`, headers: as('frota:gestor@B') });
    expect(otherProvider.statusCode).toBe(404);
    const intoB = await t.app.inject({ method: 'POST', url: '/api/drivers', headers: as('frota:gestor'), payload: driverValues(B, users['frota:gestor@B']) });
    expect(intoB.statusCode).toBe(403);
    const solicitanteDelete = await t.app.inject({ method: 'DELETE', url: `/api/drivers/${mine.json().id}`, headers: as('frota:solicitante') });
    expect(solicitanteDelete.statusCode).toBe(403);
    const managerDelete = await t.app.inject({ method: 'DELETE', url: `/api/drivers/${mine.json().id}`, headers: as('frota:gestor') });
    expect(managerDelete.statusCode, managerDelete.body).toBe(200);
  });

  it("GET v1/motorista answers the caller's providers' active drivers", async () => {
    const r = await t.app.inject({ method: 'GET', url: '/v1/motorista', headers: as('frota:leitor') });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().motoristas.map((d: any) => d.id)).toEqual([driverA.id]);
    const all = await t.inject('/v1/motorista');
    expect(all.json().motoristas.map((d: any) => d.id)).toEqual(expect.arrayContaining([driverA.id, driverB.id]));
    const employee = await t.app.inject({ method: 'GET', url: '/v1/motorista', headers: as('user') });
    expect(employee.statusCode).toBe(403);
  });
});

describe('rental companies and rentals', () => {
  it('keeps the rental companies one list of the group, changed only by managers; GET v1/locadoras/veicular answers the active ones', async () => {
    const solicitante = await t.app.inject({ method: 'POST', url: '/api/rental-companies', headers: as('frota:solicitante'), payload: { nome: 'Outra Locadora' } });
    expect(solicitante.statusCode).toBe(403);
    const inactive = await t.app.inject({ method: 'POST', url: '/api/rental-companies', headers: as('frota:gestor'), payload: { nome: 'Locadora Encerrada', ativo: false } });
    expect(inactive.statusCode, inactive.body).toBe(201);
    const again = await t.inject({ method: 'POST', url: '/api/rental-companies', payload: { nome: 'Mesma Locadora', cnpj: '11444777000161' } });
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('Esta locadora já está cadastrada.');
    for (const key of ['frota:leitor', 'frota:gestor@B']) {
      const r = await t.app.inject({ method: 'GET', url: '/v1/locadoras/veicular', headers: as(key) });
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json().locadoras.map((c: any) => c.nome)).toEqual(['Rota Locadora de Teste']);
    }
    // A new contract names an active company.
    const refused = await t.inject({
      method: 'POST',
      url: '/api/rentals',
      payload: { id_veiculo: carA, id_locadora: inactive.json().id, numero_contrato: 'LC-1', data_inicio: '2027-01-01', data_fim: '2027-12-31', valor_mensal: 2100 },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.id_locadora).toBe('Esta locadora está desativada: escolha uma locadora ativa.');
  });

  it("scopes a contract by its vehicle's provider and refuses an end before the start", async () => {
    const rental = await post('rentals', { id_veiculo: carB, id_locadora: company, numero_contrato: 'LC-B-1', data_inicio: '2027-01-01', data_fim: '2027-12-31', valor_mensal: 1990.9 });
    const otherProvider = await t.app.inject({ method: 'GET', url: `/api/rentals/${rental.id}`, headers: as('frota:gestor') });
    expect(otherProvider.statusCode).toBe(404);
    const own = await t.app.inject({ method: 'GET', url: `/api/rentals/${rental.id}`, headers: as('frota:gestor@B') });
    expect(own.json().valor_mensal).toBe(1990.9);
    const backwards = await t.inject({
      method: 'POST',
      url: '/api/rentals',
      payload: { id_veiculo: carA, id_locadora: company, numero_contrato: 'LC-2', data_inicio: '2027-06-01', data_fim: '2027-01-01', valor_mensal: 2100 },
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors.data_fim).toBe('O fim do contrato não pode ser anterior ao início!');
  });
});

describe('fines, incidents and the responsibility term', () => {
  it("refuses a driver of another provider than the vehicle's, on fines and incidents", async () => {
    const fine = await t.inject({ method: 'POST', url: '/api/fines', payload: fineValues(carA, { id_motorista: driverB.id }) });
    expect(fine.statusCode).toBe(400);
    expect(fine.json().errors.id_motorista).toBe('O motorista precisa ser do mesmo provedor do veículo.');
    const incident = await t.inject({
      method: 'POST',
      url: '/api/vehicle-incidents',
      payload: { id_veiculo: carA, id_motorista: driverB.id, tipo: 'avaria', data_hora: '2027-02-01T10:00:00-03:00', local: 'Garagem', descricao: 'Retrovisor quebrado' },
    });
    expect(incident.statusCode).toBe(400);
    expect(incident.json().errors.id_motorista).toBe('O motorista precisa ser do mesmo provedor do veículo.');
    const ok = await post('vehicle-incidents', { id_veiculo: carA, id_motorista: driverA.id, tipo: 'acidente', data_hora: '2027-02-01T10:00:00-03:00', local: 'Garagem', descricao: 'Colisão leve' });
    expect(ok.status).toBe('aberto');
  });

  it("answers the term's data and its PDF, whose text names the driver, the vehicle and the infraction", async () => {
    const fine = await post('fines', fineValues(carA, { id_motorista: driverA.id, status: 'indicado' }));
    expect(fine.placa).toBe('QRS-4821');
    const data = await t.app.inject({ method: 'GET', url: `/v1/multas/${fine.id}/termo/${driverA.id}/QRS4821`, headers: as('frota:leitor') });
    expect(data.statusCode, data.body).toBe(200);
    expect(data.json()).toMatchObject({ motorista: { nome: 'Joana Motorista', cnh_categoria: 'AB' }, veiculo: { placa: 'QRS-4821', modelo: 'Strada' }, provedor: { nome: 'Bitcom Cadastros da Frota' } });

    const pdf = await t.app.inject({ method: 'GET', url: `/v1/multas/${fine.id}/termo/${driverA.id}/QRS-4821/pdf`, headers: as('frota:leitor') });
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(String(pdf.headers['content-disposition'])).toContain(`termo-multa-${fine.id}-QRS4821.pdf`);
    const doc = await getDocument({ data: new Uint8Array(pdf.rawPayload), verbosity: 0 }).promise;
    let text = '';
    for (let i = 1; i <= doc.numPages; i++) {
      const content = await (await doc.getPage(i)).getTextContent();
      text += content.items.map((item) => ('str' in item ? item.str : '')).join(' ') + ' ';
    }
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('TERMO DE RESPONSABILIDADE POR INFRAÇÃO DE TRÂNSITO');
    expect(flat).toContain(`Eu, Joana Motorista, portador(a) da CNH nº ${driverA.cnh_numero}`);
    expect(flat).toContain('QRS-4821');
    expect(flat).toContain('605-03 – Avançar o sinal vermelho do semáforo');
    expect(flat).toContain('14/02/2027 às 17:25');
    expect(flat).toContain('R$ 293,47');
    expect(flat).toContain('Gestor(a) da frota');
  });

  it("answers 404 for a driver or plate that is not the fine's, or a fine of another provider; 403 without a frota role", async () => {
    const fine = await post('fines', fineValues(carA, { id_motorista: driverA.id }));
    for (const url of [`/v1/multas/${fine.id}/termo/${driverB.id}/QRS4821`, `/v1/multas/${fine.id}/termo/${driverA.id}/ABC1234`]) {
      const r = await t.app.inject({ method: 'GET', url, headers: as('frota:gestor') });
      expect(r.statusCode, url).toBe(404);
      expect(r.json().message).toBe('Termo não encontrado: a multa, o motorista ou a placa não conferem.');
    }
    const other = await t.app.inject({ method: 'GET', url: `/v1/multas/${fine.id}/termo/${driverA.id}/QRS4821/pdf`, headers: as('frota:gestor@B') });
    expect(other.statusCode).toBe(404);
    const employee = await t.app.inject({ method: 'GET', url: `/v1/multas/${fine.id}/termo/${driverA.id}/QRS4821`, headers: as('user') });
    expect(employee.statusCode).toBe(403);
    const noDriver = await post('fines', fineValues(carA));
    const none = await t.app.inject({ method: 'GET', url: `/v1/multas/${noDriver.id}/termo/${driverA.id}/QRS4821`, headers: as('frota:gestor') });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Indique o motorista responsável na multa para gerar o termo.');
  });
});

describe('the fleet home and the reminders', () => {
  it("counts the caller's providers' fleet on the day: vehicles at the workshop, fines to pay, CNHs and contracts ending", async () => {
    // A provider of its own, so that the other tests' rows do not count.
    const C = (await post('providers', { nome: 'Provedor do Painel da Frota' })).id;
    await user('frota:gestor@C', ['frota:gestor'], [C]);
    const cars = [];
    for (const placa of ['PNL-0001', 'PNL-0002', 'PNL-0003']) cars.push((await post('vehicles', { placa, marca: 'Fiat', modelo: 'Mobi', ano: 2022, tipo: 'carro', id_empresa: C })).id);
    await post('vehicle-maintenance', { id_veiculo: cars[0], tipo: 'corretiva', descricao: 'Motor', oficina: 'Oficina', data_entrada: addDays(TODAY, -2) });
    const u1 = await user('painel1', ['user'], [C]);
    const u2 = await user('painel2', ['user'], [C]);
    await post('drivers', driverValues(C, u1, { cnh_validade: addDays(TODAY, 20) }));
    await post('drivers', driverValues(C, u2, { cnh_validade: addDays(TODAY, -1) }));
    await post('rentals', { id_veiculo: cars[1], id_locadora: company, numero_contrato: 'PNL-1', data_inicio: addDays(TODAY, -300), data_fim: addDays(TODAY, 25), valor_mensal: 2000 });
    await post('rentals', { id_veiculo: cars[2], id_locadora: company, numero_contrato: 'PNL-2', data_inicio: addDays(TODAY, -30), data_fim: addDays(TODAY, 300), valor_mensal: 1500.5 });
    await post('fines', fineValues(cars[1], { valor: 100.1, vencimento: addDays(TODAY, 3) }));
    await post('fines', fineValues(cars[2], { valor: 200.2, status: 'indicado' }));
    await post('fines', fineValues(cars[2], { valor: 999, status: 'pago' }));
    const r = await t.app.inject({ method: 'GET', url: '/v1/frota/painel', headers: as('frota:gestor@C') });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual({
      veiculos: { total: 3, disponiveis: 2, em_uso: 0, na_oficina: 1 },
      multas: { a_pagar: 2, total_a_pagar: 300.3, vencendo_7_dias: 1 },
      cnh: { vencendo_30_dias: 1, vencidas: 1 },
      locacoes: { vencendo_30_dias: 1, ativas: 2, valor_mensal: 3500.5 },
      solicitacoes_pendentes: 0,
    });
    const employee = await t.app.inject({ method: 'GET', url: '/v1/frota/painel', headers: as('user') });
    expect(employee.statusCode).toBe(403);
  });

  it("tells the item's provider's fleet managers, by the bell and e-mail, once per item and threshold", async () => {
    const D = (await post('providers', { nome: 'Provedor dos Lembretes' })).id;
    const manager = await user('frota:gestor@D', ['frota:gestor', 'user'], [D], 'Gestor dos Lembretes');
    const car = (await post('vehicles', { placa: 'LMB-0001', marca: 'Fiat', modelo: 'Mobi', ano: 2022, tipo: 'carro', id_empresa: D })).id;
    const driver = await post('drivers', driverValues(D, await user('lembrete1', ['user'], [D], 'Carlos Lembrado'), { cnh_validade: addDays(TODAY, 30) }));
    await post('rentals', { id_veiculo: car, id_locadora: company, numero_contrato: 'LMB-1', data_inicio: addDays(TODAY, -300), data_fim: addDays(TODAY, 6), valor_mensal: 2000 });
    await post('fines', fineValues(car, { vencimento: addDays(TODAY, 5), valor: 130.16 }));
    // Not yet: a CNH 31 days ahead, a fine due in 6 days, a paid one.
    await post('drivers', driverValues(D, await user('lembrete2', ['user'], [D]), { cnh_validade: addDays(TODAY, 31) }));
    await post('fines', fineValues(car, { vencimento: addDays(TODAY, 6) }));
    await post('fines', fineValues(car, { vencimento: addDays(TODAY, 2), status: 'pago' }));

    const bell = async () =>
      (await t.db.query<{ msg: string }>(`SELECT data->>'msg' AS msg FROM notificacao.notificacao WHERE id_usuario = $1 ORDER BY id`, [manager])).rows.map((r) => r.msg.replace(/\u00a0/g, ' '));
    const mail = async () => (await t.db.query<{ assunto: string }>(`SELECT assunto FROM admin.email WHERE para = (SELECT email FROM auth.usuario WHERE id = $1) ORDER BY id`, [manager])).rows.map((r) => r.assunto);

    await t.app.fleet.reminders(TODAY);
    expect(await bell()).toEqual([
      'CNH a vencer: A CNH de Carlos Lembrado vence em 09/04/2027 (em 30 dias).',
      'Contrato de locação a vencer: O contrato de locação do veículo LMB-0001 termina em 16/03/2027 (em 6 dias).',
      'Multa a vencer: A multa do veículo LMB-0001 (R$ 130,16) vence em 15/03/2027 (em 5 dias).',
    ]);
    expect(await mail()).toEqual(['Frota: CNH a vencer', 'Frota: Contrato de locação a vencer', 'Frota: Multa a vencer']);

    // The same day again: nothing new. The next day, the items then entering their thresholds only.
    await t.app.fleet.reminders(TODAY);
    expect(await bell()).toHaveLength(3);
    await t.app.fleet.reminders(addDays(TODAY, 1));
    expect((await bell()).slice(3)).toEqual([
      'CNH a vencer: A CNH de Pessoa lembrete2 vence em 10/04/2027 (em 30 dias).',
      'Multa a vencer: A multa do veículo LMB-0001 (R$ 293,47) vence em 16/03/2027 (em 5 dias).',
    ]);
    // 7 days before the first CNH ends it is told again (the second, 8 days ahead, was told at 30); a
    // renewed CNH (a new date) starts over.
    await t.app.fleet.reminders(addDays(TODAY, 23));
    expect((await bell()).slice(5)).toEqual(['CNH a vencer: A CNH de Carlos Lembrado vence em 09/04/2027 (em 7 dias).']);
    const renewed = await t.inject({ method: 'PUT', url: `/api/drivers/${driver.id}`, payload: { cnh_validade: addDays(TODAY, 50) } });
    expect(renewed.statusCode, renewed.body).toBe(200);
    await t.app.fleet.reminders(addDays(TODAY, 23));
    expect((await bell()).slice(6)).toEqual(['CNH a vencer: A CNH de Carlos Lembrado vence em 29/04/2027 (em 27 dias).']);
    expect(await mail()).toHaveLength(7);
  });
});

describe('the reminders job', () => {
  it('is scheduled daily at 07:00 in São Paulo on the queue, and its run tells the day\'s reminders', async () => {
    // An app of its own with the queue on (the schedule must not fire into the other tests' counts).
    const q = await testApp({ now: () => NOW, config: { jobsEnabled: true, jobsPollingIntervalSeconds: 0.5 } });
    try {
      const { boss } = q.app.communication.queue!;
      const schedule = (await boss.getSchedules()).find((s) => s.name === FLEET_REMINDERS_QUEUE);
      expect(schedule).toMatchObject({ cron: '0 7 * * *', timezone: 'America/Sao_Paulo' });
      const provider = (await q.inject({ method: 'POST', url: '/api/providers', payload: { nome: 'Provedor da Fila da Frota' } })).json().id;
      const email = `fila.frota.${Date.now()}@teste.com.br`;
      await q.userToken({ papeis: ['frota:gestor'], id_empresas: [provider], email });
      const car = (await q.inject({ method: 'POST', url: '/api/vehicles', payload: { placa: 'FIL-0001', marca: 'Fiat', modelo: 'Mobi', ano: 2022, tipo: 'carro', id_empresa: provider } })).json().id;
      const fine = await q.inject({ method: 'POST', url: '/api/fines', payload: fineValues(car, { vencimento: addDays(TODAY, 2) }) });
      expect(fine.statusCode, fine.body).toBe(201);
      expect(await boss.send(FLEET_REMINDERS_QUEUE, {})).toBeTruthy();
      const told = async () => (await q.db.query(`SELECT 1 FROM admin.email WHERE para = $1 AND assunto = 'Frota: Multa a vencer'`, [email])).rows.length;
      const until = Date.now() + 30_000;
      while ((await told()) === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
      expect(await told()).toBe(1);
    } finally {
      await q.close();
    }
  });
});
