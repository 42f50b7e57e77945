// The feedback of the generated screens: the submit feedback (200 ms after the submit) never outlives
// its form, and the toasts of a resource's writes say the schema's texts (x-intranet.messages,
// '{campo}' from the saved record) or the defaults: what a create made ('Incidente cadastrado com
// sucesso!'), 'Item excluído com sucesso!' after a delete (also on the bespoke resume page), 'Dados
// atualizados com sucesso!' after an update and for Ativar/Desativar, the schema's error text, else the server's.
import './setup.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, renderHook, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { MSG } from '../../src/domain/messages.js';
import { configByResource } from '../../src/admin/generator/registry.js';
import { ResourceForm, SUBMIT_FEEDBACK_MS } from '../../src/admin/generator/ResourceForm.js';
import { ResourceList } from '../../src/admin/generator/ResourceList.js';
import { failureText, successText } from '../../src/admin/generator/resourceMessages.js';
import { useTimers } from '../../src/admin/generator/timers.js';
import type { ResourceConfig } from '../../src/admin/core/schemas.js';
import { renderAdmin, renderPage, signInAs, signOutLocally, startServer, TEST_PASSWORD, type UiServer } from './server.js';

/**
 * Resolves once a timer of SUBMIT_FEEDBACK_MS set before this call has run (timers of the same delay
 * run in the order they were set): by then a feedback scheduled earlier has fired, if it was going to.
 */
const afterFeedbackWindow = () => new Promise((resolve) => setTimeout(resolve, SUBMIT_FEEDBACK_MS));

