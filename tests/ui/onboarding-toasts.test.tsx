// The onboarding toasts of the HR document's section 8 that the other onboarding UI tests do not
// reach, each met as a user meets it, against the real server: the success toast by doing the
// action, the error toasts by a real refusal of the server (a role it refuses, a row another user
// deleted or switched off meanwhile). Each is asserted with the spec's exact text and its kind.
import './setup.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { getSession, setSession } from '../../src/admin/core/session.js';
import { resourceRoutes } from '../../src/admin/routes.js';
import { resourceConfigs } from '../../src/admin/generator/registry.js';
import { renderAdmin, renderPage, signInAs, startServer, TEST_PASSWORD, type UiServer } from './server.js';

let ui: UiServer;
let A: number;
let seq = 0;

/** A department, sector and position of provider A; answers their ids. */
async function organisation(tag: string) {
  const department = (await ui.api('POST', '/api/departments', { nome: `Depto ${tag}`, id_empresa: A })).json.id as number;
  const sector = (await ui.api('POST', '/api/sectors', { nome: `Setor ${tag}`, id_departamento: department })).json.id as number;
  const position = (await ui.api('POST', '/api/positions', { nome: `Cargo ${tag}`, id_setor: sector })).json.id as number;
  return { department, position };
}

/** A trail of its own (unique name), optionally with these contents in order. */
async function trail(nome: string, contents: number[] = []) {
  const id = (await ui.api('POST', '/api/trails', { nome })).json.id as number;
  if (contents.length) expect((await ui.api('PUT', `/v1/onboarding/trilha/${id}/conteudos`, { conteudos: contents })).status).toBe(200);
  return id;
}

/** An onboarding of provider A for the organisation's position, with these trails in order. */
async function onboarding(titulo: string, org: { department: number; position: number }, trails: number[] = []) {
  const r = await ui.api('POST', '/v1/rh/trilha/onboarding', {
    titulo,
    id_empresa: A,
    id_departamento: org.department,
    id_cargo: org.position,
    onboarding_trilhas: trails.map((id_trilha, i) => ({ id_trilha, prioridade: i + 1 })),
  });
  expect(r.status).toBe(200);
  return r.json.insert_onboarding_onboarding.returning[0].id as number;
}

/** What another user does meanwhile (the superadmin in another session): deleting the onboarding. */
async function deletedElsewhere(id: number) {
  expect((await ui.api('DELETE', `/v1/onboarding/delete/${id}`)).status).toBe(200);
}

/** A signed-in user of provider A with these roles (a new e-mail each time). */
async function signedInWith(papeis: string[], extra: Record<string, unknown> = {}) {
  const email = `pessoa${++seq}@teste.com.br`;
  await ui.createUser({ email, nome: `Pessoa ${seq}`, papeis, id_empresas: [A], ...extra } as any);
  await signInAs(ui.baseUrl, email, TEST_PASSWORD);
  return email;
}

/** The signed-in session claims these roles, as one whose roles changed on the server after sign-in. */
function withStaleRoles(roles: string[]) {
  const session = getSession();
  if (!session) throw new Error('not signed in');
  setSession({ ...session, roles });
}

/** Waits for the toast with exactly this text and checks its kind (react-admin's notification class). */
async function toast(text: string, kind: 'success' | 'error') {
  const message = await screen.findByText(text);
  expect(message.textContent).toBe(text);
  expect(message.closest(`.RaNotification-${kind}`)).not.toBeNull();
}

beforeAll(async () => {
  ui = await startServer();
  A = (await ui.api('POST', '/api/providers', { nome: 'Bitcom' })).json.id;
});

afterEach(() => {
  setSession({ token: ui.server.adminToken, roles: ['users:superadmin'] });
});

afterAll(async () => {
  await ui?.close();
});

