// The list keys of the schema format, drawn by the generated list against the real server: flag
// columns (short header, check or dash, Sim/Não in the CSV), each kind of row action (details dialog,
// external link, page link, related rows) with its right and its condition, the configurable
// Ativar/Desativar with its toasts and condition, deleteWhen with its confirmation title, and an
// alias's permanent filter and hidden add button. The holidays (and providers) register lend their
// real table: the test configs add the keys on top of their schemas.
import './setup.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router-dom';
import holidaysSchema from '../../schemas/rh/holidays.json';
import providersSchema from '../../schemas/rh/providers.json';
import ResourceList from '../../src/admin/generator/ResourceList.js';
import { resourceRoutes } from '../../src/admin/routes.js';
import { resourceConfigs } from '../../src/admin/generator/registry.js';
import { aliasConfig, toConfig, type EntitySchema } from '../../src/admin/core/schemas.js';
import { externalHref } from '../../src/admin/generator/SchemaActions.js';
import { isKnownIcon } from '../../src/admin/generator/iconNames.js';
import { setSession } from '../../src/admin/core/session.js';
import { exportCsv } from './csv.js';
import { renderPage, signInAs, startServer, TEST_PASSWORD, type UiServer } from './server.js';

let ui: UiServer;
let seq = 0;

/** A schema file with extra x-intranet keys. */
const extended = (schema: unknown, area: string, extra: Record<string, unknown>) => {
  const copy = JSON.parse(JSON.stringify(schema)) as EntitySchema;
  Object.assign(copy['x-intranet'], extra);
  return toConfig(copy, area);
};

const holidays = extended(holidaysSchema, 'rh', {
  path: '/test/holidays',
  list: { ...(holidaysSchema as any)['x-intranet'].list, flags: { recorrencia_anual: 'REC' } },
  actions: [
    { kind: 'details', label: 'Detalhes', icon: 'info', fields: ['nome', 'tipo', 'uf'] },
    { kind: 'external', label: 'Site', icon: 'language', field: 'uf' },
    // A role right (manage: the module's gestor) and a condition: not on national holidays.
    { kind: 'page', label: 'Abrir', icon: 'open_in_new', to: '/holidays/edit/{id}', right: 'manage', when: { field: 'tipo', op: 'ne', value: 'Nacional' } },
    { kind: 'page', label: 'Só superadmin', icon: 'security', to: '/holidays/edit/{id}', right: 'superadmin', placement: 'end' },
  ],
  toggle: { on: 'Reativar', off: 'Pausar', when: { field: 'recorrencia_anual', op: 'eq', value: true } },
  deleteWhen: { field: 'recorrencia_anual', op: 'eq', value: false },
  messages: {
    toggled: 'Status atualizado com sucesso!',
    toggleError: 'Ocorreu algum erro ao atualizar o status!',
    deleteConfirm: 'Deseja realmente excluir o feriado {nome}?',
    listError: 'Erro ao carregar os feriados',
  },
});
// A switch column whose switching off reaches every provider: it asks first and says what it did.
const switched = extended(holidaysSchema, 'rh', {
  path: '/test/switched',
  list: {
    ...(holidaysSchema as any)['x-intranet'].list,
    switches: {
      recorrencia_anual: {
        on: 'Todo ano',
        off: 'Só um ano',
        confirm: { off: { title: 'Tornar {nome} um feriado de um ano só?', text: 'Vale para todos os provedores do grupo.', message: '{nome} agora vale só um ano, para todos os provedores.' } },
      },
    },
  },
});
const national = aliasConfig(holidays, { path: '/test/national', title: 'Feriados nacionais', filter: { tipo: 'Nacional' }, hideAdd: true });
const regional = aliasConfig(holidays, { path: '/test/regional', title: 'Feriados regionais', filter: { tipo: ['Estadual', 'Municipal'] } });

const providers = extended(providersSchema, 'rh', {
  path: '/test/providers',
  actions: [{ kind: 'related', label: 'Departamentos', icon: 'visibility', resource: 'departments', field: 'id_empresa', show: 'nome', sort: 'nome' }],
});

const routes = [
  ...[holidays, switched, national, regional, providers].map((config) => <Route key={config.path} path={`${config.path}/list`} element={<ResourceList config={config} />} />),
  ...resourceRoutes(resourceConfigs),
];
const open = (path: string) => renderPage(ui.baseUrl, path, routes);

