// Lead imports (marketing document, sections 2 to 9; the flow of section 4): every documented call
// with its response names, the marks of each row (checks, customers of the provider, restrictions,
// duplicates of the file and of the provider's leads), the selection, the leads created once and
// undone as a whole, the template and the report, the generic API over the same records, the rights
// by role and provider, and the files refused as a whole (wrong type, renamed binary, empty, header
// only, 11 MB, broken zip, too many rows, too large inflated, missing columns), which leave nothing.
import * as XLSX from '@e965/xlsx';
import { formatCPF, generateCPF } from '@brazilian-utils/brazilian-utils';
import { randomUUID } from 'node:crypto';
import { extname } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../src/domain/messages.js';
import { customerDirectoryFor } from '../../src/server/customers/index.js';
import { typeOfExtension } from '../../src/server/files/types.js';
import { customerFlags } from '../../src/server/leads/customerFlags.js';
import { IMPORT_MSG } from '../../src/server/leadImports/messages.js';
import { ROW_MSG } from '../../src/server/leadImports/rows.js';
import { leadImportsOf } from '../../src/server/leadImports/service.js';
import { seedDemo } from '../../src/server/seed.js';
import { bearer, qs, testApp, type TestApp } from '../helpers/app.js';
import { file, multipart, pdf, PNG } from '../helpers/files.js';

let t: TestApp;
let A: number; // Bitcom
let B: number; // Vetorial
let campaign: number;
let channel: number;
const tokens: Record<string, string> = {};
const FORBIDDEN = 'Este usuário não tem autorização para realizar esta operação.';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A call as a user acting with a role (the superadmin when none is named). */
function call(method: Method, url: string, payload?: unknown, as?: string) {
  const headers = as ? bearer(tokens[as], as.replace(/@.*$/, '')) : bearer(t.adminToken, 'users:superadmin');
  return t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
}

let serial = 0;
/** A mobile no other test uses: (31) 9XXXX-XXXX. */
const mobile = () => {
  const n = String(10_000_000 + ((Date.now() % 1_000_000) * 37 + ++serial * 7_919) % 90_000_000).padStart(8, '0');
  return `(31) 9${n.slice(0, 4)}-${n.slice(4)}`;
};
const cpf = () => formatCPF(generateCPF());
const digits = (s: string) => s.replace(/\D/g, '');

/** Uploads a file to the importacoes bucket as a user; answers its id. */
async function upload(name: string, bytes: Buffer, as = 'marketing:gestor') {
  const { payload, headers } = multipart([file(name, bytes), { name: 'bucket-id', data: 'importacoes' }]);
  const r = await t.app.inject({ method: 'POST', url: '/v1/files/', payload, headers: { ...headers, ...bearer(tokens[as]) } });
  expect(r.statusCode, r.body).toBe(200);
  return r.json().processedFiles[0].id as string;
}

/**
 * A file stored as is, past the upload's checks, with the type its name claims (what another way in,
 * or an older row, may hold): the import still reads what the bytes are.
 */
async function stored(name: string, bytes: Buffer) {
  const id = randomUUID();
  await t.db.query('INSERT INTO storage.arquivo (id, bucket, nome, tipo, tamanho, dados, id_usuario, id_empresas) VALUES ($1, $2, $3, $4, $5, $6, NULL, NULL)', [
    id,
    'importacoes',
    name,
    typeOfExtension(extname(name)),
    bytes.length,
    bytes,
  ]);
  return id;
}

function importBody(id_file: string, provider = A) {
  return { id_file, id_campanha: campaign, id_canal: channel, id_empresa: provider, id_usuario: 999 };
}

/** POST /api/rest/v1/lead/dados/importacao; answers the import created. */
async function createImport(id_file: string, as = 'marketing:gestor', provider = A) {
  const r = await call('POST', '/api/rest/v1/lead/dados/importacao', importBody(id_file, provider), as);
  expect(r.statusCode, r.body).toBe(200);
  return r.json().insert_vendas_lead_importacao.returning[0] as Record<string, any>;
}

const participants = async (importId: number) =>
  (await t.db.query<Record<string, any>>('SELECT * FROM vendas.lead_participante WHERE id_importacao_evento = $1 ORDER BY linha', [importId])).rows;
const byName = async (importId: number): Promise<Record<string, Record<string, any>>> =>
  Object.fromEntries((await participants(importId)).map((p) => [p.nome || `linha ${p.linha}`, p]));
const counts = async () =>
  (
    await t.db.query<{ imports: number; rows: number; leads: number }>(
      'SELECT (SELECT count(*)::int FROM vendas.lead_importacao) AS imports, (SELECT count(*)::int FROM vendas.lead_participante) AS rows, (SELECT count(*)::int FROM vendas.lead) AS leads',
    )
  ).rows[0];

let customerSerial = 0;
async function customer(provider: number, values: Record<string, unknown>) {
  const code = `C${++customerSerial}`;
  await t.db.query(
    `INSERT INTO relacionamento.dados_pessoas (sistema, id_empresa, cod_cliente, codpessoa, nome_razaosocial, cpf, telefone, celular, situacao, dias_atraso)
     VALUES ($1, $2, $3, $3, $4, $5, $6, $7, $8, $9)`,
    [provider === A ? 'BITCOM' : 'VETORIAL', provider, code, values.nome ?? 'Cliente', values.cpf ?? null, values.telefone ?? null, values.celular ?? null, values.situacao ?? 'ativo', values.dias_atraso ?? 0],
  );
  return code;
}

/**
 * A file's people, fresh for each test (CPFs and phones no other test uses), and the provider's
 * customers and lead they meet: an active customer, an overdue one, a former one (by phone), a
 * customer who restricted WhatsApp and SMS, a person already a lead, a repeat of the file, rows with
 * a bad CPF, no name and a bad phone, a CPF that lost its leading zero, a landline.
 */
async function scenario() {
  const p = {
    limpa: { cpf: cpf(), tel: mobile() },
    cliente: { cpf: cpf() },
    devedora: { cpf: cpf(), tel: mobile() },
    ex: { tel: `(31) 3${String(100 + (++serial % 800)).padStart(3, '0')}-${String(1000 + serial).slice(-4)}` },
    restrita: { cpf: cpf() },
    lead: { cpf: cpf() },
    semNome: { cpf: cpf() },
    outroProvedor: { cpf: cpf() },
    fixo: { tel: `(31) 2${String(100 + (serial % 800)).padStart(3, '0')}-${String(2000 + serial).slice(-4)}` },
  };
  const codes = {
    cliente: await customer(A, { cpf: p.cliente.cpf, celular: mobile() }),
    devedora: await customer(A, { cpf: p.devedora.cpf, dias_atraso: 12 }),
    ex: await customer(A, { telefone: p.ex.tel, situacao: 'cancelado' }),
    restrita: await customer(A, { cpf: p.restrita.cpf }),
  };
  await customer(B, { cpf: p.outroProvedor.cpf });
  await t.db.query('INSERT INTO relacionamento.preferencias_cliente (sistema, cod_cliente, whatsapp, email, sms) VALUES ($1, $2, false, true, false)', [A, codes.restrita]);
  const lead = await call('POST', '/api/leads', { nome: 'Leo Antigo', cpf: p.lead.cpf, id_empresa: A });
  expect(lead.statusCode, lead.body).toBe(201);
  const zeroCpf = cpfWithLeadingZero();
  const csv = [
    'Nome completo;CPF/CNPJ;Celular',
    `Ana Limpa;${p.limpa.cpf};${p.limpa.tel}`,
    `Carlos Cliente;${digits(p.cliente.cpf)};`,
    `Dora Devedora;${p.devedora.cpf};${digits(p.devedora.tel)}`,
    `Ex Cliente;;${p.ex.tel}`,
    `Rita Restrita;${p.restrita.cpf};`,
    `Ana Repetida;;${digits(p.limpa.tel)}`,
    `Leo Lead;${p.lead.cpf};`,
    'Davi Errado;529.982.247-26;',
    `;${p.semNome.cpf};`,
    `Zé Zero;${zeroCpf.slice(1)};`,
    `Fixo Silva;;${digits(p.fixo.tel)}`,
    'Tel Ruim;;123',
    `Outro Provedor;${p.outroProvedor.cpf};`,
  ].join('\r\n');
  return { csv: Buffer.from(csv, 'utf8'), people: p, codes, leadId: lead.json().id as number, leadCode: lead.json().codlead as string, zeroCpf };
}

