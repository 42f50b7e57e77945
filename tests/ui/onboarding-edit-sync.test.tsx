// Onboarding edit (a department's only position is pre-selected; changing the department clears
// the position), sync-trail/{id} (link more trails after the linked ones, unlink one) and the trail's
// contents order (trail sync/{id}), against the real server.
import './setup.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { FileImage } from '../../custom-pages/onboarding/images.js';
import { ONBOARDING_MSG } from '../../src/domain/onboarding.js';
import { setSession } from '../../src/admin/core/session.js';
import { renderAdmin, renderPage, signInAs, startServer, TEST_PASSWORD, type UiServer } from './server.js';

let ui: UiServer;
let A: number;
let tecnico: { department: number; positions: number[] };
let comercial: { department: number; positions: number[] };
const trails: Record<string, number> = {};
const contents: Record<string, number> = {};

async function department(nome: string, positions: string[]) {
  const id = (await ui.api('POST', '/api/departments', { nome, id_empresa: A })).json.id;
  const sector = (await ui.api('POST', '/api/sectors', { nome: `Setor ${nome}`, id_departamento: id })).json.id;
  const ids = [];
  for (const p of positions) ids.push((await ui.api('POST', '/api/positions', { nome: p, id_setor: sector })).json.id);
  return { department: id, positions: ids };
}

async function onboarding(titulo: string, trailIds: number[] = []) {
  const r = await ui.api('POST', '/v1/rh/trilha/onboarding', { titulo, id_empresa: A, id_departamento: tecnico.department, id_cargo: tecnico.positions[0] });
  expect(r.status).toBe(200);
  const id = r.json.insert_onboarding_onboarding.returning[0].id as number;
  if (trailIds.length) expect((await ui.api('PUT', `/v1/onboarding/${id}/trilhas`, { trilhas: trailIds })).status).toBe(200);
  return id;
}

async function linked(id: number) {
  const r = await ui.api('POST', '/v1/rh/trilha/onboarding/filtrado', { filtro: { id } });
  return (r.json.onboarding_onboarding[0].onboarding_trilhas as { id_trilha: number; prioridade: number }[])
    .sort((a, b) => a.prioridade - b.prioridade)
    .map((l) => [l.id_trilha, l.prioridade]);
}

beforeAll(async () => {
  ui = await startServer();
  A = (await ui.api('POST', '/api/providers', { nome: 'Bitcom' })).json.id;
  tecnico = await department('Técnico', ['Técnico N1', 'Técnico N2']);
  comercial = await department('Comercial', ['Vendedor']);
  for (const nome of ['Boas-vindas', 'Segurança', 'Sistemas']) trails[nome] = (await ui.api('POST', '/api/trails', { nome })).json.id;
  for (const titulo of ['Nossa história', 'Valores', 'EPIs'])
    contents[titulo] = (await ui.api('POST', '/api/contents', { titulo, resumo: `Sobre ${titulo}`, texto: `<p>${titulo}</p>` })).json.id;
});

afterAll(async () => {
  await ui?.close();
});

const combo = (label: RegExp) => screen.getByRole('combobox', { name: label });

