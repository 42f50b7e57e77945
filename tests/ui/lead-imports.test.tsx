// The lead imports' screens (marketing document, sections 2, 4, 5, 7 and 8, "Lead imports"): the
// generated imports list (its columns, Ver Leads disabled as 'Sem leads pra mostrar' without rows,
// Baixar Arquivo), the generated register (campaign and channel by the provider's flag, disabled
// until one is chosen; the file's format; the required-fields toast; the template; the save opening
// the new import's rows), the file list (banner, columns, marks, summary, views, the selection and
// its rules, Criar Novas Leads, Desfazer leads criadas, the report) and the generated edit of a row
// (/marketing/imports-leads/edit?import_id=&lead_id=: masks, required fields, back to the rows).
import './setup.js';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setSession } from '../../src/admin/core/session.js';
import { CHOOSE_PROVIDER } from '../../src/admin/generator/inputs.js';
import { ALREADY_CREATED, FIX_FIRST, SELECTED_ONLY_BANNER, UNDO_LEADS } from '../../custom-pages/lead-imports/texts.js';
import { combo, optionsOf, pickOption } from './autocomplete.js';
import { insertImport, interceptLeadImportCalls, type LeadImportCalls } from './lead-imports-server.js';
import { renderAdmin, signOutLocally, startServer, type UiServer } from './server.js';

let ui: UiServer;
let calls: LeadImportCalls;
let bitcom: number;
let vetorial: number;
let campaign: number;
let channel: number;
let seq = 0;

async function create(resource: string, body: Record<string, unknown>) {
  const res = await ui.api('POST', `/api/${resource}`, body);
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json.id as number;
}

beforeAll(async () => {
  ui = await startServer();
  bitcom = await create('providers', { nome: 'Bitcom' });
  vetorial = await create('providers', { nome: 'Vetorial' });
  campaign = await create('sales-campaigns', { nome: 'Feira Bitcom', bitcom: true });
  await create('sales-campaigns', { nome: 'Feira Vetorial', vetorial: true });
  await create('sales-campaigns', { nome: 'Feira Antiga', bitcom: true, ativo: false });
  channel = await create('sales-channels', { nome: 'Estande', bitcom: true, vetorial: true });
  await create('sales-channels', { nome: 'Rádio Vetorial', vetorial: true });
  calls = interceptLeadImportCalls(ui);
});

afterEach(() => {
  calls.calls.length = 0;
  calls.refuseUndo = null;
  setSession({ token: ui.server.adminToken, roles: ['users:superadmin'] });
});

afterAll(async () => {
  calls?.restore();
  signOutLocally();
  await ui?.close();
});

/** Runs `act` and answers the file the browser would save (its name and bytes). */
async function savedFile(act: () => unknown): Promise<{ name: string; blob: Blob }> {
  let blob: Blob | undefined;
  let name = '';
  const made = vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
    blob = b as Blob;
    return 'blob:teste';
  });
  const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    name = this.getAttribute('download') ?? '';
  });
  try {
    await act();
    await waitFor(() => expect(name).not.toBe(''));
    return { name, blob: blob! };
  } finally {
    made.mockRestore();
    revoke.mockRestore();
    click.mockRestore();
  }
}

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;

/** An import of Bitcom's campaign and channel with the rows of a fair: a clean one, a customer, a duplicate, a bad CPF, a restricted one. */
function fairImport(fileName = `feira_${++seq}.csv`) {
  return insertImport(ui, { provider: bitcom, campaign, channel, fileName }, [
    { nome: 'Ana Limpa', telefone: '(31) 98888-0001', cpf: '529.982.247-25', lead: true },
    { nome: 'Bruno Cliente', telefone: '(31) 98888-0002', cpf: '111.444.777-35', cliente: true, situacao_cliente: 'ativo', cod_cliente: 'C-10', lead: true },
    { nome: 'Carla Repetida', telefone: '(31) 98888-0001', cpf: '529.982.247-25', duplicado: 'arquivo' },
    { nome: 'Davi Errado', telefone: '(31) 98888-0004', cpf: '123.456.789-00', erros: { cpf: 'CPF inválido: dígitos verificadores não conferem' } },
    { nome: 'Elisa Restrita', telefone: '(31) 98888-0005', cpf: '390.533.447-05', restricao: ['whatsapp'] },
  ]);
}

