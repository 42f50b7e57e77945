// What the generated form learned from bespoke pages (issue 32), on screen:
// - a read-only field (readOnly) listed in the form is shown on the edit screen as the list shows it
//   (the sponsorship request's protocolo, its decidido_em as DD/MM/AAAA - HH:MM) and never sent back;
// - a register of every provider's rows (providerShared: the FAQ) asks who is not the superadmin for
//   the provider before sending (the bespoke validator of custom-pages/faq is gone);
// - a reference declared sameProvider refuses, before sending, a chosen row of another provider than
//   the record's, with 'Departamento deve ser do mesmo provedor do registro.'.
import './setup.js';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, ResourceContextProvider, SaveButton, SimpleForm, testDataProvider, Toolbar } from 'react-admin';
import { formatDateTime } from '../../src/domain/format.js';
import { MSG } from '../../src/domain/messages.js';
import { i18nProvider } from '../../src/admin/core/i18n/index.js';
import { setSession } from '../../src/admin/core/session.js';
import { SchemaInput } from '../../src/admin/generator/inputs.js';
import { toConfig, type EntitySchema } from '../../src/admin/core/schemas.js';
import { renderAdmin, signInAs, signOutLocally, startServer, TEST_PASSWORD, type UiServer } from './server.js';

let ui: UiServer;
let bitcom: number;

beforeAll(async () => {
  ui = await startServer();
  bitcom = (await ui.api('POST', '/api/providers', { nome: 'Bitcom' })).json.id;
  await ui.api('POST', '/api/faq-categories', { titulo: 'Geral' });
});
afterEach(() => {
  vi.restoreAllMocks();
  signOutLocally();
  setSession({ token: ui.server.adminToken, roles: ['users:superadmin'] });
});
afterAll(async () => {
  signOutLocally();
  await ui?.close();
});

/** The bodies the screens sent with `method` to a URL containing `part`. */
function sentBodies(spy: { mock: { calls: unknown[][] } }, method: string, part: string): Record<string, unknown>[] {
  return spy.mock.calls
    .filter(([url, init]) => String(url).includes(part) && (init as RequestInit | undefined)?.method === method)
    .map(([, init]) => JSON.parse(String((init as RequestInit).body)) as Record<string, unknown>);
}

