// The employee profile through HTTP (foundation document, sections 3, 5 and 8): the generic resource
// /api/employee-profiles (payload in and out, the spec's validation texts, gendered marital status,
// the CNH rule, image checks, history) with its owner and provider rules (a plain user reads and
// writes only their own; HR and users managers see their providers' users; the superadmin all), and
// the profile screen's calls GET/PUT /v1/profile/{id} and GET /v1/profile/me.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../src/domain/messages.js';
import { CNH_NUMBER_INVALID, IMAGE_REJECTED } from '../../src/domain/profile.js';
import { PROFILE_MSG } from '../../src/server/v1/profile.js';
import { bearer, qs, testApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
let A: number; // Bitcom
let B: number; // Vetorial
let position: number;
const who: Record<string, { token: string; id: number }> = {};

/** A valid CPF (masked) from 9 digits. */
function cpf(nine: string): string {
  const d = nine.split('').map(Number);
  const digit = (len: number) => {
    const sum = d.slice(0, len).reduce((s, n, i) => s + n * (len + 1 - i), 0);
    const r = (sum * 10) % 11;
    return r === 10 ? 0 : r;
  };
  d.push(digit(9));
  d.push(digit(10));
  const s = d.join('');
  return `${s.slice(0, 3)}.${s.slice(3, 6)}.${s.slice(6, 9)}-${s.slice(9)}`;
}

// 1x1 PNG and the start of a JPEG and of a GIF.
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9]).toString('base64');
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1').toString('base64');

const base = (extra: Record<string, unknown> = {}) => ({
  nome: 'Fernanda Lima',
  cpf: cpf('529982247'),
  genero: 'F',
  estado_civil: 'CASADO',
  data_nascimento: '1990-04-12',
  ...extra,
});

async function user(name: string, papeis: string[], providers: number[]) {
  const token = await t.userToken({ papeis, id_empresas: providers, funcionario: true, nome: name });
  const me = await t.app.inject({ url: '/v1/profile/me', headers: bearer(token) });
  expect(me.statusCode, me.body).toBe(200);
  who[name] = { token, id: me.json().usuarioId };
  return who[name];
}

const as = (name: string, role?: string) => bearer(who[name].token, role);

function multipart(name: string, type: string, bytes: Buffer) {
  const boundary = '----perfil' + Date.now();
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="bucket-id"\r\n\r\nperfil\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file[]"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

beforeAll(async () => {
  t = await testApp();
  A = (await t.inject({ method: 'POST', url: '/api/providers', payload: { nome: 'Bitcom' } })).json().id;
  B = (await t.inject({ method: 'POST', url: '/api/providers', payload: { nome: 'Vetorial' } })).json().id;
  const department = (await t.inject({ method: 'POST', url: '/api/departments', payload: { nome: 'Departamento Pessoal', id_empresa: A } })).json().id;
  const sector = (await t.inject({ method: 'POST', url: '/api/sectors', payload: { nome: 'Folha', id_departamento: department } })).json().id;
  position = (await t.inject({ method: 'POST', url: '/api/positions', payload: { nome: 'Analista de DP', id_setor: sector } })).json().id;
  await user('fernanda', ['user'], [A]);
  await user('joao', ['user'], [A]);
  await user('vera', ['user'], [B]);
  await user('gestora', ['rh:gestor'], [A]);
  await user('leitor', ['rh:leitor'], [A]);
  await user('usuarios', ['users:gestor'], [A]);
  await user('gestorb', ['rh:gestor'], [B]);
});

afterAll(async () => {
  await t?.close();
});

describe('payload in and out', () => {
  it('creates the own profile of a plain user, masked CPF, gendered marital status, defaults', async () => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/employee-profiles',
      headers: as('fernanda', 'user'),
      payload: base({ cpf: '52998224725', rg: '12.345.678-9', nacionalidade: 'Brasileira', email_corp: 'fernanda@bitcom.com.br', cep: '01310-100', rua: 'Avenida Paulista', numero: '1000', bairro: 'Bela Vista', id_cidade: 3550308, linkedin: 'https://www.linkedin.com/in/fernanda' }),
    });
    expect(r.statusCode, r.body).toBe(201);
    const p = r.json();
    expect(p).toMatchObject({
      id_usuario: who.fernanda.id,
      nome: 'Fernanda Lima',
      cpf: '529.982.247-25',
      genero: 'F',
      estado_civil: 'CASADA',
      data_nascimento: '1990-04-12',
      cnh_categoria: 'NAO_POSSUI',
      cnh_numero: null,
      viagem: false,
      id_cidade: 3550308,
      image_data: null,
    });
    const again = await t.app.inject({ url: `/api/employee-profiles/${p.id}`, headers: as('fernanda', 'user') });
    expect(again.json()).toEqual(p);
  });

  it('re-genders the stored marital status when the gender changes, upper case both ways', async () => {
    const mine = (await t.app.inject({ url: '/api/employee-profiles', headers: as('fernanda', 'user') })).json()[0];
    const m = await t.app.inject({ method: 'PUT', url: `/api/employee-profiles/${mine.id}`, headers: as('fernanda', 'user'), payload: { genero: 'M' } });
    expect(m.json().estado_civil).toBe('CASADO');
    const o = await t.app.inject({ method: 'PUT', url: `/api/employee-profiles/${mine.id}`, headers: as('fernanda', 'user'), payload: { genero: 'O', estado_civil: 'VIUVA' } });
    // 'Outro' keeps the masculine (generic) form.
    expect(o.json().estado_civil).toBe('VIUVO');
    const f = await t.app.inject({ method: 'PUT', url: `/api/employee-profiles/${mine.id}`, headers: as('fernanda', 'user'), payload: { genero: 'F', estado_civil: 'UNIAO_ESTAVEL' } });
    expect(f.json().estado_civil).toBe('UNIAO_ESTAVEL');
    const back = await t.app.inject({ method: 'PUT', url: `/api/employee-profiles/${mine.id}`, headers: as('fernanda', 'user'), payload: { estado_civil: 'SOLTEIRO' } });
    expect(back.json().estado_civil).toBe('SOLTEIRA');
    const bad = await t.app.inject({ method: 'PUT', url: `/api/employee-profiles/${mine.id}`, headers: as('fernanda', 'user'), payload: { estado_civil: 'Casado(a)' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.estado_civil).toBe(MSG.option);
  });
});