/** A valid CPF that starts with a zero (a spreadsheet keeps it as a number, without the zero). */
function cpfWithLeadingZero() {
  const d = [0, ...String(10_000_000 + Math.floor(Math.random() * 89_999_999)).split('').map(Number)];
  for (const n of [9, 10]) {
    const r = (d.slice(0, n).reduce((s, x, i) => s + x * (n + 1 - i), 0) * 10) % 11;
    d.push(r === 10 ? 0 : r);
  }
  return d.join('');
}

async function scenarioImport(as = 'marketing:gestor') {
  const s = await scenario();
  const imp = await createImport(await upload('evento.csv', s.csv, as), as);
  return { ...s, imp };
}

beforeAll(async () => {
  t = await testApp();
  A = (await t.inject({ method: 'POST', url: '/api/providers', payload: { nome: 'Bitcom' } })).json().id;
  B = (await t.inject({ method: 'POST', url: '/api/providers', payload: { nome: 'Vetorial' } })).json().id;
  for (const [nome, id] of [['BITCOM', A], ['VETORIAL', B]] as const) {
    expect((await t.inject({ method: 'POST', url: '/api/systems', payload: { nome, id_empresa: id, erp: 'MK Solutions' } })).statusCode).toBe(201);
  }
  campaign = (await t.inject({ method: 'POST', url: '/api/sales-campaigns', payload: { nome: 'Feira de Tecnologia', bitcom: true, vetorial: true } })).json().id;
  channel = (await t.inject({ method: 'POST', url: '/api/sales-channels', payload: { nome: 'Evento', bitcom: true, vetorial: true } })).json().id;
  for (const role of ['marketing:gestor', 'marketing:solicitante', 'marketing:leitor', 'vendas:solicitante', 'vendas:leitor', 'rh:gestor']) {
    tokens[role] = await t.userToken({ papeis: [role], id_empresas: [A] });
  }
  tokens['marketing:gestor@B'] = await t.userToken({ papeis: ['marketing:gestor'], id_empresas: [B] });
});
afterAll(() => t?.close());

describe('POST /api/rest/v1/lead/dados/importacao: the import and its rows', () => {
  it('answers insert_vendas_lead_importacao.returning with the import and its counters; the author is the caller', async () => {
    const s = await scenario();
    const id_file = await upload('feira_tecnologia.csv', s.csv);
    const r = await call('POST', '/api/rest/v1/lead/dados/importacao', importBody(id_file), 'marketing:gestor');
    expect(r.statusCode, r.body).toBe(200);
    const body = r.json().insert_vendas_lead_importacao;
    expect(body.affected_rows).toBe(1);
    expect(body.returning[0]).toMatchObject({
      id: expect.any(Number),
      id_file,
      nome_arquivo: 'feira_tecnologia.csv',
      id_empresa: A,
      id_campanha: campaign,
      id_canal: channel,
      total_participantes: 13,
      linhas_com_erro: 3,
      duplicados: 2,
      leads_criadas: 0,
    });
    const author = await t.db.query<{ id: number }>('SELECT u.id FROM auth.usuario u JOIN vendas.lead_importacao i ON i.id_usuario = u.id WHERE i.id = $1', [body.returning[0].id]);
    expect(author.rows[0].id).not.toBe(999);
    expect((await t.db.query('SELECT 1 FROM vendas.lead_importacao WHERE id = $1', [body.returning[0].id])).rows).toHaveLength(1);
  });

  it('checks and marks each row: masks, reasons, customers of the provider, restrictions, duplicates and the default selection', async () => {
    const { imp, people: p, codes, leadId, zeroCpf } = await scenarioImport();
    const rows = await byName(imp.id);
    expect(Object.keys(rows)).toHaveLength(13);
    const pick = (r: Record<string, any>) => ({
      linha: r.linha,
      telefone: r.telefone,
      cpf: r.cpf,
      cliente: r.cliente,
      situacao_cliente: r.situacao_cliente,
      cod_cliente: r.cod_cliente,
      restricao: r.restricao,
      duplicado: r.duplicado,
      id_lead_existente: r.id_lead_existente,
      erros: r.erros,
      lead: r.lead,
    });
    const none = { cliente: false, situacao_cliente: null, cod_cliente: null, restricao: [], duplicado: null, id_lead_existente: null, erros: null };
    expect(pick(rows['Ana Limpa'])).toEqual({ ...none, linha: 2, telefone: p.limpa.tel, cpf: p.limpa.cpf, lead: true });
    expect(pick(rows['Carlos Cliente'])).toEqual({ ...none, linha: 3, telefone: '', cpf: p.cliente.cpf, cliente: true, situacao_cliente: 'ativo', cod_cliente: codes.cliente, lead: true });
    expect(pick(rows['Dora Devedora'])).toEqual({ ...none, linha: 4, telefone: p.devedora.tel, cpf: p.devedora.cpf, cliente: true, situacao_cliente: 'inadimplente', cod_cliente: codes.devedora, lead: true });
    expect(pick(rows['Ex Cliente'])).toEqual({ ...none, linha: 5, telefone: p.ex.tel, cpf: '', situacao_cliente: 'ex_cliente', cod_cliente: codes.ex, lead: true });
    expect(pick(rows['Rita Restrita'])).toEqual({ ...none, linha: 6, telefone: '', cpf: p.restrita.cpf, cliente: true, situacao_cliente: 'ativo', cod_cliente: codes.restrita, restricao: ['sms', 'whatsapp'], lead: false });
    expect(pick(rows['Ana Repetida'])).toEqual({ ...none, linha: 7, telefone: p.limpa.tel, cpf: '', duplicado: 'arquivo', lead: false });
    expect(pick(rows['Leo Lead'])).toEqual({ ...none, linha: 8, telefone: '', cpf: p.lead.cpf, duplicado: 'lead', id_lead_existente: leadId, lead: false });
    expect(pick(rows['Davi Errado'])).toEqual({ ...none, linha: 9, telefone: '', cpf: '529.982.247-26', erros: { cpf: ROW_MSG.cpfCheck }, lead: false });
    expect(pick(rows['linha 10'])).toEqual({ ...none, linha: 10, telefone: '', cpf: p.semNome.cpf, erros: { nome: ROW_MSG.nomeRequired }, lead: false });
    expect(pick(rows['Zé Zero'])).toEqual({ ...none, linha: 11, telefone: '', cpf: formatCPF(zeroCpf), lead: true });
    expect(pick(rows['Fixo Silva'])).toEqual({ ...none, linha: 12, telefone: p.fixo.tel, cpf: '', lead: true });
    expect(pick(rows['Tel Ruim'])).toEqual({ ...none, linha: 13, telefone: '123', cpf: '', erros: { telefone: ROW_MSG.phoneLength }, lead: false });
    // A customer of another provider is not this provider's.
    expect(pick(rows['Outro Provedor'])).toEqual({ ...none, linha: 14, telefone: '', cpf: p.outroProvedor.cpf, lead: true });
  });

  it('reads an xlsx and an xls the same way, headers in any order and case', async () => {
    for (const type of ['xlsx', 'xls'] as const) {
      const person = { cpf: cpf(), tel: mobile() };
      const book = XLSX.utils.book_new();
      XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['TELEFONE', 'Nome', 'cpf'], [Number(digits(person.tel)), 'Planilha Pessoa', person.cpf]]), 'Leads');
      const imp = await createImport(await upload(`planilha.${type}`, XLSX.write(book, { type: 'buffer', bookType: type }) as Buffer));
      expect(imp).toMatchObject({ nome_arquivo: `planilha.${type}`, total_participantes: 1, linhas_com_erro: 0 });
      expect(await participants(imp.id)).toMatchObject([{ linha: 2, nome: 'Planilha Pessoa', telefone: person.tel, cpf: person.cpf, lead: true }]);
    }
  });

  it('the same through the generic API (POST /api/lead-imports) and GraphQL (insert_vendas_lead_importacao_one)', async () => {
    const person = { cpf: cpf(), tel: mobile() };
    const csv = Buffer.from(`nome,cpf,telefone\nGenérica Pessoa,${person.cpf},${person.tel}\n`);
    // id_usuario is read-only there: ignored, the author is the caller.
    const ok = await t.app.inject({ method: 'POST', url: '/api/lead-imports', payload: importBody(await upload('generica.csv', csv, 'vendas:solicitante')), headers: bearer(tokens['vendas:solicitante'], 'vendas:solicitante') });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({ nome_arquivo: 'generica.csv', total_participantes: 1 });
    expect(ok.json().id_usuario).not.toBe(999);
    const id_file = await upload('graphql.csv', Buffer.from(`nome;telefone\nGraph Pessoa;${mobile()}\n`));
    const g = await call('POST', '/v1/graphql', {
      query: `mutation ($o: vendas_lead_importacao_insert_input!) { insert_vendas_lead_importacao_one(object: $o) { id nome_arquivo total_participantes } }`,
      variables: { o: { id_file, id_campanha: campaign, id_canal: channel, id_empresa: A } },
    });
    expect(g.json().errors, g.body).toBeUndefined();
    expect(g.json().data.insert_vendas_lead_importacao_one).toMatchObject({ nome_arquivo: 'graphql.csv', total_participantes: 1 });
  });
});