describe('read-only fields in the edit form', () => {
  it('shows protocolo and decidido_em formatted as in the list, and leaves them out of the update', async () => {
    const created = await ui.api('POST', '/api/sponsorship-requests', {
      id_empresa: bitcom,
      organizacao: 'Associação de Moradores',
      responsavel: 'Ana Souza',
      email: 'ana@moradores.teste',
      telefone: '(11) 98765-4321',
      documento: '123.456.789-09',
      evento: 'Festa junina',
      descricao_evento: 'A festa do bairro.',
      data_evento: '2027-06-20',
      uf: 'SP',
      cidade: 'Campinas',
      publico_estimado: 500,
      pedido: 'Brindes',
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const id = created.json.id as number;
    await ui.server.db.query(`UPDATE marketing.patrocinio_solicitacao SET protocolo = 'PAT-2026-0001', decidido_em = '2026-11-05T13:00:00Z' WHERE id = $1`, [id]);
    const spy = vi.spyOn(globalThis, 'fetch');
    renderAdmin(ui.baseUrl, `/marketing/sponsorship/solicitations/edit/${id}`);
    const protocol = await screen.findByRole('group', { name: 'Protocolo' });
    await waitFor(() => expect(protocol.textContent).toContain('PAT-2026-0001'));
    const decided = screen.getByRole('group', { name: 'Decidida em' });
    const shown = formatDateTime('2026-11-05T13:00:00Z');
    expect(shown).toMatch(/^05\/11\/2026 - \d{2}:\d{2}$/);
    await waitFor(() => expect(decided.textContent).toContain(shown));
    // A value, not an input.
    expect(within(protocol).queryByRole('textbox')).toBeNull();
    const city = (await screen.findByLabelText(/^Cidade/)) as HTMLInputElement;
    await waitFor(() => expect(city.value).toBe('Campinas'));
    fireEvent.change(city, { target: { value: 'Valinhos' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(sentBodies(spy, 'PUT', `/api/sponsorship-requests/${id}`)).toHaveLength(1));
    const body = sentBodies(spy, 'PUT', `/api/sponsorship-requests/${id}`)[0];
    expect(body.cidade).toBe('Valinhos');
    for (const field of ['protocolo', 'decidido_em', 'created_at', 'anexos', 'id']) expect(body, field).not.toHaveProperty(field);
    const { rows } = await ui.server.db.query('SELECT protocolo, cidade FROM marketing.patrocinio_solicitacao WHERE id = $1', [id]);
    await waitFor(async () => expect((await ui.server.db.query('SELECT cidade FROM marketing.patrocinio_solicitacao WHERE id = $1', [id])).rows[0].cidade).toBe('Valinhos'));
    expect(rows[0].protocolo).toBe('PAT-2026-0001');
  });
});

describe('a register of every provider (providerShared)', () => {
  it('asks an HR manager for the provider before sending, and not the superadmin', async () => {
    const email = 'gestor@regras-form.teste';
    await ui.createUser({ email, papeis: ['rh:gestor'], id_empresas: [bitcom], funcionario: true });
    await signInAs(ui.baseUrl, email, TEST_PASSWORD);
    const spy = vi.spyOn(globalThis, 'fetch');
    renderAdmin(ui.baseUrl, '/faq/register');
    fireEvent.click(await screen.findByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(MSG.sharedProviderNeeded)).toBeTruthy();
    // The refused submit's toast is the required fields' one, and nothing was sent.
    expect(await screen.findByText(MSG.requiredForm)).toBeTruthy();
    expect(sentBodies(spy, 'POST', '/api/faq')).toEqual([]);
    signOutLocally();
    setSession({ token: ui.server.adminToken, roles: ['users:superadmin'] });
    renderAdmin(ui.baseUrl, '/faq/register');
    fireEvent.click(await screen.findByRole('button', { name: 'Salvar' }));
    await screen.findByText(MSG.requiredForm);
    expect(screen.queryByText(MSG.sharedProviderNeeded)).toBeNull();
  });
});

describe('a sameProvider reference', () => {
  // A register of one provider whose department select is not filtered by it.
  const schema = {
    title: 'Aviso',
    properties: {
      id: { type: 'integer', title: 'ID', readOnly: true },
      id_empresa: { type: 'integer', title: 'Provedor' },
      id_departamento: { type: 'integer', title: 'Departamento' },
    },
    required: ['id_empresa', 'id_departamento'],
    'x-intranet': {
      resource: 'notices',
      table: 'rh.aviso',
      module: 'rh',
      labels: { singular: 'Aviso', plural: 'Avisos' },
      references: { id_empresa: { resource: 'providers', label: 'nome' }, id_departamento: { resource: 'departments', label: 'nome', sameProvider: true } },
      search: [],
      list: { columns: ['id_empresa'], sort: { field: 'id', order: 'ASC' } },
      history: false,
      provider: 'id_empresa',
      access: { list: 'read', get: 'read', create: 'edit', update: 'edit', delete: 'manage' },
    },
  } as unknown as EntitySchema;
  const config = toConfig(schema, 'rh');
  const departments = [
    { id: 1, nome: 'Comercial', id_empresa: 1 },
    { id: 2, nome: 'Financeiro', id_empresa: 2 },
    { id: 3, nome: 'Do grupo', id_empresa: null },
  ];
  const dataProvider = testDataProvider({
    getList: async (resource: string) => (resource === 'departments' ? { data: departments, total: departments.length } : { data: [{ id: 1, nome: 'Bitcom' }], total: 1 }),
    getMany: async (resource: string, { ids }: { ids: unknown[] }) => ({ data: (resource === 'departments' ? departments : [{ id: 1, nome: 'Bitcom' }]).filter((r) => ids.map(String).includes(String(r.id))) }),
  } as never);

  const renderForm = (record: Record<string, unknown>, onSubmit: (data: unknown) => void) =>
    render(
      <AdminContext i18nProvider={i18nProvider} dataProvider={dataProvider}>
        <ResourceContextProvider value="notices">
          <SimpleForm
            record={record}
            onSubmit={onSubmit}
            toolbar={
              <Toolbar>
                <SaveButton alwaysEnable />
              </Toolbar>
            }
          >
            <SchemaInput config={config} field="id_departamento" />
          </SimpleForm>
        </ResourceContextProvider>
      </AdminContext>,
    );

  it("refuses a department of another provider before sending, with the one pt-BR message", async () => {
    const onSubmit = vi.fn();
    renderForm({ id: 9, id_empresa: 1, id_departamento: 2 }, onSubmit);
    await waitFor(() => expect((screen.getByRole('combobox', { name: /Departamento/ }) as HTMLInputElement).value).toBe('Financeiro'));
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Departamento deve ser do mesmo provedor do registro.')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("takes one of the record's provider, or one of the whole group", async () => {
    for (const department of [1, 3]) {
      const onSubmit = vi.fn();
      const { unmount } = renderForm({ id: 9, id_empresa: 1, id_departamento: department }, onSubmit);
      await waitFor(() => expect((screen.getByRole('combobox', { name: /Departamento/ }) as HTMLInputElement).value).toBe(department === 1 ? 'Comercial' : 'Do grupo'));
      fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
      await waitFor(() => expect(onSubmit).toHaveBeenCalled());
      expect(screen.queryByText(MSG.sameProvider('Departamento'))).toBeNull();
      unmount();
    }
  });
});
