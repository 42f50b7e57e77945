// /marketing/home (marketing document, sections 1 and 2): the sections and cards of the document's
// table, each section shown by its module's roles (COMUNICAÇÃO regua_comunicacao, LEADS and
// RELATÓRIOS vendas, PATROCÍNIOS marketing, ROLETAS roulette); each card opens its module's screen
// (a card of a module not built yet would show the "not available yet" page); who has no role there is refused.
import './setup.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { NOT_ALLOWED_TEXT } from '../../src/admin/generator/ResourceForm.js';
import { NOT_YET_AVAILABLE } from '../../src/admin/shell/NotYetAvailable.js';
import { setSession } from '../../src/admin/core/session.js';
import { visibleMarketingSections } from '../../custom-pages/marketing/cards.js';
import { renderAdmin, signOutLocally, startServer, type UiServer } from './server.js';

let ui: UiServer;

beforeAll(async () => {
  ui = await startServer();
});

afterAll(async () => {
  signOutLocally();
  await ui?.close();
});

/** Renders the home as a new user with these roles (a real token of the server). */
async function openAs(papeis: string[], path = '/marketing/home') {
  signOutLocally();
  const token = await ui.server.userToken({ papeis, nome: 'Pessoa do Marketing', funcionario: true });
  setSession({ token, roles: papeis });
  renderAdmin(ui.baseUrl, path);
}

const regions = () => screen.getAllByRole('region').map((r) => r.getAttribute('aria-label'));
const cards = (section: string) =>
  within(screen.getByRole('region', { name: section }))
    .getAllByRole('link')
    .map((a) => [a.textContent, a.getAttribute('href')]);

const ALL = {
  'COMUNICAÇÃO': [
    ['Campanha de Comunicação', '/marketing/communication-scale/list'],
    ['Restrições de Envio', '/marketing/communication-scale-restrictions/list'],
    ['Envios', '/marketing/communication-scale-sends/list'],
    ['Eventos', '/marketing/events/list'],
  ],
  LEADS: [
    ['Campanhas', '/marketing/campaigns/list'],
    ['Canais', '/marketing/channels/list'],
    ['Importar Leads', '/marketing/imports-leads/list'],
    ['Link de Rastreamento', '/marketing/tracking-link/list'],
  ],
  'PATROCÍNIOS': [
    ['Solicitações de Patrocínio', '/marketing/sponsorship/solicitations/list'],
    ['Justificativas', '/marketing/sponsorship/justification/list'],
  ],
  ROLETAS: [['Roletas', '/marketing/roulette/list']],
  'RELATÓRIOS': [['Resultado de Campanha', '/marketing/results-campaigns-report/report']],
};

describe('/marketing/home', () => {
  it('the superadmin sees every section of the document, with its cards and routes in order', async () => {
    signOutLocally();
    setSession({ token: ui.server.adminToken, roles: ['users:superadmin'] });
    renderAdmin(ui.baseUrl, '/marketing/home');
    expect(await screen.findByRole('heading', { level: 1, name: 'Marketing' })).toBeTruthy();
    expect(regions()).toEqual(Object.keys(ALL));
    for (const [section, expected] of Object.entries(ALL)) expect(cards(section)).toEqual(expected);
  });

  it('a sales seller sees LEADS and RELATÓRIOS only', async () => {
    await openAs(['vendas:solicitante', 'user']);
    await screen.findByRole('region', { name: 'LEADS' });
    expect(regions()).toEqual(['LEADS', 'RELATÓRIOS']);
    expect(cards('LEADS')).toEqual(ALL.LEADS);
  });

  it('a communication reader sees COMUNICAÇÃO only; a marketing manager PATROCÍNIOS; a roulette reader ROLETAS', async () => {
    await openAs(['regua_comunicacao:leitor', 'user']);
    await screen.findByRole('region', { name: 'COMUNICAÇÃO' });
    expect(regions()).toEqual(['COMUNICAÇÃO']);

    await openAs(['marketing:gestor', 'user']);
    await screen.findByRole('region', { name: 'PATROCÍNIOS' });
    expect(regions()).toEqual(['PATROCÍNIOS']);

    await openAs(['roulette:leitor', 'user']);
    await screen.findByRole('region', { name: 'ROLETAS' });
    expect(regions()).toEqual(['ROLETAS']);
  });

  it('the sections follow the module roles for any mix of roles', () => {
    const titles = (roles: string[]) => visibleMarketingSections({ roles, employee: true }).map((s) => s.title);
    expect(titles(['vendas:leitor', 'roulette:gestor'])).toEqual(['LEADS', 'ROLETAS', 'RELATÓRIOS']);
    expect(titles(['regua_comunicacao:gestor', 'marketing:leitor'])).toEqual(['COMUNICAÇÃO', 'PATROCÍNIOS']);
    expect(titles(['rh:gestor', 'user'])).toEqual([]);
    expect(titles(['user'])).toEqual([]);
  });

  it('who has no role of those modules is refused the page', async () => {
    await openAs(['rh:gestor', 'user']);
    expect(await screen.findByText(NOT_ALLOWED_TEXT)).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'LEADS' })).toBeNull();
  });

  it('the PATROCÍNIOS cards open the requests and the justifications', async () => {
    await openAs(['marketing:gestor', 'user']);
    let section = await screen.findByRole('region', { name: 'PATROCÍNIOS' });
    fireEvent.click(within(section).getByRole('link', { name: 'Justificativas' }));
    expect(await screen.findByRole('link', { name: 'NOVA JUSTIFICATIVA' })).toBeTruthy();
    await openAs(['marketing:gestor', 'user']);
    section = await screen.findByRole('region', { name: 'PATROCÍNIOS' });
    fireEvent.click(within(section).getByRole('link', { name: 'Solicitações de Patrocínio' }));
    expect(await screen.findByRole('heading', { name: 'Solicitações de Patrocínio' })).toBeTruthy();
    expect(screen.queryByText(NOT_YET_AVAILABLE)).toBeNull();
  });

  it('the Roletas card opens the roulettes list', async () => {
    await openAs(['roulette:gestor', 'user']);
    const section = await screen.findByRole('region', { name: 'ROLETAS' });
    fireEvent.click(within(section).getByRole('link', { name: 'Roletas' }));
    expect(await screen.findByRole('link', { name: 'NOVA ROLETA' })).toBeTruthy();
  });

  it('the Eventos card opens the events list', async () => {
    await openAs(['regua_comunicacao:gestor', 'user']);
    const section = await screen.findByRole('region', { name: 'COMUNICAÇÃO' });
    fireEvent.click(within(section).getByRole('link', { name: 'Eventos' }));
    expect(await screen.findByRole('link', { name: 'NOVO EVENTO' })).toBeTruthy();
  });
});
