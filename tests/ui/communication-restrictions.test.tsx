// The restriction form of the communication scale (HR/sales document, section 5 "Restriction form"),
// the generated form of schemas/comunicacao/communication-restrictions.json with the inputs of
// custom-pages/communication: the customer lookup (POST /v1/relacionamento/clientes within the
// chosen provider) by code or by CPF — one match fills code, CPF and name; several open the radio
// dialog 'Mais de um resultado encontrado'; none says 'Nenhum resultado encontrado'; a CPF under 11
// digits is not searched — the channel switches (off: restricted), and the server's refusal of a
// second restriction of the same customer (409) with the spec's text.
import './setup.js';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { LOOKUP_TEXT } from '../../custom-pages/sales/CustomerLookup.js';
import { renderAdmin, startServer, type UiServer } from './server.js';
import { combo, pickOption } from './autocomplete.js';

let ui: UiServer;
let provider: number;
const DUPLICATE = 'Já existe uma restrição cadastrada para esse cliente, atualize as preferências através da tabela de restrições!';

async function insertCustomer(cod: string, codpessoa: string, nome: string, cpf: string | null) {
  await ui.server.db.query(
    `INSERT INTO relacionamento.dados_pessoas (sistema, id_empresa, cod_cliente, codpessoa, nome_razaosocial, cpf) VALUES ('BITRESTR', $1, $2, $3, $4, $5)`,
    [provider, cod, codpessoa, nome, cpf],
  );
}

beforeAll(async () => {
  ui = await startServer();
  const res = await ui.api('POST', '/api/providers', { nome: 'Bitcom Restrições' });
  provider = res.json.id;
  await ui.server.db.query('INSERT INTO relacionamento.sistema (nome, id_empresa) VALUES ($1, $2) ON CONFLICT DO NOTHING', ['BITRESTR', provider]);
  await insertCustomer('8001', '8001', 'Maria Restrita', '529.982.247-25');
  // One person, two contracts: a search by the person's code finds both.
  await insertCustomer('8101', '8100', 'João Dois Contratos', '111.444.777-35');
  await insertCustomer('8102', '8100', 'João Dois Contratos', '111.444.777-35');
  await insertCustomer('8201', '8201', 'Paula Pelo CPF', '390.533.447-05');
});

afterEach(() => vi.restoreAllMocks());

afterAll(async () => {
  await ui?.close();
});

const textbox = (label: RegExp) => screen.getByRole('textbox', { name: label }) as HTMLInputElement;

async function openRegister() {
  renderAdmin(ui.baseUrl, '/marketing/communication-scale-restrictions/register');
  await screen.findByRole('radio', { name: 'Código' });
  await pickOption(/^Provedor/, 'Bitcom Restrições');
  await waitFor(() => expect(combo(/^Provedor/).value).toBe('Bitcom Restrições'));
}

/** The lookup calls the form makes, with their filters. */
function spyLookups() {
  const calls: Record<string, unknown>[] = [];
  const original = globalThis.fetch;
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    if (String(input).includes('/v1/relacionamento/clientes')) calls.push(JSON.parse(String(init?.body ?? '{}')).filtro);
    return original(input as RequestInfo, init);
  });
  return calls;
}

describe('the restriction form', () => {
  it('one match by code fills code, CPF and name; saving creates the restriction with its channels', async () => {
    const calls = spyLookups();
    await openRegister();
    expect(textbox(/^CPF/).readOnly).toBe(true);
    expect(textbox(/^Nome do cliente/).readOnly).toBe(true);
    fireEvent.change(textbox(/^Código do cliente/), { target: { value: '8001' } });
    await waitFor(() => expect(textbox(/^Nome do cliente/).value).toBe('Maria Restrita'));
    expect(textbox(/^CPF/).value).toBe('529.982.247-25');
    expect(textbox(/^Código do cliente/).value).toBe('8001');
    expect(calls).toEqual([{ codpessoa: '8001', id_empresa: provider }]);
    // Off is restricted: the switches say what on means.
    const whatsapp = screen.getByRole('switch', { name: 'WhatsApp permitido' }) as HTMLInputElement;
    expect(whatsapp.checked).toBe(false);
    fireEvent.click(whatsapp);
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Restrição cadastrada com sucesso!')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'RESTRIÇÕES DE ENVIO' })).toBeTruthy();
    const { json } = await ui.api('GET', `/api/communication-restrictions?filter=${encodeURIComponent(JSON.stringify({ cod_cliente: '8001' }))}`);
    expect(json).toEqual([expect.objectContaining({ sistema: provider, nome_razaosocial: 'Maria Restrita', cpf: '529.982.247-25', whatsapp: true, email: false, sms: false })]);
  });

  it('several matches open the radio choice, and the one chosen fills the form', async () => {
    await openRegister();
    fireEvent.change(textbox(/^Código do cliente/), { target: { value: '8100' } });
    const dialog = await screen.findByRole('dialog', { name: LOOKUP_TEXT.several });
    expect(within(dialog).getAllByRole('radio')).toHaveLength(2);
    fireEvent.click(within(dialog).getByLabelText(/Código 8102/));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(textbox(/^Código do cliente/).value).toBe('8102'));
    expect(textbox(/^Nome do cliente/).value).toBe('João Dois Contratos');
    expect(textbox(/^CPF/).value).toBe('111.444.777-35');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("no match says 'Nenhum resultado encontrado'", async () => {
    await openRegister();
    fireEvent.change(textbox(/^Código do cliente/), { target: { value: '9999' } });
    expect(await screen.findByText(LOOKUP_TEXT.none)).toBeTruthy();
    expect(textbox(/^Nome do cliente/).value).toBe('');
  });

  it('by CPF: a CPF under 11 digits is not searched; the complete one fills code and name', async () => {
    const calls = spyLookups();
    await openRegister();
    fireEvent.click(screen.getByRole('radio', { name: 'CPF' }));
    await waitFor(() => expect(textbox(/^CPF/).readOnly).toBe(false));
    expect(textbox(/^Código do cliente/).readOnly).toBe(true);
    fireEvent.change(textbox(/^CPF/), { target: { value: '3905334470' } });
    expect(textbox(/^CPF/).value).toBe('390.533.447-0');
    fireEvent.change(textbox(/^CPF/), { target: { value: '39053344705' } });
    await waitFor(() => expect(textbox(/^Nome do cliente/).value).toBe('Paula Pelo CPF'));
    expect(textbox(/^Código do cliente/).value).toBe('8201');
    // Only the complete CPF was looked up.
    expect(calls).toEqual([{ cpf: '39053344705', id_empresa: provider }]);
  });

  it('a second restriction of the same customer is refused with the spec’s text (409)', async () => {
    await ui.api('POST', '/api/communication-restrictions', { sistema: provider, cod_cliente: '8201' });
    await openRegister();
    fireEvent.change(textbox(/^Código do cliente/), { target: { value: '8201' } });
    await waitFor(() => expect(textbox(/^Nome do cliente/).value).toBe('Paula Pelo CPF'));
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(DUPLICATE)).toBeTruthy();
  });
});