describe('validation texts', () => {
  it("answers the spec's field messages", async () => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/employee-profiles',
      headers: as('joao', 'user'),
      payload: { nome: 'J', cpf: '123.456.789-00', genero: 'X', email_corp: 'joao@', linkedin: 'linkedin.com/in/joao', cep: '0131', data_nascimento: '1990-02-30' },
    });
    expect(r.statusCode).toBe(400);
    expect(r.json().errors).toMatchObject({
      nome: MSG.minLength(2),
      cpf: MSG.cpf,
      genero: MSG.option,
      email_corp: MSG.email,
      linkedin: MSG.url,
      cep: MSG.cep,
      data_nascimento: MSG.date,
      estado_civil: MSG.required,
    });
    expect(r.json().message).toBe(MSG.requiredForm);
  });

  it('needs the CNH number unless "Não Possui", and clears it on "Não Possui"', async () => {
    const body = base({ nome: 'João Souza', cpf: cpf('111444777'), genero: 'M', estado_civil: 'SOLTEIRO', cnh_categoria: 'B' });
    const missing = await t.app.inject({ method: 'POST', url: '/api/employee-profiles', headers: as('joao', 'user'), payload: body });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ cnh_numero: MSG.required });
    const wrong = await t.app.inject({ method: 'POST', url: '/api/employee-profiles', headers: as('joao', 'user'), payload: { ...body, cnh_numero: '123' } });
    expect(wrong.json().errors).toEqual({ cnh_numero: CNH_NUMBER_INVALID });
    const ok = await t.app.inject({ method: 'POST', url: '/api/employee-profiles', headers: as('joao', 'user'), payload: { ...body, cnh_numero: '01234567890' } });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({ cnh_categoria: 'B', cnh_numero: '01234567890', estado_civil: 'SOLTEIRO' });
    const none = await t.app.inject({ method: 'PUT', url: `/api/employee-profiles/${ok.json().id}`, headers: as('joao', 'user'), payload: { cnh_categoria: 'NAO_POSSUI' } });
    expect(none.json()).toMatchObject({ cnh_categoria: 'NAO_POSSUI', cnh_numero: null });
    // A number sent with 'Não Possui' is not kept.
    const ignored = await t.app.inject({ method: 'PUT', url: `/api/employee-profiles/${ok.json().id}`, headers: as('joao', 'user'), payload: { cnh_numero: '01234567890' } });
    expect(ignored.json().cnh_numero).toBeNull();
    const unknownCity = await t.app.inject({ method: 'PUT', url: `/api/employee-profiles/${ok.json().id}`, headers: as('joao', 'user'), payload: { id_cidade: 1199999 } });
    expect(unknownCity.json().errors).toEqual({ id_cidade: MSG.option });
  });

  it('refuses a CPF already in another profile, and a second profile for a user', async () => {
    const dup = await t.app.inject({ method: 'POST', url: '/api/employee-profiles', headers: as('vera', 'user'), payload: base({ nome: 'Vera Dias' }) });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().errors).toEqual({ cpf: PROFILE_MSG.cpfTaken });
    const second = await t.app.inject({ method: 'POST', url: '/api/employee-profiles', headers: as('joao', 'user'), payload: base({ nome: 'João Souza', cpf: cpf('123456789') }) });
    expect(second.statusCode).toBe(400);
    expect(second.json().errors).toEqual({ id_usuario: PROFILE_MSG.userHasProfile });
  });
});