describe('load errors', () => {
  it('"Erro ao carregar lista de onboardings": the server refuses a reader role taken away while the session still holds it', async () => {
    const org = await organisation('Lista');
    await onboarding('Programa da lista', org);
    await signedInWith(['user'], { funcionario: true });
    // The session still says onboarding:leitor (the role was removed after sign-in): the screen
    // opens, and the server refuses its call.
    withStaleRoles(['onboarding:leitor']);
    // The generated list alone (the whole app would notice the changed roles and sign the user out).
    renderPage(ui.baseUrl, '/human-resources/onboarding/list', resourceRoutes(resourceConfigs));
    await toast('Erro ao carregar lista de onboardings', 'error');
    expect(screen.queryByText('Programa da lista')).toBeNull();
  });

  it('an employee without an onboarding or rh role gets the access-denied page, and no call is made', async () => {
    const org = await organisation('Lista negada');
    await onboarding('Programa negado', org);
    await signedInWith(['user'], { funcionario: true });
    renderAdmin(ui.baseUrl, '/human-resources/onboarding/list');
    expect(await screen.findByText('Você não tem permissão para acessar esta página.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Onboarding' })).toBeTruthy();
    expect(screen.queryByText('Erro ao carregar lista de onboardings')).toBeNull();
    expect(screen.queryByText('Programa negado')).toBeNull();
  });

  it('"Erro ao carregar dados do onboarding": the edit screen of an onboarding another user deleted', async () => {
    const id = await onboarding('Programa excluído antes', await organisation('Carga'));
    await deletedElsewhere(id);
    await signedInWith(['onboarding:gestor']);
    renderPage(ui.baseUrl, `/human-resources/onboarding/edit/${id}`);
    await toast('Erro ao carregar dados do onboarding', 'error');
    expect((screen.getByRole('button', { name: 'Salvar' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('"Erro ao carregar trilhas": the contents order of a trail another user deleted', async () => {
    const id = await trail('Trilha apagada');
    expect((await ui.api('DELETE', `/api/trails/${id}`)).status).toBe(200);
    await signedInWith(['onboarding:gestor']);
    renderPage(ui.baseUrl, `/human-resources/trail/sync/${id}`);
    await toast('Erro ao carregar trilhas', 'error');
    expect((screen.getByRole('button', { name: 'Salvar' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('"Erro ao carregar lista de vagas": the server refuses an rh role taken away while the session still holds it', async () => {
    await signedInWith(['onboarding:gestor']);
    withStaleRoles(['onboarding:gestor', 'rh:leitor']);
    renderPage(ui.baseUrl, '/human-resources/vacancy/report');
    await toast('Erro ao carregar lista de vagas', 'error');
    expect(screen.getByText('Nenhum resultado encontrado')).toBeTruthy();
  });

  it('an onboarding manager without an rh role gets the access-denied page on the vacancies report', async () => {
    await signedInWith(['onboarding:gestor']);
    renderPage(ui.baseUrl, '/human-resources/vacancy/report');
    expect(await screen.findByText('Você não tem permissão para acessar esta página.')).toBeTruthy();
    expect(screen.queryByText('Erro ao carregar lista de vagas')).toBeNull();
  });
});

describe('onboarding writes refused', () => {
  it('"Erro ao atualizar onboarding": Salvar on an onboarding the superadmin deleted meanwhile keeps the edit screen', async () => {
    const id = await onboarding('Programa em edição', await organisation('Edição'));
    await signedInWith(['onboarding:gestor']);
    renderPage(ui.baseUrl, `/human-resources/onboarding/edit/${id}`);
    const title = await screen.findByRole('textbox', { name: /Título/ });
    await waitFor(() => expect((title as HTMLInputElement).value).toBe('Programa em edição'));
    await waitFor(() => expect(screen.getByRole('combobox', { name: /Cargo/ }).textContent).toContain('Cargo Edição'));
    fireEvent.change(title, { target: { value: 'Programa renomeado' } });
    await deletedElsewhere(id);
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await toast('Erro ao atualizar onboarding', 'error');
    expect(screen.queryByText('Onboarding atualizado com sucesso!')).toBeNull();
    expect((screen.getByRole('textbox', { name: /Título/ }) as HTMLInputElement).value).toBe('Programa renomeado');
  });

  it('"Erro ao deletar onboarding": deleting a row another superadmin session already deleted', async () => {
    const id = await onboarding('Programa excluído duas vezes', await organisation('Exclusão'));
    renderAdmin(ui.baseUrl, '/human-resources/onboarding/list');
    const row = (await screen.findByText('Programa excluído duas vezes')).closest('tr')!;
    await deletedElsewhere(id);
    fireEvent.click(within(row).getByRole('button', { name: 'Excluir' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Excluir' }));
    await toast('Erro ao deletar onboarding', 'error');
    expect(screen.queryByText('Onboarding deletado com sucesso')).toBeNull();
  });

  it('"Erro ao atualizar status do onboarding": switching off an onboarding the superadmin deleted meanwhile', async () => {
    const id = await onboarding('Programa a desativar', await organisation('Status'));
    await signedInWith(['onboarding:gestor']);
    renderAdmin(ui.baseUrl, '/human-resources/onboarding/list');
    const row = (await screen.findByText('Programa a desativar')).closest('tr')!;
    await deletedElsewhere(id);
    fireEvent.click(within(row).getByRole('button', { name: 'Desativar' }));
    await toast('Erro ao atualizar status do onboarding', 'error');
    expect(screen.queryByText('Status do onboarding atualizado com sucesso')).toBeNull();
  });
});

describe('trails of an onboarding refused', () => {
  it('"Erro ao associar trilha(s)": Salvar with a trail another user deleted meanwhile links nothing', async () => {
    await trail('Trilha mantida');
    const gone = await trail('Trilha excluída no caminho');
    const id = await onboarding('Programa a associar', await organisation('Associação'));
    await signedInWith(['onboarding:solicitante']);
    renderPage(ui.baseUrl, `/human-resources/onboarding/sync-trail/${id}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Adicionar Trilha mantida' }));
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar Trilha excluída no caminho' }));
    expect((await ui.api('DELETE', `/api/trails/${gone}`)).status).toBe(200);
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await toast('Erro ao associar trilha(s)', 'error');
    expect(screen.queryByText('Trilha(s) associada(s) com sucesso')).toBeNull();
    const saved = await ui.api('POST', '/v1/rh/trilha/onboarding/filtrado', { filtro: { id } });
    expect(saved.json.onboarding_onboarding[0].onboarding_trilhas).toEqual([]);
  });

  it('"Erro ao desassociar trilha": unlinking a trail of an onboarding the superadmin deleted meanwhile', async () => {
    const linked = await trail('Trilha associada');
    const id = await onboarding('Programa a desassociar', await organisation('Desassociação'), [linked]);
    await signedInWith(['onboarding:solicitante']);
    renderPage(ui.baseUrl, `/human-resources/onboarding/sync-trail/${id}`);
    const unlink = await screen.findByRole('button', { name: 'Desassociar Trilha associada' });
    await deletedElsewhere(id);
    fireEvent.click(unlink);
    await toast('Erro ao desassociar trilha', 'error');
  });
});

describe("the employee's reading", () => {
  /** An onboarding of its own position with one trail of two contents, and an employee holding that position, signed in. */
  async function reader(tag: string) {
    const org = await organisation(tag);
    const contents: number[] = [];
    for (const titulo of [`Primeiro ${tag}`, `Segundo ${tag}`])
      contents.push((await ui.api('POST', '/api/contents', { titulo, resumo: `Sobre ${titulo}`, texto: `<p>Texto de ${titulo}</p>` })).json.id);
    const idTrail = await trail(`Trilha ${tag}`, contents);
    const idOnboarding = await onboarding(`Programa ${tag}`, org, [idTrail]);
    await signedInWith(['user'], { funcionario: true, id_cargo: org.position });
    const path = `/human-resources/onboarding/employee/content?idOnboarding=${idOnboarding}&idTrail=${idTrail}&idContent=${contents[0]}`;
    return { idOnboarding, idTrail, contents, path };
  }

  /** The employee's reading rows of the onboarding, as stored. */
  const progress = async (idOnboarding: number) =>
    (await ui.server.db.query<{ id_conteudo: number; finalizado: boolean }>('SELECT id_conteudo, finalizado FROM onboarding.funcionario_conteudo WHERE id_onboarding = $1', [idOnboarding])).rows;

  /** HR switches the onboarding off (another session): it leaves the employee's onboardings. */
  const switchedOff = async (id: number) => expect((await ui.api('PUT', `/v1/rh/trilha/onboarding/${id}`, { status: false })).status).toBe(200);

  it('"Conteúdo lido com sucesso": Marcar como lido e continuar', async () => {
    const r = await reader('Leitura');
    renderPage(ui.baseUrl, r.path);
    const article = await screen.findByRole('article', { name: 'Primeiro Leitura' });
    fireEvent.click(within(article).getByRole('button', { name: 'Marcar como lido e continuar' }));
    await toast('Conteúdo lido com sucesso', 'success');
    expect(await screen.findByRole('article', { name: 'Segundo Leitura' })).toBeTruthy();
    expect(await progress(r.idOnboarding)).toContainEqual({ id_conteudo: r.contents[0], finalizado: true });
  });

  it('"Erro ao concluir conteúdo": HR switched the onboarding off while the employee was reading', async () => {
    const r = await reader('Desligado');
    renderPage(ui.baseUrl, r.path);
    const article = await screen.findByRole('article', { name: 'Primeiro Desligado' });
    // The start of the reading was recorded before HR switches the onboarding off.
    await waitFor(async () => expect(await progress(r.idOnboarding)).toEqual([{ id_conteudo: r.contents[0], finalizado: false }]));
    await switchedOff(r.idOnboarding);
    fireEvent.click(within(article).getByRole('button', { name: 'Marcar como lido e continuar' }));
    await toast('Erro ao concluir conteúdo', 'error');
    expect(screen.queryByText('Conteúdo lido com sucesso')).toBeNull();
    expect(screen.getByRole('article', { name: 'Primeiro Desligado' })).toBeTruthy();
    expect(await progress(r.idOnboarding)).toEqual([{ id_conteudo: r.contents[0], finalizado: false }]);
  });

  it('"A leitura do conteúdo não pode ser iniciada corretamente": HR switched the onboarding off between opening the content and recording its start', async () => {
    const r = await reader('Início');
    // The screen reads the content, then records its start: the start request is held (not changed
    // nor answered here) until HR has switched the onboarding off, so the real server refuses it.
    const realFetch = globalThis.fetch;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let startSent = false;
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).endsWith('/v1/onboarding/conteudo/inicio')) {
        startSent = true;
        await held;
      }
      return realFetch(input, init);
    }) as typeof fetch;
    try {
      renderPage(ui.baseUrl, r.path);
      expect(await screen.findByRole('article', { name: 'Primeiro Início' })).toBeTruthy();
      await waitFor(() => expect(startSent).toBe(true));
      await switchedOff(r.idOnboarding);
      release();
      await toast('A leitura do conteúdo não pode ser iniciada corretamente', 'error');
    } finally {
      release();
      globalThis.fetch = realFetch;
    }
    expect(await progress(r.idOnboarding)).toEqual([]);
  });
});