/** A holiday of its own (a unique name); answers its id. */
async function holiday(nome: string, fields: Record<string, unknown> = {}) {
  const res = await ui.api('POST', '/api/holidays', { nome, data: '04-21', tipo: 'Nacional', ...fields });
  expect(res.status).toBe(201);
  return res.json.id as number;
}

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;
/** The names of a row's actions (the buttons and links of its last cell), in order. */
const controls = (row: HTMLElement) => [...row.querySelectorAll('td:last-child a, td:last-child button')].map((el) => el.getAttribute('aria-label') || el.textContent);

async function signedInWith(papeis: string[]) {
  const email = `acoes${++seq}@teste.com.br`;
  await ui.createUser({ email, papeis });
  await signInAs(ui.baseUrl, email, TEST_PASSWORD);
}

beforeAll(async () => {
  ui = await startServer();
});

afterEach(() => {
  setSession({ token: ui.server.adminToken, roles: ['users:superadmin'] });
});

afterAll(async () => {
  await ui?.close();
});

describe('flag columns', () => {
  it('head the column with the short label (the title as its name), draw a check or a dash, and export Sim/Não under the short label', async () => {
    await holiday('Flag recorrente', { recorrencia_anual: true });
    await holiday('Flag avulso', { recorrencia_anual: false });
    open('/test/holidays/list');
    const header = await screen.findByRole('columnheader', { name: 'Recorrência anual' });
    expect(header.textContent).toBe('REC');
    expect(within(await rowOf('Flag recorrente')).getByRole('img', { name: 'Sim' })).toBeTruthy();
    expect(within(await rowOf('Flag avulso')).getByRole('img', { name: 'Não' })).toBeTruthy();
    const { lines } = await exportCsv();
    const columns = lines[0].split(';');
    const at = columns.indexOf('REC');
    expect(at).toBeGreaterThan(-1);
    expect(lines.find((l) => l.includes('Flag recorrente'))!.split(';')[at]).toBe('Sim');
    expect(lines.find((l) => l.includes('Flag avulso'))!.split(';')[at]).toBe('Não');
  });
});