describe('who sees and writes what', () => {
  let fernandaProfile: number;
  let veraProfile: number;

  beforeAll(async () => {
    fernandaProfile = (await t.app.inject({ url: '/api/employee-profiles', headers: as('fernanda', 'user') })).json()[0].id;
    const v = await t.app.inject({ method: 'POST', url: '/api/employee-profiles', headers: as('vera', 'user'), payload: base({ nome: 'Vera Dias', cpf: cpf('987654321'), genero: 'F', estado_civil: 'DIVORCIADO' }) });
    expect(v.statusCode, v.body).toBe(201);
    veraProfile = v.json().id;
  });

  it('a plain user lists, reads and writes only their own profile', async () => {
    const list = await t.app.inject({ url: '/api/employee-profiles', headers: as('joao', 'user') });
    expect(list.json().map((p: { id_usuario: number }) => p.id_usuario)).toEqual([who.joao.id]);
    expect((await t.app.inject({ url: `/api/employee-profiles/${fernandaProfile}`, headers: as('joao', 'user') })).statusCode).toBe(404);
    const put = await t.app.inject({ method: 'PUT', url: `/api/employee-profiles/${fernandaProfile}`, headers: as('joao', 'user'), payload: { nome: 'Outro Nome' } });
    expect(put.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/employee-profiles/${fernandaProfile}`, headers: as('joao', 'user') })).statusCode).toBe(403);
    // An HR reader is no manager: own profile only.
    const reader = await t.app.inject({ url: '/api/employee-profiles', headers: as('leitor', 'rh:leitor') });
    expect(reader.json()).toEqual([]);
    // Someone else's v1 profile: refused.
    expect((await t.app.inject({ url: `/v1/profile/${who.fernanda.id}`, headers: as('joao', 'user') })).statusCode).toBe(403);
  });

  it("HR and users managers see and edit their providers' profiles, not other providers'", async () => {
    const list = await t.app.inject({ url: `/api/employee-profiles?${qs({ sort: ['nome', 'ASC'] })}`, headers: as('gestora', 'rh:gestor') });
    expect(list.statusCode).toBe(200);
    expect(list.json().map((p: { nome: string }) => p.nome)).toEqual(['Fernanda Lima', 'João Souza']);
    const put = await t.app.inject({ method: 'PUT', url: `/api/employee-profiles/${fernandaProfile}`, headers: as('gestora', 'rh:gestor'), payload: { viagem: true } });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().viagem).toBe(true);
    expect((await t.app.inject({ url: `/api/employee-profiles/${veraProfile}`, headers: as('gestora', 'rh:gestor') })).statusCode).toBe(404);
    const users = await t.app.inject({ url: '/api/employee-profiles', headers: as('usuarios', 'users:gestor') });
    expect(users.json()).toHaveLength(2);
    const otherSide = await t.app.inject({ url: '/api/employee-profiles', headers: as('gestorb', 'rh:gestor') });
    expect(otherSide.json().map((p: { nome: string }) => p.nome)).toEqual(['Vera Dias']);
    const all = await t.inject({ url: '/api/employee-profiles', headers: { 'x-intranet-role': 'users:superadmin' } });
    expect(all.json()).toHaveLength(3);
    // v1: the manager reads a Bitcom user's profile, not a Vetorial one's.
    const v1 = await t.app.inject({ url: `/v1/profile/${who.fernanda.id}`, headers: as('gestora', 'rh:gestor') });
    expect(v1.statusCode).toBe(200);
    expect(v1.json().perfil.viagem).toBe(true);
    expect((await t.app.inject({ url: `/v1/profile/${who.vera.id}`, headers: as('gestora', 'rh:gestor') })).statusCode).toBe(404);
    // A manager creates the profile of a user of their provider.
    const created = await t.app.inject({
      method: 'PUT',
      url: `/v1/profile/${who.leitor.id}`,
      headers: as('gestora', 'rh:gestor'),
      payload: { perfil: base({ nome: 'Lia Leitora', cpf: cpf('321654987'), genero: 'F', estado_civil: 'VIUVO' }) },
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().perfil).toMatchObject({ id_usuario: who.leitor.id, estado_civil: 'VIUVA' });
    expect((await t.app.inject({ method: 'PUT', url: `/v1/profile/${who.vera.id}`, headers: as('gestora', 'rh:gestor'), payload: { nome: 'X' } })).statusCode).toBe(404);
  });
});

describe('v1 profile calls', () => {
  it('answers the user profile with providers, department, sector and position, and saves name and profile together', async () => {
    await t.inject({ method: 'PUT', url: `/api/users/${who.joao.id}`, payload: { id_cargo: position } });
    const r = await t.app.inject({ url: `/v1/profile/${who.joao.id}`, headers: as('joao', 'user') });
    expect(r.statusCode).toBe(200);
    expect(r.json().usuario).toMatchObject({
      usuarioId: who.joao.id,
      nome: 'joao',
      roles: ['user'],
      employee: 'true',
      provider: [{ id: A, nome: 'Bitcom' }],
      cargo: { id: position, nome: 'Analista de DP' },
      setor: { nome: 'Folha' },
      departamento: { nome: 'Departamento Pessoal' },
    });
    expect(r.json().perfil).toMatchObject({ nome: 'João Souza' });
    expect(r.json().permissions).toEqual({ edit: true, self: true });

    const save = await t.app.inject({
      method: 'PUT',
      url: `/v1/profile/${who.joao.id}`,
      headers: as('joao', 'user'),
      payload: { nome: 'João Souza', perfil: { estado_civil: 'CASADO', cnh_categoria: 'AB', cnh_numero: '98765432100', viagem: true } },
    });
    expect(save.statusCode, save.body).toBe(200);
    expect(save.json().usuario.nome).toBe('João Souza');
    expect(save.json().perfil).toMatchObject({ estado_civil: 'CASADO', cnh_categoria: 'AB', cnh_numero: '98765432100', viagem: true });

    // One transaction: a bad profile field leaves the name as it was.
    const bad = await t.app.inject({
      method: 'PUT',
      url: `/v1/profile/${who.joao.id}`,
      headers: as('joao', 'user'),
      payload: { nome: 'Outro Nome', perfil: { email_corp: 'invalido', linkedin: 'ftp://x' } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ email_corp: MSG.email, linkedin: MSG.url });
    expect((await t.app.inject({ url: `/v1/profile/${who.joao.id}`, headers: as('joao', 'user') })).json().usuario.nome).toBe('João Souza');
    const shortName = await t.app.inject({ method: 'PUT', url: `/v1/profile/${who.joao.id}`, headers: as('joao', 'user'), payload: { nome: 'J' } });
    expect(shortName.json().errors).toEqual({ nome: MSG.minLength(2) });
    const emptyName = await t.app.inject({ method: 'PUT', url: `/v1/profile/${who.joao.id}`, headers: as('joao', 'user'), payload: { nome: '' } });
    expect(emptyName.json().errors).toEqual({ nome: MSG.required });
  });

  it('lets a user without a name complete it', async () => {
    const token = await t.userToken({ papeis: ['user'], funcionario: true, id_empresas: [A] });
    const me = (await t.app.inject({ url: '/v1/profile/me', headers: bearer(token) })).json();
    await t.inject({ method: 'PUT', url: `/api/users/${me.usuarioId}`, payload: { nome: null } });
    expect((await t.app.inject({ url: '/v1/profile/me', headers: bearer(token) })).json().nome).toBeNull();
    const r = await t.app.inject({ method: 'PUT', url: `/v1/profile/${me.usuarioId}`, headers: bearer(token), payload: { nome: 'Nina Nova' } });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ usuario: { nome: 'Nina Nova' }, perfil: null });
  });
});

describe('image', () => {
  it('keeps a PNG or JPEG in base64 with its format read from the content, and refuses others', async () => {
    const id = (await t.app.inject({ url: '/api/employee-profiles', headers: as('fernanda', 'user') })).json()[0].id;
    const put = (payload: object) => t.app.inject({ method: 'PUT', url: `/api/employee-profiles/${id}`, headers: as('fernanda', 'user'), payload });
    const png = await put({ image_data: `data:image/png;base64,${PNG}`, image_format: 'image/jpeg' });
    expect(png.statusCode, png.body).toBe(200);
    expect(png.json()).toMatchObject({ image_data: PNG, image_format: 'image/png' });
    const jpeg = await put({ image_data: JPEG });
    expect(jpeg.json()).toMatchObject({ image_data: JPEG, image_format: 'image/jpeg' });
    for (const data of [GIF, 'não é base64', `data:image/gif;base64,${PNG}`]) {
      const r = await put({ image_data: data });
      expect(r.statusCode).toBe(400);
      expect(r.json().errors).toEqual({ image_data: IMAGE_REJECTED });
    }
    const me = await t.app.inject({ url: '/v1/profile/me', headers: as('fernanda') });
    expect(me.json()).toMatchObject({ usuarioId: who.fernanda.id, genero: 'F', image_data: JPEG, image_format: 'image/jpeg' });
    const cleared = await put({ image_data: null });
    expect(cleared.json()).toMatchObject({ image_data: null, image_format: null });
  });

  it('refuses an image over 10485760 bytes (sent through the v1 call, which takes bodies that large)', async () => {
    const big = Buffer.alloc(10_485_761);
    Buffer.from(PNG, 'base64').copy(big);
    const r = await t.app.inject({ method: 'PUT', url: `/v1/profile/${who.fernanda.id}`, headers: as('fernanda', 'user'), payload: { perfil: { image_data: big.toString('base64') } } });
    expect(r.statusCode).toBe(400);
    expect(r.json().errors).toEqual({ image_data: IMAGE_REJECTED });
    const exact = Buffer.alloc(10_485_760);
    Buffer.from(PNG, 'base64').copy(exact);
    const ok = await t.app.inject({ method: 'PUT', url: `/v1/profile/${who.fernanda.id}`, headers: as('fernanda', 'user'), payload: { perfil: { image_data: exact.toString('base64') } } });
    expect(ok.statusCode, ok.body.slice(0, 200)).toBe(200);
    expect(ok.json().perfil.image_format).toBe('image/png');
  });

  it('takes a file reference of a PNG or JPEG sent to /v1/files/, not of another type', async () => {
    const upload = async (name: string, type: string, bytes: Buffer) => {
      const m = multipart(name, type, bytes);
      const r = await t.app.inject({ method: 'POST', url: '/v1/files/', payload: m.payload, headers: { ...as('fernanda'), ...m.headers } });
      expect(r.statusCode, r.body).toBe(200);
      return r.json().processedFiles[0].id as string;
    };
    const pngId = await upload('foto.png', 'image/png', Buffer.from(PNG, 'base64'));
    const r = await t.app.inject({ method: 'PUT', url: `/v1/profile/${who.fernanda.id}`, headers: as('fernanda', 'user'), payload: { perfil: { image_data: pngId } } });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().perfil).toMatchObject({ image_data: pngId, image_format: 'image/png' });
    const pdfId = await upload('doc.pdf', 'application/pdf', Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n', 'latin1'));
    const refused = await t.app.inject({ method: 'PUT', url: `/v1/profile/${who.fernanda.id}`, headers: as('fernanda', 'user'), payload: { perfil: { image_data: pdfId } } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ image_data: IMAGE_REJECTED });
    const missing = await t.app.inject({ method: 'PUT', url: `/v1/profile/${who.fernanda.id}`, headers: as('fernanda', 'user'), payload: { perfil: { image_data: '00000000-0000-4000-8000-000000000000' } } });
    expect(missing.json().errors).toEqual({ image_data: IMAGE_REJECTED });
  });
});

describe('history', () => {
  it('keeps every change of a profile, newest first, with the author', async () => {
    const profile = (await t.app.inject({ url: '/api/employee-profiles', headers: as('joao', 'user') })).json()[0];
    const h = await t.app.inject({ url: `/api/employee-profiles/${profile.id}/history`, headers: as('joao', 'user') });
    expect(h.statusCode).toBe(200);
    const entries = h.json();
    expect(entries.length).toBeGreaterThanOrEqual(3);
    expect(entries[entries.length - 1]).toMatchObject({ operacao: 'INSERT', tabelas: 'rh.perfil_funcionario', id_usuario: who.joao.id });
    expect(entries[0].operacao).toBe('UPDATE');
    const estados = entries.map((e: { new_data: { estado_civil: string } }) => e.new_data.estado_civil);
    expect(estados).toContain('CASADO');
    expect(estados).toContain('SOLTEIRO');
    // Others cannot read it.
    expect((await t.app.inject({ url: `/api/employee-profiles/${profile.id}/history`, headers: as('fernanda', 'user') })).statusCode).toBe(404);
    const v1 = await t.inject({ method: 'POST', url: '/v1/admin/log/history', payload: { tabelas: 'rh.perfil_funcionario', id_item: profile.id } });
    expect(v1.statusCode).toBe(200);
  });
});