describe('onboarding edit', () => {
  it('loads the data; changing the department clears the position and pre-selects a department’s only one', async () => {
    const id = await onboarding('Programa editável');
    renderPage(ui.baseUrl, `/human-resources/onboarding/edit/${id}`);
    await waitFor(() => expect((screen.getByRole('textbox', { name: /Título/ }) as HTMLInputElement).value).toBe('Programa editável'));
    await waitFor(() => expect(combo(/Cargo/).textContent).toContain('Técnico N1'));
    expect(combo(/Provedor/).textContent).toContain('Bitcom');
    expect(combo(/Departamento/).textContent).toContain('Técnico');

    fireEvent.mouseDown(combo(/Departamento/));
    fireEvent.click(await screen.findByRole('option', { name: 'Comercial' }));
    await waitFor(() => expect(combo(/Cargo/).textContent).toContain('Vendedor'));
    fireEvent.change(screen.getByRole('textbox', { name: /Título/ }), { target: { value: 'Programa comercial' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(ONBOARDING_MSG.updated)).toBeTruthy();
    const row = (await ui.api('POST', '/v1/rh/trilha/onboarding/filtrado', { filtro: { id } })).json.onboarding_onboarding[0];
    expect(row).toMatchObject({ titulo: 'Programa comercial', id_departamento: comercial.department, id_cargo: comercial.positions[0] });
  });

  it('a department with several positions leaves the position empty and Salvar asks for it', async () => {
    const id = await onboarding('Programa sem cargo');
    renderPage(ui.baseUrl, `/human-resources/onboarding/edit/${id}`);
    await waitFor(() => expect(combo(/Cargo/).textContent).toContain('Técnico N1'));
    fireEvent.mouseDown(combo(/Departamento/));
    fireEvent.click(await screen.findByRole('option', { name: 'Comercial' }));
    await waitFor(() => expect(combo(/Cargo/).textContent).toContain('Vendedor'));
    fireEvent.mouseDown(combo(/Departamento/));
    fireEvent.click(await screen.findByRole('option', { name: 'Técnico' }));
    await waitFor(() => expect(combo(/Cargo/).textContent).not.toContain('Vendedor'));
    expect(combo(/Cargo/).textContent).not.toContain('Técnico N');
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Campo obrigatório')).toBeTruthy();
    const row = (await ui.api('POST', '/v1/rh/trilha/onboarding/filtrado', { filtro: { id } })).json.onboarding_onboarding[0];
    expect(row.id_cargo).toBe(tecnico.positions[0]);
  });
});

describe('sync-trail/{id}', () => {
  it('links the chosen trails after the linked ones, in the chosen order', async () => {
    const id = await onboarding('Programa com trilhas', [trails['Boas-vindas']]);
    renderPage(ui.baseUrl, `/human-resources/onboarding/sync-trail/${id}`);
    const current = await screen.findByRole('list', { name: 'Trilhas associadas' });
    await within(current).findByText('1. Boas-vindas');
    // Only the trails not linked yet are offered.
    await screen.findByRole('button', { name: 'Adicionar Sistemas' });
    expect(screen.queryByRole('button', { name: 'Adicionar Boas-vindas' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar Sistemas' }));
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar Segurança' }));
    fireEvent.click(screen.getByRole('button', { name: 'Mover Segurança para cima' }));
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(ONBOARDING_MSG.trailsLinked)).toBeTruthy();
    expect(await linked(id)).toEqual([
      [trails['Boas-vindas'], 1],
      [trails['Segurança'], 2],
      [trails['Sistemas'], 3],
    ]);
  });

  it('unlinks a trail and the rest keep their order', async () => {
    const id = await onboarding('Programa a desassociar', [trails['Boas-vindas'], trails['Segurança'], trails['Sistemas']]);
    renderPage(ui.baseUrl, `/human-resources/onboarding/sync-trail/${id}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Desassociar Boas-vindas' }));
    const current = screen.getByRole('list', { name: 'Trilhas associadas' });
    await within(current).findByText('1. Segurança');
    expect(within(current).getByText('2. Sistemas')).toBeTruthy();
    expect(await linked(id)).toEqual([
      [trails['Segurança'], 1],
      [trails['Sistemas'], 2],
    ]);
  });

  it('a reader, who only views trails, sees the linked ones and nothing to change', async () => {
    const id = await onboarding('Programa para leitura', [trails['Boas-vindas'], trails['Segurança']]);
    const admin = { token: ui.server.adminToken, roles: ['users:superadmin'] };
    await ui.createUser({ email: 'leitor.trilhas@bitcom.com.br', papeis: ['onboarding:leitor', 'user'], funcionario: true, id_empresas: [A] });
    await signInAs(ui.baseUrl, 'leitor.trilhas@bitcom.com.br', TEST_PASSWORD);
    try {
      renderPage(ui.baseUrl, `/human-resources/onboarding/sync-trail/${id}`);
      const current = await screen.findByRole('list', { name: 'Trilhas associadas' });
      await within(current).findByText('1. Boas-vindas');
      expect(within(current).getByText('2. Segurança')).toBeTruthy();
      expect(screen.getByRole('heading', { level: 1, name: 'Trilhas do Onboarding' })).toBeTruthy();
      expect(screen.queryByRole('button', { name: /Desassociar/ })).toBeNull();
      expect(screen.queryByRole('button', { name: /Adicionar/ })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Salvar' })).toBeNull();
    } finally {
      setSession(admin);
    }
  });
});

describe('trail sync/{id}', () => {
  it('the generated trail list leads each trail to its contents order', async () => {
    renderAdmin(ui.baseUrl, '/human-resources/trail/list');
    const row = (await screen.findByText('Segurança', {}, { timeout: 15_000 })).closest('tr')!;
    expect(within(row).getByRole('link', { name: 'Conteúdos da trilha' }).getAttribute('href')).toBe(`/human-resources/trail/sync/${trails['Segurança']}`);
  });

  it('sets the trail’s contents in the chosen order', async () => {
    const trail = trails['Sistemas'];
    expect((await ui.api('PUT', `/v1/onboarding/trilha/${trail}/conteudos`, { conteudos: [contents['Valores']] })).status).toBe(200);
    renderPage(ui.baseUrl, `/human-resources/trail/sync/${trail}`);
    await screen.findByText('1. Valores');
    fireEvent.click(await screen.findByRole('button', { name: 'Adicionar EPIs' }));
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar Nossa história' }));
    fireEvent.click(screen.getByRole('button', { name: 'Mover Nossa história para cima' }));
    fireEvent.click(screen.getByRole('button', { name: 'Mover Nossa história para cima' }));
    expect((screen.getByRole('button', { name: 'Mover Nossa história para cima' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(async () => {
      const r = await ui.api('POST', '/v1/rh/onboarding/trilha/filtrado', { filtro: { id: trail } });
      const order = (r.json.onboarding_trilha[0].trilha_conteudos as { id_conteudo: number; prioridade: number }[])
        .sort((a, b) => a.prioridade - b.prioridade)
        .map((c) => c.id_conteudo);
      expect(order).toEqual([contents['Nossa história'], contents['Valores'], contents['EPIs']]);
    });
  });
});

describe('content images', () => {
  it('an image that cannot be loaded says so, as a toast and in its place', async () => {
    renderPage(ui.baseUrl, '/imagem', <Route path="/imagem" element={<FileImage id="00000000-0000-0000-0000-000000000000" alt="Capa ausente" />} />);
    const placeholder = await screen.findByRole('img', { name: 'Capa ausente' }, { timeout: 15_000 });
    expect(within(placeholder).getByText(ONBOARDING_MSG.imageError)).toBeTruthy();
    await waitFor(() => expect(screen.getAllByText(ONBOARDING_MSG.imageError)).toHaveLength(2));
  });
});
