// The resume screens against the real server: /resume/list with its three sections, adding an
// education entry through the generated form (situation labels, the date-order text before any
// call), deleting an entry, and an HR manager reading a user's resume at /users/curriculum/{id}.
import './setup.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { RESUME_MSG } from '../../src/domain/resume.js';
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
    fireEvent.change(screen.getByLabelText(/^Data de ingresso/), { target: { value: '2019-02-01' } });
    fireEvent.change(screen.getByLabelText(/^Data de conclusão/), { target: { value: '2018-12-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(RESUME_MSG.educationDates)).toBeTruthy();
    // Nothing was written.
    expect((await api('ana@email.com', 'GET', '/api/resume-education')).json).toEqual([]);
    await signInAs(ui.baseUrl, 'ana@email.com', TEST_PASSWORD);

    fireEvent.change(screen.getByLabelText(/^Data de conclusão/), { target: { value: '2023-12-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(async () => expect((await api('ana@email.com', 'GET', '/api/resume-education')).json).toHaveLength(1), { timeout: 15_000 });
    const [row] = (await api('ana@email.com', 'GET', '/api/resume-education')).json;
    expect(row).toMatchObject({ descricao: 'Sistemas de Informação', ie: 'Unicamp', situacao: 'CONCLUIDO', data_inicio: '2019-02-01', data_fim: '2023-12-01', id_usuario: anaId });
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
});
