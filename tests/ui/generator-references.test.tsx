// References in the generated lists, against the real server: a reference column sorts by the name
// it shows (the server orders by the referenced record's label), a column path through references
// shows and sorts by where a row belongs (a position's provider, through its sector and department),
// and reference options whose names repeat across providers name their provider.
import './setup.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { exportCsv } from './csv.js';
import { renderAdmin, startServer, type UiServer } from './server.js';

let ui: UiServer;

async function create(resource: string, body: object) {
  const r = await ui.api('POST', `/api/${resource}`, body);
  expect(r.status, JSON.stringify(r.json)).toBe(201);
  return r.json.id as number;
}

beforeAll(async () => {
  ui = await startServer();
  // Ids unlike the names' order, and a 'Campo' sector at two providers.
  const vetorial = await create('providers', { nome: 'Vetorial' });
  const bitcom = await create('providers', { nome: 'Bitcom' });
  const razao = await create('providers', { nome: 'RazãoInfo' });
  const suporteBitcom = await create('departments', { nome: 'Suporte', id_empresa: bitcom });
  const suporteRazao = await create('departments', { nome: 'Suporte', id_empresa: razao });
  const comercialVetorial = await create('departments', { nome: 'Comercial', id_empresa: vetorial });
  const vendas = await create('sectors', { nome: 'Vendas', id_departamento: suporteBitcom });
  const campoBitcom = await create('sectors', { nome: 'Campo', id_departamento: suporteBitcom });
  const campoRazao = await create('sectors', { nome: 'Campo', id_departamento: suporteRazao });
  const atendimento = await create('sectors', { nome: 'Atendimento', id_departamento: comercialVetorial });
  await create('positions', { nome: 'Técnico Campo', id_setor: campoBitcom });
  await create('positions', { nome: 'Ajudante', id_setor: vendas });
  await create('positions', { nome: 'Consultor', id_setor: atendimento });
  await create('positions', { nome: 'Técnico II', id_setor: campoRazao });
});

afterAll(async () => ui?.close());

const rows = () => screen.getAllByRole('row').slice(1);
/** A column's header (clicking it sorts). */
const header = (name: string) => within(screen.getAllByRole('row')[0]).getByText(name);
/** The text of each row's cell under a header. */
const column = (header: string) => {
  const headers = within(screen.getAllByRole('row')[0]).getAllByRole('columnheader').map((h) => h.textContent?.trim());
  const index = headers.indexOf(header);
  expect(index, `${header} in ${headers.join(', ')}`).toBeGreaterThanOrEqual(0);
  return rows().map((r) => within(r).getAllByRole('cell')[index].textContent);
};

describe('reference columns', () => {
  it('sort by the name they show, not by the stored id', async () => {
    renderAdmin(ui.baseUrl, '/positions/list');
    await screen.findByText('Técnico Campo');
    expect(column('Nome')).toEqual(['Ajudante', 'Consultor', 'Técnico Campo', 'Técnico II']);
    expect(column('Setor')).toEqual(['Vendas', 'Atendimento', 'Campo', 'Campo']);
    fireEvent.click(header('Setor'));
    await waitFor(() => expect(column('Setor')).toEqual(['Atendimento', 'Campo', 'Campo', 'Vendas']));
    // Equal names keep the sector's id order (Bitcom's Campo was created first).
    expect(column('Nome')).toEqual(['Consultor', 'Técnico Campo', 'Técnico II', 'Ajudante']);
    fireEvent.click(header('Setor'));
    await waitFor(() => expect(column('Setor')).toEqual(['Vendas', 'Campo', 'Campo', 'Atendimento']));
    expect(column('Nome')).toEqual(['Ajudante', 'Técnico II', 'Técnico Campo', 'Consultor']);
  });
});

/** The options of a list filter's select, as offered. */
async function filterOptions(label: RegExp) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  await waitFor(() => expect(screen.getAllByRole('option').length).toBeGreaterThan(1));
  return screen.getAllByRole('option').map((o) => o.textContent);
}

describe('where a row belongs', () => {
  it("positions show their provider (sector -> department -> provider), sortable, exported, and the sector filter names each 'Campo' provider", async () => {
    renderAdmin(ui.baseUrl, '/positions/list');
    await screen.findByText('Técnico Campo');
    await waitFor(() => expect(column('Provedor')).toEqual(['Bitcom', 'Vetorial', 'Bitcom', 'RazãoInfo']));
    fireEvent.click(header('Provedor'));
    await waitFor(() => expect(column('Nome')).toEqual(['Ajudante', 'Técnico Campo', 'Técnico II', 'Consultor']));
    expect(column('Provedor')).toEqual(['Bitcom', 'Bitcom', 'RazãoInfo', 'Vetorial']);

    const { lines } = await exportCsv();
    expect(lines[0]).toBe('Nome;Setor;Provedor;Status');
    expect(lines.slice(1)).toEqual(['Ajudante;Vendas;Bitcom;Ativo', 'Técnico Campo;Campo;Bitcom;Ativo', 'Técnico II;Campo;RazãoInfo;Ativo', 'Consultor;Atendimento;Vetorial;Ativo']);

    // Names that repeat name their provider; the others stay as they are.
    await waitFor(async () => expect(await filterOptions(/^Setor/)).toEqual(['Atendimento', 'Campo (Bitcom)', 'Campo (RazãoInfo)', 'Vendas']));
    fireEvent.click(screen.getByRole('option', { name: 'Campo (RazãoInfo)' }));
    await waitFor(() => expect(column('Nome')).toEqual(['Técnico II']));
    expect((screen.getByRole('combobox', { name: /^Setor/ }) as HTMLInputElement).value).toBe('Campo (RazãoInfo)');
  });

  it('sectors show their provider, and the department filter names each Suporte provider', async () => {
    renderAdmin(ui.baseUrl, '/sectors/list');
    await screen.findByText('Atendimento');
    await waitFor(() => expect(column('Provedor')).toEqual(['Vetorial', 'Bitcom', 'RazãoInfo', 'Bitcom']));
    expect(column('Departamento')).toEqual(['Comercial', 'Suporte', 'Suporte', 'Suporte']);
    await waitFor(async () => expect(await filterOptions(/^Departamento/)).toEqual(['Comercial', 'Suporte (Bitcom)', 'Suporte (RazãoInfo)']));
  });
});