describe('the imports list', () => {
  it('shows the columns of the spec and the add button', async () => {
    await fairImport('colunas.csv');
    renderAdmin(ui.baseUrl, '/marketing/imports-leads/list');
    await screen.findByText('colunas.csv');
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(expect.arrayContaining(['Importação', 'Provedor', 'Canal', 'Nome do Arquivo', 'Registros', 'Leads Criados']));
    expect(screen.getByRole('link', { name: /NOVA IMPORTAÇÃO LEADS/ })).toBeTruthy();
  });

  it('Ver Leads opens the import’s rows, and is disabled as “Sem leads pra mostrar” on an import without rows', async () => {
    const full = await fairImport('com_linhas.csv');
    await insertImport(ui, { provider: bitcom, campaign, channel, fileName: 'vazio.csv' }, []);
    renderAdmin(ui.baseUrl, '/marketing/imports-leads/list');
    const link = within(await rowOf('com_linhas.csv')).getByRole('link', { name: 'Ver Leads' });
    expect(link.getAttribute('href')).toBe(`/marketing/imports-leads/file/list?id=${full}`);
    const empty = within(await rowOf('vazio.csv')).getByRole('button', { name: 'Sem leads pra mostrar' }) as HTMLButtonElement;
    expect(empty.disabled).toBe(true);
    fireEvent.mouseOver(empty.parentElement!);
    expect(await screen.findByRole('tooltip', { name: 'Sem leads pra mostrar' })).toBeTruthy();
  });

  it('Baixar Arquivo saves the imported file under its name and says so', async () => {
    await fairImport('baixar_este.csv');
    renderAdmin(ui.baseUrl, '/marketing/imports-leads/list');
    const row = await rowOf('baixar_este.csv');
    const saved = await savedFile(() => fireEvent.click(within(row).getByRole('button', { name: 'Baixar Arquivo' })));
    expect(saved.name).toBe('baixar_este.csv');
    expect(await saved.blob.text()).toContain('nome;cpf;telefone');
    expect(await screen.findByText('Arquivo baixado com sucesso!')).toBeTruthy();
  });
});

