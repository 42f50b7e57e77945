// Fleet requests in the admin against the real server: the requests home (/requests/home) of a plain
// employee (their own requests of the three kinds, the pending first, the new-request buttons) and of
// a fleet manager (everyone's of the provider, with the requester); the incident request form's
// vehicle offered from the employee's providers (GET v1/solicitacoes/veiculos) without the fleet's
// decision fields; an approved request's edit screen naming the reserved vehicle to its requester.
import './setup.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderAdmin, signInAs, signOutLocally, startServer, TEST_PASSWORD, type UiServer } from './server.js';
import { optionsOf, pickOption } from './autocomplete.js';

let ui: UiServer;
let A: number;
let B: number;
let ana: number;
let vehicle: number;
let approved: number;

const asUser = (userId: number) => ({ userId, providerIds: [A], ownerId: userId });

beforeAll(async () => {
  ui = await startServer();
  A = (await ui.api('POST', '/api/providers', { nome: 'Bitcom' })).json.id;
  B = (await ui.api('POST', '/api/providers', { nome: 'Vetorial' })).json.id;
  ana = await ui.createUser({ email: 'ana@bitcom.com.br', nome: 'Ana Lima', papeis: ['user'], funcionario: true, id_empresas: [A] });
  const bruno = await ui.createUser({ email: 'bruno@bitcom.com.br', nome: 'Bruno Dias', papeis: ['user'], funcionario: true, id_empresas: [A] });
  await ui.createUser({ email: 'frota@bitcom.com.br', nome: 'Gina Gestora', papeis: ['frota:gestor', 'user'], funcionario: true, id_empresas: [A] });
  vehicle = (await ui.api('POST', '/api/vehicles', { placa: 'ABC1D23', marca: 'Fiat', modelo: 'Strada', ano: 2022, tipo: 'utilitario', id_empresa: A })).json.id;
  expect((await ui.api('POST', '/api/vehicles', { placa: 'XYZ9K87', marca: 'Renault', modelo: 'Kwid', ano: 2023, tipo: 'carro', id_empresa: B })).status).toBe(201);
  const driver = (await ui.api('POST', '/api/drivers', { id_empresa: A, id_usuario: bruno, cnh_numero: '12345678901', cnh_categoria: 'B', cnh_emissao: '2020-01-10', cnh_validade: '2034-01-10' })).json.id;
  const resources = ui.server.app.resources;
  const requests = resources.get('vehicle-requests');
  await resources.create(requests, { data_inicio: '2026-05-04T11:00:00.000Z', data_fim: '2026-05-04T20:00:00.000Z', destino: 'Caucaia', finalidade: 'Visita técnica' }, asUser(ana));
  approved = ((await resources.create(requests, { data_inicio: '2026-05-10T11:00:00.000Z', data_fim: '2026-05-10T20:00:00.000Z', destino: 'Sobral', finalidade: 'Ativação do POP' }, asUser(ana))) as { id: number }).id;
  expect((await ui.api('PUT', `/api/vehicle-requests/${approved}`, { status: 'aprovada', id_veiculo: vehicle, id_motorista: driver })).status).toBe(200);
  await resources.create(requests, { data_inicio: '2026-05-12T11:00:00.000Z', data_fim: '2026-05-12T20:00:00.000Z', destino: 'Maracanaú', finalidade: 'Entrega' }, asUser(bruno));
});

afterAll(async () => {
  await ui?.close();
});

beforeEach(() => signOutLocally());

const section = (name: string) => screen.getByRole('region', { name });
const rowsOf = (name: string) => within(section(name)).getAllByRole('row').slice(1);

