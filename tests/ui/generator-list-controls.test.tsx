// Controls of the generated lists: 'Exportar' below 600 px (react-admin draws an IconButton there,
// whose icon is the button's children: no empty button, no startIcon leaking into the page), and the
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
});
afterAll(async () => ui?.close());

describe('Exportar on a small screen', () => {
  const wide = window.matchMedia;
  afterEach(() => {
    window.matchMedia = wide;
  });

  it('is an icon button with its icon and name, leaking no attribute', async () => {
    // Below 600 px: max-width queries match, min-width ones do not.
    window.matchMedia = ((query: string) => ({ ...wide(query), matches: /max-width/.test(query) })) as typeof window.matchMedia;
    renderAdmin(ui.baseUrl, '/holidays/list');
    await screen.findByText('Data Magna de Teste');
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
  });
});