describe('a big file is written in steps, and nothing is left of one that fails midway', () => {
  /** n people of their own: a name, a CPF and a mobile no other row or test uses. */
  const people = (n: number, name = 'Pessoa') => Buffer.from(['nome;cpf;telefone', ...Array.from({ length: n }, (_, i) => `${name} ${i + 1};${cpf()};${mobile()}`)].join('\r\n'));
  const loading = async () => (await t.db.query<{ id: number }>('SELECT id_importacao AS id FROM vendas.lead_importacao_carga')).rows.map((r) => r.id);

  it('3,000 rows, several steps: every line once, the counters, and the import no longer loading', async () => {
    const imp = await createImport(await upload('grande.csv', people(3_000)));
    expect(imp).toMatchObject({ total_participantes: 3_000, linhas_com_erro: 0, duplicados: 0 });
    const { rows } = await t.db.query<{ n: number; distinct: number; first: number; last: number }>(
      'SELECT count(*)::int AS n, count(DISTINCT linha)::int AS distinct, min(linha) AS first, max(linha) AS last FROM vendas.lead_participante WHERE id_importacao_evento = $1',
      [imp.id],
    );
    expect(rows[0]).toEqual({ n: 3_000, distinct: 3_000, first: 2, last: 3_001 });
    expect(await loading()).not.toContain(imp.id);
    const stored = await t.inject(`/api/lead-imports/${imp.id}`);
    expect(stored.json()).toMatchObject({ total_participantes: 3_000 });
  });

  it('a step that fails (the 2,500th row refused by the database) deletes the import and the rows already written', async () => {
    const before = await counts();
    // A trigger that fires even while the rows are written in bulk (session_replication_role = replica).
    await t.db.exec(`
      CREATE FUNCTION vendas.test_refuse_row() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.nome = 'Recusada 2500' THEN RAISE EXCEPTION 'linha recusada pelo teste'; END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER test_refuse_row BEFORE INSERT ON vendas.lead_participante FOR EACH ROW EXECUTE FUNCTION vendas.test_refuse_row();
      ALTER TABLE vendas.lead_participante ENABLE ALWAYS TRIGGER test_refuse_row;`);
    try {
      const r = await call('POST', '/api/rest/v1/lead/dados/importacao', importBody(await upload('falha.csv', people(3_000, 'Recusada'))), 'marketing:gestor');
      expect(r.statusCode).toBeGreaterThanOrEqual(400);
    } finally {
      await t.db.exec('DROP TRIGGER test_refuse_row ON vendas.lead_participante; DROP FUNCTION vendas.test_refuse_row();');
    }
    expect(await counts()).toEqual(before);
    expect(await loading()).toEqual([]);
  });

  it('Criar Novas Leads of more rows than it makes at once (2,000; 100 here) makes them in steps: each row once, in file order; a step that fails removes the leads the call made', async () => {
    const limits = leadImportsOf(t.app.resources)!.limits;
    const saved = limits.leadsAtOnce;
    limits.leadsAtOnce = 100;
    try {
      await leadsInSteps();
    } finally {
      limits.leadsAtOnce = saved;
    }
  });

  async function leadsInSteps() {
    const imp = await createImport(await upload('muitas_leads.csv', people(400, 'Lead em passos')));
    const made = await call('POST', '/v1/lead/importacao/mk', { lead: true, id_importacao_evento: imp.id }, 'marketing:gestor');
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().criaLeadImportada).toMatchObject({ status: 'success', message: '400 leads criadas.', criadas: 400 });
    const { rows } = await t.db.query<{ n: number; leads: number; ordered: boolean }>(
      `SELECT count(*)::int AS n, count(DISTINCT id_lead)::int AS leads,
              bool_and(id_lead IS NOT NULL) AND array_agg(id_lead ORDER BY linha) = array_agg(id_lead ORDER BY id_lead) AS ordered
         FROM vendas.lead_participante WHERE id_importacao_evento = $1`,
      [imp.id],
    );
    expect(rows[0]).toEqual({ n: 400, leads: 400, ordered: true });
    expect((await t.inject(`/api/lead-imports/${imp.id}`)).json()).toMatchObject({ leads_criadas: 400 });
    expect(await loading()).toEqual([]);
    const again = await call('POST', '/v1/lead/importacao/mk', { lead: true, id_importacao_evento: imp.id }, 'marketing:gestor');
    expect(again.json().criaLeadImportada).toMatchObject({ message: IMPORT_MSG.alreadyCreated, criadas: 0 });

    const other = await createImport(await upload('falha_leads.csv', people(400, 'Lead recusada')));
    const before = await counts();
    await t.db.exec(`
      CREATE FUNCTION vendas.test_refuse_lead() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.nome = 'Lead recusada 300' THEN RAISE EXCEPTION 'lead recusada pelo teste'; END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER test_refuse_lead BEFORE INSERT ON vendas.lead FOR EACH ROW EXECUTE FUNCTION vendas.test_refuse_lead();`);
    try {
      const failed = await call('POST', '/v1/lead/importacao/mk', { lead: true, id_importacao_evento: other.id }, 'marketing:gestor');
      expect(failed.statusCode).toBeGreaterThanOrEqual(400);
    } finally {
      await t.db.exec('DROP TRIGGER test_refuse_lead ON vendas.lead; DROP FUNCTION vendas.test_refuse_lead();');
    }
    expect(await counts()).toEqual(before);
    expect((await participants(other.id)).filter((p) => p.id_lead !== null)).toEqual([]);
    expect(await loading()).toEqual([]);
    expect((await t.inject(`/api/lead-imports/${other.id}`)).json()).toMatchObject({ leads_criadas: 0 });
  }

  it('while an import loads its rows cannot be selected, corrected or made leads, nor the import deleted (409); one left by a stopped server goes', async () => {
    const { imp } = await scenarioImport();
    const rows = await byName(imp.id);
    // As the create leaves it until its last step.
    await t.db.query('INSERT INTO vendas.lead_importacao_carga (id_importacao) VALUES ($1)', [imp.id]);
    const refusals = [
      await call('PUT', '/v1/lead/importacao/clientes', [{ where: { id_importacao_evento: { _eq: imp.id } }, _set: { lead: true } }], 'marketing:gestor'),
      await call('PUT', '/v1/lead/importacao/clientes', [{ where: { id: { _eq: rows['Ana Limpa'].id } }, _set: { lead: false } }], 'marketing:gestor'),
      await t.inject({ method: 'PUT', url: `/api/lead-import-participants/${rows['Ana Limpa'].id}`, payload: { nome: 'Ana Outra' } }),
      await call('POST', '/v1/lead/importacao/mk', { lead: true, id_importacao_evento: imp.id }, 'marketing:gestor'),
      await call('POST', `/v1/lead/importacao/${imp.id}/desfazer`, undefined, 'marketing:gestor'),
      await call('DELETE', `/api/lead-imports/${imp.id}`, undefined, 'marketing:gestor'),
    ];
    for (const r of refusals) {
      expect(r.statusCode, r.body).toBe(409);
      expect(r.json().message).toBe(IMPORT_MSG.loading);
    }
    expect(await participants(imp.id)).toHaveLength(13);
    // No step for 10 minutes: its server stopped midway. The next import deletes it.
    await t.db.query(`UPDATE vendas.lead_importacao_carga SET atualizada_em = now() - interval '11 minutes' WHERE id_importacao = $1`, [imp.id]);
    await createImport(await upload('seguinte.csv', people(2)));
    expect((await t.inject(`/api/lead-imports/${imp.id}`)).statusCode).toBe(404);
    expect(await participants(imp.id)).toEqual([]);
    expect(await loading()).toEqual([]);
  });
});

