// A field that names a stored file (issue 29, section 4): every file field of every schema, and the v1
// calls that take a file id, accept only a file the writer may download (the rule of GET
// /v1/files/{id}), of the field's bucket and of a kind it takes (the type read from the content at
// upload); otherwise 400 on the field. A file already on the record is not checked again. The
// roulette's public background serves only a file the roulette's provider could read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCPF } from '@brazilian-utils/brazilian-utils';
import { MSG } from '../../src/domain/messages.js';
import { NEWS_MSG } from '../../src/domain/news.js';
import { IMAGE_REJECTED } from '../../src/domain/profile.js';
import { bearer, testApp, type TestApp } from '../helpers/app.js';
import { file, GIF, multipart, pdf, PNG } from '../helpers/files.js';

let t: TestApp;
let A: number;
let B: number;
let departmentA: number;
let seq = 0;

interface Person {
  token: string;
  role: string;
  id: number;
}

/** A new user with one role in these providers (a candidate of the careers site: role user, no provider). */
async function person(role: string, providers: number[]): Promise<Person> {
  const email = `arquivos${++seq}.${Date.now()}@referencias.teste`;
  const token = await t.userToken({ papeis: [role], id_empresas: providers, email, funcionario: providers.length > 0, nome: `Pessoa ${seq}` });
  const { rows } = await t.db.query<{ id: number }>('SELECT id FROM auth.usuario WHERE email = $1', [email]);
  return { token, role, id: rows[0].id };
}
const candidate = () => person('user', []);

/** A call as a person, or as the superadmin (null). */
function call(method: 'GET' | 'POST' | 'PUT', url: string, who: Person | null, payload?: object) {
  const headers = who ? bearer(who.token, who.role) : bearer(t.adminToken, 'users:superadmin');
  return t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
}

/** Uploads one file to a bucket as a person (the superadmin: null); answers its id. */
async function upload(who: Person | null, name: string, bytes: Buffer, bucket: string) {
  const { payload, headers } = multipart([file(name, bytes), { name: 'bucket-id', data: bucket }]);
  const r = await t.app.inject({ method: 'POST', url: '/v1/files/', payload, headers: { ...headers, ...(who ? bearer(who.token) : bearer(t.adminToken)) } });
  expect(r.statusCode, r.body).toBe(200);
  return r.json().processedFiles[0].id as string;
}

async function created(url: string, body: object, who: Person | null = null) {
  const r = await call('POST', url, who, body);
  expect(r.statusCode, r.body).toBe(201);
  return r.json();
}

function expectRefused(r: { statusCode: number; body: string; json(): any }, field: string, message: string) {
  expect(r.statusCode, r.body).toBe(400);
  expect(r.json().errors).toEqual({ [field]: message });
}

const fundo = (slug: string) => t.app.inject({ method: 'GET', url: `/v1/public/roulette/${slug}/fundo`, remoteAddress: `203.0.113.${seq % 250}` });

beforeAll(async () => {
  t = await testApp({ config: { rouletteSpinsPerMinute: 100_000 } });
  A = (await created('/api/providers', { nome: 'Bitcom' })).id;
  B = (await created('/api/providers', { nome: 'Vetorial' })).id;
  departmentA = (await created('/api/departments', { nome: 'Pessoal', id_empresa: A })).id;
});
afterAll(() => t?.close());

