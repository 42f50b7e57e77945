// The profile screen against the real server (foundation spec, sections 3, 4, 5 and 8): the user
// profile (name, e-mail, providers, department, sector and position of the user's position), the
// employee profile's sections in the generic form's look, the marital status saved upper case and
// gendered, the CNH rule, self-service edits (also of a missing name), a manager seeing a user of
// their provider, and the header avatar showing the profile image.
import './setup.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MSG } from '../../src/domain/messages.js';
import { REQUIRED_BANNER } from '../../src/admin/generator/ResourceForm.js';
import { getSession } from '../../src/admin/core/session.js';
import { COMPLETE_PROFILE } from '../../custom-pages/profile/Profile.js';
import { DEFAULT_AVATAR_LABEL } from '../../src/admin/shell/ProfileMenu.js';
import { startCepService, type CepService } from '../helpers/cepService.js';
import { renderAdmin, signInAs, signOutLocally, startServer, TEST_PASSWORD, type UiServer } from './server.js';

let ui: UiServer;
let cepService: CepService;
let A: number;
let B: number;
let position: number;

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

async function employee(email: string, nome: string | null, provider: number, papeis: string[] = ['user']) {
  const id = await ui.createUser({ email, nome, papeis, funcionario: true });
  const r = await ui.api('PUT', `/api/users/${id}`, { id_empresas: [provider], id_cargo: provider === A ? position : null });
  expect(r.status).toBe(200);
  return id;
}

async function profileOf(id: number) {
  const r = await ui.api('GET', `/v1/profile/${id}`);
  expect(r.status).toBe(200);
  return r.json;
}

async function choose(label: RegExp, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

const type = (label: RegExp, value: string) => fireEvent.change(screen.getByRole('textbox', { name: label }), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));

beforeAll(async () => {
  cepService = await startCepService({
    '01001000': { cep: '01001-000', logradouro: 'Praça da Sé', complemento: 'lado ímpar', bairro: 'Sé', localidade: 'São Paulo', uf: 'SP', ibge: '3550308' },
    '13015904': { cep: '13015-904', logradouro: 'Avenida Francisco Glicério', complemento: '', bairro: 'Centro', localidade: 'Campinas', uf: 'SP', ibge: '3509502' },
  });
  ui = await startServer({ config: { cepServiceUrl: cepService.url } });
  A = (await ui.api('POST', '/api/providers', { nome: 'Bitcom' })).json.id;
  B = (await ui.api('POST', '/api/providers', { nome: 'Vetorial' })).json.id;
  const department = (await ui.api('POST', '/api/departments', { nome: 'Departamento Pessoal', id_empresa: A })).json.id;
  const sector = (await ui.api('POST', '/api/sectors', { nome: 'Folha de Pagamento', id_departamento: department })).json.id;
  position = (await ui.api('POST', '/api/positions', { nome: 'Analista de DP', id_setor: sector })).json.id;
});

afterAll(async () => {
  await ui?.close();
  await cepService?.close();
});

beforeEach(() => signOutLocally());

