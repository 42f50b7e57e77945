// Who may open what, decided once (src/admin/shell/screens.ts), against the real server: a resource's
// name as a path opens its list and a path under it no screen has goes to the index; the HR reader's
// HR home offers exactly the screens they may open; bespoke screens and generated lists refuse a
// missing right with the one access-denied page, at their address and before any call; sign-out
// leads staff and candidates to their own login; the signed-in candidate's pages; the onboarding edit
// screen's history; MUI's texts in pt-BR; the add label's gender.
import './setup.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { canOpen } from '../../src/admin/shell/screens.js';
import { HISTORY_TITLE } from '../../src/domain/history.js';
import { NOT_ALLOWED_TEXT } from '../../src/admin/generator/AccessDenied.js';
import { ONBOARDING_WITHOUT_CONTENT } from '../../custom-pages/onboarding/OnboardingForm.js';
import { setSession } from '../../src/admin/core/session.js';
import { renderAdmin, signInAs, signOutLocally, startServer, TEST_PASSWORD, type UiServer } from './server.js';

let ui: UiServer;
let bitcom: number;
let onboardingId: number;
const ids: Record<string, number> = {};

const USERS = {
  hrReader: { email: 'leitor.telas@bitcom.com.br', nome: 'Lia Leitora', papeis: ['rh:leitor', 'onboarding:leitor', 'user'], funcionario: true },
  employee: { email: 'func.telas@bitcom.com.br', nome: 'Fábio Telas', papeis: ['user'], funcionario: true },
  salesManager: { email: 'vendas.telas@vetorial.net', nome: 'Vera Vendas', papeis: ['vendas:gestor', 'user'], funcionario: true },
  candidate: { email: 'candidata.telas@email.com', nome: 'Carla Telas', papeis: ['user'], funcionario: false },
};

beforeAll(async () => {
  ui = await startServer();
  bitcom = (await ui.api('POST', '/api/providers', { nome: 'Bitcom' })).json.id;
  const department = (await ui.api('POST', '/api/departments', { nome: 'Pessoal', id_empresa: bitcom })).json.id;
  const sector = (await ui.api('POST', '/api/sectors', { nome: 'DP', id_departamento: department })).json.id;
  const position = (await ui.api('POST', '/api/positions', { nome: 'Analista de DP', id_setor: sector })).json.id;
  const created = await ui.api('POST', '/v1/rh/trilha/onboarding', { titulo: 'Integração', id_empresa: bitcom, id_departamento: department, id_cargo: position });
  onboardingId = created.json.insert_onboarding_onboarding.returning[0].id;
  for (const [key, user] of Object.entries(USERS)) ids[key] = await ui.createUser({ ...user, id_empresas: user.funcionario ? [bitcom] : [] });
});

afterAll(async () => {
  await ui?.close();
});

beforeEach(() => signOutLocally());

async function open(who: keyof typeof USERS, path: string) {
  await signInAs(ui.baseUrl, USERS[who].email, TEST_PASSWORD);
  renderAdmin(ui.baseUrl, path);
}

/** The server's superadmin, signed in. */
const asAdmin = () => setSession({ token: ui.server.adminToken, roles: ['users:superadmin'] });

const heading = (name: string | RegExp) => screen.findByRole('heading', { level: 1, name }, { timeout: 15_000 });

describe('paths without a screen of their own', () => {
  it("a resource's name alone opens its list, wherever its screens live", async () => {
    await open('hrReader', '/onboardings');
    expect(await heading('Onboarding')).toBeTruthy();
    expect(await screen.findByText('Integração')).toBeTruthy();
    signOutLocally();
    await open('hrReader', '/microregions');
    expect(await heading('Microrregiões')).toBeTruthy();
    signOutLocally();
    await open('hrReader', '/contents');
    expect(await heading('Conteúdos')).toBeTruthy();
  });

  it('a path under a resource that no screen has, and an internal table, go to the index', async () => {
    await open('hrReader', '/departments/nada/1');
    expect(await screen.findByRole('heading', { name: 'Bem-vindo à Intranet' })).toBeTruthy();
    signOutLocally();
    await open('hrReader', '/onboarding-progress');
    expect(await screen.findByRole('heading', { name: 'Bem-vindo à Intranet' })).toBeTruthy();
    signOutLocally();
    await open('hrReader', '/trail-contents/list');
    expect(await screen.findByRole('heading', { name: 'Bem-vindo à Intranet' })).toBeTruthy();
  });
});

