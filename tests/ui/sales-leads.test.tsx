// The lead table's blocklist marker (foundation document, section 3 "Table definitions") in the
// generated lead lists of the sales trees: a lead whose CPF is on its provider's blocklist shows a
// red error icon, one whose address is, a warning-colour icon, any other lead none; the tree's
// Blocklist list holds exactly the marked leads, and the marker goes with the blocklist entry.
import './setup.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setSession } from '../../src/admin/core/session.js';
import { BLOCKLIST_MARKERS } from '../../custom-pages/sales/BlocklistMarker.js';
import { WHATSAPP_LABEL } from '../../src/admin/generator/fields.js';
import { renderAdmin, signOutLocally, startServer, type UiServer } from './server.js';

let ui: UiServer;
let bitcom: number;

beforeAll(async () => {
  ui = await startServer();
  bitcom = (await ui.api('POST', '/api/providers', { nome: 'Bitcom' })).json.id;
});

afterAll(async () => {
  signOutLocally();
  await ui?.close();
});

async function created(path: string, body: Record<string, unknown>) {
  const { status, json } = await ui.api('POST', path, body);
  expect(status, JSON.stringify(json)).toBeLessThan(300);
  return json as Record<string, any>;
}

const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;
const marker = (row: HTMLElement, kind: keyof typeof BLOCKLIST_MARKERS) => within(row).queryByRole('img', { name: BLOCKLIST_MARKERS[kind] });
/** The marker once it is drawn (the icon is loaded on demand). */
const markerShown = (name: string, kind: keyof typeof BLOCKLIST_MARKERS) =>
  waitFor(() => {
    const icon = marker(rowOf(name), kind);
    if (!icon) throw new Error(`${name}: sem o ícone '${BLOCKLIST_MARKERS[kind]}'`);
    return icon;
  });

describe('blocklist marker in the lead lists', () => {
  it('red error icon for a blocklisted customer, warning icon for a blocklisted address, none otherwise', async () => {
    const lead = { id_empresa: bitcom, equipe: 'interna', tipo: 'novo' };
    await created('/api/leads', { ...lead, nome: 'Ana Bloqueada', cpf: '529.982.247-25' });
    await created('/api/leads', { ...lead, nome: 'Bruno Endereço', cep: '30130-010', numero: '1500' });
    await created('/api/leads', { ...lead, nome: 'Carlos Livre', cpf: '123.456.789-09', cep: '30130-010', numero: '20' });
    const byCpf = await created('/api/blocklist', { tipo: 'cliente', cpf: '529.982.247-25', id_empresa: bitcom, motivo: 'Fraude' });
    await created('/api/blocklist', { tipo: 'endereco', cep: '30130-010', numero: '1500', id_empresa: bitcom, motivo: 'Área de risco' });

    signOutLocally();
    setSession({ token: ui.server.adminToken, roles: ['users:superadmin'] });
    const view = renderAdmin(ui.baseUrl, '/sales/internal/leads/list');
    await screen.findByText('Ana Bloqueada');
    const customer = await markerShown('Ana Bloqueada', 'cliente');
    expect(customer.getAttribute('class')).toMatch(/colorError/);
    expect(marker(rowOf('Ana Bloqueada'), 'endereco')).toBeNull();
    const address = await markerShown('Bruno Endereço', 'endereco');
    expect(address.getAttribute('class')).toMatch(/colorWarning/);
    expect(marker(rowOf('Bruno Endereço'), 'cliente')).toBeNull();
    expect(marker(rowOf('Carlos Livre'), 'cliente')).toBeNull();
    expect(marker(rowOf('Carlos Livre'), 'endereco')).toBeNull();
    // The status by its pt-BR name (x-enumLabels), not the stored value.
    expect(within(rowOf('Carlos Livre')).getByText('Novo')).toBeTruthy();
    expect(within(rowOf('Carlos Livre')).queryByText('novo')).toBeNull();
    // The icon says what it means on hover too.
    fireEvent.mouseOver(customer);
    expect((await screen.findByRole('tooltip')).textContent).toBe(BLOCKLIST_MARKERS.cliente);
    view.unmount();

    // The tree's Blocklist list: the marked leads only.
    renderAdmin(ui.baseUrl, '/sales/internal/blocklist/list');
    await screen.findByText('Ana Bloqueada');
    expect(screen.getByText('Bruno Endereço')).toBeTruthy();
    expect(screen.queryByText('Carlos Livre')).toBeNull();
    signOutLocally();

    // Deactivating the entry takes the marker away.
    await ui.api('PUT', `/api/blocklist/${byCpf.id}`, { ativo: false });
    setSession({ token: ui.server.adminToken, roles: ['users:superadmin'] });
    renderAdmin(ui.baseUrl, '/sales/internal/leads/list');
    await screen.findByText('Ana Bloqueada');
    await markerShown('Bruno Endereço', 'endereco');
    expect(marker(rowOf('Ana Bloqueada'), 'cliente')).toBeNull();
  });

  it("a lead's phone opens a WhatsApp conversation (wa.me, country code 55) in a new tab, not the lead", async () => {
    await created('/api/leads', { id_empresa: bitcom, equipe: 'interna', tipo: 'novo', nome: 'Dora Zap', telefone: '(31) 98765-4321' });
    signOutLocally();
    setSession({ token: ui.server.adminToken, roles: ['users:superadmin'] });
    const opened = vi.spyOn(window, 'open').mockImplementation(() => null);
    try {
      const view = renderAdmin(ui.baseUrl, '/sales/internal/leads/list');
      await screen.findByText('Dora Zap');
      const row = rowOf('Dora Zap');
      expect(within(row).getByText('(31) 98765-4321')).toBeTruthy();
      fireEvent.click(within(row).getByRole('button', { name: WHATSAPP_LABEL }));
      expect(opened).toHaveBeenCalledWith('https://wa.me/5531987654321', '_blank', 'noopener,noreferrer');
      // Still on the list: the click did not open the lead.
      expect(screen.getByText('Dora Zap')).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Salvar' })).toBeNull();
      view.unmount();
    } finally {
      opened.mockRestore();
      signOutLocally();
    }
  });
});
