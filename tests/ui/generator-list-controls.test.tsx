// Controls of the generated lists: below 600 px the filters folded behind 'Filtros' (a sheet with the
// same inputs, the count of those in force on the button, the search still on the list) and
// 'Exportar' (react-admin draws an IconButton there, whose icon is the button's children: no empty
// button, no startIcon leaking into the page); at 600 px and above the filters inline; and the
// expand control of expandable rows, a real button named 'Expandir linha' / 'Recolher linha' with
// aria-expanded, reached and toggled by keyboard.
import './setup.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { COLLAPSE_ROW_LABEL, EXPAND_ROW_LABEL } from '../../src/admin/generator/ExpandToggle.js';
import { renderAdmin, startServer, type UiServer } from './server.js';

let ui: UiServer;
beforeAll(async () => {
  ui = await startServer();
  expect((await ui.api('POST', '/api/holidays', { nome: 'Data Magna de Teste', data: '07-02', tipo: 'Estadual', uf: 'BA', recorrencia_anual: false, ano: 2030 })).status).toBe(201);
  expect((await ui.api('POST', '/api/holidays', { nome: 'Feriado Nacional de Teste', data: '11-16', tipo: 'Nacional', recorrencia_anual: false, ano: 2030 })).status).toBe(201);
});
afterAll(async () => ui?.close());

describe('a generated list below 600 px', () => {
  const wide = window.matchMedia;
  afterEach(() => {
    window.matchMedia = wide;
  });

  it("folds the filters behind 'Filtros', which opens them and counts those in force; Exportar is an icon button", async () => {
    // Below 600 px (a 390 px phone): max-width queries match, min-width ones do not.
    window.matchMedia = ((query: string) => ({ ...wide(query), matches: /max-width/.test(query) })) as typeof window.matchMedia;
    renderAdmin(ui.baseUrl, '/holidays/list');
    await screen.findByText('Data Magna de Teste');
    // The search stays on the list; the filters are not drawn before the rows.
    const search = screen.getByPlaceholderText('Pesquisar');
    expect(screen.queryByRole('combobox', { name: 'Tipo' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Estado' })).toBeNull();
    fireEvent.change(search, { target: { value: 'de Teste' } });
    await screen.findByText('Feriado Nacional de Teste');

    fireEvent.click(screen.getByRole('button', { name: 'Filtros' }));
    const sheet = await screen.findByRole('dialog', { name: 'Filtros' });
    for (const name of ['Tipo', 'Estado', 'Recorrência anual', 'Status']) expect(within(sheet).getByRole('combobox', { name })).toBeTruthy();
    fireEvent.mouseDown(within(sheet).getByRole('combobox', { name: 'Tipo' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Nacional' }));
    await waitFor(() => expect(screen.queryByText('Data Magna de Teste')).toBeNull());
    expect(screen.getByText('Feriado Nacional de Teste')).toBeTruthy();
    fireEvent.click(within(sheet).getByRole('button', { name: 'Ver resultados' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Filtros' })).toBeNull());
    // Closed, the filter stays in force and its count is on the button.
    expect(await screen.findByRole('button', { name: 'Filtros (1)' })).toBeTruthy();
    expect(screen.queryByText('Data Magna de Teste')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Filtros (1)' }));
    const again = await screen.findByRole('dialog', { name: 'Filtros' });
    // Opened again, the sheet shows the filter in force.
    await waitFor(() => expect(within(again).getByRole('combobox', { name: 'Tipo' }).textContent).toBe('Nacional'));
    fireEvent.click(within(again).getByRole('button', { name: 'Limpar filtros' }));
    await screen.findByText('Data Magna de Teste');
    fireEvent.keyDown(screen.getByRole('dialog', { name: 'Filtros' }), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Filtros' })).toBeNull());
    expect(await screen.findByRole('button', { name: 'Filtros' })).toBeTruthy();
    // The search was not cleared with the filters.
    expect((screen.getByPlaceholderText('Pesquisar') as HTMLInputElement).value).toBe('de Teste');

    const button = await screen.findByRole('button', { name: 'Exportar' });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    expect(button.querySelector('svg')).not.toBeNull();
    // The wide button's text is not drawn: this is react-admin's small layout.
    expect(button.textContent).toBe('');
    expect(document.querySelector('[starticon], [startIcon]')).toBeNull();
  });
});

describe('expandable rows', () => {
  it("the holidays' expand control is a named button with aria-expanded, toggled by Enter and Space", async () => {
    renderAdmin(ui.baseUrl, '/holidays/list');
    const row = (await screen.findByText('Data Magna de Teste')).closest('tr')!;
    const toggle = within(row).getByRole('button', { name: EXPAND_ROW_LABEL });
    expect(toggle.tagName).toBe('BUTTON');
    expect(toggle.getAttribute('tabindex')).not.toBe('-1');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    // react-admin's own chevron (hidden from the keyboard) is not drawn.
    expect(within(row).queryAllByRole('button', { name: 'Expandir' })).toEqual([]);

    toggle.focus();
    expect(document.activeElement).toBe(toggle);
    fireEvent.keyDown(toggle, { key: 'Enter' });
    await waitFor(() => expect(toggle.getAttribute('aria-expanded')).toBe('true'));
    expect(toggle.getAttribute('aria-label')).toBe(COLLAPSE_ROW_LABEL);
    const panelId = toggle.getAttribute('aria-controls')!;
    const panel = document.getElementById(panelId)!;
    expect(within(panel).getByText('Cidades')).toBeTruthy();
    expect(within(panel).getByText('Ano')).toBeTruthy();

    fireEvent.keyDown(toggle, { key: ' ' });
    fireEvent.keyUp(toggle, { key: ' ' });
    await waitFor(() => expect(toggle.getAttribute('aria-expanded')).toBe('false'));
    expect(toggle.getAttribute('aria-label')).toBe(EXPAND_ROW_LABEL);
    expect(document.getElementById(panelId)).toBeNull();

    // A click toggles too, and does not open the row's edit screen.
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.getAttribute('aria-expanded')).toBe('true'));
    expect(screen.getByRole('heading', { level: 1, name: 'Feriados' })).toBeTruthy();

    // At 600 px and above the filters stay inline, with no 'Filtros' button.
    expect(screen.getByRole('combobox', { name: 'Tipo' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Filtros/ })).toBeNull();
  });
});
