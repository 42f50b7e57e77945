// The shell by role against the real server (foundation spec, sections 2 and 6): side menu, header
// buttons, profile menu, the careers logo of candidates, add buttons and admin cards hidden by the
// canAccess rules, the top menu by width.
import './setup.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { NO_ADMIN_CARDS } from '../../src/admin/shell/AdminHome.js';
import { NOT_YET_AVAILABLE } from '../../src/admin/shell/NotYetAvailable.js';
import { PLANNED_AREAS, plannedAreaOf } from '../../src/admin/core/plannedRoutes.js';
import { fitTopMenu } from '../../src/admin/shell/TopMenu.js';
import { renderAdmin, signInAs, signOutLocally, startServer, TEST_PASSWORD, type UiServer } from './server.js';
import { MONTH_NAMES } from '../../src/domain/format.js';
import { todayInSaoPaulo } from '../../src/server/roulette/service.js';
import { demoCpf } from '../../src/server/customers/seed.js';
import { randomUUID } from 'node:crypto';
import { PNG } from '../helpers/files.js';
import { SYSTEM } from '../../src/server/resources/service.js';

let ui: UiServer;

const USERS = {
  candidate: { email: 'candidata@email.com', nome: 'Carla Candidata', papeis: ['user'], funcionario: false },
  employee: { email: 'funcionario@bitcom.com.br', nome: 'Fábio Funcionário', papeis: ['user'], funcionario: true },
  hrReader: { email: 'leitor.rh@bitcom.com.br', nome: 'Lucas Leitor', papeis: ['rh:leitor', 'user'], funcionario: true },
  hrManager: { email: 'gestor.rh@bitcom.com.br', nome: 'Helena Gestora', papeis: ['rh:gestor', 'users:gestor', 'user'], funcionario: true },
  salesManager: { email: 'gestor.vendas@vetorial.net', nome: 'Vitor Vendas', papeis: ['vendas:gestor', 'user'], funcionario: true },
  fleetManager: { email: 'gestor.frota@bitcom.com.br', nome: 'Fernando Frota', papeis: ['frota:gestor', 'user'], funcionario: true },
};

beforeAll(async () => {
  ui = await startServer();
  for (const u of Object.values(USERS)) await ui.createUser(u);
});

afterAll(async () => {
  await ui?.close();
});

beforeEach(() => {
  signOutLocally();
  setWidth(1366);
});

function setWidth(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
  window.dispatchEvent(new Event('resize'));
}

async function open(who: keyof typeof USERS, path = '/') {
  await signInAs(ui.baseUrl, USERS[who].email, TEST_PASSWORD);
  renderAdmin(ui.baseUrl, path);
  await screen.findByRole('button', { name: 'Menu do perfil' });
}

const sideMenu = async () => {
  await waitFor(() => expect(document.querySelector('.RaSidebar-fixed')).toBeTruthy());
  return [...document.querySelectorAll('.RaSidebar-fixed [role="menuitem"]')].map((e) => e.textContent?.trim());
};

async function profileMenu() {
  fireEvent.click(screen.getByRole('button', { name: 'Menu do perfil' }));
  const menu = await screen.findByRole('menu');
  const items = within(menu).getAllByRole('menuitem').map((e) => e.textContent?.trim());
  fireEvent.keyDown(menu, { key: 'Escape' });
  return items;
}

const header = () => document.querySelector('header.MuiAppBar-root') as HTMLElement;
const topItems = () => [...header().querySelectorAll('nav[aria-label="Menu principal"] a[data-menu-item]')].map((a) => a.getAttribute('aria-label'));
const sideMenuLink = (label: string) => [...document.querySelectorAll('.RaSidebar-fixed a[role="menuitem"]')].find((a) => a.textContent?.trim() === label);