describe('row actions of the schema', () => {
  it('Detalhes opens a read-only dialog of the fields as tables show them', async () => {
    await holiday('Data Magna de SP', { tipo: 'Estadual', uf: 'SP' });
    open('/test/holidays/list');
    fireEvent.click(within(await rowOf('Data Magna de SP')).getByRole('button', { name: 'Detalhes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Detalhes' });
    expect(within(dialog).getByText('Data Magna de SP', { selector: 'p' })).toBeTruthy();
    const cells = within(dialog)
      .getAllByRole('row')
      .map((r) => r.textContent);
    expect(cells).toEqual(['NomeData Magna de SP', 'TipoEstadual', 'EstadoSP']);
    expect(within(dialog).queryByRole('textbox')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('Site opens the field’s address in a new tab, and is disabled (keeping its tooltip) without one', async () => {
    await holiday('Com endereço', { tipo: 'Estadual', uf: 'MG' });
    await holiday('Sem endereço');
    open('/test/holidays/list');
    const link = within(await rowOf('Com endereço')).getByRole('link', { name: 'Site' });
    expect(link.getAttribute('href')).toBe('https://MG');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    const disabled = within(await rowOf('Sem endereço')).getByRole('button', { name: 'Site' });
    expect((disabled as HTMLButtonElement).disabled).toBe(true);
    fireEvent.mouseOver(disabled.parentElement!);
    expect(await screen.findByRole('tooltip', { name: 'Site' })).toBeTruthy();
  });

  it('an external address is http(s) only: a bare host gets https://, another scheme no link', () => {
    expect(externalHref('www.feira.com.br')).toBe('https://www.feira.com.br');
    expect(externalHref('http://feira.com.br/2026')).toBe('http://feira.com.br/2026');
    expect(externalHref(' https://feira.com.br ')).toBe('https://feira.com.br');
    expect(externalHref('javascript:alert(1)')).toBeNull();
    expect(externalHref('/relativo')).toBeNull();
    expect(externalHref('')).toBeNull();
    expect(externalHref(null)).toBeNull();
  });

  it('a page action links to its screen with the row’s fields, only on rows meeting its condition', async () => {
    const id = await holiday('Aniversário da cidade', { tipo: 'Estadual', uf: 'RJ' });
    await holiday('Nacional sem página');
    open('/test/holidays/list');
    expect(within(await rowOf('Nacional sem página')).queryByRole('link', { name: 'Abrir' })).toBeNull();
    const link = within(await rowOf('Aniversário da cidade')).getByRole('link', { name: 'Abrir' });
    expect(link.getAttribute('href')).toBe(`/holidays/edit/${id}`);
    fireEvent.click(link);
    await waitFor(() => expect((screen.getByRole('textbox', { name: /Nome/ }) as HTMLInputElement).value).toBe('Aniversário da cidade'));
  });

  it('each action shows by its right: the gestor gets the manage one but not the superadmin one, the reader neither', async () => {
    await holiday('Feriado por papel', { tipo: 'Estadual', uf: 'PR' });
    open('/test/holidays/list');
    // The superadmin: every action, the end-placed one after Excluir's place (no Excluir: recurring).
    expect(controls(await rowOf('Feriado por papel'))).toEqual(['Detalhes', 'Site', 'Abrir', 'Editar', 'Pausar', 'Só superadmin']);

    await signedInWith(['rh:gestor']);
    const gestor = open('/test/holidays/list');
    expect(controls(await rowOf('Feriado por papel'))).toEqual(['Detalhes', 'Site', 'Abrir', 'Editar', 'Pausar']);
    gestor.unmount();

    await signedInWith(['rh:leitor']);
    open('/test/holidays/list');
    expect(controls(await rowOf('Feriado por papel'))).toEqual(['Detalhes', 'Site']);
  });

  it('a related action lists the other resource’s rows pointing to the row, in its order, or says there are none', async () => {
    const provider = (await ui.api('POST', '/api/providers', { nome: 'Provedor com áreas' })).json.id;
    await ui.api('POST', '/api/providers', { nome: 'Provedor sem áreas' });
    for (const nome of ['Vendas', 'Financeiro', 'Suporte']) expect((await ui.api('POST', '/api/departments', { nome, id_empresa: provider })).status).toBe(201);
    open('/test/providers/list');
    fireEvent.click(within(await rowOf('Provedor com áreas')).getByRole('button', { name: 'Departamentos' }));
    const dialog = await screen.findByRole('dialog', { name: 'Departamentos' });
    const list = await within(dialog).findByRole('list', { name: 'Departamentos' });
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Financeiro', 'Suporte', 'Vendas']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(within(await rowOf('Provedor sem áreas')).getByRole('button', { name: 'Departamentos' }));
    expect(await within(await screen.findByRole('dialog', { name: 'Departamentos' })).findByText('Nenhum dado encontrado')).toBeTruthy();
  });

  it('every icon the schemas name is one the admin draws', () => {
    const named = resourceConfigs.flatMap((c) => c.actions.map((a) => [c.resource, a.icon] as const)).filter(([, icon]) => icon);
    expect(named.filter(([, icon]) => !isKnownIcon(icon!))).toEqual([]);
  });
});

describe('the configurable toggle and deleteWhen', () => {
  it('Pausar and Reativar switch the toggle’s field with its own toasts, and the dot follows', async () => {
    const id = await holiday('Feriado pausável');
    open('/test/holidays/list');
    let row = await rowOf('Feriado pausável');
    expect(within(row).getByText('Ativo')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Pausar' }));
    expect(await screen.findByText('Status atualizado com sucesso!')).toBeTruthy();
    await waitFor(async () => expect(within(await rowOf('Feriado pausável')).getByText('Inativo')).toBeTruthy());
    expect((await ui.api('GET', `/api/holidays/${id}`)).json.ativo).toBe(false);
    row = await rowOf('Feriado pausável');
    fireEvent.click(within(row).getByRole('button', { name: 'Reativar' }));
    await waitFor(async () => expect(within(await rowOf('Feriado pausável')).getByText('Ativo')).toBeTruthy());
    expect((await ui.api('GET', `/api/holidays/${id}`)).json.ativo).toBe(true);
  });

  it('a refused toggle says the schema’s toggleError', async () => {
    const id = await holiday('Feriado excluído no caminho');
    open('/test/holidays/list');
    const row = await rowOf('Feriado excluído no caminho');
    expect((await ui.api('DELETE', `/api/holidays/${id}`)).status).toBe(200);
    fireEvent.click(within(row).getByRole('button', { name: 'Pausar' }));
    const toast = await screen.findByText('Ocorreu algum erro ao atualizar o status!');
    expect(toast.closest('.RaNotification-error')).not.toBeNull();
  });

  it('rows failing the toggle’s condition show Excluir instead (deleteWhen), confirmed with the schema’s title and the irreversibility warning', async () => {
    const id = await holiday('Feriado avulso a excluir', { recorrencia_anual: false });
    open('/test/holidays/list');
    const row = await rowOf('Feriado avulso a excluir');
    expect(within(row).queryByRole('button', { name: 'Pausar' })).toBeNull();
    fireEvent.click(within(row).getByRole('button', { name: 'Excluir' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Deseja realmente excluir o feriado Feriado avulso a excluir?')).toBeTruthy();
    expect(within(dialog).getByText('Essa ação é IRREVERSÍVEL e não permite a recuperação de dados.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText('Item excluído com sucesso!')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Feriado avulso a excluir')).toBeNull());
    expect((await ui.api('GET', `/api/holidays/${id}`)).status).toBe(404);
  });
});

describe('a toggle that asks first (confirm)', () => {
  it('a switch column asks in the dialog before the direction its confirm names, then toasts its message; the other direction flips at once', async () => {
    const id = await holiday('Feriado do grupo');
    open('/test/switched/list');
    const sw = async () => within(await rowOf('Feriado do grupo')).getByRole('switch', { name: /^Recorrência anual: / });
    expect((await sw()).getAttribute('aria-label')).toBe('Recorrência anual: Todo ano');
    fireEvent.click(await sw());
    const dialog = await screen.findByRole('dialog', { name: 'Tornar Feriado do grupo um feriado de um ano só?' });
    expect(within(dialog).getByText('Vale para todos os provedores do grupo.')).toBeTruthy();
    expect((await ui.api('GET', `/api/holidays/${id}`)).json.recorrencia_anual).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Feriado do grupo agora vale só um ano, para todos os provedores.')).toBeTruthy();
    await waitFor(async () => expect((await sw()).getAttribute('aria-label')).toBe('Recorrência anual: Só um ano'));
    expect((await ui.api('GET', `/api/holidays/${id}`)).json.recorrencia_anual).toBe(false);
    // Switching on declares no confirmation: written at once, with the toggle's toast.
    fireEvent.click(await sw());
    await waitFor(async () => expect((await sw()).getAttribute('aria-label')).toBe('Recorrência anual: Todo ano'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect((await ui.api('GET', `/api/holidays/${id}`)).json.recorrencia_anual).toBe(true);
  });
});

describe('an alias with a filter', () => {
  it('lists only the rows its filter matches, offers no filter on those fields and, with hideAdd, no add button', async () => {
    await holiday('Alias nacional');
    await holiday('Alias estadual', { tipo: 'Estadual', uf: 'BA' });
    open('/test/national/list');
    expect(await screen.findByRole('heading', { level: 1, name: 'Feriados nacionais' })).toBeTruthy();
    await screen.findByText('Alias nacional');
    expect(screen.queryByText('Alias estadual')).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Tipo' })).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Estado' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /NOVO FERIADO/ })).toBeNull();
    // The export reads the same view.
    const { lines } = await exportCsv();
    expect(lines.some((l) => l.includes('Alias nacional'))).toBe(true);
    expect(lines.some((l) => l.includes('Alias estadual'))).toBe(false);
  });

  it('a list of values means any of them; without hideAdd the add button stays', async () => {
    await holiday('Alias regional nacional');
    await holiday('Alias regional estadual', { tipo: 'Estadual', uf: 'CE' });
    open('/test/regional/list');
    await screen.findByText('Alias regional estadual');
    expect(screen.queryByText('Alias regional nacional')).toBeNull();
    expect(screen.getByRole('link', { name: /NOVO FERIADO/ })).toBeTruthy();
  });
});

describe('the list’s load error', () => {
  it('is the schema’s listError when the server refuses the list', async () => {
    await signedInWith(['user']);
    // The session still claims rh:leitor (taken away after sign-in): the screen opens, the server refuses.
    const session = (await import('../../src/admin/core/session.js')).getSession()!;
    setSession({ ...session, roles: ['rh:leitor'] });
    open('/test/holidays/list');
    const toast = await screen.findByText('Erro ao carregar os feriados');
    expect(toast.closest('.RaNotification-error')).not.toBeNull();
  });
});
