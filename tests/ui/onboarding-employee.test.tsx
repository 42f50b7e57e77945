// The employee's reader against the real server (HR document, sections 2 and 4): 'Marcar como lido e
// continuar' moves to the next content of the trail, then to the first content of the next trail,
// then to the congratulations; the congratulations route shows only a finished onboarding and sends
// anyone else to their onboarding page; a locked card shows no text.
import './setup.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setSession } from '../../src/admin/core/session.js';
import { ONBOARDING_MSG } from '../../src/domain/onboarding.js';
import { renderPage, signInAs, startServer, TEST_PASSWORD, type UiServer } from './server.js';

let ui: UiServer;
let A: number;
let position: number;
let onboarding: number;
const trails: number[] = [];
const contents: number[] = [];

const reader = (idTrail: number, idContent: number) =>
  `/human-resources/onboarding/employee/content?idOnboarding=${onboarding}&idTrail=${idTrail}&idContent=${idContent}`;

beforeAll(async () => {
  ui = await startServer();
  A = (await ui.api('POST', '/api/providers', { nome: 'Bitcom' })).json.id;
  const department = (await ui.api('POST', '/api/departments', { nome: 'Suporte', id_empresa: A })).json.id;
  const sector = (await ui.api('POST', '/api/sectors', { nome: 'Setor Suporte', id_departamento: department })).json.id;
  position = (await ui.api('POST', '/api/positions', { nome: 'Técnico N1', id_setor: sector })).json.id;
  // Trail 1: two contents; trail 2: one.
  for (const titulo of ['Boas-vindas', 'Cultura', 'Ferramentas'])
    contents.push((await ui.api('POST', '/api/contents', { titulo, resumo: `Sobre ${titulo}`, texto: `<p>Texto de ${titulo}</p>` })).json.id);
  for (const [nome, mine] of [
    ['Primeira trilha', contents.slice(0, 2)],
    ['Segunda trilha', contents.slice(2)],
  ] as const) {
    const id = (await ui.api('POST', '/api/trails', { nome })).json.id;
    expect((await ui.api('PUT', `/v1/onboarding/trilha/${id}/conteudos`, { conteudos: mine })).status).toBe(200);
    trails.push(id);
  }
  const created = await ui.api('POST', '/v1/rh/trilha/onboarding', {
    titulo: 'Integração do suporte',
    id_empresa: A,
    id_departamento: department,
    id_cargo: position,
    onboarding_trilhas: trails.map((id_trilha, i) => ({ id_trilha, prioridade: i + 1 })),
  });
  onboarding = created.json.insert_onboarding_onboarding.returning[0].id;
  for (const email of ['leitora@teste.com.br', 'novata@teste.com.br'])
    await ui.createUser({ email, nome: email.split('@')[0], papeis: ['user'], funcionario: true, id_empresas: [A], id_cargo: position } as any);
});

afterAll(async () => {
  setSession({ token: ui.server.adminToken, roles: ['users:superadmin'] });
  await ui?.close();
});

describe('the employee reader', () => {
  it('a locked card shows its title and summary but no text', async () => {
    await signInAs(ui.baseUrl, 'novata@teste.com.br', TEST_PASSWORD);
    renderPage(ui.baseUrl, `/human-resources/onboarding/employee/content?idOnboarding=${onboarding}&idTrail=${trails[0]}`);
    const locked = await screen.findByLabelText('Cultura', {}, { timeout: 15_000 });
    expect(within(locked).getByText('Sobre Cultura')).toBeTruthy();
    expect(within(locked).getByText('Bloqueado')).toBeTruthy();
    expect(screen.queryByText('Texto de Cultura')).toBeNull();
  });

  it('the congratulations of an unfinished onboarding send the employee to their onboarding page', async () => {
    await signInAs(ui.baseUrl, 'novata@teste.com.br', TEST_PASSWORD);
    renderPage(ui.baseUrl, `/human-resources/onboarding/employee/content/congratulations?idOnboarding=${onboarding}`);
    expect(await screen.findByRole('heading', { name: 'Integração do suporte' }, { timeout: 15_000 })).toBeTruthy();
    expect(screen.queryByText(ONBOARDING_MSG.congratulations)).toBeNull();
  });

  it('"Marcar como lido e continuar" goes to the next content, then the next trail, then the congratulations', async () => {
    await signInAs(ui.baseUrl, 'leitora@teste.com.br', TEST_PASSWORD);
    renderPage(ui.baseUrl, reader(trails[0], contents[0]));
    for (const titulo of ['Boas-vindas', 'Cultura', 'Ferramentas']) {
      const article = await screen.findByRole('article', { name: titulo }, { timeout: 15_000 });
      expect(within(article).getByText(`Texto de ${titulo}`)).toBeTruthy();
      fireEvent.click(within(article).getByRole('button', { name: ONBOARDING_MSG.markAsRead }));
      await waitFor(() => expect(screen.queryByRole('article', { name: titulo })).toBeNull(), { timeout: 15_000 });
    }
    expect(await screen.findByRole('heading', { name: ONBOARDING_MSG.congratulations }, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: ONBOARDING_MSG.backHome })).toBeTruthy();
  });
});