describe('timers owned by a component', () => {
  it('clears pending timers on unmount and starts none afterwards', () => {
    vi.useFakeTimers();
    try {
      const run = vi.fn();
      const { result, unmount } = renderHook(() => useTimers());
      const timers = result.current;
      timers.later(run, SUBMIT_FEEDBACK_MS);
      unmount();
      // A request settling after the screen was left schedules nothing.
      timers.later(run, SUBMIT_FEEDBACK_MS);
      act(() => vi.advanceTimersByTime(10 * SUBMIT_FEEDBACK_MS));
      expect(run).not.toHaveBeenCalled();
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('resource messages', () => {
  const users = configByResource.get('users')!;
  it("fill '{campo}' from the record, and fall back to the defaults", () => {
    expect(successText(users, 'created', { email: 'ana@bitcom.com.br' })).toBe('Usuário cadastrado! Enviamos a senha temporária para ana@bitcom.com.br.');
    // Without the field the schema's text would be incomplete: the default text, what was created.
    expect(successText(users, 'created', {})).toBe('Usuário cadastrado com sucesso!');
    expect(successText(users, 'updated', { email: 'ana@bitcom.com.br' })).toBe(MSG.success);
    expect(successText(users, 'deleted', { email: 'ana@bitcom.com.br' })).toBe(MSG.deleted);
    expect(failureText(users, 'created', { message: 'Texto do servidor' })).toBe('Texto do servidor');
    expect(failureText(users, 'created', new Error(''))).toBe(MSG.failure);
    const own = { ...users, messages: { deleteError: 'Não foi possível excluir {nome}.' } };
    expect(failureText(own, 'deleted', { message: 'Texto do servidor' }, { nome: 'Ana' })).toBe('Não foi possível excluir Ana.');
  });

  it('say what a create made, by the singular label and its gender, where the schema gives no text of its own', () => {
    const incidents = configByResource.get('incidents')!;
    const restrictions = configByResource.get('communication-restrictions')!;
    expect(successText(incidents, 'created', { id: 1 })).toBe('Incidente cadastrado com sucesso!');
    expect(successText(restrictions, 'created', { id: 1 })).toBe('Restrição cadastrada com sucesso!');
    expect(successText(configByResource.get('holidays')!, 'created', { id: 1 })).toBe('Feriado cadastrado com sucesso!');
    // The spec's own texts stay; an update keeps the spec's generic text.
    expect(successText(configByResource.get('events')!, 'created', { id: 1 })).toBe('Evento cadastrado com sucesso');
    expect(successText(incidents, 'updated', { id: 1 })).toBe(MSG.success);
    expect(successText(restrictions, 'updated', { id: 1 })).toBe(MSG.success);
  });
});

describe('the generated screens against the server', () => {
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

  it('a form left before its submit feedback shows no toast, then or later', async () => {
    // The list first: its screen is loaded, so leaving the form for it unmounts the form at once.
    renderAdmin(ui.baseUrl, '/providers/list');
    await screen.findByText('Bitcom');
    fireEvent.click(screen.getByRole('link', { name: /NOVO PROVEDOR/ }));
    fireEvent.change(await screen.findByLabelText(/^Nome/), { target: { value: 'bitcom' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    // The refusal reached the form (its message under the field): the feedback is now scheduled.
    await screen.findByText(MSG.duplicate);
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    await screen.findByRole('heading', { level: 1, name: 'Provedores' });
    await afterFeedbackWindow();
    expect(screen.queryAllByText(MSG.duplicate)).toEqual([]);
    expect(screen.queryByText(MSG.failure)).toBeNull();
  });

  it("deleting a row says 'Item excluído com sucesso!'", async () => {
    await ui.api('POST', '/api/departments', { nome: 'Depto a excluir', id_empresa: bitcom });
    renderAdmin(ui.baseUrl, '/departments/list');
    const row = (await screen.findByText('Depto a excluir')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Excluir' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText(MSG.deleted)).toBeTruthy();
    expect(screen.queryByText(MSG.success)).toBeNull();
  });

  it('creating a user says a temporary password was e-mailed, and to which address', async () => {
    renderAdmin(ui.baseUrl, '/users/register');
    fireEvent.change(await screen.findByLabelText(/^Nome/), { target: { value: 'Pessoa Nova' } });
    fireEvent.change(screen.getByLabelText(/^E-mail/), { target: { value: 'pessoa.nova@bitcom.com.br' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Usuário cadastrado! Enviamos a senha temporária para pessoa.nova@bitcom.com.br.')).toBeTruthy();
    expect(screen.queryByText(MSG.success)).toBeNull();
  });

  /** The providers' screens with the given texts of their own, at /own/register, /own/edit/:id and /own/list. */
  const withMessages = (messages: ResourceConfig['messages']) => {
    const config: ResourceConfig = { ...configByResource.get('providers')!, path: '/own', editBase: '/own/edit', messages };
    return [
      <Route key="register" path="/own/register" element={<ResourceForm config={config} mode="create" />} />,
      <Route key="edit" path="/own/edit/:id" element={<ResourceForm config={config} mode="edit" />} />,
      <Route key="list" path="/own/list" element={<ResourceList config={config} />} />,
    ];
  };

  it("a refused save says the schema's error text, with the record's fields", async () => {
    renderPage(ui.baseUrl, '/own/register', withMessages({ createError: 'Não foi possível cadastrar o provedor {nome}.' }));
    fireEvent.change(await screen.findByLabelText(/^Nome/), { target: { value: 'Bitcom' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Não foi possível cadastrar o provedor Bitcom.')).toBeTruthy();
  });

  it("a save says the schema's text filled from the server's answer; Ativar/Desativar keeps the spec's", async () => {
    const id = (await ui.api('POST', '/api/providers', { nome: 'Vetorial' })).json.id;
    renderPage(ui.baseUrl, `/own/edit/${id}`, withMessages({ updated: 'Provedor {nome} salvo.' }));
    const nome = await screen.findByLabelText(/^Nome/);
    await waitFor(() => expect((nome as HTMLInputElement).value).toBe('Vetorial'));
    fireEvent.change(nome, { target: { value: 'Vetorial Net' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Provedor Vetorial Net salvo.')).toBeTruthy();
  });

  it("Ativar/Desativar says 'Dados atualizados com sucesso!' whatever the schema's updated text", async () => {
    await ui.api('POST', '/api/providers', { nome: 'RazãoInfo' });
    renderPage(ui.baseUrl, '/own/list', withMessages({ updated: 'Provedor {nome} salvo.' }));
    const row = (await screen.findByText('RazãoInfo')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Desativar' }));
    expect(await screen.findByText(MSG.success)).toBeTruthy();
    expect(screen.queryByText('Provedor RazãoInfo salvo.')).toBeNull();
  });
});

describe('the resume page deleting an entry of a generated register', () => {
  let ui: UiServer;
  beforeAll(async () => {
    ui = await startServer();
    const carla = await ui.createUser({ email: 'carla@email.com', nome: 'Carla Candidata', papeis: ['user'] });
    await ui.server.db.query(
      `INSERT INTO curriculo.certificado (id_usuario, descricao, organizacao, data_emissao) VALUES ($1, 'ITIL', 'Axelos', '2022-05-10')`,
      [carla],
    );
    await signInAs(ui.baseUrl, 'carla@email.com', TEST_PASSWORD);
  });
  afterAll(async () => {
    signOutLocally();
    await ui?.close();
  });

  it("says 'Item excluído com sucesso!'", async () => {
    renderAdmin(ui.baseUrl, '/resume/list');
    fireEvent.click(await screen.findByRole('button', { name: 'Excluir ITIL' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText(MSG.deleted)).toBeTruthy();
    expect(screen.queryByText(MSG.success)).toBeNull();
  });
});
