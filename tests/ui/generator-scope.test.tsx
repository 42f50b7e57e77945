// Two keys of the schema format, drawn by the generated screens against the real server:
// - x-intranet.scope: the screens of a register living under a parent record, in query mode (the
//   communication rules: list?idCampaign=, register?idCampaign=, edit?idCampaign=&idRule=) and in
//   path mode (a test config of the same rules: list/{param}, register/{param}, edit/{param}/{id}):
//   the list reads and exports only the parent's rows, its add button, Editar and back arrow stay
//   under the parent, the register fills the parent (shown by its label) and returns to its list,
//   and a route without the parent leads to the back target's path;
// - x-intranet.list.switches: the restrictions' channels as switches flipped in the cell (a PUT of
//   that field, the schema's toast), named '<title>: <state>', disabled for a reader, and the
//   on/off texts in the CSV.
import './setup.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router-dom';
import rulesSchema from '../../schemas/comunicacao/communication-rules.json';
import { resourceRoutes, resourceScreenRoutes } from '../../src/admin/routes.js';
import { resourceConfigs } from '../../src/admin/generator/registry.js';
import { listPathOf, scopeHome, toConfig, withScope, type EntitySchema } from '../../src/admin/core/schemas.js';
import { setSession } from '../../src/admin/core/session.js';
import { exportCsv } from './csv.js';
import { renderAdmin, renderPage, signInAs, startServer, TEST_PASSWORD, type UiServer } from './server.js';

let ui: UiServer;
const ids: Record<string, number> = {};
let seq = 0;

async function create(resource: string, body: Record<string, unknown>) {
  const res = await ui.api('POST', `/api/${resource}`, body);
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json.id as number;
}

/** A valid rule of a campaign (a birthday rule by WhatsApp, unless told otherwise). */
const rule = (campanha_id: number, fields: Record<string, unknown> = {}) =>
  create('communication-rules', { campanha_id, criterio: 'data_aniversario', envio: 'no_dia', turno: 'M', whatsapp: true, template_whatsapp: 'Parabéns, {primeiro_nome}!', ...fields });

/** The same rules, scoped in path mode on a base of their own. */
const pathScoped = (() => {
  const copy = JSON.parse(JSON.stringify(rulesSchema)) as EntitySchema;
  Object.assign(copy['x-intranet'], {
    path: '/test/scoped-rules',
    scope: { field: 'campanha_id', param: 'idCampaign', in: 'path', back: '/marketing/communication-scale/edit/{campanha_id}' },
  });
  return toConfig(copy, 'comunicacao');
})();

const routes = [...resourceScreenRoutes(pathScoped), ...resourceRoutes(resourceConfigs)];
const open = (path: string) => renderPage(ui.baseUrl, path, routes);
const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;
const href = (name: string) => screen.getByRole('link', { name }).getAttribute('href');

beforeAll(async () => {
  ui = await startServer();
  ids.provider = await create('providers', { nome: 'Bitcom Escopo' });
  ids.first = await create('communication-campaigns', { sistema: ids.provider, nome: 'Aniversariantes' });
  ids.second = await create('communication-campaigns', { sistema: ids.provider, nome: 'Boas-vindas' });
  ids.firstRule = await rule(ids.first);
  ids.secondRule = await rule(ids.second, { criterio: 'data_ativacao', envio: 'dia_seguinte', tempo: 3, turno: 'N' });
});

afterEach(() => {
  setSession({ token: ui.server.adminToken, roles: ['users:superadmin'] });
});

afterAll(async () => {
  await ui?.close();
});

describe('the scope helpers', () => {
  it('build the scoped addresses and the back target without the parent', () => {
    const rules = resourceConfigs.find((c) => c.resource === 'communication-rules')!;
    expect(listPathOf(withScope(rules, '5'))).toBe('/marketing/communication-scale-rules/list?idCampaign=5');
    expect(withScope(rules, '5').back).toBe('/marketing/communication-scale/list?idCampaign=5');
    expect(withScope(rules, '5').listFilter).toEqual({ campanha_id: 5 });
    expect(scopeHome(rules)).toBe('/marketing/communication-scale/list');
    // A back target that needs the parent even in its path: the schema's back.
    expect(scopeHome(pathScoped)).toBe('/marketing/communication-scale/list');
    expect(listPathOf(withScope(pathScoped, '5'))).toBe('/test/scoped-rules/list/5');
  });
});

