// The resume screens against the real server: /resume/list with its three sections, adding an
// education entry through the generated form (situation labels, the date-order text before any
// call, back to /resume/list after saving), the entries' dates typed DD/MM/YYYY, deleting an entry,
// an HR manager reading a user's resume at /users/curriculum/{id}, and the generated resume tables
// naming each entry's owner to who may read users.
import './setup.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MSG } from '../../src/domain/messages.js';
import { RESUME_MSG } from '../../src/domain/resume.js';
import { pickOption } from './autocomplete.js';
import { renderAdmin, signInAs, signOutLocally, startServer, TEST_PASSWORD, type UiServer } from './server.js';

let ui: UiServer;
let anaId: number;

const api = async (email: string, method: string, path: string, body?: unknown) => {
  const session = await signInAs(ui.baseUrl, email, TEST_PASSWORD);
  const res = await fetch(`${ui.baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${session.idToken}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: await res.json() };
};

beforeAll(async () => {
  ui = await startServer();
  anaId = await ui.createUser({ email: 'ana@email.com', nome: 'Ana Candidata', papeis: ['user'] });
  await ui.createUser({ email: 'gestora@bitcom.com.br', nome: 'Gestora RH', papeis: ['rh:gestor', 'user'], funcionario: true });
  await ui.createUser({ email: 'bruno@email.com', nome: 'Bruno Candidato', papeis: ['user'] });
  expect((await api('ana@email.com', 'POST', '/api/resume-experience', { empresa: 'Bitcom', funcao: 'Técnica de redes', emprego_atual: true, cidade: 'Campinas', estado: 'SP', data_inicio: '2021-03-01' })).status).toBe(201);
  expect((await api('ana@email.com', 'POST', '/api/resume-certificates', { descricao: 'CCNA', organizacao: 'Cisco', data_emissao: '2022-05-10' })).status).toBe(201);
  expect((await api('bruno@email.com', 'POST', '/api/resume-education', { situacao: 'CONCLUIDO', descricao: 'Curso do Bruno', ie: 'USP', data_inicio: '2010-01-01', data_fim: '2014-12-01' })).status).toBe(201);
});
afterAll(async () => {
  await ui?.close();
});
beforeEach(() => signOutLocally());

const section = (name: string) => screen.getByRole('region', { name });

describe('resume', () => {
  it("shows the user's own resume in three sections", async () => {
    await signInAs(ui.baseUrl, 'ana@email.com', TEST_PASSWORD);
    renderAdmin(ui.baseUrl, '/resume/list');
    await screen.findByRole('heading', { name: 'Experiência' });
    expect(document.title).toBe('Intranet - Currículo');
    await waitFor(() => expect(within(section('Experiência')).getByText('Técnica de redes · Bitcom')).toBeTruthy());
    expect(within(section('Experiência')).getByText('01/03/2021 – Atual')).toBeTruthy();
    expect(within(section('Experiência')).getByText('Campinas - SP')).toBeTruthy();
    expect(within(section('Certificados')).getByText('CCNA')).toBeTruthy();
    expect(within(section('Formação')).getByText('Nenhum dado encontrado')).toBeTruthy();
    // Only her own: Bruno's education is not there.
    expect(screen.queryByText('Curso do Bruno')).toBeNull();
    for (const [name, to] of [
      ['Formação', '/resume/education/register'],
      ['Experiência', '/resume/experience/register'],
      ['Certificados', '/resume/certificate/register'],
    ]) {
      expect(within(section(name)).getByRole('link', { name: /ADICIONAR/ }).getAttribute('href')).toBe(to);
    }
    expect(within(section('Experiência')).getByRole('link', { name: 'Editar Técnica de redes · Bitcom' }).getAttribute('href')).toMatch(/^\/resume\/experience\/edit\/\d+$/);
  });

  it('adds an education entry through the generated form, checking the date order first', { timeout: 60_000 }, async () => {
    await signInAs(ui.baseUrl, 'ana@email.com', TEST_PASSWORD);
    renderAdmin(ui.baseUrl, '/resume/list');
    fireEvent.click(await within(await screen.findByRole('region', { name: 'Formação' })).findByRole('link', { name: /ADICIONAR FORMAÇÃO/ }));
    const curso = await screen.findByLabelText(/^Curso/);
    fireEvent.change(curso, { target: { value: 'Sistemas de Informação' } });
    fireEvent.change(screen.getByLabelText(/^Instituição de ensino/), { target: { value: 'Unicamp' } });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Situação/ }));
    // The situations with their labels.
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Concluído', 'Em andamento', 'Incompleto']);
    fireEvent.click(screen.getByRole('option', { name: 'Concluído' }));
    fireEvent.change(screen.getByLabelText(/^Data de ingresso/), { target: { value: '01/02/2019' } });
    fireEvent.change(screen.getByLabelText(/^Data de conclusão/), { target: { value: '01/12/2018' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(RESUME_MSG.educationDates)).toBeTruthy();
    // Nothing was written.
    expect((await api('ana@email.com', 'GET', '/api/resume-education')).json).toEqual([]);
    await signInAs(ui.baseUrl, 'ana@email.com', TEST_PASSWORD);

    fireEvent.change(screen.getByLabelText(/^Data de conclusão/), { target: { value: '01/12/2023' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(async () => expect((await api('ana@email.com', 'GET', '/api/resume-education')).json).toHaveLength(1), { timeout: 15_000 });
    const [row] = (await api('ana@email.com', 'GET', '/api/resume-education')).json;
    expect(row).toMatchObject({ descricao: 'Sistemas de Informação', ie: 'Unicamp', situacao: 'CONCLUIDO', data_inicio: '2019-02-01', data_fim: '2023-12-01', id_usuario: anaId });
    // Back on her resume (x-intranet.returnTo), not on the generic table of every entry.
    await waitFor(() => expect(within(section('Formação')).getByText('Sistemas de Informação')).toBeTruthy());
    expect(within(section('Formação')).getByText('01/02/2019 – 01/12/2023')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /EXPORTAR/i })).toBeNull();
  });

  it('a resume form opened by its address returns to /resume/list: after saving, on Cancelar and by its back arrow', { timeout: 60_000 }, async () => {
    await ui.createUser({ email: 'caua@email.com', nome: 'Cauã Candidato', papeis: ['user'] });
    await signInAs(ui.baseUrl, 'caua@email.com', TEST_PASSWORD);
    renderAdmin(ui.baseUrl, '/resume/experience/register');
    await screen.findByLabelText(/^Empresa/);
    expect(screen.getByRole('link', { name: 'Voltar' }).getAttribute('href')).toBe('/resume/list');
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(await screen.findByRole('region', { name: 'Experiência' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /EXPORTAR/i })).toBeNull();

    signOutLocally();
    await signInAs(ui.baseUrl, 'caua@email.com', TEST_PASSWORD);
    renderAdmin(ui.baseUrl, '/resume/certificate/register');
    fireEvent.change(await screen.findByRole('textbox', { name: /^Certificado/ }), { target: { value: 'Fibra óptica' } });
    fireEvent.change(screen.getByLabelText(/^Organização emissora/), { target: { value: 'Furukawa' } });
    // A day that does not exist is refused before any call.
    const issued = screen.getByRole('textbox', { name: /^Data de emissão/ }) as HTMLInputElement;
    fireEvent.change(issued, { target: { value: '31022024' } });
    expect(issued.value).toBe('31/02/2024');
    expect(await screen.findByText(MSG.date)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(MSG.failure)).toBeTruthy();
    expect((await api('caua@email.com', 'GET', '/api/resume-certificates')).json).toEqual([]);
    await signInAs(ui.baseUrl, 'caua@email.com', TEST_PASSWORD);

    fireEvent.change(issued, { target: { value: '15/03/2024' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    const saved = within(await screen.findByRole('region', { name: 'Certificados' }));
    await waitFor(() => expect(saved.getByText('Fibra óptica')).toBeTruthy());
    expect(saved.getByText('Emitido em 15/03/2024')).toBeTruthy();
    const [row] = (await api('caua@email.com', 'GET', '/api/resume-certificates')).json;
    expect(row).toMatchObject({ descricao: 'Fibra óptica', data_emissao: '2024-03-15', data_validade: null });

    // The edit screen shows the stored day DD/MM/YYYY.
    signOutLocally();
    await signInAs(ui.baseUrl, 'caua@email.com', TEST_PASSWORD);
    renderAdmin(ui.baseUrl, `/resume/certificate/edit/${row.id}`);
    await screen.findByDisplayValue('Fibra óptica');
    await waitFor(() => expect((screen.getByRole('textbox', { name: /^Data de emissão/ }) as HTMLInputElement).value).toBe('15/03/2024'));
    expect(screen.getAllByRole('button', { name: 'Abrir calendário' })).toHaveLength(2);
  });

  it('deletes an own entry after confirming', async () => {
    await signInAs(ui.baseUrl, 'ana@email.com', TEST_PASSWORD);
    renderAdmin(ui.baseUrl, '/resume/list');
    fireEvent.click(await screen.findByRole('button', { name: 'Excluir CCNA' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Deseja excluir "CCNA" do seu currículo?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(within(section('Certificados')).getByText('Nenhum dado encontrado')).toBeTruthy());
    expect((await api('ana@email.com', 'GET', '/api/resume-certificates')).json).toEqual([]);
  });

  it("lets an HR manager read a user's resume, read-only, and refuses others", { timeout: 30_000 }, async () => {
    await signInAs(ui.baseUrl, 'gestora@bitcom.com.br', TEST_PASSWORD);
    renderAdmin(ui.baseUrl, `/users/curriculum/${anaId}`);
    await waitFor(() => expect(screen.getByText('Técnica de redes · Bitcom')).toBeTruthy());
    expect(screen.getByText('Sistemas de Informação')).toBeTruthy();
    // The title names the user when the manager may read the user record (a candidate has no
    // provider, so only the superadmin's users scope reaches it); else it is just 'Currículo'.
    expect(screen.getByRole('heading', { level: 1, name: /^Currículo/ })).toBeTruthy();
    expect(screen.queryByText('Curso do Bruno')).toBeNull();
    expect(screen.queryByRole('link', { name: /ADICIONAR/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Excluir/ })).toBeNull();

    signOutLocally();
    await signInAs(ui.baseUrl, 'bruno@email.com', TEST_PASSWORD);
    renderAdmin(ui.baseUrl, `/users/curriculum/${anaId}`);
    expect(await screen.findByText('Você não tem permissão para acessar esta página.')).toBeTruthy();
    expect(screen.queryByText('Técnica de redes · Bitcom')).toBeNull();
  });

  it("the generated resume tables name each entry's owner to an HR manager; a user's own table works without it", { timeout: 60_000 }, async () => {
    const provider = (await ui.api('POST', '/api/providers', { nome: 'Bitcom Currículos' })).json.id;
    await ui.createUser({ email: 'rh.curriculos@bitcom.com.br', nome: 'Rita RH', papeis: ['rh:gestor', 'user'], funcionario: true, id_empresas: [provider] });
    await ui.createUser({ email: 'carla@bitcom.com.br', nome: 'Carla Colaboradora', papeis: ['user'], funcionario: true, id_empresas: [provider] });
    const daniId = await ui.createUser({ email: 'dani@email.com', nome: 'Dani Candidata', papeis: ['user'] });
    expect((await api('carla@bitcom.com.br', 'POST', '/api/resume-education', { situacao: 'EM_ANDAMENTO', descricao: 'Redes de Computadores', ie: 'PUC', data_inicio: '2022-02-01' })).status).toBe(201);
    expect((await api('dani@email.com', 'POST', '/api/resume-education', { situacao: 'CONCLUIDO', descricao: 'Curso da Dani', ie: 'UFMG', data_inicio: '2015-03-01', data_fim: '2018-12-01' })).status).toBe(201);

    await signInAs(ui.baseUrl, 'rh.curriculos@bitcom.com.br', TEST_PASSWORD);
    renderAdmin(ui.baseUrl, '/resume/education/list');
    const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;
    expect((await screen.findAllByRole('columnheader', { name: /^Usuário/ })).length).toBeGreaterThan(0);
    // The name of a user of the manager's providers; a candidate (linked to no provider, whose user
    // record only the superadmin reads) by number.
    await waitFor(async () => expect(within(await rowOf('Redes de Computadores')).getByText('Carla Colaboradora')).toBeTruthy());
    await waitFor(async () => expect(within(await rowOf('Curso da Dani')).getByText(`Usuário nº ${daniId}`)).toBeTruthy());
    // The owner filter is a select of users by name.
    await pickOption(/^Usuário/, 'Carla Colaboradora');
    await waitFor(() => expect(screen.queryByText('Curso da Dani')).toBeNull());
    expect(screen.getByText('Redes de Computadores')).toBeTruthy();

    // A candidate, who may not read users: their own rows, no owner column or filter, no error.
    signOutLocally();
    await signInAs(ui.baseUrl, 'dani@email.com', TEST_PASSWORD);
    renderAdmin(ui.baseUrl, '/resume/education/list');
    expect(await screen.findByText('Curso da Dani')).toBeTruthy();
    expect(screen.queryByText('Redes de Computadores')).toBeNull();
    expect(screen.queryByRole('columnheader', { name: /^Usuário/ })).toBeNull();
    expect(screen.queryByRole('combobox', { name: /^Usuário/ })).toBeNull();
    expect(screen.getByRole('columnheader', { name: /^Curso/ })).toBeTruthy();
    expect(document.querySelector('[data-testid="ErrorIcon"]')).toBeNull();
  });
});
