// Onboarding screens against the real server (HR document, sections 2 to 9): the register stepper
// (step 2 needs title and provider; a provider with one department and a department with one
// position pre-select them; the trail order by buttons and by drag and drop; Salvar creates and links
// in that order, in one transaction), the generated list's add button, row actions by role (section
// 6: schemas/onboarding/onboardings.json), status toggle, trails dialog and deletion,
// the report's tabs and counters (and a solicitante's department), and the HR home's cards.
import './setup.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MSG } from '../../src/domain/messages.js';
import { ONBOARDING_MSG } from '../../src/domain/onboarding.js';
import { visibleHrSections } from '../../custom-pages/hr-home/cards.js';
import { setSession } from '../../src/admin/core/session.js';
import { renderAdmin, renderPage, signInAs, startServer, TEST_PASSWORD, type UiServer } from './server.js';

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

/** Opens a MUI select by its label and picks an option. */
async function choose(label: RegExp, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

const selectedNames = () =>
  within(screen.getByTestId('selected-list'))
    .getAllByRole('listitem')
    .map((li) => li.textContent);

/** Drags the chosen item shown as `from` and drops it on the one shown as `to` (HTML5 drag and drop). */
function drag(from: string, to: string) {
  const list = screen.getByTestId('selected-list');
  const source = within(list).getByText(from).closest('li')!;
  const target = within(list).getByText(to).closest('li')!;
  fireEvent.dragStart(source);
  fireEvent.dragEnter(target);
  fireEvent.dragOver(target);
  fireEvent.drop(target);
  fireEvent.dragEnd(source);
}

describe('register stepper', () => {
  it('needs title and provider to move on, pre-selects the only department and position, orders trails and saves', async () => {
    // The whole app: Salvar goes on to the generated list.
    renderAdmin(ui.baseUrl, '/human-resources/onboarding/register');
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

    // Drag and drop: Segurança, added last, dropped on the first place; then Boas-vindas onto Segurança's.
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar Segurança' }));
    expect(selectedNames()).toEqual(['1. Sistemas', '2. Boas-vindas', '3. Segurança']);
    drag('3. Segurança', '1. Sistemas');
    expect(selectedNames()).toEqual(['1. Segurança', '2. Sistemas', '3. Boas-vindas']);
    drag('3. Boas-vindas', '2. Sistemas');
    expect(selectedNames()).toEqual(['1. Segurança', '2. Boas-vindas', '3. Sistemas']);
    drag('1. Segurança', '3. Sistemas');
    expect(selectedNames()).toEqual(['1. Boas-vindas', '2. Sistemas', '3. Segurança']);
    fireEvent.click(screen.getByRole('button', { name: 'Remover Segurança' }));

    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(ONBOARDING_MSG.trailsLinked)).toBeTruthy();
    // Back on the list, with the new onboarding.
    expect(await screen.findByText('Integração de suporte')).toBeTruthy();

    const saved = await ui.api('POST', '/v1/onboarding/trilha/filtro', { filtro: { titulo: 'Integração de suporte' } });
    const row = saved.json.onboarding_onboarding[0];
    expect(row).toMatchObject({ status: true, id_empresa: A, id_departamento: org.department, id_cargo: org.position });
    expect(row.onboarding_trilhas.sort((a: any, b: any) => a.prioridade - b.prioridade).map((l: any) => [l.id_trilha, l.prioridade])).toEqual([
      [trails['Boas-vindas'], 1],
      [trails['Sistemas'], 2],
    ]);
  });

  it('Salvar saves the onboarding and its trails in one transaction: a trail gone meanwhile leaves nothing behind', async () => {
    const gone = (await ui.api('POST', '/api/trails', { nome: 'Trilha removida' })).json.id;
    renderPage(ui.baseUrl, '/human-resources/onboarding/register');
    fireEvent.change(await screen.findByRole('textbox', { name: /Título/ }), { target: { value: 'Programa interrompido' } });
    await choose(/Provedor/, 'Bitcom');
    await waitFor(() => expect(screen.getByRole('combobox', { name: /Cargo/ }).textContent).toContain('Cargo Técnico'));
    fireEvent.click(screen.getByRole('button', { name: 'Próximo' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Adicionar Boas-vindas' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Adicionar Trilha removida' }));
    expect((await ui.api('DELETE', `/api/trails/${gone}`)).status).toBe(200);
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(ONBOARDING_MSG.createError)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Salvar' })).toBeTruthy();
    const saved = await ui.api('POST', '/v1/onboarding/trilha/filtro', { filtro: { titulo: 'Programa interrompido' } });
    expect(saved.json.onboarding_onboarding).toEqual([]);
  });

  it('changing the provider clears department and position', async () => {
    await organisation((await ui.api('GET', '/api/providers?filter={"nome":"Vetorial"}')).json[0].id, 'Vendas');
    renderPage(ui.baseUrl, '/human-resources/onboarding/register');
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

/** An onboarding of provider A made through the documented call, with these trails in order; answers its id. */
async function onboarding(titulo: string, linked: number[] = []) {
  const created = await ui.api('POST', '/v1/rh/trilha/onboarding', {
    titulo,
    id_empresa: A,
    id_departamento: org.department,
    id_cargo: org.position,
    onboarding_trilhas: linked.map((id_trilha, i) => ({ id_trilha, prioridade: i + 1 })),
  });
  expect(created.status).toBe(200);
  return created.json.insert_onboarding_onboarding.returning[0].id as number;
}

const rowOf = async (titulo: string) => (await screen.findByText(titulo)).closest('tr')!;
/** The names of a row's actions (the buttons and links of its last cell), in order. */
const actionsOf = async (titulo: string) =>
  [...(await rowOf(titulo)).querySelectorAll('td:last-child a, td:last-child button')].map((el) => el.getAttribute('aria-label') || el.textContent);

describe('onboarding list (generated from the schema)', () => {
  it('shows the status dot, toggles the status and deletes after the irreversible warning, unlinking its trails', async () => {
    const id = await onboarding('Programa a excluir', [trails['Boas-vindas'], trails['Sistemas']]);
    renderAdmin(ui.baseUrl, '/human-resources/onboarding/list');
    expect(await screen.findByRole('link', { name: /NOVO ONBOARDING/ })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Onboarding' })).toBeTruthy();
    let row = await rowOf('Programa a excluir');
    expect(within(row).getByText('Ativo')).toBeTruthy();
    expect(within(row).getByText('Bitcom')).toBeTruthy();

    fireEvent.click(within(row).getByRole('button', { name: 'Desativar' }));
    expect(await screen.findByText('Status do onboarding atualizado com sucesso')).toBeTruthy();
    await waitFor(async () => expect(within(await rowOf('Programa a excluir')).getByText('Inativo')).toBeTruthy());
    row = await rowOf('Programa a excluir');
    expect(within(row).getByRole('button', { name: 'Ativar' })).toBeTruthy();

    fireEvent.click(within(row).getByRole('button', { name: 'Excluir' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Deseja realmente excluir o onboarding?')).toBeTruthy();
    expect(within(dialog).getByText('Essa ação é IRREVERSÍVEL e não permite a recuperação de dados.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText('Onboarding deletado com sucesso')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Programa a excluir')).toBeNull());
    const gone = await ui.api('POST', '/v1/rh/trilha/onboarding/filtrado', { filtro: { id } });
    expect(gone.json.onboarding_onboarding).toEqual([]);
    // The generic delete unlinked its trails first (the onboarding hook), in the same transaction.
    const links = await ui.api('GET', `/api/onboarding-trails?filter=${encodeURIComponent(JSON.stringify({ id_onboarding: id }))}`);
    expect(links.json).toEqual([]);
  });

  it('gives each role the actions of section 6: managers edit and toggle, only the superadmin deletes, solicitantes link, readers view', async () => {
    await onboarding('Programa por papel');
    const roles: [string[], (string | null)[]][] = [
      [['users:superadmin'], ['Associar trilhas', 'Ver trilhas', 'Editar', 'Desativar', 'Excluir']],
      [['rh:gestor'], ['Associar trilhas', 'Ver trilhas', 'Editar', 'Desativar']],
      [['onboarding:gestor'], ['Associar trilhas', 'Ver trilhas', 'Editar', 'Desativar']],
      [['onboarding:solicitante'], ['Associar trilhas', 'Ver trilhas']],
      [['rh:solicitante'], ['Associar trilhas', 'Ver trilhas']],
      [['onboarding:leitor'], ['Ver trilhas']],
    ];
    try {
      for (const [i, [papeis, expected]] of roles.entries()) {
        const email = `papel${i}@teste.com.br`;
        await ui.createUser({ email, papeis, id_empresas: [A] } as any);
        await signInAs(ui.baseUrl, email, TEST_PASSWORD);
        const view = renderAdmin(ui.baseUrl, '/human-resources/onboarding/list');
        expect(await actionsOf('Programa por papel'), papeis.join()).toEqual(expected);
        // NOVO ONBOARDING for who may create one (solicitantes and up).
        expect(Boolean(screen.queryByRole('link', { name: /NOVO ONBOARDING/ })), papeis.join()).toBe(expected.includes('Associar trilhas'));
        view.unmount();
      }
    } finally {
      setSession({ token: ui.server.adminToken, roles: ['users:superadmin'] });
    }
  });

  it('Ver trilhas lists the linked trails in their order, or says there are none; Associar trilhas opens sync-trail/{id}', async () => {
    const id = await onboarding('Programa com trilhas', [trails['Sistemas'], trails['Boas-vindas']]);
    await onboarding('Programa sem trilhas');
    await ui.createUser({ email: 'leitor.trilhas@teste.com.br', papeis: ['onboarding:leitor'], id_empresas: [A] } as any);
    try {
      await signInAs(ui.baseUrl, 'leitor.trilhas@teste.com.br', TEST_PASSWORD);
      const reader = renderAdmin(ui.baseUrl, '/human-resources/onboarding/list');
      fireEvent.click(within(await rowOf('Programa com trilhas')).getByRole('button', { name: 'Ver trilhas' }));
      const dialog = await screen.findByRole('dialog', { name: 'Ver trilhas' });
      const list = await within(dialog).findByRole('list', { name: 'Ver trilhas' });
      await waitFor(() => expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Sistemas', 'Boas-vindas']));
      fireEvent.click(within(dialog).getByRole('button', { name: 'Fechar' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      fireEvent.click(within(await rowOf('Programa sem trilhas')).getByRole('button', { name: 'Ver trilhas' }));
      expect(await within(await screen.findByRole('dialog', { name: 'Ver trilhas' })).findByText('Nenhum dado encontrado')).toBeTruthy();
      reader.unmount();
    } finally {
      setSession({ token: ui.server.adminToken, roles: ['users:superadmin'] });
    }

    renderAdmin(ui.baseUrl, '/human-resources/onboarding/list');
    const link = within(await rowOf('Programa com trilhas')).getByRole('link', { name: 'Associar trilhas' });
    expect(link.getAttribute('href')).toBe(`/human-resources/onboarding/sync-trail/${id}`);
    fireEvent.click(link);
    expect(await screen.findByRole('list', { name: 'Trilhas associadas' })).toBeTruthy();
  });
});

describe('routes of the app', () => {
  // The list comes from the schema; the register and edit paths (also the generated resource's,
  // schema path /human-resources/onboarding) are the bespoke screens.
  it('/human-resources/onboarding/register is the bespoke stepper', async () => {
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

describe('onboarding report of a solicitante', () => {
  it('reads the user\'s department with GET v1/user/{userId}, sends it as id_departamento and shows only that department', async () => {
    const own = await organisation(A, 'Solicitação');
    // An onboarding reaches its employees (and the report) once it has content.
    const content = (await ui.api('POST', '/api/contents', { titulo: 'Rotina da solicitação', resumo: 'Leia', texto: '<p>Rotina</p>' })).json.id;
    const trail = (await ui.api('POST', '/api/trails', { nome: 'Trilha da solicitação' })).json.id;
    expect((await ui.api('PUT', `/v1/onboarding/trilha/${trail}/conteudos`, { conteudos: [content] })).status).toBe(200);
    const programme = await ui.api('POST', '/v1/rh/trilha/onboarding', {
      titulo: 'Programa da solicitação',
      id_empresa: A,
      id_departamento: own.department,
      id_cargo: own.position,
      onboarding_trilhas: [{ id_trilha: trail, prioridade: 1 }],
    });
    // And one of the Técnico position (another department), which only the superadmin's report shows.
    const other = await ui.api('POST', '/v1/rh/trilha/onboarding', {
      titulo: 'Programa técnico com conteúdo',
      id_empresa: A,
      id_departamento: org.department,
      id_cargo: org.position,
      onboarding_trilhas: [{ id_trilha: trail, prioridade: 1 }],
    });
    expect(other.status).toBe(200);
    expect(programme.status).toBe(200);
    await ui.createUser({ email: 'rita@teste.com.br', nome: 'Rita Solicitada', papeis: ['user'], funcionario: true, id_empresas: [A], id_cargo: own.position } as any);
    await ui.createUser({ email: 'tiago@teste.com.br', nome: 'Tiago Técnico', papeis: ['user'], funcionario: true, id_empresas: [A], id_cargo: org.position } as any);
    const id = await ui.createUser({ email: 'sol@teste.com.br', nome: 'Sol Solicitante', papeis: ['onboarding:solicitante'], funcionario: false, id_empresas: [A], id_cargo: own.position } as any);
    const sent: { url: string; body: string }[] = [];
    const realFetch = globalThis.fetch;
    globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
      sent.push({ url: String(input), body: typeof init?.body === 'string' ? init.body : '' });
      return realFetch(input, init);
    }) as typeof fetch;
    try {
      await signInAs(ui.baseUrl, 'sol@teste.com.br', TEST_PASSWORD);
      const mine = renderPage(ui.baseUrl, '/human-resources/onboarding/report');
      await screen.findByText('Rita Solicitada');
      expect(screen.getByRole('tab', { name: 'Pendentes (1)' })).toBeTruthy();
      expect(screen.queryByText('Tiago Técnico')).toBeNull();
      expect(sent.some((c) => c.url.endsWith(`/v1/user/${id}`))).toBe(true);
      const reports = sent.filter((c) => /\/v1\/onboarding\/relatorio(\/contador)?$/.test(c.url));
      expect(reports.length).toBeGreaterThanOrEqual(2);
      for (const r of reports) expect(JSON.parse(r.body).filtro.id_departamento).toBe(own.department);
      mine.unmount();
    } finally {
      globalThis.fetch = realFetch;
      setSession({ token: ui.server.adminToken, roles: ['users:superadmin'] });
    }
    // The superadmin sees every department (Tiago has the Técnico position's programmes).
    renderPage(ui.baseUrl, '/human-resources/onboarding/report');
    expect((await screen.findAllByText('Tiago Técnico')).length).toBeGreaterThan(0);
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
    // The talent bank's requesters read the resume database, the careers dashboard and the vacancies.
    expect(titles(['banco_talentos:solicitante'])).toEqual(['Trabalhe Conosco: Banco de Currículos, Dashboard Trabalhe Conosco, Vagas Trabalhe Conosco']);
    // The built screens show to who may open them (an rh solicitante reads the vacancy report, the HR
    // reports and the organisation registers); the cards of screens not built yet keep the spec's roles.
    // The personnel registers and the compliments (and their categories) are read by HR's readers and
    // up; the dismissals by its writers (and the dismissal requesters).
    expect(titles(['rh:solicitante'])).toEqual([
      'Departamento Pessoal: Desligamentos, Documentos, Elogios, Familiares, Funcionários',
      'Trabalhe Conosco: Banco de Currículos, Dashboard Trabalhe Conosco, Vagas Trabalhe Conosco',
      'Onboarding: Onboarding, Trilha, Conteúdo',
      'Relatórios: Admissões, Aniversariantes, Tempo de Empresa, Provedor por Cidade, Desligamentos, Familiares, Geral, Gênero, Onboarding, Pirâmide Etária, Vagas',
      'Configurações básicas: Cargos, Departamentos, Categorias de Documentos, Categorias de Elogios, Setores',
    ]);
    // A reader reads the dashboard and the vacancies; resumes are for requesters and up.
    expect(titles(['rh:leitor', 'onboarding:leitor'])).toEqual([
      'Departamento Pessoal: Documentos, Elogios, Familiares, Funcionários',
      'Trabalhe Conosco: Dashboard Trabalhe Conosco, Vagas Trabalhe Conosco',
      'Onboarding: Onboarding, Trilha, Conteúdo',
      'Relatórios: Admissões, Aniversariantes, Tempo de Empresa, Provedor por Cidade, Desligamentos, Familiares, Geral, Gênero, Onboarding, Pirâmide Etária, Vagas',
      'Configurações básicas: Cargos, Departamentos, Categorias de Documentos, Categorias de Elogios, Setores',
    ]);
    expect(titles(['rh:gestor']).length).toBe(5);
    expect(titles(['user'])).toEqual([]);
  });
});