describe('files refused as a whole leave no import, no rows and no leads', () => {
  const refused = async (id_file: string, message: string | RegExp) => {
    const before = await counts();
    const r = await call('POST', '/api/rest/v1/lead/dados/importacao', importBody(id_file), 'marketing:gestor');
    expect(r.statusCode, r.body).toBe(400);
    if (typeof message === 'string') expect(r.json()).toEqual({ message, errors: { id_file: message } });
    else expect(r.json().message).toMatch(message);
    expect(await counts()).toEqual(before);
  };
  const xlsx = (rows: unknown[][]) => {
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Leads');
    return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
  };

  it('a file that does not exist, or that the caller may not read (another provider uploaded it)', async () => {
    await refused(randomUUID(), MSG.fileNotFound);
    await refused(await upload('de_outro.csv', Buffer.from(`nome;telefone\nAna;${mobile()}\n`), 'marketing:gestor@B'), MSG.fileNotFound);
  });

  it('the wrong type, and a renamed binary (the upload refuses it too)', async () => {
    await refused(await upload('folder.pdf', pdf()), MSG.fileType);
    await refused(await stored('planilha.csv', PNG), MSG.fileType);
    await refused(await stored('planilha.xlsx', pdf()), MSG.fileType);
    const { payload, headers } = multipart([file('planilha.xlsx', PNG), { name: 'bucket-id', data: 'importacoes' }]);
    expect((await t.app.inject({ method: 'POST', url: '/v1/files/', payload, headers: { ...headers, ...bearer(tokens['marketing:gestor']) } })).statusCode).toBe(415);
  });

  it('an empty file, a header alone, and a header without nome or without cpf and telefone', async () => {
    await refused(await stored('vazio.csv', Buffer.alloc(0)), IMPORT_MSG.empty);
    await refused(await upload('branco.csv', Buffer.from('\r\n\r\n')), IMPORT_MSG.empty);
    await refused(await upload('cabecalho.csv', Buffer.from('nome;cpf;telefone\r\n')), IMPORT_MSG.headerOnly);
    await refused(await upload('cabecalho.xlsx', xlsx([['nome', 'cpf', 'telefone']])), IMPORT_MSG.headerOnly);
    await refused(await upload('sem_nome.csv', Buffer.from(`cpf;telefone\n${cpf()};${mobile()}\n`)), IMPORT_MSG.missingName);
    await refused(await upload('sem_contato.csv', Buffer.from('nome;email\nAna;ana@exemplo.com.br\n')), IMPORT_MSG.missingContact);
  });

  it('11 MB: the upload refuses it (413), and the import refuses a file above its limit', async () => {
    const big = Buffer.concat([Buffer.from('nome;telefone\n'), Buffer.alloc(11 * 1024 * 1024, 'a')]);
    const { payload, headers } = multipart([file('grande.csv', big), { name: 'bucket-id', data: 'importacoes' }]);
    const r = await t.app.inject({ method: 'POST', url: '/v1/files/', payload, headers: { ...headers, ...bearer(tokens['marketing:gestor']) } });
    expect(r.statusCode).toBe(413);
    const limits = leadImportsOf(t.app.resources)!.limits;
    const saved = limits.maxFileBytes;
    limits.maxFileBytes = 1024;
    try {
      await refused(await upload('quase_grande.csv', Buffer.concat([Buffer.from('nome;telefone\n'), Buffer.alloc(2048, 'a')])), IMPORT_MSG.tooLarge(1024));
    } finally {
      limits.maxFileBytes = saved;
    }
  });

  it('a broken zip, too many rows, and an xlsx too large once inflated', async () => {
    const good = xlsx([['nome', 'cpf'], ['Ana', cpf()]]);
    await refused(await stored('quebrado.xlsx', good.subarray(0, good.length - 60)), 'Não foi possível ler a planilha: o arquivo está corrompido ou incompleto.');
    const limits = leadImportsOf(t.app.resources)!.limits;
    const saved = { ...limits };
    limits.maxRows = 3;
    limits.maxUnzippedBytes = 2048;
    try {
      await refused(await upload('muitas.csv', Buffer.from(['nome;telefone', ...[1, 2, 3, 4].map((i) => `Pessoa ${i};${mobile()}`)].join('\n'))), IMPORT_MSG.tooManyRows(3));
      await refused(await upload('inflada.xlsx', good), /^A planilha tem .* descompactada; o limite é 2 KB/);
    } finally {
      Object.assign(limits, saved);
    }
  });
});

describe('the documented reads', () => {
  it('POST v1/lead/arquivo/clientes/{importId}: importaClientes, the same answer every time; 404 outside the provider', async () => {
    const { imp } = await scenarioImport();
    for (let i = 0; i < 2; i++) {
      const r = await call('POST', `/v1/lead/arquivo/clientes/${imp.id}`, undefined, 'marketing:gestor');
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json()).toEqual({ importaClientes: { success: true, message: '13 registros importados: 3 com problemas, 2 duplicados, 3 clientes.' } });
    }
    expect((await participants(imp.id)).length).toBe(13);
    expect((await call('POST', `/v1/lead/arquivo/clientes/${imp.id}`, undefined, 'marketing:gestor@B')).statusCode).toBe(404);
    expect((await call('POST', '/v1/lead/arquivo/clientes/abc', undefined, 'marketing:gestor')).statusCode).toBe(404);
    expect((await call('POST', `/v1/lead/arquivo/clientes/${imp.id}`, undefined, 'rh:gestor')).statusCode).toBe(403);
  });

  it('POST v1/lead/importacao/cliente/filtro: vendas_lead_importacao_aggregate.nodes, newest first, within the providers', async () => {
    const { imp } = await scenarioImport();
    const empty = await createImport(await upload('uma_linha.csv', Buffer.from(`nome;telefone\nUma Pessoa;${mobile()}\n`)));
    const r = await call('POST', '/v1/lead/importacao/cliente/filtro', { filtro: { id: { _in: [imp.id, empty.id] } } }, 'marketing:leitor');
    expect(r.statusCode, r.body).toBe(200);
    const nodes = r.json().vendas_lead_importacao_aggregate.nodes;
    expect(nodes.map((n: { id: number }) => n.id)).toEqual([empty.id, imp.id]);
    expect(nodes[1]).toMatchObject({
      id: imp.id,
      created_at: expect.any(String),
      id_empresa: A,
      id_campanha: campaign,
      id_canal: channel,
      file: { id: imp.id_file, name: 'evento.csv', createdAt: expect.any(String) },
      empresa: { nome: 'Bitcom' },
      canal: { nome: 'Evento' },
      campanha: { nome: 'Feira de Tecnologia' },
      total_participantes: { aggregate: { count: 13 } },
      leads_criadas: { aggregate: { count: 0 } },
      linhas_com_erro: 3,
      duplicados: 2,
      lead_partcipantes: [{ id_importacao_evento: imp.id }],
    });
    const mine = await call('POST', '/v1/lead/importacao/cliente/filtro', { filtro: { id_empresa: { _eq: A } } }, 'vendas:leitor');
    expect(mine.json().vendas_lead_importacao_aggregate.nodes.length).toBeGreaterThanOrEqual(2);
    const other = await call('POST', '/v1/lead/importacao/cliente/filtro', { filtro: { id: imp.id } }, 'marketing:gestor@B');
    expect(other.json().vendas_lead_importacao_aggregate.nodes).toEqual([]);
    const bad = await call('POST', '/v1/lead/importacao/cliente/filtro', { filtro: { nome_arquivo: 'x' } }, 'marketing:leitor');
    expect(bad.statusCode).toBe(400);
    expect((await call('POST', '/v1/lead/importacao/cliente/filtro', {}, 'rh:gestor')).statusCode).toBe(403);
  });

  it('POST v1/lead/importacao/clientes/filtro: vendas_lead_participante by filtro, in the file order, paged, with the total', async () => {
    const { imp } = await scenarioImport();
    const r = await call('POST', '/v1/lead/importacao/clientes/filtro', { filtro: { id_importacao_evento: imp.id }, limit: 5, offset: 2 }, 'marketing:leitor');
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().total).toBe(13);
    expect(r.json().vendas_lead_participante.map((p: { linha: number }) => p.linha)).toEqual([4, 5, 6, 7, 8]);
    const clients = await call('POST', '/v1/lead/importacao/clientes/filtro', { filtro: { id_importacao_evento: { _eq: imp.id }, cliente: true } }, 'marketing:leitor');
    expect(clients.json().vendas_lead_participante.map((p: { nome: string }) => p.nome)).toEqual(['Carlos Cliente', 'Dora Devedora', 'Rita Restrita']);
    const clean = await call('POST', '/v1/lead/importacao/clientes/filtro', { filtro: { id_importacao_evento: imp.id, duplicado: null, lead: false } }, 'marketing:leitor');
    expect(clean.json().vendas_lead_participante.map((p: { linha: number }) => p.linha)).toEqual([6, 9, 10, 13]);
    const missing = await call('POST', '/v1/lead/importacao/clientes/filtro', { filtro: {} }, 'marketing:leitor');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ 'filtro.id_importacao_evento': MSG.required });
    expect((await call('POST', '/v1/lead/importacao/clientes/filtro', { filtro: { id_importacao_evento: imp.id }, limit: 5000 }, 'marketing:leitor')).statusCode).toBe(400);
    const other = await call('POST', '/v1/lead/importacao/clientes/filtro', { filtro: { id_importacao_evento: imp.id } }, 'marketing:gestor@B');
    expect(other.json()).toEqual({ vendas_lead_participante: [], total: 0 });
  });

  it('GET /api/lead-import-participants: the screens page through one import in the file order', async () => {
    const { imp } = await scenarioImport();
    const r = await t.app.inject({
      url: `/api/lead-import-participants?${qs({ filter: { id_importacao_evento: imp.id }, range: [10, 19] })}`,
      headers: bearer(tokens['marketing:leitor'], 'marketing:leitor'),
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.headers['content-range']).toBe('lead-import-participants 10-12/13');
    expect(r.json().map((p: { linha: number }) => p.linha)).toEqual([12, 13, 14]);
  });
});