describe("the HR reader's HR home", () => {
  it('offers exactly the screens they may open, and they open read-only', async () => {
    await open('hrReader', '/human-resources/home');
    await heading('Recursos Humanos');
    const cards = async (section: string) =>
      within(await screen.findByRole('region', { name: section }))
        .getAllByRole('link')
        .map((a) => a.textContent);
    expect(await cards('Onboarding')).toEqual(['Onboarding', 'Trilha', 'Conteúdo']);
    // The HR reports are open to any rh role (leitor and up): their cards show.
    expect(await cards('Relatórios')).toEqual(['Admissões', 'Aniversariantes', 'Tempo de Empresa', 'Provedor por Cidade', 'Desligamentos', 'Familiares', 'Geral', 'Gênero', 'Onboarding', 'Pirâmide Etária', 'Vagas']);
    expect(await cards('Configurações básicas')).toEqual(['Cargos', 'Departamentos', 'Categorias de Documentos', 'Categorias de Elogios', 'Setores']);
    // The personnel registers they may read (HR readers read every compliment of their providers); not the dismissals (requesters and HR's writers only).
    expect(await cards('Departamento Pessoal')).toEqual(['Documentos', 'Elogios', 'Familiares', 'Funcionários']);
    expect(screen.queryByText('Nenhum módulo de RH disponível para o seu perfil.')).toBeNull();
    fireEvent.click(within(screen.getByRole('region', { name: 'Onboarding' })).getByRole('link', { name: 'Trilha' }));
    expect(await heading('Trilhas')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /NOVA TRILHA/ })).toBeNull();
  });
});

describe('a refused right', () => {
  it('a bespoke screen shows the access-denied page at its address, and makes no call', async () => {
    await open('salesManager', '/human-resources/onboarding/report');
    expect(await screen.findByText(NOT_ALLOWED_TEXT)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Relatório de onboarding' })).toBeTruthy();
    expect(screen.queryByText(/Erro ao carregar/)).toBeNull();
  });

  it("someone else's profile is refused to who manages neither rh nor users; one's own opens", async () => {
    await open('employee', `/users/profile/${ids.hrReader}`);
    expect(await screen.findByText(NOT_ALLOWED_TEXT)).toBeTruthy();
    expect(canOpen(`/users/profile/${ids.employee}`, { roles: ['user'], employee: true, usuarioId: ids.employee })).toBe(true);
    expect(canOpen(`/users/profile/${ids.hrReader}`, { roles: ['user'], employee: true, usuarioId: ids.employee })).toBe(false);
    expect(canOpen(`/users/profile/${ids.hrReader}`, { roles: ['rh:gestor'], employee: true, usuarioId: ids.employee })).toBe(true);
  });

  it('a generated list refuses at its own address, without asking the server', async () => {
    await open('employee', '/departments/list');
    expect(await screen.findByText(NOT_ALLOWED_TEXT)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Departamentos' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});

describe('signing out and the candidate', () => {
  it("a candidate signs out to the candidates' login", async () => {
    await open('candidate', '/');
    expect(await screen.findByRole('heading', { name: 'Bem-vindo ao Trabalhe Conosco' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Menu do perfil' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Sair' }));
    expect(await screen.findByRole('form', { name: 'Entrar' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Entrar' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Acesso à Intranet' })).toBeNull();
  });

  it("a signed-in candidate's vacancies page offers their resume, not 'Entrar'", async () => {
    await open('candidate', '/home/vacancy');
    const main = await screen.findByRole('heading', { level: 1, name: 'Trabalhe conosco' });
    const card = main.closest('.MuiPaper-root') as HTMLElement;
    expect(within(card).getByRole('link', { name: 'Meu currículo' }).getAttribute('href')).toBe('/resume/list');
    expect(within(card).queryByRole('link', { name: 'Entrar' })).toBeNull();
  });
});

describe('onboarding screens', () => {
  it('the edit screen shows the change history, as every edit screen does', async () => {
    await ui.api('PUT', `/v1/rh/trilha/onboarding/${onboardingId}`, { titulo: 'Integração de novos colaboradores' });
    asAdmin();
    renderAdmin(ui.baseUrl, `/human-resources/onboarding/edit/${onboardingId}`);
    fireEvent.click(await screen.findByText(HISTORY_TITLE));
    expect(await screen.findByText('Integração de novos colaboradores')).toBeTruthy();
  });

  it('the register says that an onboarding without trails does not reach the employees', async () => {
    asAdmin();
    renderAdmin(ui.baseUrl, '/human-resources/onboarding/register');
    fireEvent.change(await screen.findByRole('textbox', { name: /Título/ }), { target: { value: 'Sem trilhas' } });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Provedor/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Bitcom' }));
    fireEvent.click(screen.getByRole('button', { name: 'Próximo' }));
    expect(await screen.findByText(ONBOARDING_WITHOUT_CONTENT)).toBeTruthy();
  });

  it("the report's pager speaks pt-BR", async () => {
    asAdmin();
    renderAdmin(ui.baseUrl, '/human-resources/onboarding/report');
    expect(await screen.findByRole('button', { name: 'Ir para a próxima página' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ir para a página anterior' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Go to/ })).toBeNull();
  });
});

describe('generated texts', () => {
  it("the add button agrees with the schema's gender", async () => {
    asAdmin();
    renderAdmin(ui.baseUrl, '/notifications/list');
    await waitFor(() => expect(screen.getByRole('link', { name: /NOVA NOTIFICAÇÃO/ })).toBeTruthy(), { timeout: 15_000 });
    expect(screen.queryByText(/NOVO NOTIFICAÇÃO/)).toBeNull();
  });
});