describe('my profile', () => {
  it('shows the user profile and the employee profile sections', async () => {
    const id = await employee('ana@bitcom.com.br', 'Ana Costa', A);
    await signInAs(ui.baseUrl, 'ana@bitcom.com.br', TEST_PASSWORD);
    renderAdmin(ui.baseUrl, `/users/profile/${id}`);
    const user = await screen.findByRole('region', { name: 'Dados do usuário' });
    expect(within(user).getByRole('heading', { level: 2, name: 'Ana Costa' })).toBeTruthy();
    expect(within(user).getByText('ana@bitcom.com.br')).toBeTruthy();
    expect(within(user).getByText('Bitcom')).toBeTruthy();
    expect(within(user).getByText('Departamento Pessoal')).toBeTruthy();
    expect(within(user).getByText('Folha de Pagamento')).toBeTruthy();
    expect(within(user).getByText('Analista de DP')).toBeTruthy();
    expect(screen.getByText(REQUIRED_BANNER)).toBeTruthy();
    for (const section of ['Foto', 'Dados Pessoais', 'Endereço', 'Habilitação']) {
      expect(screen.getByRole('region', { name: section })).toBeTruthy();
    }
    // The name is prefilled from the user; a missing CPF and gender are refused before sending.
    expect((screen.getByRole('textbox', { name: /Nome completo/ }) as HTMLInputElement).value).toBe('Ana Costa');
    type(/CPF/, '123');
    save();
    expect(await screen.findByText(MSG.requiredForm)).toBeTruthy();
    expect(screen.getByText(MSG.cpf)).toBeTruthy();
    expect(screen.getAllByText(MSG.required).length).toBeGreaterThanOrEqual(3);
    expect((await profileOf(id)).perfil).toBeNull();
  });

  it('saves the gendered marital status upper case, with the CNH rule, and shows the saved data', async () => {
    const id = await employee('bia@bitcom.com.br', 'Bia Souza', A);
    await signInAs(ui.baseUrl, 'bia@bitcom.com.br', TEST_PASSWORD);
    renderAdmin(ui.baseUrl, `/users/profile/${id}`);
    await screen.findByRole('region', { name: 'Dados Pessoais' });
    type(/CPF/, '52998224725');
    expect((screen.getByRole('textbox', { name: /CPF/ }) as HTMLInputElement).value).toBe('529.982.247-25');
    await choose(/Gênero/, 'Feminino');
    await choose(/Estado civil/, 'Casado(a)');
    // Typed DD/MM/YYYY, digits only, as on a phone's numeric keyboard.
    const birth = screen.getByRole('textbox', { name: /Data de nascimento/ }) as HTMLInputElement;
    expect(birth.placeholder).toBe('DD/MM/AAAA');
    fireEvent.change(birth, { target: { value: '20051992' } });
    expect(birth.value).toBe('20/05/1992');
    type(/E-mail corporativo/, 'bia@');
    type(/LinkedIn/, 'linkedin.com/in/bia');
    // A category needs the number.
    expect((screen.getByRole('textbox', { name: /Número da CNH/ }) as HTMLInputElement).disabled).toBe(true);
    await choose(/Categoria da CNH/, 'AB');
    expect((screen.getByRole('textbox', { name: /Número da CNH/ }) as HTMLInputElement).disabled).toBe(false);
    save();
    expect(await screen.findByText(MSG.requiredForm)).toBeTruthy();
    expect(screen.getByText(MSG.email)).toBeTruthy();
    expect(screen.getByText(MSG.url)).toBeTruthy();
    expect(screen.getByText(MSG.required)).toBeTruthy();
    type(/E-mail corporativo/, 'bia@bitcom.com.br');
    type(/LinkedIn/, 'https://www.linkedin.com/in/bia');
    type(/Número da CNH/, '01234567890');
    save();
    expect(await screen.findByText(MSG.success)).toBeTruthy();
    let saved = (await profileOf(id)).perfil;
    expect(saved).toMatchObject({ cpf: '529.982.247-25', genero: 'F', estado_civil: 'CASADA', data_nascimento: '1992-05-20', cnh_categoria: 'AB', cnh_numero: '01234567890', email_corp: 'bia@bitcom.com.br' });

    // 'Não Possui' clears the number, which is no longer required; Masculino re-genders the status.
    await choose(/Categoria da CNH/, 'Não Possui');
    expect((screen.getByRole('textbox', { name: /Número da CNH/ }) as HTMLInputElement).value).toBe('');
    await choose(/Gênero/, 'Masculino');
    await choose(/Estado civil/, 'Divorciado(a)');
    save();
    await waitFor(async () => expect((await profileOf(id)).perfil).toMatchObject({ genero: 'M', estado_civil: 'DIVORCIADO', cnh_categoria: 'NAO_POSSUI', cnh_numero: null }));
    saved = (await profileOf(id)).perfil;
    // The select shows the option of the stored value.
    expect(screen.getByRole('combobox', { name: /Estado civil/ }).textContent).toContain('Divorciado(a)');
    // The history keeps both saves.
    const history = await ui.api('GET', `/api/employee-profiles/${saved.id}/history`);
    expect(history.json.map((e: { operacao: string }) => e.operacao)).toEqual(['UPDATE', 'INSERT']);
  });

  it('the CEP fills the address; a complemento the lookup wrote goes when the CEP changes, one the user typed stays', async () => {
    const id = await employee('ciro@bitcom.com.br', 'Ciro Cep', A);
    await signInAs(ui.baseUrl, 'ciro@bitcom.com.br', TEST_PASSWORD);
    renderAdmin(ui.baseUrl, `/users/profile/${id}`);
    await screen.findByRole('region', { name: 'Endereço' });
    const field = (label: RegExp) => screen.getByRole('textbox', { name: label }) as HTMLInputElement;
    type(/CEP/, '01001000');
    await waitFor(() => expect(field(/Rua/).value).toBe('Praça da Sé'));
    expect(field(/Complemento/).value).toBe('lado ímpar');
    type(/CEP/, '13015904');
    await waitFor(() => expect(field(/Rua/).value).toBe('Avenida Francisco Glicério'));
    expect(field(/Complemento/).value).toBe('');
    type(/Complemento/, 'Apto 12');
    type(/CEP/, '01001000');
    await waitFor(() => expect(field(/Rua/).value).toBe('Praça da Sé'));
    expect(field(/Complemento/).value).toBe('Apto 12');
    type(/CEP/, '0100');
    await waitFor(() => expect(field(/Rua/).value).toBe(''));
    expect(field(/Complemento/).value).toBe('Apto 12');
  });

  it('lets a user without a name complete it (the session follows)', async () => {
    const id = await employee('sem.nome.perfil@bitcom.com.br', null, A);
    await signInAs(ui.baseUrl, 'sem.nome.perfil@bitcom.com.br', TEST_PASSWORD);
    renderAdmin(ui.baseUrl, '/');
    // The SessionGuard sends them to their profile.
    expect(await screen.findByText(COMPLETE_PROFILE)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Perfil' })).toBeTruthy();
    type(/Nome completo/, 'Nina Nova');
    save();
    expect(await screen.findByText(MSG.success)).toBeTruthy();
    expect((await profileOf(id)).usuario.nome).toBe('Nina Nova');
    expect((await profileOf(id)).perfil).toBeNull();
    await waitFor(() => expect(getSession()?.user?.nome).toBe('Nina Nova'));
    await waitFor(() => expect(screen.queryByText(COMPLETE_PROFILE)).toBeNull());
  });

  it('shows the profile image in the header avatar', async () => {
    const id = await employee('caio@bitcom.com.br', 'Caio Lima', A);
    const r = await ui.api('PUT', `/v1/profile/${id}`, { perfil: { nome: 'Caio Lima', cpf: '111.444.777-35', genero: 'M', estado_civil: 'SOLTEIRO', data_nascimento: '1988-01-02', image_data: PNG } });
    expect(r.status).toBe(200);
    await signInAs(ui.baseUrl, 'caio@bitcom.com.br', TEST_PASSWORD);
    renderAdmin(ui.baseUrl, `/users/profile/${id}`);
    const menu = await screen.findByRole('button', { name: 'Menu do perfil' });
    await waitFor(() => expect(menu.querySelector('img')?.getAttribute('src')).toBe(`data:image/png;base64,${PNG}`));
    const user = await screen.findByRole('region', { name: 'Dados do usuário' });
    await waitFor(() => expect(user.querySelector('img')?.getAttribute('src')).toBe(`data:image/png;base64,${PNG}`));
  });

  it('shows the default avatar, not initials, when there is no image (header and profile)', async () => {
    const id = await employee('sem.foto@bitcom.com.br', 'Sérgio Semfoto', A);
    await signInAs(ui.baseUrl, 'sem.foto@bitcom.com.br', TEST_PASSWORD);
    renderAdmin(ui.baseUrl, `/users/profile/${id}`);
    const menu = await screen.findByRole('button', { name: 'Menu do perfil' });
    const user = await screen.findByRole('region', { name: 'Dados do usuário' });
    for (const avatar of [menu, user]) {
      expect(within(avatar).getAllByTitle(DEFAULT_AVATAR_LABEL).length).toBeGreaterThan(0);
      expect(avatar.querySelector('img')).toBeNull();
      expect(within(avatar).queryByText('SS')).toBeNull();
    }
  });
});

describe("others' profiles", () => {
  it('a manager of HR sees and edits the profile of a user of their provider', async () => {
    const id = await employee('duda@bitcom.com.br', 'Duda Reis', A);
    await ui.api('PUT', `/v1/profile/${id}`, { perfil: { nome: 'Duda Reis', cpf: '987.654.321-00', genero: 'F', estado_civil: 'SOLTEIRA', data_nascimento: '1995-07-08' } });
    await employee('gestora.perfil@bitcom.com.br', 'Gina Gestora', A, ['rh:gestor']);
    await signInAs(ui.baseUrl, 'gestora.perfil@bitcom.com.br', TEST_PASSWORD);
    renderAdmin(ui.baseUrl, `/users/profile/${id}`);
    expect(await screen.findByRole('form', { name: 'Perfil do funcionário' })).toBeTruthy();
    expect((screen.getByRole('textbox', { name: /CPF/ }) as HTMLInputElement).value).toBe('987.654.321-00');
    expect(screen.getByRole('combobox', { name: /Estado civil/ }).textContent).toContain('Solteiro(a)');
    fireEvent.click(screen.getByRole('switch', { name: 'Disponível para viagens' }));
    save();
    expect(await screen.findByText(MSG.success)).toBeTruthy();
    expect((await profileOf(id)).perfil.viagem).toBe(true);
  });

  it("the birth date shows DD/MM/YYYY; an impossible one says 'Data inválida' and is not sent", async () => {
    const id = await employee('fabi@bitcom.com.br', 'Fabi Datas', A);
    await ui.api('PUT', `/v1/profile/${id}`, { perfil: { nome: 'Fabi Datas', cpf: '390.533.447-05', genero: 'F', estado_civil: 'SOLTEIRA', data_nascimento: '1990-04-03' } });
    await signInAs(ui.baseUrl, 'fabi@bitcom.com.br', TEST_PASSWORD);
    renderAdmin(ui.baseUrl, `/users/profile/${id}`);
    await screen.findByRole('region', { name: 'Dados Pessoais' });
    const birth = screen.getByRole('textbox', { name: /Data de nascimento/ }) as HTMLInputElement;
    await waitFor(() => expect(birth.value).toBe('03/04/1990'));
    expect(within(screen.getByRole('region', { name: 'Dados Pessoais' })).getByRole('button', { name: 'Abrir calendário' })).toBeTruthy();
    fireEvent.change(birth, { target: { value: '31/02/1990' } });
    expect(await screen.findByText(MSG.date)).toBeTruthy();
    save();
    expect(await screen.findByText(MSG.failure)).toBeTruthy();
    expect((await profileOf(id)).perfil.data_nascimento).toBe('1990-04-03');
    // Half typed and left: the same message, and still nothing sent.
    fireEvent.change(birth, { target: { value: '15/03' } });
    fireEvent.blur(birth);
    expect(await screen.findByText(MSG.date)).toBeTruthy();
    fireEvent.change(birth, { target: { value: '15/03/1991' } });
    await waitFor(() => expect(screen.queryByText(MSG.date)).toBeNull());
    save();
    await waitFor(async () => expect((await profileOf(id)).perfil.data_nascimento).toBe('1991-03-15'));
  });

  it('a user of another provider gets no data', async () => {
    const id = await employee('edu@bitcom.com.br', 'Edu Alves', A);
    await employee('vito@vetorial.net', 'Vito Vetorial', B, ['rh:gestor']);
    await signInAs(ui.baseUrl, 'vito@vetorial.net', TEST_PASSWORD);
    renderAdmin(ui.baseUrl, `/users/profile/${id}`);
    expect(await screen.findByText(MSG.notFound)).toBeTruthy();
    expect(screen.queryByText('Edu Alves')).toBeNull();
  });
});