describe('PUT v1/lead/importacao/clientes: the selection and the corrections', () => {
  it('selects and unselects rows by id; a row with problems cannot be selected', async () => {
    const { imp } = await scenarioImport('marketing:solicitante');
    const rows = await byName(imp.id);
    const r = await call('PUT', '/v1/lead/importacao/clientes', [
      { where: { id: { _eq: rows['Rita Restrita'].id } }, _set: { lead: true } },
      { where: { id: { _in: [rows['Ana Limpa'].id, rows['Carlos Cliente'].id] }, id_importacao_evento: { _eq: imp.id } }, _set: { lead: false } },
    ], 'marketing:solicitante');
    expect(r.statusCode, r.body).toBe(200);
    const many = r.json().update_vendas_lead_participante_many;
    expect(many.map((m: { affected_rows: number }) => m.affected_rows)).toEqual([1, 2]);
    expect(many[0].returning).toMatchObject([{ id: rows['Rita Restrita'].id, lead: true }]);
    expect(many[1].returning.map((p: { lead: boolean }) => p.lead)).toEqual([false, false]);
    const refused = await call('PUT', '/v1/lead/importacao/clientes', [{ where: { id: { _eq: rows['Davi Errado'].id } }, _set: { lead: true } }], 'marketing:solicitante');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: IMPORT_MSG.fixRowFirst, errors: { lead: IMPORT_MSG.fixRowFirst } });
    // Every row's change is audited, by the caller.
    const history = await t.inject(`/api/lead-import-participants/${rows['Rita Restrita'].id}/history`);
    expect(history.json()[0]).toMatchObject({ operacao: 'UPDATE', old_data: { lead: false }, new_data: { lead: true } });
  });

  it('corrects a row (digits as the screen sends them): checked, masked and marked again, and selected once clean', async () => {
    const { imp, people, codes } = await scenarioImport();
    const rows = await byName(imp.id);
    const fixed = cpf();
    const r = await call('PUT', '/v1/lead/importacao/clientes', { updates: [{ where: { id: { _eq: rows['Davi Errado'].id } }, _set: { nome: 'Davi Certo', cpf: digits(fixed), telefone: '31987650000' } }] }, 'marketing:gestor');
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().update_vendas_lead_participante_many[0].returning[0]).toMatchObject({ nome: 'Davi Certo', cpf: fixed, telefone: '(31) 98765-0000', erros: null, lead: true });
    // Corrected into a customer's CPF (which an earlier row has): the customer marks and the repeat follow.
    const again = await call('PUT', '/v1/lead/importacao/clientes', [{ where: { id: { _eq: rows['Davi Errado'].id } }, _set: { cpf: people.devedora.cpf } }], 'marketing:gestor');
    expect(again.json().update_vendas_lead_participante_many[0].returning[0]).toMatchObject({ cliente: true, situacao_cliente: 'inadimplente', cod_cliente: codes.devedora, duplicado: 'arquivo' });
    // Into the phone of an earlier row: a repeat of the file.
    const repeat = await call('PUT', '/v1/lead/importacao/clientes', [{ where: { id: { _eq: rows['Tel Ruim'].id } }, _set: { telefone: people.limpa.tel } }], 'marketing:gestor');
    expect(repeat.json().update_vendas_lead_participante_many[0].returning[0]).toMatchObject({ telefone: people.limpa.tel, erros: null, duplicado: 'arquivo', lead: false });
    const imported = await t.db.query('SELECT linhas_com_erro, duplicados FROM vendas.lead_importacao WHERE id = $1', [imp.id]);
    expect(imported.rows[0]).toEqual({ linhas_com_erro: 1, duplicados: 4 });
    const bad = await call('PUT', '/v1/lead/importacao/clientes', [{ where: { id: { _eq: rows['Ana Limpa'].id } }, _set: { cpf: '123', telefone: '99' } }], 'marketing:gestor');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ cpf: ROW_MSG.cpfLength, telefone: ROW_MSG.phoneLength });
    expect((await byName(imp.id))['Ana Limpa'].cpf).toBe(rows['Ana Limpa'].cpf);
  });

  it('a whole import: selecting takes only the clean rows without a lead, unselecting every row without a lead', async () => {
    const { imp } = await scenarioImport();
    const off = await call('PUT', '/v1/lead/importacao/clientes', [{ where: { id_importacao_evento: { _eq: imp.id } }, _set: { lead: false } }], 'marketing:gestor');
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().update_vendas_lead_participante_many[0].affected_rows).toBe(13);
    expect((await participants(imp.id)).filter((p) => p.lead)).toEqual([]);
    const on = await call('PUT', '/v1/lead/importacao/clientes', [{ where: { id_importacao_evento: { _eq: imp.id } }, _set: { lead: true } }], 'marketing:gestor');
    expect(on.json().update_vendas_lead_participante_many[0].affected_rows).toBe(7);
    expect((await participants(imp.id)).filter((p) => p.lead).map((p) => p.linha)).toEqual([2, 3, 4, 5, 11, 12, 14]);
  });

  it('all or nothing; strict bodies; at most 1,000 updates; rights and providers', async () => {
    const { imp } = await scenarioImport();
    const rows = await byName(imp.id);
    const mixed = await call('PUT', '/v1/lead/importacao/clientes', [
      { where: { id: { _eq: rows['Ana Limpa'].id } }, _set: { lead: false } },
      { where: { id: { _eq: rows['Tel Ruim'].id } }, _set: { lead: true } },
    ], 'marketing:gestor');
    expect(mixed.statusCode).toBe(400);
    expect((await byName(imp.id))['Ana Limpa'].lead).toBe(true);
    const cases: [unknown, Record<string, string>][] = [
      [[{ where: { id: { _eq: rows['Ana Limpa'].id } }, _set: { codlead: 'X' } }], { 'updates[0]._set.codlead': MSG.unknownField }],
      [[{ where: { id: { _like: 1 } }, _set: { lead: true } }], { 'updates[0].where.id': MSG.invalid }],
      [[{ where: { nome: 'x' }, _set: { lead: true } }], { 'updates[0].where.nome': MSG.unknownField }],
      [[{ where: {}, _set: { lead: true } }], { 'updates[0].where': IMPORT_MSG.whereRequired }],
      [[{ where: { id_importacao_evento: { _eq: imp.id } }, _set: { nome: 'Todos' } }], { 'updates[0].where.id': IMPORT_MSG.editNeedsRow }],
      [[{ where: { id: 1 }, _set: {} }], { 'updates[0]._set': MSG.required }],
      [[{ where: { id: 1 }, _set: { lead: 'talvez' } }], { 'updates[0]._set.lead': MSG.boolean }],
      [{ objects: [] }, { objects: MSG.unknownField }],
      [[], { updates: MSG.required }],
      [Array.from({ length: 1001 }, () => ({ where: { id: 1 }, _set: { lead: true } })), { updates: MSG.maxItems(1000) }],
    ];
    for (const [body, errors] of cases) {
      const r = await call('PUT', '/v1/lead/importacao/clientes', body, 'marketing:gestor');
      expect(r.statusCode, JSON.stringify(body).slice(0, 200)).toBe(400);
      expect(r.json().errors).toEqual(errors);
    }
    expect((await call('PUT', '/v1/lead/importacao/clientes', [{ where: { id: rows['Ana Limpa'].id }, _set: { lead: false } }], 'marketing:leitor')).statusCode).toBe(403);
    const other = await call('PUT', '/v1/lead/importacao/clientes', [{ where: { id: rows['Ana Limpa'].id }, _set: { lead: false } }], 'marketing:gestor@B');
    expect(other.json().update_vendas_lead_participante_many[0].affected_rows).toBe(0);
    expect((await call('PUT', '/v1/lead/importacao/clientes', [{ where: { id_importacao_evento: imp.id }, _set: { lead: false } }], 'marketing:gestor@B')).statusCode).toBe(404);
    expect((await byName(imp.id))['Ana Limpa'].lead).toBe(true);
  });
});