describe('the register', () => {
  it('keeps Canal and Campanha disabled until a provider is chosen, then offers the active ones with its flag, cleared when it changes', async () => {
    renderAdmin(ui.baseUrl, '/marketing/imports-leads/register');
    await screen.findByRole('combobox', { name: /^Provedor/ });
    expect(combo(/^Campanha/).disabled).toBe(true);
    expect(combo(/^Canal/).disabled).toBe(true);
    expect(screen.getAllByText(CHOOSE_PROVIDER)).toHaveLength(2);

    await pickOption(/^Provedor/, 'Bitcom');
    await waitFor(() => expect(combo(/^Campanha/).disabled).toBe(false));
    expect(await optionsOf(/^Campanha/)).toEqual(['Feira Bitcom']);
    expect(await optionsOf(/^Canal/)).toEqual(['Estande']);
    await pickOption(/^Campanha/, 'Feira Bitcom');
    await waitFor(() => expect(combo(/^Campanha/).value).toBe('Feira Bitcom'));

    await pickOption(/^Provedor/, 'Vetorial');
    await waitFor(() => expect(combo(/^Campanha/).value).toBe(''));
    expect(await optionsOf(/^Campanha/)).toEqual(['Feira Vetorial']);
    expect(await optionsOf(/^Canal/)).toEqual(['Estande', 'Rádio Vetorial']);
  });

  it('takes .csv, .xlsx and .xls only: another file is refused before sending, under the field and as a toast', async () => {
    renderAdmin(ui.baseUrl, '/marketing/imports-leads/register');
    const input = (await screen.findByTestId('file-id_file')) as HTMLInputElement;
    expect(input.accept).toBe('.csv,.xlsx,.xls');
    fireEvent.change(input, { target: { files: [new File(['%PDF-1.4'], 'leads.pdf', { type: 'application/pdf' })] } });
    expect(await screen.findAllByText('Formato do arquivo não permitido!')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Trocar arquivo' })).toBeNull();
  });

  it('refuses a save with a missing field with “Preencha todos os campos obrigatórios!”', async () => {
    renderAdmin(ui.baseUrl, '/marketing/imports-leads/register');
    await screen.findByRole('combobox', { name: /^Provedor/ });
    await pickOption(/^Provedor/, 'Bitcom');
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Preencha todos os campos obrigatórios!')).toBeTruthy();
  });

  it('Baixar modelo saves the server’s template as modelo_importacao_leads.xlsx', async () => {
    renderAdmin(ui.baseUrl, '/marketing/imports-leads/register');
    const button = await screen.findByRole('button', { name: 'Baixar modelo' });
    const saved = await savedFile(() => fireEvent.click(button));
    expect(saved.name).toBe('modelo_importacao_leads.xlsx');
    expect(calls.calls).toContainEqual(expect.objectContaining({ method: 'GET', path: '/v1/lead/importacao/modelo' }));
  });

  it('sends the file, creates the import and opens its rows', async () => {
    renderAdmin(ui.baseUrl, '/marketing/imports-leads/register');
    await screen.findByRole('combobox', { name: /^Provedor/ });
    await pickOption(/^Provedor/, 'Bitcom');
    await pickOption(/^Canal/, 'Estande');
    await pickOption(/^Campanha/, 'Feira Bitcom');
    const name = `feira_registrada_${Date.now()}.csv`;
    const csv = 'nome;cpf;telefone\nAna Souza;529.982.247-25;(31) 98888-7777\nBruno Lima;111.444.777-35;(31) 97777-6666\n';
    fireEvent.change(screen.getByTestId('file-id_file'), { target: { files: [new File([csv], name, { type: 'text/csv' })] } });
    expect(await screen.findByText(name)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('2 registros importados.')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'Leads da Importação' })).toBeTruthy();
    expect(await screen.findByText(SELECTED_ONLY_BANNER)).toBeTruthy();
    const { rows } = await ui.server.db.query<{ id: number; nome_arquivo: string }>('SELECT id, nome_arquivo FROM vendas.lead_importacao WHERE nome_arquivo = $1', [name]);
    expect(rows).toHaveLength(1);
    expect(await screen.findAllByText(name)).not.toHaveLength(0);
    expect(await screen.findByText('Ana Souza')).toBeTruthy();
    expect(calls.calls.find((c) => c.path === '/api/lead-imports')?.body).toMatchObject({ id_empresa: bitcom, id_campanha: campaign, id_canal: channel });
  });

  it('a file the server refuses: “Erro ao importar os leads!”, and the server’s reason under Arquivo', async () => {
    renderAdmin(ui.baseUrl, '/marketing/imports-leads/register');
    await screen.findByRole('combobox', { name: /^Provedor/ });
    await pickOption(/^Provedor/, 'Bitcom');
    await pickOption(/^Canal/, 'Estande');
    await pickOption(/^Campanha/, 'Feira Bitcom');
    fireEvent.change(screen.getByTestId('file-id_file'), { target: { files: [new File(['nome;cpf;telefone\n'], 'so_cabecalho.csv', { type: 'text/csv' })] } });
    expect(await screen.findByText('so_cabecalho.csv')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Erro ao importar os leads!')).toBeTruthy();
    expect(await screen.findByText('O arquivo não tem linhas de dados.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: /Cadastrar/ })).toBeTruthy();
  });
});

describe('the file list', () => {
  it('shows the banner, the summary and the rows: Cliente Sim/Não, Código Lead “Não informado” before creation, and the marks', async () => {
    const id = await fairImport();
    renderAdmin(ui.baseUrl, `/marketing/imports-leads/file/list?id=${id}`);
    expect(await screen.findByText(SELECTED_ONLY_BANNER)).toBeTruthy();
    const summary = await screen.findByRole('list', { name: 'Resumo da importação' });
    await waitFor(() => expect(within(summary).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['5 registros', '1 com problema', '1 duplicado', '1 cliente', '0 leads criadas']));
    const table = await screen.findByRole('table', { name: 'Leads da Importação' });
    const headers = within(table).getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers.slice(1, 6)).toEqual(['Nome', 'Telefone', 'CPF', 'Cliente', 'Código Lead']);
    const customer = await rowOf('Bruno Cliente');
    expect(within(customer).getByText('Sim')).toBeTruthy();
    expect(within(customer).getByRole('img', { name: 'Cliente ativo (código C-10)' })).toBeTruthy();
    expect(within(customer).getByText('Não informado')).toBeTruthy();
    expect(within(await rowOf('Ana Limpa')).getByText('Não')).toBeTruthy();
    expect(within(await rowOf('Carla Repetida')).getByRole('img', { name: 'Repetido no arquivo' })).toBeTruthy();
    expect(within(await rowOf('Elisa Restrita')).getByRole('img', { name: 'Restrição de contato: WhatsApp' })).toBeTruthy();
    expect(within(await rowOf('Davi Errado')).getByRole('img', { name: 'Problemas: CPF: CPF inválido: dígitos verificadores não conferem' })).toBeTruthy();
  });

  it('a row with problems cannot be selected; a click selects or unselects another, saved at once, and the count follows on Criar Novas Leads', async () => {
    const id = await fairImport();
    renderAdmin(ui.baseUrl, `/marketing/imports-leads/file/list?id=${id}`);
    const bad = within(await rowOf('Davi Errado')).getByRole('checkbox') as HTMLInputElement;
    expect(bad.disabled).toBe(true);
    fireEvent.mouseOver(bad.closest('span[class]')!.parentElement!);
    expect(await screen.findByRole('tooltip', { name: FIX_FIRST })).toBeTruthy();
    await screen.findByRole('button', { name: 'Criar Novas Leads (2)' });

    fireEvent.click(within(await rowOf('Elisa Restrita')).getByRole('checkbox', { name: 'Selecionar Elisa Restrita' }));
    expect(await screen.findByRole('button', { name: 'Criar Novas Leads (3)' })).toBeTruthy();
    expect(calls.calls).toContainEqual({ method: 'PUT', path: '/v1/lead/importacao/clientes', body: [{ where: { id: { _eq: expect.any(Number) } }, _set: { lead: true } }] });
    await waitFor(() => expect((within(screen.getByText('Elisa Restrita').closest('tr')!).getByRole('checkbox') as HTMLInputElement).checked).toBe(true));

    fireEvent.click(screen.getByRole('button', { name: 'Limpar seleção' }));
    expect(await screen.findByRole('button', { name: 'Criar Novas Leads (0)' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Criar Novas Leads (0)' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Selecionar todas' }));
    // Every row without problems, not duplicated nor restricted (the server's rule).
    expect(await screen.findByRole('button', { name: 'Criar Novas Leads (2)' })).toBeTruthy();
    expect(calls.calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual(
      expect.arrayContaining([[{ where: { id_importacao_evento: { _eq: id } }, _set: { lead: false } }], [{ where: { id_importacao_evento: { _eq: id } }, _set: { lead: true } }]]),
    );
  });

  it('the views show the selected rows, those with problems, the duplicates and the customers', async () => {
    const id = await fairImport();
    renderAdmin(ui.baseUrl, `/marketing/imports-leads/file/list?id=${id}`);
    await rowOf('Ana Limpa');
    const names = () => [...screen.getByRole('table', { name: 'Leads da Importação' }).querySelectorAll('tbody tr')].map((tr) => tr.querySelector('td:nth-child(2)')?.textContent);
    const show = async (view: string, expected: string[]) => {
      fireEvent.click(screen.getByRole('button', { name: view }));
      await waitFor(() => expect(names()).toEqual(expected));
    };
    await show('Com problema', ['Davi Errado']);
    await show('Duplicadas', ['Carla Repetida']);
    await show('Clientes', ['Bruno Cliente']);
    await show('Selecionadas', ['Ana Limpa', 'Bruno Cliente']);
    await show('Com restrição', ['Elisa Restrita']);
    await show('Todos', ['Ana Limpa', 'Bruno Cliente', 'Carla Repetida', 'Davi Errado', 'Elisa Restrita']);
  });

  it('Criar Novas Leads creates the selected rows’ leads once, shows their codes, and Desfazer leads criadas undoes them after confirmation (or says why not)', async () => {
    const id = await fairImport();
    renderAdmin(ui.baseUrl, `/marketing/imports-leads/file/list?id=${id}`);
    const button = await screen.findByRole('button', { name: 'Criar Novas Leads (2)' });
    fireEvent.click(button);
    fireEvent.click(button);
    expect(await screen.findByText('2 leads criadas.')).toBeTruthy();
    expect(calls.calls.filter((c) => c.path === '/v1/lead/importacao/mk')).toEqual([{ method: 'POST', path: '/v1/lead/importacao/mk', body: { lead: true, id_importacao_evento: id } }]);
    await waitFor(() => expect(within(screen.getByText('Ana Limpa').closest('tr')!).getByText(/^LD-\d+$/)).toBeTruthy());
    const created = within(screen.getByText('Bruno Cliente').closest('tr')!);
    expect((created.getByRole('checkbox') as HTMLInputElement).disabled).toBe(true);
    expect((created.getByRole('button', { name: 'Editar' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.mouseOver(created.getByRole('checkbox').closest('span[class]')!.parentElement!);
    expect(await screen.findByRole('tooltip', { name: ALREADY_CREATED })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Criar Novas Leads (0)' })).toBeTruthy();

    calls.refuseUndo = '1 lead desta importação já avançou no funil: nada foi desfeito.';
    fireEvent.click(await screen.findByRole('button', { name: UNDO_LEADS }));
    let dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Desfazer' }));
    expect(await screen.findByText(calls.refuseUndo)).toBeTruthy();

    calls.refuseUndo = null;
    fireEvent.click(await screen.findByRole('button', { name: UNDO_LEADS }));
    dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Desfazer' }));
    expect(await screen.findByText('2 leads removidas.')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Criar Novas Leads (2)' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: UNDO_LEADS })).toBeNull());
  });

  it('Baixar relatório saves the per-row report; Editar opens the row’s edit; Voltar goes to the imports', async () => {
    const id = await fairImport();
    renderAdmin(ui.baseUrl, `/marketing/imports-leads/file/list?id=${id}`);
    const row = await rowOf('Davi Errado');
    const saved = await savedFile(() => fireEvent.click(screen.getByRole('button', { name: 'Baixar relatório' })));
    expect(saved.name).toBe(`relatorio_importacao_${id}.csv`);
    expect(await screen.findByText('Arquivo baixado com sucesso!')).toBeTruthy();
    const edit = within(row).getByRole('link', { name: 'Editar' });
    const { rows } = await ui.server.db.query<{ id: number }>("SELECT id FROM vendas.lead_participante WHERE id_importacao_evento = $1 AND nome = 'Davi Errado'", [id]);
    expect(edit.getAttribute('href')).toBe(`/marketing/imports-leads/edit?import_id=${id}&lead_id=${rows[0].id}`);
    const back = screen.getAllByRole('link', { name: 'Voltar' });
    expect(back.map((a) => a.getAttribute('href'))).toEqual(['/marketing/imports-leads/list', '/marketing/imports-leads/list']);
  });

  it('a sales reader sees the rows but neither selects nor creates', async () => {
    const id = await fairImport();
    const token = await ui.server.userToken({ papeis: ['vendas:leitor', 'user'], id_empresas: [bitcom], email: `leitor${++seq}.${Date.now()}@bitcom.com.br`, funcionario: true });
    setSession({ token, roles: ['vendas:leitor', 'user'] });
    renderAdmin(ui.baseUrl, `/marketing/imports-leads/file/list?id=${id}`);
    const row = await rowOf('Ana Limpa');
    expect((within(row).getByRole('checkbox') as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: /Criar Novas Leads/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Selecionar todas' })).toBeNull();
    expect(within(row).queryByRole('link', { name: 'Editar' })).toBeNull();
  });
});

describe('the edit of a row', () => {
  async function openEdit(nome: string) {
    const id = await fairImport();
    const { rows } = await ui.server.db.query<{ id: number }>('SELECT id FROM vendas.lead_participante WHERE id_importacao_evento = $1 AND nome = $2', [id, nome]);
    renderAdmin(ui.baseUrl, `/marketing/imports-leads/edit?import_id=${id}&lead_id=${rows[0].id}`);
    await screen.findByDisplayValue(nome);
    return { importId: id, rowId: rows[0].id };
  }

  it('masks CPF and phone, refuses missing fields with “Preencha todos os campos obrigatórios”, and saves back to the import’s rows', async () => {
    const { importId, rowId } = await openEdit('Davi Errado');
    const cpf = screen.getByRole('textbox', { name: /^CPF/ }) as HTMLInputElement;
    const phone = screen.getByRole('textbox', { name: /^Telefone/ }) as HTMLInputElement;
    fireEvent.change(cpf, { target: { value: '39053344705' } });
    expect(cpf.value).toBe('390.533.447-05');
    fireEvent.change(phone, { target: { value: '31977776666' } });
    expect(phone.value).toBe('(31) 97777-6666');

    fireEvent.change(screen.getByRole('textbox', { name: /^Nome/ }), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Preencha todos os campos obrigatórios')).toBeTruthy();
    expect(screen.queryByText('Preencha todos os campos obrigatórios!')).toBeNull();

    fireEvent.change(screen.getByRole('textbox', { name: /^Nome/ }), { target: { value: 'Davi Certo' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Lead atualizada com sucesso')).toBeTruthy();
    expect(await screen.findByText(SELECTED_ONLY_BANNER)).toBeTruthy();
    expect(await screen.findByText('Davi Certo')).toBeTruthy();
    const { rows } = await ui.server.db.query<{ nome: string; cpf: string; telefone: string }>('SELECT nome, cpf, telefone FROM vendas.lead_participante WHERE id = $1', [rowId]);
    expect(rows[0]).toMatchObject({ nome: 'Davi Certo', cpf: '390.533.447-05', telefone: '(31) 97777-6666' });
    expect(importId).toBeGreaterThan(0);
  });

  it('Cancelar goes back to the import’s rows', async () => {
    await openEdit('Ana Limpa');
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(await screen.findByText(SELECTED_ONLY_BANNER)).toBeTruthy();
  });
});
