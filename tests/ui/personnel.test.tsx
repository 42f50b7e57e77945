// The personnel department's screens (issue 18), generated from schemas/rh/employees.json,
// shutdowns.json and family.json against the real server: the relatives' names input of the family
// form ('Nome completo da pessoa': Enter adds, commas split, duplicates dropped, off while 'Tem
// familiar?' is off), the employees' Desligar opening /shutdowns/register/{id}/{name} with the
// employee filled in, and the saved dismissal.
import './setup.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setSession } from '../../src/admin/core/session.js';
import { pickOption } from './autocomplete.js';
import { renderAdmin, signOutLocally, startServer, type UiServer } from './server.js';

let ui: UiServer;
let A: number;
let dept: number;
const ids: Record<string, number> = {};

async function create(resource: string, body: Record<string, unknown>) {
  const res = await ui.api('POST', `/api/${resource}`, body);
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json as Record<string, any>;
}

async function employee(nome: string) {
  const user = await create('users', { nome, email: `${nome.split(' ')[0].toLowerCase()}.${Date.now()}@pessoal.teste`, papeis: ['user'], id_empresas: [A], funcionario: true });
  return create('employees', { id_usuario: user.id, id_empresa: A, id_departamento: dept, data_admissao: '2019-04-01' });
}

beforeAll(async () => {
  ui = await startServer();
  A = (await create('providers', { nome: 'Bitcom' })).id;
  dept = (await create('departments', { nome: 'Suporte Técnico', id_empresa: A })).id;
  ids.ana = (await employee('Ana Beatriz Prado')).id;
  ids.caio = (await employee('Caio Menezes')).id;
});

afterAll(async () => {
  signOutLocally();
  await ui?.close();
});

afterEach(() => {
  signOutLocally();
  setSession({ token: ui.server.adminToken, roles: ['users:superadmin'] });
});

describe('the relatives form', () => {
  it("adds names on Enter, splits commas, drops duplicates, and is off while 'Tem familiar?' is off", async () => {
    renderAdmin(ui.baseUrl, '/family/register');
    const names = (await screen.findByRole('textbox', { name: 'Nome completo da pessoa' })) as HTMLInputElement;
    expect(names.disabled).toBe(true);
    await pickOption(/^Funcionário/, 'Ana Beatriz Prado');
    fireEvent.click(screen.getByRole('switch', { name: 'Tem familiar?' }));
    await waitFor(() => expect(names.disabled).toBe(false));
    fireEvent.change(names, { target: { value: ' Marcos  Prado , Lúcia Prado' } });
    fireEvent.keyDown(names, { key: 'Enter' });
    fireEvent.change(names, { target: { value: 'marcos prado' } });
    fireEvent.keyDown(names, { key: 'Enter' });
    const chips = () => within(screen.getByRole('list', { name: 'Familiares' })).getAllByRole('listitem').map((c) => c.textContent);
    await waitFor(() => expect(chips()).toEqual(['Marcos Prado', 'Lúcia Prado']));
    expect(names.value).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(async () => {
      const saved = (await ui.api('GET', `/api/family?filter=${encodeURIComponent(JSON.stringify({ id_funcionario: ids.ana }))}`)).json;
      expect(saved).toEqual([expect.objectContaining({ tem_familiar: true, familiares: ['Marcos Prado', 'Lúcia Prado'] })]);
    });
  });
});

describe('dismissing an employee', () => {
  it('Desligar on the employees list opens the register by id and name, with the employee filled in', async () => {
    renderAdmin(ui.baseUrl, '/employees/list');
    const row = (await screen.findByText('Caio Menezes')).closest('tr') as HTMLElement;
    const action = within(row).getByRole('link', { name: 'Desligar' }) as HTMLAnchorElement;
    expect(decodeURIComponent(new URL(action.href).pathname)).toBe(`/shutdowns/register/${ids.caio}/Caio Menezes`);
    fireEvent.click(action);
    expect(await screen.findByDisplayValue('Caio Menezes')).toBeTruthy();
    fireEvent.change(await screen.findByLabelText(/^Data do desligamento/), { target: { value: '30/06/2026' } });
    await pickOption(/^Tipo/, 'Acordo entre as partes');
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Desligamento registrado!')).toBeTruthy();
    const saved = (await ui.api('GET', `/api/shutdowns?filter=${encodeURIComponent(JSON.stringify({ id_funcionario: ids.caio }))}`)).json;
    expect(saved).toEqual([expect.objectContaining({ tipo: 'acordo', data_desligamento: '2026-06-30', status: 'solicitado' })]);
  });
});
