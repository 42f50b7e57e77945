// Every refused screen is the one shared access-denied page (shell/AccessDenied.tsx), with the
// screen's title in its title bar: the generated forms, Settings, the permission editor and another
// user's resume.
import './setup.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { NOT_ALLOWED_TEXT } from '../../src/admin/generator/ResourceForm.js';
import { setSession } from '../../src/admin/core/session.js';
import SettingsHome from '../../custom-pages/settings/SettingsHome.js';
import { EmployeePermissions } from '../../custom-pages/settings/PermissionEditor.js';
import { UserCurriculumPage } from '../../custom-pages/resume/ResumePage.js';
import { renderAdmin, renderPage, startServer, type UiServer } from './server.js';

let ui: UiServer;
let reader: string;
let bitcom: number;

beforeAll(async () => {
  ui = await startServer();
  bitcom = (await ui.api('POST', '/api/providers', { nome: 'Bitcom' })).json.id;
  reader = await ui.server.userToken({ papeis: ['rh:leitor', 'user'], id_empresas: [bitcom], nome: 'Leitora RH' });
});
// The screen goes first: left mounted, it would see the superadmin's session and load its data.
afterEach(() => {
  cleanup();
  setSession({ token: ui.server.adminToken, roles: ['users:superadmin'] });
});
afterAll(async () => ui?.close());

/** The shared page, titled `title`. */
async function expectAccessDenied(title: string) {
  expect(await screen.findByText(NOT_ALLOWED_TEXT)).toBeTruthy();
  expect(document.querySelector('[data-access-denied="true"]')).not.toBeNull();
  expect(screen.getByRole('heading', { level: 1, name: title })).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Ir para o início' }).getAttribute('href')).toBe('/');
}

describe('refused screens', () => {
  it('a generated form the user may not use', async () => {
    setSession({ token: reader, roles: ['rh:leitor', 'user'] });
    renderAdmin(ui.baseUrl, '/departments/register');
    await expectAccessDenied('Cadastrar Departamento');
    expect(screen.queryByRole('button', { name: 'Salvar' })).toBeNull();
  });

  it('Settings, for who manages no module', async () => {
    setSession({ token: reader, roles: ['rh:leitor', 'user'] });
    renderPage(ui.baseUrl, '/settings/home', <Route path="/settings/home" element={<SettingsHome />} />);
    await expectAccessDenied('Configurações');
  });

  it('the permission editor, for who manages no module', async () => {
    setSession({ token: reader, roles: ['rh:leitor', 'user'] });
    renderPage(ui.baseUrl, '/settings/permission/edit/1', <Route path="/settings/permission/edit/:id" element={<EmployeePermissions />} />);
    await expectAccessDenied('Permissões do usuário');
  });

  it("another user's resume, for who is not an HR manager", async () => {
    setSession({ token: reader, roles: ['rh:leitor', 'user'] });
    renderPage(ui.baseUrl, '/users/curriculum/1', <Route path="/users/curriculum/:id" element={<UserCurriculumPage />} />);
    await expectAccessDenied('Currículo');
  });
});