describe('the roulette background (PUT /v1/roulette/{id}/aparencia, url_background)', () => {
  async function campaign(owner: Person) {
    return created('/api/roulette-campaigns', { nome: 'Roleta dos arquivos', descricao: 'Gire e ganhe', id_empresa: A, id_usuario_intranet: owner.id, data_inicio_campanha: '2020-01-01', data_fim_campanha: '2099-12-31' }, owner);
  }

  it("takes only a JPEG or PNG of the roletas bucket its writer may read; the public page serves what was taken", async () => {
    const manager = await person('roulette:gestor', [A]);
    const colleague = await person('roulette:solicitante', [A]);
    const other = await person('roulette:gestor', [B]);
    const c = await campaign(manager);
    const put = (id: string, who: Person = manager) => call('PUT', `/v1/roulette/${c.id}/aparencia`, who, { url_background: id });

    // A candidate's private picture, another provider's, one of another bucket, and files of another kind.
    expectRefused(await put(await upload(await candidate(), 'eu.png', PNG, 'roletas')), 'url_background', MSG.fileNotFound);
    expectRefused(await put(await upload(other, 'fundo.png', PNG, 'roletas')), 'url_background', MSG.fileNotFound);
    expectRefused(await put(await upload(colleague, 'capa.png', PNG, 'novidades')), 'url_background', MSG.fileNotFound);
    expectRefused(await put(await upload(colleague, 'fundo.pdf', pdf(), 'roletas')), 'url_background', MSG.fileType);
    expectRefused(await put(await upload(colleague, 'fundo.gif', GIF, 'roletas')), 'url_background', MSG.fileType);
    expect((await fundo(c.slug)).statusCode).toBe(404);

    // One's own image, and a colleague's (same provider), are taken and served.
    expect((await put(await upload(manager, 'meu.png', PNG, 'roletas'))).statusCode).toBe(200);
    const shared = await upload(colleague, 'da-colega.png', PNG, 'roletas');
    const ok = await put(shared, colleague);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().aparencia.url_background).toBe(shared);
    const served = await fundo(c.slug);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG)).toBe(true);

    // The colours change without the image being checked again, even by who could not name it now.
    const { rows } = await t.db.query<{ id: string }>(`SELECT id::text FROM storage.arquivo WHERE id = $1`, [shared]);
    await t.db.query(`UPDATE storage.arquivo SET id_empresas = $2 WHERE id = $1`, [rows[0].id, [B]]);
    const colours = await put(shared, manager);
    expect(colours.statusCode, colours.body).toBe(200);
  });

  it("the anonymous background never serves a file the roulette's provider could not have read, whatever is stored", async () => {
    const manager = await person('roulette:gestor', [A]);
    const other = await person('roulette:gestor', [B]);
    const c = await campaign(manager);
    // The superadmin may read every file, so the write is taken; the public page still refuses a
    // candidate's private picture.
    const privatePicture = await upload(await candidate(), 'eu.png', PNG, 'roletas');
    const bySuperadmin = await call('PUT', `/v1/roulette/${c.id}/aparencia`, null, { url_background: privatePicture });
    expect(bySuperadmin.statusCode, bySuperadmin.body).toBe(200);
    expect((await fundo(c.slug)).statusCode).toBe(404);
    // Rows stored before the rule (or by hand): another provider's image, one of another bucket.
    const setBackground = (id: string) => t.db.query('UPDATE roleta.aparencia SET url_background = $2 WHERE id_campanha = $1', [c.id, id]);
    await setBackground(await upload(other, 'fundo.png', PNG, 'roletas'));
    expect((await fundo(c.slug)).statusCode).toBe(404);
    await setBackground(await upload(manager, 'capa.png', PNG, 'novidades'));
    expect((await fundo(c.slug)).statusCode).toBe(404);
    // The public info names no background it would not serve.
    expect((await t.app.inject({ url: `/v1/public/roulette/${c.slug}`, remoteAddress: '203.0.113.251' })).json().aparencia.fundo).toBeNull();
    // A file every provider's users read (the superadmin's upload) is served.
    await setBackground(await upload(null, 'fundo.png', PNG, 'roletas'));
    expect((await fundo(c.slug)).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/v1/public/roulette/${c.slug}`, remoteAddress: '203.0.113.252' })).json().aparencia.fundo).toBe(`/v1/public/roulette/${c.slug}/fundo`);
  });
});

describe('an HR document (id_arquivo)', () => {
  /** An employee of the provider (user, profile and HR record). */
  async function employee(provider: number, department: number) {
    const n = ++seq;
    const user = await created('/api/users', { nome: `Funcionária ${n}`, email: `func${n}.${Date.now()}@referencias.teste`, papeis: ['user'], id_empresas: [provider], funcionario: true });
    await t.db.query("INSERT INTO rh.perfil_funcionario (id_usuario, nome, cpf, genero, estado_civil, data_nascimento) VALUES ($1, $2, $3, 'F', 'SOLTEIRA', '1990-05-17')", [
      user.id,
      user.nome,
      String(20_000_000_000 + n * 7919 + (Date.now() % 1000)),
    ]);
    return created('/api/employees', { id_usuario: user.id, id_empresa: provider, id_departamento: department, data_admissao: '2020-02-03' });
  }

  it('takes only a PDF or image of the documentos bucket its writer may read, by REST and GraphQL, on create and update', async () => {
    const hr = await person('rh:gestor', [A]);
    const colleague = await person('rh:gestor', [A]);
    const other = await person('rh:gestor', [B]);
    const e = await employee(A, departmentA);
    const category = await created('/api/documents-categories', { titulo: `Contrato ${++seq}`, obrigatorio: false });
    const body = (id_arquivo: string) => ({ id_funcionario: e.id, id_categoria: category.id, titulo: 'Contrato assinado', id_arquivo });
    const post = async (id: string) => call('POST', '/api/documents', hr, body(id));

    expectRefused(await post(await upload(await candidate(), 'curriculo.pdf', pdf(), 'documentos')), 'id_arquivo', MSG.fileNotFound);
    const othersPdf = await upload(other, 'contrato.pdf', pdf(), 'documentos');
    expectRefused(await post(othersPdf), 'id_arquivo', MSG.fileNotFound);
    expectRefused(await post(await upload(colleague, 'contrato.pdf', pdf(), 'curriculos')), 'id_arquivo', MSG.fileNotFound);
    expectRefused(await post(await upload(colleague, 'lista.csv', Buffer.from('nome;cpf\nAna;1\n'), 'documentos')), 'id_arquivo', MSG.fileType);

    // GraphQL writes through the same engine.
    const gql = await t.app.inject({
      method: 'POST',
      url: '/v1/graphql',
      headers: bearer(hr.token, hr.role),
      payload: { query: 'mutation ($o: rh_documento_insert_input!) { insert_rh_documento_one(object: $o) { id } }', variables: { o: body(othersPdf) } },
    });
    expect(gql.json().errors?.[0]?.extensions?.errors, gql.body).toEqual({ id_arquivo: MSG.fileNotFound });

    // One's own PDF and a colleague's scan are taken.
    const doc = await created('/api/documents', body(await upload(hr, 'contrato.pdf', pdf(), 'documentos')), hr);
    await created('/api/documents', body(await upload(colleague, 'rg.png', PNG, 'documentos')), hr);

    // An update naming a file the editor may not read is refused...
    expectRefused(await call('PUT', `/api/documents/${doc.id}`, hr, { id_arquivo: othersPdf }), 'id_arquivo', MSG.fileNotFound);
    // ...unless it is already the record's: the superadmin (who reads every file) attaches it, and
    // the provider's HR edits the record sending it back unchanged.
    expect((await call('PUT', `/api/documents/${doc.id}`, null, { id_arquivo: othersPdf })).statusCode).toBe(200);
    const edited = await call('PUT', `/api/documents/${doc.id}`, hr, { ...body(othersPdf), titulo: 'Contrato assinado (2ª via)' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ titulo: 'Contrato assinado (2ª via)', id_arquivo: othersPdf });
  });
});

describe('a news cover (imagem_capa_data) and auxiliary image', () => {
  it('take only a PNG or JPEG of the novidades bucket their writer may read', async () => {
    const hr = await person('rh:gestor', [A]);
    const colleague = await person('rh:solicitante', [A]);
    const other = await person('rh:gestor', [B]);
    const item = (imagem_capa_data: string) => ({ provedor: A, titulo: 'Nova sede inaugurada', resumo: 'A Bitcom abriu a nova sede.', texto: '<p>Texto</p>', imagem_capa_data });
    const post = async (id: string) => call('POST', '/api/news', hr, item(id));

    expectRefused(await post(await upload(await candidate(), 'eu.png', PNG, 'novidades')), 'imagem_capa_data', MSG.fileNotFound);
    const othersPng = await upload(other, 'capa.png', PNG, 'novidades');
    expectRefused(await post(othersPng), 'imagem_capa_data', MSG.fileNotFound);
    expectRefused(await post(await upload(colleague, 'fundo.png', PNG, 'roletas')), 'imagem_capa_data', MSG.fileNotFound);
    expectRefused(await post(await upload(colleague, 'capa.pdf', pdf(), 'novidades')), 'imagem_capa_data', NEWS_MSG.coverFormat);

    const own = await created('/api/news', item(await upload(hr, 'capa.png', PNG, 'novidades')), hr);
    expect(own.imagem_capa_format).toBe('image/png');
    const byColleague = await created('/api/news', item(await upload(colleague, 'capa.png', PNG, 'novidades')), colleague);
    expectRefused(await call('PUT', `/api/news/${byColleague.id}`, colleague, { imagem_auxiliar_data: othersPng }), 'imagem_auxiliar_data', MSG.fileNotFound);
    const auxiliary = await call('PUT', `/api/news/${byColleague.id}`, colleague, { imagem_auxiliar_data: await upload(hr, 'aux.png', PNG, 'novidades') });
    expect(auxiliary.statusCode, auxiliary.body).toBe(200);
    expect(auxiliary.json().imagem_auxiliar_format).toBe('image/png');
  });
});

describe('a list of files (an onboarding content’s auxiliary images)', () => {
  it('checks each file added to the list, and leaves the ones already there alone', async () => {
    const author = await person('onboarding:solicitante', [A]);
    const other = await person('onboarding:solicitante', [B]);
    const own = await upload(author, 'capa.png', PNG, 'conteudos');
    const others = await upload(other, 'capa.png', PNG, 'conteudos');
    const base = { titulo: 'Com imagens', resumo: 'Resumo', texto: '<p>Olá</p>' };
    expectRefused(await call('POST', '/api/contents', author, { ...base, id_imagens_auxiliares: [own, others] }), 'id_imagens_auxiliares', MSG.fileNotFound);
    expectRefused(await call('POST', '/api/contents', author, { ...base, id_imagem_capa: await upload(author, 'capa.png', PNG, 'novidades') }), 'id_imagem_capa', MSG.fileNotFound);
    const content = await created('/api/contents', { ...base, id_imagem_capa: own, id_imagens_auxiliares: [own] }, author);
    // The superadmin adds another provider's image; the author then adds one of theirs.
    expect((await call('PUT', `/api/contents/${content.id}`, null, { id_imagens_auxiliares: [own, others] })).statusCode).toBe(200);
    const mine = await upload(author, 'outra.png', PNG, 'conteudos');
    const kept = await call('PUT', `/api/contents/${content.id}`, author, { id_imagens_auxiliares: [own, others, mine] });
    expect(kept.statusCode, kept.body).toBe(200);
    const othersToo = await upload(other, 'mais.png', PNG, 'conteudos');
    expectRefused(await call('PUT', `/api/contents/${content.id}`, author, { id_imagens_auxiliares: [own, others, othersToo] }), 'id_imagens_auxiliares', MSG.fileNotFound);
  });
});

describe('the v1 calls that take a file id', () => {
  it('the employee profile photo (PUT /v1/profile/{id}, image_data) takes an image of the perfil bucket its writer may read', async () => {
    const employee = await person('user', [A]);
    await t.db.query("INSERT INTO rh.perfil_funcionario (id_usuario, nome, cpf, genero, estado_civil, data_nascimento) VALUES ($1, 'Pessoa', $2, 'F', 'SOLTEIRA', '1990-05-17')", [
      employee.id,
      generateCPF(),
    ]);
    const put = (image_data: string) => call('PUT', `/v1/profile/${employee.id}`, employee, { perfil: { image_data } });
    expectRefused(await put(await upload(await candidate(), 'eu.png', PNG, 'perfil')), 'image_data', IMAGE_REJECTED);
    expectRefused(await put(await upload(await person('user', [B]), 'eu.png', PNG, 'perfil')), 'image_data', IMAGE_REJECTED);
    expectRefused(await put(await upload(employee, 'capa.png', PNG, 'novidades')), 'image_data', IMAGE_REJECTED);
    const own = await put(await upload(employee, 'eu.png', PNG, 'perfil'));
    expect(own.statusCode, own.body).toBe(200);
  });

  it('a lead import (id_file) refuses a spreadsheet of another bucket, as it refuses one its writer may not read', async () => {
    const seller = await person('marketing:gestor', [A]);
    const campanha = await created('/api/sales-campaigns', { nome: `Feira ${++seq}`, bitcom: true, vetorial: true });
    const canal = await created('/api/sales-channels', { nome: `Canal ${seq}`, bitcom: true, vetorial: true });
    const csv = Buffer.from('nome;telefone\nAna Souza;(31) 98888-1234\n');
    const importOf = async (id_file: string) => call('POST', '/api/lead-imports', seller, { id_file, id_empresa: A, id_campanha: campanha.id, id_canal: canal.id });
    expectRefused(await importOf(await upload(seller, 'lista.csv', csv, 'documentos')), 'id_file', MSG.fileNotFound);
    expectRefused(await importOf(await upload(await person('marketing:gestor', [B]), 'lista.csv', csv, 'importacoes')), 'id_file', MSG.fileNotFound);
    expect((await importOf(await upload(seller, 'lista.csv', csv, 'importacoes'))).statusCode).toBe(201);
  });
});
