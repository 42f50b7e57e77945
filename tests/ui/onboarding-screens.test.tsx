// Onboarding screens against the real server (HR document, sections 2 to 9): the register stepper
// (step 2 needs title and provider; a provider with one department and a department with one
// position pre-select them; the trail order buttons; Salvar creates and links in that order), the
// list's row actions and deletion, the report's tabs and counters, and the HR home's cards.
import './setup.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { Admin, CustomRoutes, memoryStore } from 'react-admin';
import { createDataProvider } from '../../src/admin/dataProvider.js';
import { resourceModules } from '../../src/admin/generator/registry.js';
import { i18nProvider } from '../../src/admin/i18n/index.js';
import { ApiBaseContext } from '../../src/admin/auth/context.js';
import { customPageRoutes } from '../../src/admin/customPages.js';
import { MSG } from '../../src/domain/messages.js';
import { ONBOARDING_MSG } from '../../src/domain/onboarding.js';
import { rowActions } from '../../custom-pages/onboarding/OnboardingList.js';
import { visibleHrSections } from '../../custom-pages/hr-home/cards.js';
import { renderAdmin, startServer, type UiServer } from './server.js';

let ui: UiServer;
let A: number;
let org: { department: number; sector: number; position: number };
const trails: Record<string, number> = {};

async function organisation(provider: number, tag: string) {
  const department = (await ui.api('POST', '/api/departments', { nome: `Depto ${tag}`, id_empresa: provider })).json.id;
  const sector = (await ui.api('POST', '/api/sectors', { nome: `Setor ${tag}`, id_departamento: department })).json.id;
  const position = (await ui.api('POST', '/api/positions', { nome: `Cargo ${tag}`, id_setor: sector })).json.id;
  return { department, sector, position };
}

beforeAll(async () => {
  ui = await startServer();
  A = (await ui.api('POST', '/api/providers', { nome: 'Bitcom' })).json.id;
  await ui.api('POST', '/api/providers', { nome: 'Vetorial' });
  org = await organisation(A, 'Técnico');
  for (const nome of ['Boas-vindas', 'Segurança', 'Sistemas']) trails[nome] = (await ui.api('POST', '/api/trails', { nome })).json.id;
});

afterAll(async () => {
  await ui?.close();
});

/**
 * The custom pages alone in react-admin (same data provider, i18n and server as the app), so that
 * the screens are tested even where a generated route of the same path would answer first.
 */
function renderPage(path: string) {
  const dataProvider = createDataProvider(`${ui.baseUrl}/api`, resourceModules);
  return render(
    <MemoryRouter initialEntries={[path]}>
      <ApiBaseContext.Provider value={ui.baseUrl}>
        <Admin dataProvider={dataProvider} i18nProvider={i18nProvider} store={memoryStore()} disableTelemetry>
          <CustomRoutes>{customPageRoutes(false)}</CustomRoutes>
        </Admin>
      </ApiBaseContext.Provider>
    </MemoryRouter>,
  );
}