describe('POST v1/lead/importacao/mk and POST v1/lead/importacao/{id}/desfazer', () => {
  it('creates one lead per selected row, once: pressed twice (or retried, or at once) nothing is created twice', async () => {
    const { imp, codes } = await scenarioImport();
    const before = (await counts()).leads;
    const [first, second] = await Promise.all([
      call('POST', '/v1/lead/importacao/mk', { lead: true, id_importacao_evento: imp.id, id_usuario: 1 }, 'marketing:gestor'),
      call('POST', '/v1/lead/importacao/mk', { lead: true, id_importacao_evento: imp.id }, 'marketing:gestor'),
    ]);
    const answers = [first, second].map((r) => r.json().criaLeadImportada);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(answers).toEqual(
      expect.arrayContaining([
        { status: 'success', message: '7 leads criadas.', criadas: 7, ids: expect.any(Array) },
        { status: 'success', message: IMPORT_MSG.alreadyCreated, criadas: 0, ids: [] },
      ]),
    );
    expect((await counts()).leads).toBe(before + 7);
    const again = await call('POST', '/v1/lead/importacao/mk', { lead: true, id_importacao_evento: imp.id }, 'marketing:gestor');
    expect(again.json().criaLeadImportada).toMatchObject({ status: 'success', criadas: 0 });
    expect((await counts()).leads).toBe(before + 7);

    const rows = await byName(imp.id);
    const carlos = rows['Carlos Cliente'];
    expect(carlos.codlead).toMatch(/^LD-\d{6}$/);
    const lead = (await t.inject(`/api/leads/${carlos.id_lead}`)).json();
    expect(lead).toMatchObject({ nome: 'Carlos Cliente', cpf: carlos.cpf, telefone: null, id_empresa: A, id_campanha: campaign, id_canal: channel, origem: 'importado', equipe: 'interna', status: 'novo', codlead: carlos.codlead, cliente: true, cod_cliente: codes.cliente, inadimplente: false, id_vendedor: null });
    // The customer flags are the lead hooks' (customerFlags), for every lead made.
    for (const row of Object.values(rows).filter((r) => r.id_lead)) {
      const made = (await t.inject(`/api/leads/${row.id_lead}`)).json();
      const flags = await customerFlags(customerDirectoryFor(t.db), t.db, made.cpf, A);
      expect({ cliente: made.cliente, cod_cliente: made.cod_cliente ?? null, inadimplente: made.inadimplente }, row.nome).toEqual(flags);
    }
    expect(rows['Dora Devedora']).toMatchObject({ codlead: expect.any(String) });
    expect((await t.inject(`/api/leads/${rows['Dora Devedora'].id_lead}`)).json()).toMatchObject({ inadimplente: true, telefone: rows['Dora Devedora'].telefone });
    expect((await t.db.query('SELECT leads_criadas FROM vendas.lead_importacao WHERE id = $1', [imp.id])).rows[0].leads_criadas).toBe(7);
    // A row whose lead exists can no longer change.
    const edit = await call('PUT', '/v1/lead/importacao/clientes', [{ where: { id: carlos.id }, _set: { nome: 'Outro Nome' } }], 'marketing:gestor');
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe(IMPORT_MSG.rowHasLead);
  });

  it('a person who became a lead of the provider after the import is not created again; explicit rows are selected by the call', async () => {
    const { imp, people } = await scenarioImport();
    const rows = await byName(imp.id);
    expect((await call('POST', '/api/leads', { nome: 'Ana Manual', telefone: people.limpa.tel, id_empresa: A })).statusCode).toBe(201);
    const r = await call('POST', '/v1/lead/importacao/mk', { lead: [rows['Ana Limpa'].id, rows['Rita Restrita'].id], id_importacao_evento: imp.id }, 'marketing:gestor');
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().criaLeadImportada).toMatchObject({ status: 'success', criadas: 1, message: '1 lead criada. 1 pessoa já era lead do provedor e não foi criada de novo.' });
    const after = await byName(imp.id);
    expect(after['Ana Limpa']).toMatchObject({ duplicado: 'lead', lead: false, id_lead: null });
    expect(after['Rita Restrita']).toMatchObject({ lead: true, id_lead: expect.any(Number) });
    expect(after['Carlos Cliente'].id_lead).toBeNull();
    const bad = await call('POST', '/v1/lead/importacao/mk', { lead: [rows['Davi Errado'].id], id_importacao_evento: imp.id }, 'marketing:gestor');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: IMPORT_MSG.fixRowFirst, criaLeadImportada: { status: 'error', message: IMPORT_MSG.fixRowFirst } });
  });

  it("'Nenhuma lead selecionada.' with nothing selected; rights (the leads' create right too) and providers", async () => {
    const { imp } = await scenarioImport();
    await call('PUT', '/v1/lead/importacao/clientes', [{ where: { id_importacao_evento: imp.id }, _set: { lead: false } }], 'marketing:gestor');
    const none = await call('POST', '/v1/lead/importacao/mk', { lead: true, id_importacao_evento: imp.id }, 'marketing:gestor');
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ message: MSG.noLeadSelected, criaLeadImportada: { status: 'error', message: MSG.noLeadSelected } });
    expect((await call('POST', '/v1/lead/importacao/mk', { lead: true, id_importacao_evento: imp.id }, 'marketing:leitor')).statusCode).toBe(403);
    expect((await call('POST', '/v1/lead/importacao/mk', { lead: true, id_importacao_evento: imp.id }, 'rh:gestor')).statusCode).toBe(403);
    const other = await call('POST', '/v1/lead/importacao/mk', { lead: true, id_importacao_evento: imp.id }, 'marketing:gestor@B');
    expect(other.statusCode).toBe(404);
    expect(other.json().criaLeadImportada.status).toBe('error');
    const strict = await call('POST', '/v1/lead/importacao/mk', { lead: true, id_importacao_evento: imp.id, extra: 1 }, 'marketing:gestor');
    expect(strict.json().errors).toEqual({ extra: MSG.unknownField });
    expect((await call('POST', '/v1/lead/importacao/mk', { lead: true }, 'marketing:gestor')).json().errors).toEqual({ id_importacao_evento: MSG.required });
  });

  it("undoes an import's leads as a whole, until one of them moves in the funnel (409 naming how many)", async () => {
    const { imp } = await scenarioImport();
    const made = await call('POST', '/v1/lead/importacao/mk', { lead: true, id_importacao_evento: imp.id }, 'marketing:gestor');
    const ids = made.json().criaLeadImportada.ids as number[];
    expect(ids).toHaveLength(7);
    const moved = await t.inject({ method: 'PUT', url: `/api/leads/${ids[0]}`, payload: { status: 'em_contato' } });
    expect(moved.statusCode, moved.body).toBe(200);
    const refused = await call('POST', `/v1/lead/importacao/${imp.id}/desfazer`, undefined, 'marketing:gestor');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(IMPORT_MSG.moved(1));
    expect((await t.inject(`/api/leads/${ids[1]}`)).statusCode).toBe(200);
    await t.inject({ method: 'PUT', url: `/api/leads/${ids[0]}`, payload: { status: 'novo' } });
    expect((await call('POST', `/v1/lead/importacao/${imp.id}/desfazer`, undefined, 'marketing:leitor')).statusCode).toBe(403);
    expect((await call('POST', `/v1/lead/importacao/${imp.id}/desfazer`, undefined, 'marketing:gestor@B')).statusCode).toBe(404);
    const undone = await call('POST', `/v1/lead/importacao/${imp.id}/desfazer`, undefined, 'marketing:solicitante');
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json()).toEqual({ desfazLeadsImportadas: { status: 'success', message: '7 leads removidas.', removidas: 7 } });
    for (const id of ids) expect((await t.inject(`/api/leads/${id}`)).statusCode).toBe(404);
    const rows = await participants(imp.id);
    expect(rows.filter((r) => r.id_lead !== null || r.codlead !== null)).toEqual([]);
    expect(rows.filter((r) => r.lead)).toHaveLength(7);
    expect((await t.db.query('SELECT leads_criadas FROM vendas.lead_importacao WHERE id = $1', [imp.id])).rows[0].leads_criadas).toBe(0);
    // The leads' deletions are audited.
    const log = await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM admin.log WHERE tabelas = 'vendas.lead' AND operacao = 'DELETE' AND id_item = ANY($1::text[])", [ids.map(String)]);
    expect(log.rows[0].n).toBe(7);
    // And they can be made again.
    expect((await call('POST', '/v1/lead/importacao/mk', { lead: true, id_importacao_evento: imp.id }, 'marketing:gestor')).json().criaLeadImportada.criadas).toBe(7);
  });
});