describe('a register scoped in query mode (the communication rules)', () => {
  it("lists only the parent's rows, and its add button, Editar and back arrow stay under the parent", async () => {
    open(`/marketing/communication-scale-rules/list?idCampaign=${ids.first}`);
    const row = await rowOf('Data de Aniversário');
    expect(screen.queryByText('Data da Ativação')).toBeNull();
    expect(href('NOVA REGRA')).toBe(`/marketing/communication-scale-rules/register?idCampaign=${ids.first}`);
    expect(href('Voltar')).toBe(`/marketing/communication-scale/list?idCampaign=${ids.first}`);
    expect(within(row).getByRole('link', { name: 'Editar' }).getAttribute('href')).toBe(
      `/marketing/communication-scale-rules/edit?idCampaign=${ids.first}&idRule=${ids.firstRule}`,
    );
    // The parent's field is no filter of the bar.
    expect(screen.queryByRole('combobox', { name: 'Campanha' })).toBeNull();
    // The export reads the same rows.
    const { lines } = await exportCsv();
    expect(lines.filter((l) => l.includes('Data de Aniversário'))).toHaveLength(1);
    expect(lines.some((l) => l.includes('Data da Ativação'))).toBe(false);
  });

  it('the register fills the parent (shown by its name) and returns to its list after saving', async () => {
    open(`/marketing/communication-scale-rules/register?idCampaign=${ids.second}`);
    const parent = (await screen.findByRole('textbox', { name: 'Campanha' })) as HTMLInputElement;
    await waitFor(() => expect(parent.value).toBe('Boas-vindas'));
    expect(parent.readOnly).toBe(true);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /^Critério/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Data de Aniversário' }));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /^Envio/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Anual' }));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /^Turno/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'T 13:00' }));
    fireEvent.click(screen.getByRole('switch', { name: 'SMS' }));
    fireEvent.change(await screen.findByRole('textbox', { name: /^Mensagem do SMS/ }), { target: { value: 'Feliz aniversário!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Regra da campanha de comunicação cadastrada com sucesso!')).toBeTruthy();
    // Back on the parent's list, with the new rule.
    await waitFor(() => expect(screen.getByRole('link', { name: 'NOVA REGRA' }).getAttribute('href')).toBe(`/marketing/communication-scale-rules/register?idCampaign=${ids.second}`));
    const saved = await ui.api('GET', `/api/communication-rules?filter=${encodeURIComponent(JSON.stringify({ campanha_id: ids.second, turno: 'T' }))}`);
    expect(saved.json).toEqual([expect.objectContaining({ campanha_id: ids.second, envio: 'anual', tempo: null, sms: true, mensagem_sms: 'Feliz aniversário!' })]);
  });

  it('the edit screen opens by the record id of the query and Cancelar returns to the parent’s list', async () => {
    open(`/marketing/communication-scale-rules/edit?idCampaign=${ids.first}&idRule=${ids.firstRule}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Editar Regra' })).toBeTruthy();
    await waitFor(() => expect((screen.getByRole('textbox', { name: 'Campanha' }) as HTMLInputElement).value).toBe('Aniversariantes'));
    expect(href('Voltar')).toBe(`/marketing/communication-scale-rules/list?idCampaign=${ids.first}`);
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Regras' })).toBeTruthy();
    await waitFor(() => expect(href('NOVA REGRA')).toBe(`/marketing/communication-scale-rules/register?idCampaign=${ids.first}`));
  });

  it('without the parent, the list leads to the path of its back target', async () => {
    open('/marketing/communication-scale-rules/list');
    expect(await screen.findByRole('heading', { level: 1, name: 'Campanhas de comunicação' })).toBeTruthy();
  });
});

describe('a register scoped in path mode', () => {
  it("lists only the parent's rows under list/{param}, with the scoped add, edit and back addresses", async () => {
    open(`/test/scoped-rules/list/${ids.second}`);
    const row = await rowOf('Data da Ativação');
    expect(screen.queryByText('Aniversariantes')).toBeNull();
    expect(href('NOVA REGRA')).toBe(`/test/scoped-rules/register/${ids.second}`);
    expect(href('Voltar')).toBe(`/marketing/communication-scale/edit/${ids.second}`);
    expect(within(row).getByRole('link', { name: 'Editar' }).getAttribute('href')).toBe(`/test/scoped-rules/edit/${ids.second}/${ids.secondRule}`);
  });

  it('the register under register/{param} shows the parent; edit/{param}/{id} opens the record and returns to list/{param}', async () => {
    open(`/test/scoped-rules/register/${ids.first}`);
    await waitFor(() => expect((screen.getByRole('textbox', { name: 'Campanha' }) as HTMLInputElement).value).toBe('Aniversariantes'));
    expect(href('Voltar')).toBe(`/test/scoped-rules/list/${ids.first}`);
    cleanup();

    open(`/test/scoped-rules/edit/${ids.second}/${ids.secondRule}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Editar Regra' })).toBeTruthy();
    await waitFor(() => expect((screen.getByRole('spinbutton', { name: /^Tempo/ }) as HTMLInputElement).value).toBe('3'));
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(href('NOVA REGRA')).toBe(`/test/scoped-rules/register/${ids.second}`));
  });

  it('without the parent, list and register lead to the back target (the schema’s back: this one needs the parent)', async () => {
    open('/test/scoped-rules/list');
    expect(await screen.findByRole('heading', { level: 1, name: 'Campanhas de comunicação' })).toBeTruthy();
  });
});