/** Opens a MUI select by its label and picks an option. */
async function choose(label: RegExp, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

const selectedNames = () =>
  within(screen.getByTestId('selected-list'))
    .getAllByRole('listitem')
    .map((li) => li.textContent);

describe('register stepper', () => {
  it('needs title and provider to move on, pre-selects the only department and position, orders trails and saves', async () => {
    renderPage('/human-resources/onboarding/register');
    const next = await screen.findByRole('button', { name: 'Próximo' });
    // The status starts active.
    expect((screen.getByRole('switch') as HTMLInputElement).checked ?? (screen.getByRole('checkbox') as HTMLInputElement).checked).toBe(true);

    fireEvent.click(next);
    expect(await screen.findAllByText(MSG.required)).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Salvar' })).toBeNull();

    fireEvent.change(screen.getByRole('textbox', { name: /Título/ }), { target: { value: 'Integração de suporte' } });
    fireEvent.click(next);
    await waitFor(() => expect(screen.getAllByText(MSG.required)).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Salvar' })).toBeNull();

    await waitFor(() => expect(screen.getByRole('combobox', { name: /Provedor/ })).toBeTruthy());
    await choose(/Provedor/, 'Bitcom');
    // Bitcom has one department, which has one position: both pre-selected.
    await waitFor(() => expect(screen.getByRole('combobox', { name: /Departamento/ }).textContent).toContain('Depto Técnico'));
    await waitFor(() => expect(screen.getByRole('combobox', { name: /Cargo/ }).textContent).toContain('Cargo Técnico'));

    fireEvent.click(screen.getByRole('button', { name: 'Próximo' }));
    expect(await screen.findByRole('button', { name: 'Salvar' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Voltar' })).toBeTruthy();

    for (const name of ['Boas-vindas', 'Segurança', 'Sistemas']) fireEvent.click(await screen.findByRole('button', { name: `Adicionar ${name}` }));
    expect(selectedNames()).toEqual(['1. Boas-vindas', '2. Segurança', '3. Sistemas']);
    // The first cannot go up, the last cannot go down.
    expect((screen.getByRole('button', { name: 'Mover Boas-vindas para cima' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Mover Sistemas para baixo' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Mover Segurança para cima' }) as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Mover Sistemas para cima' }));
    expect(selectedNames()).toEqual(['1. Boas-vindas', '2. Sistemas', '3. Segurança']);
    fireEvent.click(screen.getByRole('button', { name: 'Mover Boas-vindas para baixo' }));
    expect(selectedNames()).toEqual(['1. Sistemas', '2. Boas-vindas', '3. Segurança']);
    fireEvent.click(screen.getByRole('button', { name: 'Remover Segurança' }));
    expect(selectedNames()).toEqual(['1. Sistemas', '2. Boas-vindas']);

    // Voltar keeps the data.
    fireEvent.click(screen.getByRole('button', { name: 'Voltar' }));
    expect(((await screen.findByRole('textbox', { name: /Título/ })) as HTMLInputElement).value).toBe('Integração de suporte');
    fireEvent.click(screen.getByRole('button', { name: 'Próximo' }));
    expect(selectedNames()).toEqual(['1. Sistemas', '2. Boas-vindas']);

    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(ONBOARDING_MSG.trailsLinked)).toBeTruthy();
    // Back on the list, with the new onboarding.
    expect(await screen.findByText('Integração de suporte')).toBeTruthy();

    const saved = await ui.api('POST', '/v1/onboarding/trilha/filtro', { filtro: { titulo: 'Integração de suporte' } });
    const row = saved.json.onboarding_onboarding[0];
    expect(row).toMatchObject({ status: true, id_empresa: A, id_departamento: org.department, id_cargo: org.position });
    expect(row.onboarding_trilhas.sort((a: any, b: any) => a.prioridade - b.prioridade).map((l: any) => [l.id_trilha, l.prioridade])).toEqual([
      [trails['Sistemas'], 1],
      [trails['Boas-vindas'], 2],
    ]);
  });

  it('changing the provider clears department and position', async () => {
    await organisation((await ui.api('GET', '/api/providers?filter={"nome":"Vetorial"}')).json[0].id, 'Vendas');
    renderPage('/human-resources/onboarding/register');
    await screen.findByRole('button', { name: 'Próximo' });
    await waitFor(() => expect(screen.getByRole('combobox', { name: /Provedor/ })).toBeTruthy());
    await choose(/Provedor/, 'Bitcom');
    await waitFor(() => expect(screen.getByRole('combobox', { name: /Cargo/ }).textContent).toContain('Cargo Técnico'));
    await choose(/Provedor/, 'Vetorial');
    await waitFor(() => expect(screen.getByRole('combobox', { name: /Departamento/ }).textContent).toContain('Depto Vendas'));
    expect(screen.getByRole('combobox', { name: /Departamento/ }).textContent).not.toContain('Técnico');
    await waitFor(() => expect(screen.getByRole('combobox', { name: /Cargo/ }).textContent).toContain('Cargo Vendas'));
  });
});

describe('onboarding list', () => {
  it('shows the status dot, toggles the status and deletes after the irreversible warning', async () => {
    const created = await ui.api('POST', '/v1/rh/trilha/onboarding', { titulo: 'Programa a excluir', id_empresa: A, id_departamento: org.department, id_cargo: org.position });
    expect(created.status).toBe(200);
    renderPage('/human-resources/onboarding/list');
    expect(await screen.findByRole('link', { name: /NOVO ONBOARDING/ })).toBeTruthy();
    const row = (await screen.findByText('Programa a excluir')).closest('tr')!;
    expect(within(row).getByRole('img', { name: 'Ativo' })).toBeTruthy();

    fireEvent.click(within(row).getByRole('button', { name: 'Desativar Programa a excluir' }));
    expect(await screen.findByText(ONBOARDING_MSG.statusUpdated)).toBeTruthy();
    await waitFor(() => expect(within(screen.getByText('Programa a excluir').closest('tr')!).getByRole('img', { name: 'Inativo' })).toBeTruthy());

    fireEvent.click(within(screen.getByText('Programa a excluir').closest('tr')!).getByRole('button', { name: 'Excluir Programa a excluir' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(ONBOARDING_MSG.deleteQuestion)).toBeTruthy();
    expect(within(dialog).getByText(ONBOARDING_MSG.irreversible)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText(ONBOARDING_MSG.deleted)).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Programa a excluir')).toBeNull());
    const gone = await ui.api('POST', '/v1/rh/trilha/onboarding/filtrado', { filtro: { id: created.json.insert_onboarding_onboarding.returning[0].id } });
    expect(gone.json.onboarding_onboarding).toEqual([]);
  });

  it('gives each role the actions of section 6', () => {
    expect(rowActions(['users:superadmin'])).toEqual(['edit', 'toggle', 'linkTrails', 'viewTrails', 'delete']);
    expect(rowActions(['rh:gestor'])).toEqual(['edit', 'toggle', 'linkTrails', 'viewTrails']);
    // HR managers act with their rh role even when their onboarding role is lower.
    expect(rowActions(['rh:gestor', 'onboarding:leitor'])).toEqual(['edit', 'toggle', 'linkTrails', 'viewTrails']);
    expect(rowActions(['onboarding:solicitante'])).toEqual(['linkTrails', 'viewTrails']);
    expect(rowActions(['onboarding:leitor'])).toEqual(['viewTrails']);
  });
});

describe('routes of the app', () => {
  // The register, edit and list paths are also the generated onboardings resource's (schema path
  // /human-resources/onboarding): the bespoke screens must be the ones the app shows.
  it('/human-resources/onboarding/list and /register are the bespoke screens', async () => {
    renderAdmin(ui.baseUrl, '/human-resources/onboarding/register');
    expect(await screen.findByRole('button', { name: 'Próximo' }, { timeout: 15_000 })).toBeTruthy();
  });
});

describe('onboarding report', () => {
  it('counts Pendentes and Concluídos and lists each tab with coloured percents', async () => {
    // A one-content programme; one employee finishes it, another has not started.
    const content = (await ui.api('POST', '/api/contents', { titulo: 'Manual', resumo: 'Leia o manual', texto: '<p>Manual</p>' })).json.id;
    const trail = (await ui.api('POST', '/api/trails', { nome: 'Relatório' })).json.id;
    await ui.api('PUT', `/v1/onboarding/trilha/${trail}/conteudos`, { conteudos: [content] });
    const org2 = await organisation(A, 'Relatório');
    const created = await ui.api('POST', '/v1/rh/trilha/onboarding', { titulo: 'Programa do relatório', id_empresa: A, id_departamento: org2.department, id_cargo: org2.position });
    const id = created.json.insert_onboarding_onboarding.returning[0].id;
    await ui.api('PUT', `/v1/onboarding/${id}/trilhas`, { trilhas: [trail] });
    const employee = async (nome: string) => {
      const token = await ui.server.userToken({ nome, papeis: ['user'], id_empresas: [A], funcionario: true, id_cargo: org2.position } as any);
      return token;
    };
    const done = await employee('Daniela Concluída');
    await employee('Paulo Pendente');
    const asEmployee = (path: string, body: unknown) =>
      fetch(`${ui.baseUrl}${path}`, { method: 'POST', headers: { authorization: `Bearer ${done}`, 'x-intranet-role': 'user', 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const ids = { id_conteudo: content, id_onboarding: id, id_trilha: trail };
    expect((await asEmployee('/v1/onboarding/conteudo/inicio', { ...ids, data_inicio: new Date().toISOString() })).status).toBe(200);
    expect((await asEmployee('/v1/onboarding/conteudo/concluir', { ...ids, data_fim: new Date().toISOString() })).status).toBe(200);

    const counters = (await ui.api('POST', '/v1/onboarding/relatorio/contador', { filtro: {} })).json;
    renderAdmin(ui.baseUrl, '/human-resources/onboarding/report');
    const pending = await screen.findByRole('tab', { name: `Pendentes (${counters.pendentes})` });
    expect(screen.getByRole('tab', { name: `Concluídos (${counters.concluidos})` })).toBeTruthy();
    expect(counters.concluidos).toBeGreaterThanOrEqual(1);
    expect(pending.getAttribute('aria-selected')).toBe('true');
    const pendingRow = (await screen.findByText('Paulo Pendente')).closest('tr')!;
    expect(within(pendingRow).getByText('Programa do relatório')).toBeTruthy();
    const percent = within(pendingRow).getByText('0%');
    expect(percent.getAttribute('data-tone')).toBe('negative');
    expect(screen.queryByText('Daniela Concluída')).toBeNull();

    fireEvent.click(screen.getByRole('tab', { name: /Concluídos/ }));
    const doneRow = (await screen.findByText('Daniela Concluída')).closest('tr')!;
    expect(within(doneRow).getByText('100%').getAttribute('data-tone')).toBe('positive');
    expect(screen.queryByText('Paulo Pendente')).toBeNull();
  });
});

describe('HR home', () => {
  it('shows every card to the superadmin, grouped in the five sections', async () => {
    renderAdmin(ui.baseUrl, '/human-resources/home');
    for (const s of ['Departamento Pessoal', 'Trabalhe Conosco', 'Onboarding', 'Relatórios', 'Configurações básicas'])
      expect(await screen.findByRole('region', { name: s })).toBeTruthy();
    const onboarding = screen.getByRole('region', { name: 'Onboarding' });
    expect(within(onboarding).getByRole('link', { name: /Onboarding/ }).getAttribute('href')).toBe('/human-resources/onboarding/list');
    expect(within(screen.getByRole('region', { name: 'Relatórios' })).getAllByRole('link')).toHaveLength(11);
  });

  it('shows cards by role (section 6)', () => {
    const titles = (roles: string[]) => visibleHrSections(roles).map((s) => `${s.title}: ${s.cards.map((c) => c.title).join(', ')}`);
    expect(titles(['onboarding:solicitante'])).toEqual(['Onboarding: Onboarding, Trilha, Conteúdo', 'Relatórios: Onboarding']);
    expect(titles(['desligamentos:solicitante'])).toEqual(['Departamento Pessoal: Desligamentos']);
    // Banco de Currículos needs the talent-bank role; the section needs the talent-bank or HR module.
    expect(titles(['banco_talentos:solicitante'])).toEqual(['Trabalhe Conosco: Banco de Currículos']);
    expect(titles(['rh:solicitante'])).toEqual(['Onboarding: Onboarding, Trilha, Conteúdo', 'Relatórios: Onboarding']);
    expect(titles(['rh:gestor']).length).toBe(5);
    expect(titles(['user'])).toEqual([]);
  });
});
