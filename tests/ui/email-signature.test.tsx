// /emailsignature/list against the real server: the signed-in employee's signature built from their
// profile (name, position, department, provider and its site, corporate e-mail) and the phones they
// type; 'Copiar assinatura' writes text/html and text/plain to the clipboard (a mocked
// navigator.clipboard.write with ClipboardItem) and toasts how to go on; without that API, the
// preview is selected and copied with execCommand.
import './setup.js';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderAdmin, signInAs, signOutLocally, startServer, TEST_PASSWORD, type UiServer } from './server.js';

vi.mock('../../src/admin/shell/Layout.js', () => ({ Layout: ({ children }: { children: ReactNode }) => <div data-testid="layout">{children}</div> }));

const EMPLOYEE = 'ana@assinatura-ui.teste';
let ui: UiServer;

/** What the mocked clipboard received: each item's types and their text. */
const written: Record<string, string>[] = [];
class FakeClipboardItem {
  constructor(public items: Record<string, Blob>) {}
}

beforeAll(async () => {
  ui = await startServer();
  const provider = (await ui.api('POST', '/api/providers', { nome: 'Bitcom', site: 'https://www.bitcom.com.br' })).json.id;
  const department = (await ui.api('POST', '/api/departments', { nome: 'Comercial', id_empresa: provider })).json.id;
  const sector = (await ui.api('POST', '/api/sectors', { nome: 'Vendas internas', id_departamento: department })).json.id;
  const position = (await ui.api('POST', '/api/positions', { nome: 'Analista de Vendas', id_setor: sector })).json.id;
  const user = await ui.createUser({ email: EMPLOYEE, nome: 'Ana <Souza>', papeis: ['user'], funcionario: true, id_empresas: [provider] });
  const set = await ui.api('PUT', `/api/users/${user}`, { id_cargo: position });
  expect(set.status, JSON.stringify(set.json)).toBe(200);
});
afterEach(() => {
  signOutLocally();
  written.length = 0;
  vi.unstubAllGlobals();
});
afterAll(() => ui?.close());

describe('the e-mail signature', () => {
  it('shows the profile’s signature and copies it as HTML and text, then says how to paste it', async () => {
    vi.stubGlobal('ClipboardItem', FakeClipboardItem);
    const write = vi.fn(async (items: FakeClipboardItem[]) => {
      for (const item of items) written.push(Object.fromEntries(await Promise.all(Object.entries(item.items).map(async ([type, blob]) => [type, await blob.text()]))));
    });
    Object.defineProperty(navigator, 'clipboard', { value: { write }, configurable: true });
    await signInAs(ui.baseUrl, EMPLOYEE, TEST_PASSWORD);
    renderAdmin(ui.baseUrl, '/emailsignature/list');
    const preview = await screen.findByTestId('signature-preview', {}, { timeout: 10_000 });
    await waitFor(() => expect(preview.textContent).toContain('www.bitcom.com.br'));
    expect(preview.textContent).toContain('Ana <Souza>');
    expect(preview.textContent).toContain('Analista de Vendas · Comercial');
    expect(preview.innerHTML).not.toContain('<Souza>');
    fireEvent.change(screen.getByLabelText('Celular / WhatsApp'), { target: { value: '31987654321' } });
    await waitFor(() => expect(preview.textContent).toContain('(31) 98765-4321'));
    fireEvent.click(screen.getByRole('button', { name: 'Copiar assinatura' }));
    expect(await screen.findByText('Assinatura copiada! Cole nas configurações do seu e-mail.')).toBeTruthy();
    expect(write).toHaveBeenCalledTimes(1);
    expect(Object.keys(written[0]).sort()).toEqual(['text/html', 'text/plain']);
    expect(written[0]['text/html']).toMatch(/^<table/);
    expect(written[0]['text/html']).toContain('Ana &lt;Souza&gt;');
    expect(written[0]['text/html']).toContain('href="https://wa.me/5531987654321"');
    expect(written[0]['text/plain'].split('\n')[0]).toBe('Ana <Souza>');
    const howTo = screen.getByRole('region', { name: 'Como usar' });
    expect(within(howTo).getByText(/^Gmail:/)).toBeTruthy();
    expect(within(howTo).getByText(/^Outlook:/)).toBeTruthy();
    // The phone typed is remembered in this browser.
    expect(localStorage.getItem('intranet.assinatura.telefones')).toContain('(31) 98765-4321');
  });

  it('without the clipboard API, copies the selected preview', async () => {
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
    const execCommand = vi.fn(() => true);
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
    await signInAs(ui.baseUrl, EMPLOYEE, TEST_PASSWORD);
    renderAdmin(ui.baseUrl, '/emailsignature/list');
    await screen.findByTestId('signature-preview', {}, { timeout: 10_000 });
    fireEvent.click(await screen.findByRole('button', { name: 'Copiar assinatura' }));
    expect(await screen.findByText('Assinatura copiada! Cole nas configurações do seu e-mail.')).toBeTruthy();
    expect(execCommand).toHaveBeenCalledWith('copy');
  });
});