describe('the template and the report', () => {
  it('GET v1/lead/importacao/modelo: modelo_importacao_leads.xlsx with nome, cpf, telefone, CPF and phone as text', async () => {
    const r = await call('GET', '/v1/lead/importacao/modelo', undefined, 'marketing:leitor');
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(r.headers['content-disposition']).toContain('attachment; filename="modelo_importacao_leads.xlsx"');
    const book = XLSX.read(r.rawPayload, { type: 'buffer', cellNF: true, cellStyles: true });
    const sheet = book.Sheets[book.SheetNames[0]];
    expect(XLSX.utils.sheet_to_json(sheet, { header: 1 })[0]).toEqual(['nome', 'cpf', 'telefone']);
    expect(sheet.B2?.z).toBe('@');
    expect(sheet['!cols']?.[0]?.wch).toBeGreaterThan(20);
    expect((await call('GET', '/v1/lead/importacao/modelo', undefined, 'rh:gestor')).statusCode).toBe(403);
  });

  it('the template, filled in, imports', async () => {
    const template = (await call('GET', '/v1/lead/importacao/modelo', undefined, 'marketing:leitor')).rawPayload;
    const book = XLSX.read(template, { type: 'buffer' });
    const person = { cpf: cpf(), tel: mobile() };
    XLSX.utils.sheet_add_aoa(book.Sheets[book.SheetNames[0]], [['Modelo Preenchido', person.cpf, person.tel]], { origin: 'A2' });
    const imp = await createImport(await upload('modelo_preenchido.xlsx', XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer));
    expect(imp.total_participantes).toBe(1);
    expect(await participants(imp.id)).toMatchObject([{ nome: 'Modelo Preenchido', cpf: person.cpf, telefone: person.tel, lead: true }]);
  });

  it('GET v1/lead/importacao/{id}/relatorio: one CSV line per problem, duplicate and restriction', async () => {
    const { imp, people, leadCode } = await scenarioImport();
    const r = await call('GET', `/v1/lead/importacao/${imp.id}/relatorio`, undefined, 'marketing:leitor');
    expect(r.statusCode, r.body).toBe(200);
    expect(r.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(r.headers['content-disposition']).toContain(`relatorio_importacao_${imp.id}.csv`);
    expect(r.body.startsWith('\uFEFF')).toBe(true);
    expect(r.body.slice(1).split('\r\n')).toEqual([
      'Linha;Nome;Telefone;CPF;Campo;Motivo',
      `6;Rita Restrita;;${people.restrita.cpf};Restrição;O cliente restringiu o contato por SMS e WhatsApp`,
      `7;Ana Repetida;${people.limpa.tel};;Duplicado;Repetido no arquivo: mesmo CPF ou telefone da linha 2`,
      `8;Leo Lead;;${people.lead.cpf};Duplicado;Já é lead do provedor (${leadCode})`,
      `9;Davi Errado;;529.982.247-26;CPF;${ROW_MSG.cpfCheck}`,
      `10;;;${people.semNome.cpf};Nome;${ROW_MSG.nomeRequired}`,
      `13;Tel Ruim;123;;Telefone;${ROW_MSG.phoneLength}`,
    ]);
    expect((await call('GET', `/v1/lead/importacao/${imp.id}/relatorio`, undefined, 'marketing:gestor@B')).statusCode).toBe(404);
  });
});

describe('the report neutralises spreadsheet formulas (OWASP CSV injection)', () => {
  it('names and values such as =HYPERLINK(...), +cmd|..., @SUM(...), -2+3 or =1+1 after a tab come out with a leading apostrophe', async () => {
    const rows = [
      ['nome', 'cpf', 'telefone'],
      ['=HYPERLINK("http://x")', '', '123'],
      ["+cmd|' /C calc'!A0", '', '456'],
      ['@SUM(1)', '', '789'],
      ['-2+3', cpf(), ''],
      ['Tabulação Inicial', '', '\t=1+1'],
    ];
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Leads');
    const imp = await createImport(await upload('formulas.xlsx', XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer));
    const r = await call('GET', `/v1/lead/importacao/${imp.id}/relatorio`, undefined, 'marketing:leitor');
    expect(r.statusCode, r.body).toBe(200);
    const lines = r.body.slice(1).split('\r\n');
    expect(lines.find((l) => l.startsWith('2;'))).toMatch(/^2;"'=HYPERLINK\(""http:\/\/x""\)";123;;Telefone;/);
    expect(lines.find((l) => l.startsWith('3;'))).toMatch(/^3;'\+cmd\|' \/C calc'!A0;456;;Telefone;/);
    expect(lines.find((l) => l.startsWith('4;'))).toMatch(/^4;'@SUM\(1\);789;;Telefone;/);
    expect(lines.find((l) => l.startsWith('5;'))).toMatch(/^5;'-2\+3;;\d{3}\.\d{3}\.\d{3}-\d{2};Nome;/);
    // The import trims the cell's tab; what is left still starts like a formula.
    expect(lines.find((l) => l.startsWith('6;'))).toMatch(/^6;Tabulação Inicial;'=1\+1;;Telefone;/);
    // No cell of the file starts like a formula.
    for (const line of lines) expect(line).not.toMatch(/(^|;)"?[=+@\t\r]|(^|;)"?-(?!\d)/);
  });
});

describe('the generic API over the same records', () => {
  it('an import does not change after it is made (409); deleting it deletes its rows and keeps its leads', async () => {
    const { imp } = await scenarioImport();
    const same = await t.inject({ method: 'PUT', url: `/api/lead-imports/${imp.id}`, payload: { id_empresa: A } });
    expect(same.statusCode, same.body).toBe(200);
    const changed = await t.inject({ method: 'PUT', url: `/api/lead-imports/${imp.id}`, payload: { id_canal: (await t.inject({ method: 'POST', url: '/api/sales-channels', payload: { nome: 'Outro', bitcom: true } })).json().id } });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().message).toBe(IMPORT_MSG.immutable);
    const made = await call('POST', '/v1/lead/importacao/mk', { lead: true, id_importacao_evento: imp.id }, 'marketing:gestor');
    const ids = made.json().criaLeadImportada.ids as number[];
    expect((await call('DELETE', `/api/lead-imports/${imp.id}`, undefined, 'marketing:solicitante')).statusCode).toBe(403);
    const deleted = await call('DELETE', `/api/lead-imports/${imp.id}`, undefined, 'marketing:gestor');
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await participants(imp.id)).toEqual([]);
    for (const id of ids) expect((await t.inject(`/api/leads/${id}`)).statusCode).toBe(200);
  });

  it('a row is corrected through PUT /api/lead-import-participants/{id} as through the v1 call; rows are not added or deleted but by the superadmin', async () => {
    const { imp } = await scenarioImport();
    const rows = await byName(imp.id);
    const fixed = cpf();
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/lead-import-participants/${rows['Davi Errado'].id}`,
      payload: { nome: 'Davi Genérico', telefone: '(31) 98765-1111', cpf: fixed },
      headers: bearer(tokens['marketing:gestor'], 'marketing:gestor'),
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ nome: 'Davi Genérico', cpf: fixed, erros: null, lead: true });
    const select = await t.app.inject({ method: 'PUT', url: `/api/lead-import-participants/${rows['Tel Ruim'].id}`, payload: { lead: true }, headers: bearer(tokens['marketing:gestor'], 'marketing:gestor') });
    expect(select.statusCode).toBe(400);
    const add = await t.app.inject({
      method: 'POST',
      url: '/api/lead-import-participants',
      payload: { id_importacao_evento: imp.id, nome: 'Nova', telefone: mobile(), cpf: cpf() },
      headers: bearer(tokens['marketing:gestor'], 'marketing:gestor'),
    });
    expect(add.statusCode).toBe(403);
    const remove = await t.app.inject({ method: 'DELETE', url: `/api/lead-import-participants/${rows['Ana Limpa'].id}`, headers: bearer(tokens['marketing:gestor'], 'marketing:gestor') });
    expect(remove.statusCode).toBe(403);
    const added = await t.inject({ method: 'POST', url: '/api/lead-import-participants', payload: { id_importacao_evento: imp.id, nome: 'Linha Manual', telefone: mobile(), cpf: cpf(), lead: true } });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ linha: 15, erros: null, lead: true });
    expect((await t.db.query('SELECT total_participantes FROM vendas.lead_importacao WHERE id = $1', [imp.id])).rows[0].total_participantes).toBe(14);
  });

  it('only roles of vendas or marketing create imports, in their own providers', async () => {
    const id_file = await upload('direitos.csv', Buffer.from(`nome;telefone\nAna;${mobile()}\n`));
    const before = await counts();
    expect((await call('POST', '/api/rest/v1/lead/dados/importacao', importBody(id_file), 'rh:gestor')).statusCode).toBe(403);
    expect((await call('POST', '/api/rest/v1/lead/dados/importacao', importBody(id_file), 'marketing:leitor')).statusCode).toBe(403);
    expect((await call('POST', '/api/rest/v1/lead/dados/importacao', importBody(await upload('b.csv', Buffer.from(`nome;telefone\nAna;${mobile()}\n`), 'marketing:gestor@B'), A), 'marketing:gestor@B')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/rest/v1/lead/dados/importacao', payload: importBody(id_file) })).statusCode).toBe(401);
    const strict = await call('POST', '/api/rest/v1/lead/dados/importacao', { ...importBody(id_file), extra: true }, 'marketing:gestor');
    expect(strict.json().errors).toEqual({ extra: MSG.unknownField });
    const required = await call('POST', '/api/rest/v1/lead/dados/importacao', { id_file }, 'marketing:gestor');
    expect(required.statusCode).toBe(400);
    expect(required.json()).toMatchObject({ message: MSG.requiredForm, errors: { id_campanha: MSG.required, id_canal: MSG.required, id_empresa: MSG.required } });
    expect(await counts()).toEqual(before);
  });
});

describe('audit', () => {
  const auditOf = async (table: string, ids: number[]) =>
    (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM admin.log WHERE tabelas = $1 AND id_item = ANY($2::text[])', [table, ids.map(String)])).rows[0].n;

  it("a file's rows are not audited one by one (the import's entries stand for them); their edits are, by the caller", async () => {
    const { imp } = await scenarioImport();
    const rows = await participants(imp.id);
    expect(await auditOf('vendas.lead_participante', rows.map((r) => r.id))).toBe(0);
    const log = await t.db.query<{ operacao: string; new_data: Record<string, unknown> }>(
      "SELECT operacao, new_data FROM admin.log WHERE tabelas = 'vendas.lead_importacao' AND id_item = $1 ORDER BY id",
      [String(imp.id)],
    );
    expect(log.rows.map((r) => r.operacao)).toEqual(['INSERT', 'UPDATE']);
    expect(log.rows[1].new_data).toMatchObject({ total_participantes: 13, linhas_com_erro: 3, duplicados: 2 });
    await call('PUT', '/v1/lead/importacao/clientes', [{ where: { id: rows[0].id }, _set: { nome: 'Ana Corrigida' } }], 'marketing:gestor');
    expect(await auditOf('vendas.lead_participante', [rows[0].id])).toBe(1);
  });

  it('where the database user may not switch triggers off (a PostgreSQL user that is not a superuser), the rows are written as any other: checked and audited', async () => {
    const imports = leadImportsOf(t.app.resources)! as unknown as { bulkAllowed: boolean | undefined };
    const saved = imports.bulkAllowed;
    imports.bulkAllowed = false;
    try {
      const { imp, leadId } = await scenarioImport();
      expect(imp).toMatchObject({ total_participantes: 13, linhas_com_erro: 3, duplicados: 2 });
      expect((await byName(imp.id))['Leo Lead']).toMatchObject({ duplicado: 'lead', id_lead_existente: leadId });
      expect(await auditOf('vendas.lead_participante', (await participants(imp.id)).map((r) => r.id))).toBe(13);
      const whole = await call('PUT', '/v1/lead/importacao/clientes', [{ where: { id_importacao_evento: imp.id }, _set: { lead: false } }], 'marketing:gestor');
      expect(whole.json().update_vendas_lead_participante_many[0].affected_rows).toBe(13);
      const made = await call('POST', '/v1/lead/importacao/mk', { lead: [(await byName(imp.id))['Ana Limpa'].id], id_importacao_evento: imp.id }, 'marketing:gestor');
      expect(made.json().criaLeadImportada.criadas).toBe(1);
      expect((await call('POST', `/v1/lead/importacao/${imp.id}/desfazer`, undefined, 'marketing:gestor')).json().desfazLeadsImportadas.removidas).toBe(1);
      expect((await call('DELETE', `/api/lead-imports/${imp.id}`, undefined, 'marketing:gestor')).statusCode).toBe(200);
      expect(await participants(imp.id)).toEqual([]);
    } finally {
      imports.bulkAllowed = saved;
    }
  });
});

describe('the demo data', () => {
  let demo: TestApp;
  beforeAll(async () => {
    demo = await testApp();
    await seedDemo(demo.app.resources);
  }, 180_000);
  afterAll(() => demo?.close());

  it('one import per provider: a clean person, a customer, a repeat, a bad CPF', async () => {
    const { rows } = await demo.db.query<{ nome: string; total_participantes: number; linhas_com_erro: number; duplicados: number; clientes: number }>(
      `SELECT e.nome, i.total_participantes, i.linhas_com_erro, i.duplicados,
              (SELECT count(*)::int FROM vendas.lead_participante p WHERE p.id_importacao_evento = i.id AND p.cliente) AS clientes
         FROM vendas.lead_importacao i JOIN rh.empresa e ON e.id = i.id_empresa ORDER BY e.nome`,
    );
    expect(rows).toEqual(['Bitcom', 'RazãoInfo', 'Vetorial'].map((nome) => ({ nome, total_participantes: 5, linhas_com_erro: 1, duplicados: 1, clientes: 1 })));
  });
});