describe('menus by role', () => {
  it('a candidate sees the careers logo, Vagas and Currículo, no employee or manager buttons', async () => {
    await open('candidate');
    expect(within(header()).getByRole('img', { name: 'Carreiras' })).toBeTruthy();
    expect(within(header()).queryByRole('img', { name: 'Intranet' })).toBeNull();
    expect(await sideMenu()).toEqual(['Início', 'Vagas', 'Currículo']);
    expect(within(header()).getByRole('button', { name: /^Notificações/ })).toBeTruthy();
    for (const name of ['Calendário', 'Contatos', 'Configurações']) expect(within(header()).queryByRole('link', { name })).toBeNull();
    expect(within(header()).queryByRole('button', { name: /^Incidentes/ })).toBeNull();
    // Candidates do not see the Applications menu.
    expect(within(header()).queryByRole('link', { name: 'Candidaturas' })).toBeNull();
    // Vagas leads to the careers site's open vacancies.
    expect(sideMenuLink('Vagas')?.getAttribute('href')).toBe('/careers/list');
    expect(within(header()).getByRole('link', { name: 'Vagas' }).getAttribute('href')).toBe('/careers/list');
    expect(await profileMenu()).toEqual(['Meu perfil', 'Currículo', 'Alterar senha', 'Sair']);
  });

  it('an employee gets the bells, calendar and contacts, and no area that is not built yet or not theirs', async () => {
    await open('employee');
    expect(within(header()).getByRole('img', { name: 'Intranet' })).toBeTruthy();
    // Frota (/fleet/home: their vehicle requests and rides), Solicitações (/requests/home: any employee
    // asks the fleet for a vehicle, reports an incident or asks for a maintenance), Incidentes
    // (/incidents/home: any employee reports one) and Candidaturas (/applications/list, one's own
    // applications: employees may apply too) are built and theirs, as Novidades (the news feed: the
    // news are written for the employees).
    expect(await sideMenu()).toEqual(['Início', 'FAQ', 'Manual', 'Novidades', 'Solicitações', 'Vagas', 'Currículo']);
    expect(sideMenuLink('Solicitações')?.getAttribute('href')).toBe('/requests/home');
    expect(topItems()).toEqual(['Início', 'Novidades', 'Frota', 'Incidentes', 'Solicitações', 'Candidaturas', 'Vagas', 'Currículo']);
    expect(sideMenuLink('Novidades')?.getAttribute('href')).toBe('/news/list');
    expect(within(header()).getByRole('link', { name: 'Calendário' }).getAttribute('href')).toBe('/calendar');
    expect(within(header()).getByRole('link', { name: 'Contatos' }).getAttribute('href')).toBe('/contacts/list');
    expect(within(header()).getByRole('button', { name: /^Incidentes/ })).toBeTruthy();
    expect(within(header()).queryByRole('link', { name: 'Configurações' })).toBeNull();
    expect(within(header()).getByRole('link', { name: 'Candidaturas' }).getAttribute('href')).toBe('/applications/list');
    expect(await profileMenu()).not.toContain('Usuários');
    // Vagas leads to the careers site's open vacancies.
    expect(sideMenuLink('Vagas')?.getAttribute('href')).toBe('/careers/list');
  });

  it('an employee at 500 px or less reaches calendar and contacts through the top menu', async () => {
    setWidth(480);
    await open('employee');
    // No room for the buttons: they are the top menu's items after Início.
    await waitFor(() => expect(topItems()).toEqual(['Início', 'Calendário']));
    expect(within(header()).getByRole('link', { name: 'Calendário' }).getAttribute('href')).toBe('/calendar');
    fireEvent.click(within(header()).getByRole('button', { name: 'Próximos itens do menu' }));
    await waitFor(() => expect(topItems()).toEqual(['Calendário', 'Contatos']));
    expect(within(header()).getByRole('link', { name: 'Contatos' }).getAttribute('href')).toBe('/contacts/list');
    // Wider again: the header's buttons, not menu items.
    act(() => setWidth(1366));
    await waitFor(() => expect(topItems()).not.toContain('Calendário'));
    expect(within(header()).getByRole('link', { name: 'Calendário' }).getAttribute('href')).toBe('/calendar');
  });

  it('an HR reader sees FAQ, Manual and Novidades, and no add button where they cannot create', async () => {
    await open('hrReader', '/departments/list');
    // No module they manage: no Administração (the cards menu's manager check).
    expect(await sideMenu()).toEqual(['Início', 'FAQ', 'Manual', 'Novidades', 'Solicitações', 'Vagas', 'Currículo']);
    expect(topItems()).toContain('Novidades');
    expect(await screen.findByRole('heading', { level: 1, name: 'Departamentos' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /NOVO DEPARTAMENTO/ })).toBeNull();
    const items = await profileMenu();
    expect(items).not.toContain('Usuários');
    expect(items).not.toContain('Configurações');
    expect(within(header()).queryByRole('link', { name: 'Administração' })).toBeNull();
  });

  it('the administration home says so when no section passes its manager check', async () => {
    await open('hrReader', '/modulos/admin');
    expect(await screen.findByText(NO_ADMIN_CARDS)).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Recursos Humanos' })).toBeNull();
  });

  it('an HR manager gets the add button, the settings shortcut, Users and Settings, and the admin cards they may open', async () => {
    await open('hrManager', '/departments/list');
    expect(await screen.findByRole('link', { name: /NOVO DEPARTAMENTO/ })).toBeTruthy();
    expect(within(header()).getByRole('link', { name: 'Configurações' }).getAttribute('href')).toBe('/modulos/admin');
    expect(await profileMenu()).toEqual(['Meu perfil', 'Currículo', 'Alterar senha', 'Usuários', 'Configurações', 'Sair']);
    expect(await sideMenu()).not.toContain('Vendas');

    fireEvent.click(within(header()).getByRole('link', { name: 'Configurações' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Administração' })).toBeTruthy();
    const hr = await screen.findByRole('region', { name: 'Recursos Humanos' });
    expect(within(hr).getByRole('link', { name: /Departamentos/ }).getAttribute('href')).toBe('/departments/list');
    expect(screen.getByRole('link', { name: /Usuários/ })).toBeTruthy();
    // No onboarding role, but rh:gestor acts on the onboarding registers (their alsoModules).
    const onboarding = screen.getByRole('region', { name: 'Onboarding' });
    expect(within(onboarding).getByRole('link', { name: 'Trilhas' }).getAttribute('href')).toBe('/human-resources/trail/list');
    // The outbox is the superadmin's: neither its card nor its section.
    expect(screen.queryByRole('link', { name: /Caixa de saída/ })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Configurações' })).toBeNull();
  });

  it('a sales manager sees Vendas and the staff reading (FAQ, Manual, Novidades) but not the HR items', async () => {
    await open('salesManager');
    const items = await sideMenu();
    expect(items).toContain('Vendas');
    expect(items).toEqual(expect.arrayContaining(['FAQ', 'Manual', 'Novidades']));
    expect(within(header()).getByRole('link', { name: 'Vendas' }).getAttribute('href')).toBe('/sales/internal/home');
    expect(within(header()).queryByRole('link', { name: 'Recursos Humanos' })).toBeNull();
  });
});

describe('top menu by width', () => {
  // The room the header leaves the menu is measured only in a real browser (jsdom lays nothing out):
  // these are the widths Chromium measured for the superadmin's header; tests/e2e/sales.test.ts
  // checks the drawn menu at 320, 390 and 1366 px.
  it('fits the width\'s 2 to 10 icons into the room the header leaves, narrowing them, never fewer than 2', () => {
    // 320 px: ~98 px of room; two bare icons between the arrows (one at a time before).
    expect(fitTopMenu(2, 12, 60, 98)).toEqual({ count: 2, itemWidth: 29, labels: false });
    // Even less room: still 2 (the menu clips rather than dropping below the spec's least).
    expect(fitTopMenu(2, 12, 60, 60)).toEqual({ count: 2, itemWidth: 28, labels: false });
    // 390 px: ~168 px, two labelled icons.
    expect(fitTopMenu(2, 12, 60, 168)).toEqual({ count: 2, itemWidth: 60, labels: true });
    // 900 px with a manager's buttons: the 8 of the width, narrowed.
    expect(fitTopMenu(8, 12, 60, 430)).toEqual({ count: 8, itemWidth: 48, labels: true });
    // 501 px (sidebar toggle, calendar and contacts in the header): 3 bare icons, as many as fit.
    expect(fitTopMenu(4, 12, 60, 147)).toEqual({ count: 3, itemWidth: 35, labels: false });
    expect(fitTopMenu(10, 12, 72, 896)).toEqual({ count: 10, itemWidth: 72, labels: true });
    // Fewer areas than the width allows: all of them, no arrows taking room.
    expect(fitTopMenu(10, 6, 72, 432)).toEqual({ count: 6, itemWidth: 72, labels: true });
    // Nothing measured: the width's count.
    expect(fitTopMenu(4, 12, 60, 0)).toEqual({ count: 4, itemWidth: 60, labels: true });
  });

  it('shows 10, 9, 8, 6, 4 or 2 icons, with arrows to reach the others', async () => {
    await signInAs(ui.baseUrl, 'admin@intranet.local', 'Intranet#Admin2026');
    renderAdmin(ui.baseUrl, '/');
    await screen.findByRole('button', { name: 'Menu do perfil' });
    await waitFor(() => expect(topItems()).toHaveLength(10));
    for (const [width, count] of [[1000, 9], [900, 8], [800, 6], [700, 4], [500, 2]] as const) {
      act(() => setWidth(width));
      await waitFor(() => expect(topItems()).toHaveLength(count));
    }
    // At 500 px: arrows, no side menu; calendar and contacts join the menu.
    expect(topItems()).toEqual(['Início', 'Calendário']);
    expect(document.querySelector('.RaSidebar-fixed')).toBeNull();
    const next = within(header()).getByRole('button', { name: 'Próximos itens do menu' });
    expect((within(header()).getByRole('button', { name: 'Itens anteriores do menu' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(next);
    fireEvent.click(next);
    await waitFor(() => expect(topItems()).toEqual(['Contatos', 'Novidades']));
  });
});

describe('the internal home', () => {
  // Issue 31: the blocks over GET /v1/inicio for a provider's employee and marketing analyst (the
  // analyst takes part in an onboarding, the employee not), each their own data, dated from today.
  const today = todayInSaoPaulo();
  const [year, mm, dd] = today.split('-');
  const month = MONTH_NAMES[Number(mm) - 1].toLowerCase();
  const people = { employee: 'fabio.inicio@bitcom.com.br', marketing: 'marcos.inicio@bitcom.com.br' };
  let mustRead = 0;

  beforeAll(async () => {
    const { app } = ui.server;
    const post = async (url: string, body: object) => {
      const r = await ui.server.inject({ method: 'POST', url, payload: body });
      expect(r.statusCode, r.body).toBe(201);
      return r.json().id as number;
    };
    const provider = await post('/api/providers', { nome: 'Bitcom Início' });
    const department = await post('/api/departments', { nome: 'Suporte', id_empresa: provider });
    const sector = await post('/api/sectors', { nome: 'Atendimento', id_departamento: department });
    const support = await post('/api/positions', { nome: 'Técnico de Suporte', id_setor: sector });
    const analyst = await post('/api/positions', { nome: 'Analista de Marketing', id_setor: sector });
    const fabio = await ui.createUser({ email: people.employee, nome: 'Fábio Funcionário', papeis: ['user'], funcionario: true, id_empresas: [provider] });
    const marcos = await ui.createUser({ email: people.marketing, nome: 'Marcos Marketing', papeis: ['marketing:leitor', 'user'], funcionario: true, id_empresas: [provider] });
    await ui.server.db.query('UPDATE auth.usuario SET id_cargo = CASE id WHEN $1 THEN $3::int ELSE $4::int END WHERE id IN ($1, $2)', [fabio, marcos, support, analyst]);
    // Fábio: born today (a birthday of this month), admitted three years ago this month.
    await post('/api/employees', { id_usuario: fabio, id_empresa: provider, id_departamento: department, id_cargo: support, data_admissao: `${Number(year) - 3}-${mm}-01` });
    const born = `1995-${mm}-${mm === '02' && dd === '29' ? '28' : dd}`;
    await app.resources.create(app.resources.get('employee-profiles'), { nome: 'Fábio Funcionário', cpf: demoCpf('918273645'), genero: 'M', estado_civil: 'SOLTEIRO', data_nascimento: born }, { userId: fabio, providerIds: null, ownerId: fabio });
    // The news: a must-read item and an ordinary one, newer.
    // The cover stored as the news UI test does (an upload through the form is that test's).
    const cover = randomUUID();
    await ui.server.db.query(`INSERT INTO storage.arquivo (id, bucket, nome, tipo, tamanho, dados) VALUES ($1, 'novidades', 'capa.png', 'image/png', $2, decode($3, 'hex'))`, [cover, PNG.length, PNG.toString('hex')]);
    const news = { provedor: provider, texto: '<p>Texto</p>', imagem_capa_data: cover };
    mustRead = await post('/api/news', { ...news, titulo: 'Nova política de segurança', resumo: 'Leia e confirme.', requer_lido: true });
    await ui.server.db.query(`UPDATE rh.novidade SET created_at = now() - interval '2 days' WHERE id = $1`, [mustRead]);
    await post('/api/news', { ...news, titulo: 'Confraternização de fim de ano', resumo: 'Venha celebrar.' });
    // Marcos' onboarding: one trail with one content, for his position (through the service, as the demo seed: the links have no REST writes).
    const { resources } = app;
    const create = async (name: string, body: object) => (await resources.create(resources.get(name), body, SYSTEM)).id as number;
    const trail = await create('trails', { nome: 'Boas-vindas ao marketing' });
    const content = await create('contents', { titulo: 'Nossa marca', resumo: 'Como falamos.', texto: '<p>Marca</p>' });
    await create('trail-contents', { id_trilha: trail, id_conteudo: content, prioridade: 1 });
    const onboarding = await create('onboardings', { titulo: 'Integração do marketing', id_empresa: provider, id_departamento: department, id_cargo: analyst });
    await create('onboarding-trails', { id_onboarding: onboarding, id_trilha: trail, prioridade: 1 });
  });

  const openHome = async (email: string) => {
    await signInAs(ui.baseUrl, email, TEST_PASSWORD);
    renderAdmin(ui.baseUrl, '/');
    await screen.findByRole('heading', { level: 1, name: 'Bem-vindo à Intranet' });
    return screen.findByRole('region', { name: 'Para você' }, { timeout: 15_000 });
  };
  const cardsOf = (region: string) => {
    const section = screen.queryByRole('region', { name: region });
    return section ? within(section).getAllByRole('link').map((e) => e.textContent?.trim()) : [];
  };

  it('an employee finds what waits for them, the news (must-read first, unread), the month’s birthdays and anniversaries, and no module or onboarding card', async () => {
    const pending = await openHome(people.employee);
    expect(screen.getByText(/, Fábio! Veja o que há de novo para você hoje\./)).toBeTruthy();
    const reading = within(pending).getByRole('link', { name: /Nova política de segurança/ });
    expect(reading.getAttribute('href')).toBe(`/news/${mustRead}`);
    expect(within(reading).getByText('Leitura obrigatória pendente')).toBeTruthy();
    // The news: the unread must-read item first though older, marked.
    const articles = within(screen.getByRole('region', { name: 'Novidades' })).getAllByRole('article');
    expect(articles.map((a) => a.getAttribute('aria-label'))).toEqual(['Nova política de segurança', 'Confraternização de fim de ano']);
    expect(within(articles[0]).getByText('Leitura obrigatória')).toBeTruthy();
    expect(within(articles[0]).getByRole('link').getAttribute('href')).toBe(`/news/${mustRead}`);
    // Birthdays and company anniversaries of the month.
    const birthdays = screen.getByRole('region', { name: `Aniversariantes de ${month}` });
    expect(within(birthdays).getByText('Fábio Funcionário')).toBeTruthy();
    expect(within(birthdays).getByText('Hoje!')).toBeTruthy();
    expect(within(birthdays).getByText(/Bitcom Início · Suporte/)).toBeTruthy();
    const anniversaries = screen.getByRole('region', { name: `Tempo de casa em ${month}` });
    expect(within(anniversaries).getByText(`01 de ${month}, 3 anos de casa · Bitcom Início · Suporte`)).toBeTruthy();
    // Cards: no onboarding of theirs, no module role.
    expect(cardsOf('Acesso rápido')).toEqual(['Contatos', 'Calendário', 'Meu perfil', 'Reservar recurso', 'Assinatura de e-mail', 'Currículo', 'Vagas']);
    expect(screen.queryByRole('region', { name: 'Seus módulos' })).toBeNull();
  });

  it('a marketing analyst finds their onboarding step, the same news and people, and the Marketing card; opening a pending item opens it', async () => {
    const pending = await openHome(people.marketing);
    const step = within(pending).getByRole('link', { name: /Integração do marketing/ });
    expect(within(step).getByText('Onboarding: 0 de 1 conteúdos concluídos')).toBeTruthy();
    expect(within(pending).getByRole('link', { name: /Nova política de segurança/ })).toBeTruthy();
    expect(within(screen.getByRole('region', { name: `Aniversariantes de ${month}` })).getByText('Fábio Funcionário')).toBeTruthy();
    expect(cardsOf('Seus módulos')).toContain('Marketing');
    expect(within(screen.getByRole('region', { name: 'Seus módulos' })).getByRole('link', { name: 'Marketing' }).getAttribute('href')).toBe('/marketing/home');
    expect(cardsOf('Acesso rápido')[0]).toBe('Meu onboarding');
    fireEvent.click(within(pending).getByRole('link', { name: /Nova política de segurança/ }));
    // The reading page of the item, which asks for the confirmation.
    expect(await screen.findByText('Esta novidade exige a confirmação de leitura.', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Nova política de segurança' })).toBeTruthy();
  });

  it('a candidate finds their profile, resume and the public vacancies only, and no blocks', async () => {
    await open('candidate');
    // Under the careers logo, the careers area's welcome (not the intranet's).
    await screen.findByRole('heading', { name: 'Bem-vindo ao Trabalhe Conosco' });
    await waitFor(() => expect(cardsOf('Acesso rápido')).toEqual(['Meu perfil', 'Currículo', 'Vagas']));
    expect(screen.queryByRole('heading', { name: 'Bem-vindo à Intranet' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Para você' })).toBeNull();
    const mine = screen.getByRole('region', { name: 'Acesso rápido' });
    expect(within(mine).getByRole('link', { name: 'Vagas' }).getAttribute('href')).toBe('/careers/list');
  });

  it('an HR reader finds the HR area and its reports but no Administração card, as in the menus', async () => {
    await open('hrReader');
    await screen.findByRole('region', { name: 'Seus módulos' });
    expect(cardsOf('Seus módulos')).toEqual(['Recursos Humanos', 'Relatórios']);
  });

  it('an HR manager also finds the areas they manage', async () => {
    await open('hrManager');
    await screen.findByRole('region', { name: 'Seus módulos' });
    expect(cardsOf('Seus módulos')).toEqual(['Administração', 'Recursos Humanos', 'Relatórios', 'Configurações']);
  });
});

describe('routes not built yet', () => {
  it('shows the notice with its title bar for a path of the spec not built yet, and sends any other unknown path to the index', async () => {
    await open('hrReader', '/human-resources/em-breve');
    expect(await screen.findByText(NOT_YET_AVAILABLE)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Recursos Humanos' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Intranet - Recursos Humanos'));
    // The back button goes to the index.
    fireEvent.click(screen.getByRole('link', { name: 'Voltar' }));
    expect(await screen.findByRole('heading', { name: 'Bem-vindo à Intranet' })).toBeTruthy();
    // The menus lead to the areas: Relatórios (built) opens the HR reports' cards.
    fireEvent.click(within(header()).getByRole('link', { name: 'Relatórios' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Relatórios' })).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Pirâmide Etária' })).toBeTruthy();
    expect(screen.queryByText(NOT_YET_AVAILABLE)).toBeNull();
  });

  it('opens the fleet home with its figures and the cards of every fleet register', async () => {
    await open('fleetManager', '/fleet/home');
    expect(await screen.findByRole('heading', { level: 1, name: 'Frota' })).toBeTruthy();
    expect(await screen.findByRole('region', { name: 'Veículos disponíveis' })).toBeTruthy();
    for (const name of ['Veículos', 'Motoristas', 'Locações', 'Locadoras', 'Multas', 'Sinistros', 'Manutenções']) {
      expect(await screen.findByRole('link', { name })).toBeTruthy();
    }
    expect(screen.queryByText(NOT_YET_AVAILABLE)).toBeNull();
  });

  it('an unknown path goes to the index', async () => {
    await open('hrReader', '/nao-existe/de-jeito-nenhum');
    expect(await screen.findByRole('heading', { name: 'Bem-vindo à Intranet' })).toBeTruthy();
    expect(screen.queryByText(NOT_YET_AVAILABLE)).toBeNull();
  });

  it('knows each prefix once, and no built route is taken for an unbuilt one', () => {
    const prefixes = PLANNED_AREAS.map((a) => a.prefix);
    expect(new Set(prefixes).size).toBe(prefixes.length);
    expect(plannedAreaOf('/sales/internal/home')?.title).toBe('Vendas');
    expect(plannedAreaOf('/backoffice/inicio')?.title).toBe('Backoffice');
    expect(plannedAreaOf('/backofficer')).toBeUndefined();
    // The small registers of issue 34 are built.
    for (const path of ['/pricing/list', '/resources/list', '/resources/bookings/calendar', '/emailsignature/list', '/financial/home', '/contracting']) expect(plannedAreaOf(path)).toBeUndefined();
    expect(plannedAreaOf('/faq/list')).toBeUndefined();
    expect(plannedAreaOf('/departments/list')).toBeUndefined();
    // Every /reports route is built (car-repair too), every fleet screen, and the supplies and squads areas.
    expect(plannedAreaOf('/reports/car-repair')).toBeUndefined();
    expect(plannedAreaOf('/fleet/home')).toBeUndefined();
    expect(plannedAreaOf('/supplies/home')).toBeUndefined();
    expect(plannedAreaOf('/squads/values')).toBeUndefined();
  });
});
