// The cards menu (foundation spec, sections 2 and 6): a whole section hides unless its manager check
// (by module and active flag) passes, each card needs its role check, an inactive card is greyed
// out and does not open, a highlight shows on its card; and the administration home's sections,
// without cards for registers that live only under a parent record.
import './setup.js';
import { afterEach, describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import StarIcon from '@mui/icons-material/Star';
import { CardsMenu, passesManagerCheck, visibleSections, type CardSection } from '../../src/admin/shell/CardsMenu.js';
import { adminSections, hasAdminCards } from '../../src/admin/shell/adminSections.js';
import { setSession } from '../../src/admin/core/session.js';
import { configByResource } from '../../src/admin/generator/registry.js';
// The app's screens, which say where each card leads (the app loads them with its routes).
import '../../src/admin/shell/screens.js';

afterEach(() => setSession(null));

describe('manager check', () => {
  it('passes for a manager (superadmin or gestor) of one of its modules, by default', () => {
    const check = { modules: ['rh', 'banco_talentos'] };
    expect(passesManagerCheck(check, ['rh:gestor'])).toBe(true);
    expect(passesManagerCheck(check, ['banco_talentos:gestor'])).toBe(true);
    expect(passesManagerCheck(check, ['users:superadmin'])).toBe(true);
    expect(passesManagerCheck(check, ['rh:solicitante', 'rh:leitor', 'user'])).toBe(false);
    expect(passesManagerCheck(check, ['vendas:gestor'])).toBe(false);
    // No check: every section shows.
    expect(passesManagerCheck(undefined, [])).toBe(true);
  });

  it('takes another right when given, and an inactive section never passes', () => {
    expect(passesManagerCheck({ modules: ['rh'], right: 'read' }, ['rh:leitor'])).toBe(true);
    expect(passesManagerCheck({ modules: ['users'], right: 'anyGestor' }, ['vendas:gestor'])).toBe(true);
    expect(passesManagerCheck({ modules: ['users'], right: 'anyGestor' }, ['vendas:solicitante'])).toBe(false);
    expect(passesManagerCheck({ modules: ['rh'], active: false }, ['rh:gestor'])).toBe(false);
    expect(passesManagerCheck({ modules: ['rh'], active: false }, ['users:superadmin'])).toBe(false);
    expect(passesManagerCheck({ modules: ['rh'], active: true }, ['rh:gestor'])).toBe(true);
  });
});

const SECTIONS: CardSection[] = [
  {
    title: 'Gestão',
    manager: { modules: ['rh'] },
    cards: [
      { title: 'Relatório novo', to: '/human-resources/em-breve-novo', icon: StarIcon, highlight: 'Novo' },
      { title: 'Em breve', to: '/human-resources/em-breve-breve', icon: StarIcon, active: false },
      { title: 'Só superadmin', to: '/human-resources/em-breve-super', icon: StarIcon, roles: ['users:superadmin'] },
    ],
  },
  { title: 'Desativada', manager: { modules: ['rh'], active: false }, cards: [{ title: 'Oculto', to: '/oculto', icon: StarIcon }] },
  { title: 'Para todos', cards: [{ title: 'Vendas', to: '/sales/internal/home', icon: StarIcon, roles: ['vendas:leitor'] }, { title: 'Geral', to: '/calendar', icon: StarIcon }] },
];

function renderCards(roles: string[]) {
  setSession({ token: 't', roles });
  return render(
    <MemoryRouter>
      <CardsMenu sections={SECTIONS} />
    </MemoryRouter>,
  );
}

describe('cards menu', () => {
  it('shows the sections whose check passes and the cards whose roles match, with highlight and inactive cards', () => {
    renderCards(['rh:gestor', 'user']);
    expect(screen.getAllByRole('region').map((r) => r.getAttribute('aria-label'))).toEqual(['Gestão', 'Para todos']);
    const manage = screen.getByRole('region', { name: 'Gestão' });
    // The highlight is on its card, which opens its route.
    const highlighted = within(manage).getByRole('link', { name: /Relatório novo/ });
    expect(highlighted.getAttribute('href')).toBe('/human-resources/em-breve-novo');
    expect(within(highlighted).getByText('Novo')).toBeTruthy();
    // The inactive card shows, greyed out, and opens nothing.
    const inactive = within(manage).getByText('Em breve').closest('[aria-disabled]');
    expect(inactive?.getAttribute('aria-disabled')).toBe('true');
    expect(within(manage).queryByRole('link', { name: /Em breve/ })).toBeNull();
    // Role checks of single cards.
    expect(within(manage).queryByText('Só superadmin')).toBeNull();
    const all = screen.getByRole('region', { name: 'Para todos' });
    expect(within(all).queryByText('Vendas')).toBeNull();
    expect(within(all).getByRole('link', { name: 'Geral' })).toBeTruthy();
  });

  it('hides a section whose manager check fails, and drops sections left without cards', () => {
    renderCards(['rh:leitor', 'user']);
    expect(screen.getAllByRole('region').map((r) => r.getAttribute('aria-label'))).toEqual(['Para todos']);
    expect(visibleSections(SECTIONS, ['vendas:leitor']).map((s) => [s.title, s.cards.map((c) => c.title)])).toEqual([['Para todos', ['Vendas', 'Geral']]]);
    expect(visibleSections([{ title: 'Vazia', cards: [{ title: 'x', to: '/human-resources/em-breve-x', icon: StarIcon, roles: ['rh:gestor'] }] }], ['user'])).toEqual([]);
    // The superadmin passes every check but the inactive section's.
    expect(visibleSections(SECTIONS, ['users:superadmin']).map((s) => s.title)).toEqual(['Gestão', 'Para todos']);
  });
});

describe('cards and the screens they open', () => {
  const shown = (cards: CardSection['cards'], who: Parameters<typeof visibleSections>[1]) =>
    visibleSections([{ title: 'S', cards }], who).flatMap((s) => s.cards.map((c) => c.title));

  it('a card of a built screen shows to exactly who may open it, whatever roles the card names', () => {
    const cards = [
      { title: 'Departamentos', to: '/departments/list', icon: StarIcon, roles: ['rh:gestor'] },
      { title: 'Novo departamento', to: '/departments/register', icon: StarIcon },
      { title: 'Relatório de onboarding', to: '/human-resources/onboarding/report', icon: StarIcon, roles: ['rh:gestor'] },
    ];
    // A reader opens the list and the report (read-only), not the register screen.
    expect(shown(cards, { roles: ['rh:leitor', 'onboarding:leitor'], employee: true })).toEqual(['Departamentos', 'Relatório de onboarding']);
    expect(shown(cards, { roles: ['rh:gestor'], employee: true })).toEqual(['Departamentos', 'Novo departamento', 'Relatório de onboarding']);
    expect(shown(cards, { roles: ['user'], employee: true })).toEqual([]);
  });

  it('a card of a screen not built yet shows to who holds its roles and will have a role in its area; a card leading nowhere never shows', () => {
    const cards = [
      { title: 'Backoffice', to: '/backoffice/inicio', icon: StarIcon, roles: ['backoffice:gestor'] },
      { title: 'Painel do cliente', to: '/client-panel/identification', icon: StarIcon },
      { title: 'Lugar nenhum', to: '/lugar-nenhum', icon: StarIcon },
    ];
    expect(shown(cards, { roles: ['backoffice:gestor'], employee: true })).toEqual(['Backoffice', 'Painel do cliente']);
    expect(shown(cards, { roles: ['backoffice:leitor'], employee: true })).toEqual(['Painel do cliente']);
    expect(shown(cards, { roles: ['rh:gestor'], employee: true })).toEqual([]);
    expect(shown(cards, { roles: ['users:superadmin'], employee: true })).toEqual(['Backoffice', 'Painel do cliente']);
  });
});

describe('administration home sections', () => {
  const titles = (roles: string[]) => visibleSections(adminSections(), roles).map((s) => s.title);

  it("opens the supplies section with the area's home, for its managers", () => {
    const supplies = (roles: string[]) => visibleSections(adminSections(), roles).find((s) => s.title === 'Suprimentos');
    expect(supplies(['suprimentos:gestor'])?.cards[0]).toMatchObject({ title: 'Suprimentos', to: '/supplies/home' });
    expect(supplies(['users:superadmin'])?.cards[0]).toMatchObject({ title: 'Suprimentos', to: '/supplies/home' });
    expect(supplies(['suprimentos:leitor'])).toBeUndefined();
  });

  it('shows a module to its managers only, and the onboarding registers to HR managers too', () => {
    // HR managers also manage the careers site's applications (banco_talentos registers with rh among their areas).
    expect(titles(['rh:gestor', 'user']).sort()).toEqual(['Banco de Talentos', 'Onboarding', 'Recursos Humanos', 'Usuários e acessos']);
    expect(titles(['onboarding:gestor']).sort()).toEqual(['Onboarding', 'Usuários e acessos']);
    expect(titles(['users:gestor'])).toEqual(['Usuários e acessos']);
    // A gestor of any module administers the users of their providers; a sales manager also gets the sales registers.
    expect(titles(['vendas:gestor']).sort()).toEqual(['Usuários e acessos', 'Vendas']);
    // Readers and requesters see no section: no Administração entry either.
    for (const roles of [['rh:leitor', 'user'], ['rh:solicitante', 'onboarding:solicitante'], ['user'], []]) {
      expect(titles(roles), String(roles)).toEqual([]);
      expect(hasAdminCards(roles)).toBe(false);
    }
    expect(titles(['users:superadmin'])).toEqual(expect.arrayContaining(['Recursos Humanos', 'Onboarding', 'Usuários e acessos', 'Configurações']));
  });

  it('has no card for a register that lives only under a parent record; its parent register keeps its card', () => {
    const cards = visibleSections(adminSections(), ['users:superadmin']).flatMap((s) => s.cards);
    const byTo = new Map(cards.map((c) => [c.to, c.title]));
    for (const resource of ['lead-import-participants', 'blocking-exception-criteria', 'communication-rules']) {
      const config = configByResource.get(resource)!;
      // Its list without a parent opens another register's list (the scope's back target).
      expect(config.scope?.optional, resource).toBeFalsy();
      expect(byTo.has(config.listPath), resource).toBe(false);
    }
    // The three cards of issue 31.
    const dropped = ['lead-import-participants', 'blocking-exception-criteria', 'communication-rules'].map((r) => configByResource.get(r)!.title);
    expect(dropped).toEqual(['Leads da Importação', 'Critérios de exceção', 'Regras']);
    for (const title of dropped) expect(cards.map((c) => c.title)).not.toContain(title);
    // The parents, from whose rows they open, and a register whose parent is optional keep theirs.
    for (const resource of ['lead-imports', 'blocking-rules', 'communication-campaigns', 'campaign-results', 'shutdowns']) {
      expect(byTo.get(configByResource.get(resource)!.listPath), resource).toBe(configByResource.get(resource)!.title);
    }
  });
});