describe('the requests home', () => {
  it('an employee sees their own requests, the pending first, and the buttons to new ones', async () => {
    await signInAs(ui.baseUrl, 'ana@bitcom.com.br', TEST_PASSWORD);
    renderAdmin(ui.baseUrl, '/requests/home');
    await waitFor(() => expect(rowsOf('Veículos')).toHaveLength(2), { timeout: 40_000 });
    const rows = rowsOf('Veículos');
    expect(within(rows[0]).getByText('Pendente')).toBeTruthy();
    expect(rows[0].textContent).toContain('Caucaia');
    expect(within(rows[1]).getByText('Aprovada')).toBeTruthy();
    expect(rows[1].textContent).toContain('ABC1D23 — Fiat Strada');
    expect(screen.queryByText(/Maracanaú/)).toBeNull();
    expect(within(section('Veículos')).queryByRole('columnheader', { name: 'Solicitante' })).toBeNull();
    expect(within(section('Veículos')).getByRole('link', { name: 'Solicitar veículo' }).getAttribute('href')).toBe('/requests/vehicle/register');
    expect(within(section('Sinistros')).getByRole('link', { name: 'Relatar sinistro' }).getAttribute('href')).toBe('/requests/incidents-vehicle/register');
    expect(within(section('Manutenções')).getByRole('link', { name: 'Solicitar manutenção' }).getAttribute('href')).toBe('/requests/maintenance-vehicle/register');
    expect(within(section('Sinistros')).getByText('Nenhuma solicitação por aqui.')).toBeTruthy();
  });

  it("a fleet manager sees the provider's requests with their requesters, the pending first", async () => {
    await signInAs(ui.baseUrl, 'frota@bitcom.com.br', TEST_PASSWORD);
    renderAdmin(ui.baseUrl, '/requests/home');
    await waitFor(() => expect(rowsOf('Veículos')).toHaveLength(3), { timeout: 40_000 });
    const statuses = rowsOf('Veículos').map((r) => within(r).getAllByRole('cell').at(-1)!.textContent);
    expect(statuses).toEqual(['Pendente', 'Pendente', 'Aprovada']);
    expect(within(section('Veículos')).getByRole('columnheader', { name: 'Solicitante' })).toBeTruthy();
    expect(rowsOf('Veículos')[0].textContent).toContain('Bruno Dias');
  });
});

describe('the request screens of an employee', () => {
  it("the incident request's vehicle comes from the employee's providers; the fleet's decision is not theirs to fill", async () => {
    await signInAs(ui.baseUrl, 'ana@bitcom.com.br', TEST_PASSWORD);
    renderAdmin(ui.baseUrl, '/requests/incidents-vehicle/register');
    await screen.findByRole('combobox', { name: /^Veículo/ }, { timeout: 40_000 });
    await waitFor(async () => expect(await optionsOf(/^Veículo/)).toEqual(['ABC1D23 — Fiat Strada']), { timeout: 15_000 });
    expect(screen.queryByRole('combobox', { name: /^Situação/ })).toBeNull();
    expect(screen.queryByRole('textbox', { name: /^Motivo da recusa/ })).toBeNull();
    await pickOption(/^Veículo/, 'ABC1D23 — Fiat Strada');
    fireEvent.change(screen.getByRole('textbox', { name: /^Data e hora/ }), { target: { value: '02/04/2026 - 10:30' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Local/ }), { target: { value: 'Estacionamento da sede' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^O que aconteceu/ }), { target: { value: 'Retrovisor quebrado.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Solicitação de sinistro cadastrada com sucesso!', undefined, { timeout: 15_000 })).toBeTruthy();
    const { rows } = await ui.server.db.query(`SELECT id_usuario, id_empresa, id_veiculo, placa, status FROM frota.solicitacao_sinistro`);
    expect(rows).toEqual([{ id_usuario: ana, id_empresa: A, id_veiculo: vehicle, placa: 'ABC1D23', status: 'pendente' }]);
  });

  it('an approved request names the reserved vehicle and driver to its requester', async () => {
    await signInAs(ui.baseUrl, 'ana@bitcom.com.br', TEST_PASSWORD);
    renderAdmin(ui.baseUrl, `/requests/vehicle/edit/${approved}`);
    // Shown as the record's value (and, once loaded, in its history too).
    expect((await screen.findAllByText('ABC1D23 — Fiat Strada', undefined, { timeout: 40_000 })).length).toBeGreaterThan(0);
    expect(screen.getAllByText('Bruno Dias').length).toBeGreaterThan(0);
    expect(screen.queryByRole('combobox', { name: /^Situação/ })).toBeNull();
  });
});