describe('switch columns (the restrictions’ channels)', () => {
  beforeAll(async () => {
    await ui.server.db.query('INSERT INTO relacionamento.sistema (nome, id_empresa) VALUES ($1, $2) ON CONFLICT DO NOTHING', ['BITESCOPO', ids.provider]);
    await ui.server.db.query(
      `INSERT INTO relacionamento.dados_pessoas (sistema, id_empresa, cod_cliente, codpessoa, nome_razaosocial, cpf)
       VALUES ('BITESCOPO', $1, '7001', '7001', 'Cliente Chaveado', '529.982.247-25'), ('BITESCOPO', $1, '7002', '7002', 'Cliente Leitura', '111.444.777-35')`,
      [ids.provider],
    );
    ids.restriction = await create('communication-restrictions', { sistema: ids.provider, cod_cliente: '7001', whatsapp: false, email: true, sms: false });
    ids.readOnly = await create('communication-restrictions', { sistema: ids.provider, cod_cliente: '7002' });
  });

  it("draw each channel as a switch named by its state; a flip PUTs that field, toasts, and the switch follows", async () => {
    open('/marketing/communication-scale-restrictions/list');
    const row = await rowOf('Cliente Chaveado');
    const whatsapp = within(row).getByRole('switch', { name: 'WhatsApp: Restrito' }) as HTMLInputElement;
    expect(whatsapp.checked).toBe(false);
    expect((within(row).getByRole('switch', { name: 'E-mail: Permitido' }) as HTMLInputElement).checked).toBe(true);
    expect(within(row).getAllByText('Restrito')).toHaveLength(2);
    fireEvent.click(whatsapp);
    expect(await screen.findByText('Dados atualizados com sucesso!')).toBeTruthy();
    await waitFor(() => expect((within(row).getByRole('switch', { name: 'WhatsApp: Permitido' }) as HTMLInputElement).checked).toBe(true));
    const saved = await ui.api('GET', `/api/communication-restrictions/${ids.restriction}`);
    expect(saved.json).toMatchObject({ whatsapp: true, email: true, sms: false });
    // The row's own click (edit) is not the switch's.
    expect(screen.queryByRole('heading', { level: 1, name: 'Editar Restrição' })).toBeNull();
  });

  it('the CSV says the on/off texts', async () => {
    open('/marketing/communication-scale-restrictions/list');
    await rowOf('Cliente Leitura');
    const { lines } = await exportCsv();
    const header = lines[0].split(';');
    const cells = lines.find((l) => l.includes('Cliente Leitura'))!.split(';');
    expect(cells[header.indexOf('WhatsApp')]).toBe('Restrito');
    expect(cells[header.indexOf('SMS')]).toBe('Restrito');
  });

  it('a reader sees the switches disabled', async () => {
    const email = `leitor.regua${++seq}@teste.com.br`;
    await ui.createUser({ email, papeis: ['regua_comunicacao:leitor'], id_empresas: [ids.provider] });
    await signInAs(ui.baseUrl, email, TEST_PASSWORD);
    renderAdmin(ui.baseUrl, '/marketing/communication-scale-restrictions/list');
    const row = await rowOf('Cliente Leitura');
    expect((within(row).getByRole('switch', { name: 'SMS: Restrito' }) as HTMLInputElement).disabled).toBe(true);
  });
});
