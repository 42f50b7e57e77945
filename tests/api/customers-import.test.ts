// The customers' import (npm run import:customers): a file is applied whole or not at all, every bad
// row is reported with its line and reason, a re-import changes nothing and an edited file updates
// only what changed (audited); pt-BR headers and spreadsheet habits (';', DD/MM/YYYY, dropped leading
// zeros, latin1) are understood; xlsx files are read up to a size cap; and the command line exits 1
// with 'linha N: motivo' on a bad file and prints the counts on a good one.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatReport, ImportFileError, importCustomers } from '../../src/server/customers/import.js';
import { createPglite } from '../../src/server/db/index.js';
import { migrate } from '../../src/server/db/migrate.js';
import { loadRegistry } from '../../src/server/schemas/registry.js';
import { SCHEMAS_DIR } from '../../src/server/app.js';
import { demoCpf } from '../../src/server/seed.js';
import { onPostgres, testApp, type TestApp } from '../helpers/app.js';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'customers');
const VALID = join(FIXTURES, 'clientes-validos.csv');
const WITH_ERRORS = join(FIXTURES, 'clientes-com-erros.csv');

let t: TestApp;
let dir: string;
const providers: Record<string, number> = {};

/** A file in the test's own folder. */
const file = (name: string, content: string | Buffer) => {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
};

const customers = async (sistema: string) =>
  (await t.db.query<Record<string, any>>('SELECT * FROM relacionamento.dados_pessoas WHERE sistema = $1 ORDER BY cod_cliente', [sistema])).rows;
const count = async () => (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM relacionamento.dados_pessoas')).rows[0].n;

/** Providers and their systems, through the API as the superadmin registers them. */
async function system(provider: string, nome: string) {
  providers[provider] ??= (await t.inject({ method: 'POST', url: '/api/providers', payload: { nome: provider } })).json().id;
  const r = await t.inject({ method: 'POST', url: '/api/systems', payload: { nome, id_empresa: providers[provider], erp: 'MK Solutions' } });
  expect(r.statusCode, r.body).toBe(201);
}

beforeAll(async () => {
  t = await testApp();
  dir = mkdtempSync(join(tmpdir(), 'importacao-clientes-'));
  await system('Bitcom', 'BITCOM');
  await system('Vetorial', 'VETORIAL');
  await system('RazãoInfo', 'RAZAOINFO');
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await t?.close();
});

describe('a file with bad rows', () => {
  it('applies nothing and reports every bad row with its line and reason', async () => {
    const before = await count();
    const report = await importCustomers(t.db, WITH_ERRORS);
    expect(report.ok).toBe(false);
    expect(report.rows).toBe(9);
    expect(report.inserted + report.updated).toBe(0);
    expect(report.errors).toEqual([
      { line: 3, message: 'CPF inválido: 123.456.789-00' },
      { line: 4, message: 'data_nascimento inválida: 31/02/1990 (use DD/MM/AAAA ou AAAA-MM-DD)' },
      { line: 5, message: 'sistema "XPTO" não cadastrado' },
      { line: 6, message: 'situacao inválida: inadimplente (use ativo, suspenso ou cancelado)' },
      { line: 7, message: 'nome_razaosocial obrigatório' },
      { line: 8, message: 'cod_cliente 7001 do sistema BITCOM repetido no arquivo (linha 2)' },
      {
        line: 10,
        message:
          'celular inválido: 123 (DDD e número); e-mail inválido: nao-e-email; UF inválida: XX (use a sigla, como MG); dias_atraso inválido: -1 (um número inteiro de 0 em diante)',
      },
    ]);
    expect(report.errorCount).toBe(7);
    // The good rows of the file (lines 2 and 9) were not written either.
    expect(await count()).toBe(before);
    expect((await t.db.query("SELECT 1 FROM relacionamento.dados_pessoas WHERE cod_cliente IN ('7001', '7007')")).rows).toEqual([]);
    const printed = formatReport(report);
    expect(printed).toContain('linha 3: CPF inválido: 123.456.789-00');
    expect(printed.at(-1)).toBe('Nada foi importado: 7 linha(s) com erro em 9 linha(s) lidas. Corrija o arquivo e importe de novo.');
  });

  it('a missing required column or an unknown --sistema is reported on line 1, before any row', async () => {
    const noName = file('sem-nome.csv', 'sistema;cod_cliente;situacao\nBITCOM;8001;ativo\n');
    const report = await importCustomers(t.db, noName);
    expect(report.ok).toBe(false);
    expect(report.rows).toBe(0);
    expect(report.errors).toEqual([{ line: 1, message: 'coluna obrigatória ausente: nome_razaosocial' }]);

    const noSystem = file('sem-sistema.csv', 'cod_cliente;nome;situacao\n8002;Irene Sem Sistema;ativo\n');
    expect((await importCustomers(t.db, noSystem)).errors).toEqual([{ line: 1, message: 'coluna obrigatória ausente: sistema (ou use a opção --sistema)' }]);
    expect((await importCustomers(t.db, noSystem, { sistema: 'NAOEXISTE' })).errors).toEqual([{ line: 1, message: '--sistema NAOEXISTE: sistema não cadastrado' }]);
  });

  it('an unclosed quote stops the reading at its line; the file is not applied', async () => {
    const broken = file('aspas.csv', 'sistema;cod_cliente;nome;situacao\nBITCOM;8101;Jorge Aspas;ativo\nBITCOM;8102;"Kátia sem fim;ativo\nBITCOM;8103;Lia;ativo\n');
    const report = await importCustomers(t.db, broken);
    expect(report.ok).toBe(false);
    expect(report.errors).toEqual([{ line: 4, message: 'aspas abertas e não fechadas até o fim do arquivo' }]);
    expect((await t.db.query("SELECT 1 FROM relacionamento.dados_pessoas WHERE cod_cliente = '8101'")).rows).toEqual([]);
  });

  it('a file of another kind, or missing, is refused before anything is read', async () => {
    await expect(importCustomers(t.db, file('clientes.ods', 'x'))).rejects.toThrow(new ImportFileError('Formato não suportado: .ods. Use um arquivo .csv ou .xlsx.'));
    await expect(importCustomers(t.db, join(dir, 'nao-existe.csv'))).rejects.toThrow(ImportFileError);
  });
});

describe('a good file', () => {
  it('inserts every row, normalised: masks, ISO dates, pt-BR headers and values, provider from the system', async () => {
    const report = await importCustomers(t.db, VALID);
    expect(report, JSON.stringify(report.errors)).toMatchObject({ ok: true, rows: 6, inserted: 6, updated: 0, unchanged: 0, errorCount: 0 });
    expect(report.ignoredColumns).toEqual(['Observação']);
    expect(report.rowsPerSecond).toBeGreaterThan(0);
    const bitcom = await customers('BITCOM');
    expect(bitcom.map((c) => c.cod_cliente)).toEqual(['5001', '5002', '5003', '5004']);
    expect(bitcom[0]).toMatchObject({
      id_empresa: providers.Bitcom,
      codpessoa: '5001',
      nome_razaosocial: 'Maria Aparecida da Silva',
      cpf: '111.444.777-35',
      cnpj: null,
      data_nascimento: '1985-03-15',
      data_ativacao: '2021-06-03',
      data_contratacao: '2021-06-01',
      telefone: '(31) 3222-1000',
      celular: '(31) 99876-5432',
      email: 'maria@exemplo.com.br',
      cep: '30130-010',
      rua: 'Avenida Afonso Pena',
      numero: '1200',
      bairro: 'Centro',
      cidade: 'Belo Horizonte',
      uf: 'MG',
      plano: '500 Mega',
      situacao: 'ativo',
      dias_atraso: 0,
    });
    // A +55 phone, a CPF without its mask, a 'CPF/CNPJ' column holding a CNPJ, a missing codpessoa.
    expect(bitcom[1]).toMatchObject({ celular: '(31) 98765-1111', dias_atraso: 0 });
    expect(bitcom[2]).toMatchObject({ codpessoa: '5002', cpf: '222.555.888-46', situacao: 'cancelado', dias_atraso: 75 });
    expect(bitcom[3]).toMatchObject({ codpessoa: '5004', cpf: null, cnpj: '11.222.333/0001-81', data_nascimento: null });
    // The provider's name names its system too ('Vetorial'); 'Suspensa' and a lower-case UF are understood.
    const vetorial = await customers('VETORIAL');
    expect(vetorial.map((c) => [c.cod_cliente, c.id_empresa, c.situacao, c.uf])).toEqual([
      ['6001', providers.Vetorial, 'ativo', 'PR'],
      ['6002', providers.Vetorial, 'suspenso', 'PR'],
    ]);
    expect(vetorial[1]).toMatchObject({ cpf: '987.654.321-00', data_nascimento: '1972-02-29', cep: '80010-000', telefone: '(41) 3322-1100' });
  });

  it('a re-import changes nothing; an edited file updates only the changed rows, audited', async () => {
    const before = await t.db.query('SELECT * FROM relacionamento.dados_pessoas ORDER BY id');
    const again = await importCustomers(t.db, VALID);
    expect(again).toMatchObject({ ok: true, rows: 6, inserted: 0, updated: 0, unchanged: 6 });
    expect((await t.db.query('SELECT * FROM relacionamento.dados_pessoas ORDER BY id')).rows).toEqual(before.rows);

    // Maria is suspended and owes 30 days; a new customer arrives.
    const edited = readFileSync(VALID, 'utf8')
      .replace('500 Mega;Ativo;0;cliente antiga', '500 Mega;suspenso;30;cliente antiga')
      .concat('BITCOM;5005;5005;Nina Nova;135.792.468-28;;;;;;;;;;;;;;ativo;;\n');
    const report = await importCustomers(t.db, file('editado.csv', edited));
    expect(report).toMatchObject({ ok: true, rows: 7, inserted: 1, updated: 1, unchanged: 5 });
    const maria = (await customers('BITCOM'))[0];
    expect(maria).toMatchObject({ situacao: 'suspenso', dias_atraso: 30 });
    expect(maria.updated_at > maria.created_at).toBe(true);
    expect(await count()).toBe(before.rows.length + 1);
    const { rows: log } = await t.db.query<{ operacao: string; new_data: Record<string, unknown> }>(
      `SELECT operacao, new_data FROM admin.log WHERE tabelas = 'relacionamento.dados_pessoas' AND id_item = $1 ORDER BY id`,
      [String(maria.id)],
    );
    expect(log.map((l) => l.operacao)).toEqual(['INSERT', 'UPDATE']);
    expect(log[1].new_data).toMatchObject({ situacao: 'suspenso', dias_atraso: 30 });
  });

  it('--sistema gives the system of a file without one, and refuses a row naming another', async () => {
    const ok = await importCustomers(t.db, file('razao.csv', 'cod_cliente;nome;situacao\n9001;Otávio Razão;ativo\n9002;Paula Razão;suspenso\n'), { sistema: 'razaoinfo' });
    expect(ok).toMatchObject({ ok: true, inserted: 2 });
    expect((await customers('RAZAOINFO')).map((c) => [c.cod_cliente, c.id_empresa])).toEqual([
      ['9001', providers['RazãoInfo']],
      ['9002', providers['RazãoInfo']],
    ]);
    const mixed = await importCustomers(t.db, file('misturado.csv', 'sistema;cod_cliente;nome;situacao\nRAZAOINFO;9003;Quitéria;ativo\nBITCOM;9004;Rui;ativo\n'), { sistema: 'RAZAOINFO' });
    expect(mixed.errors).toEqual([{ line: 3, message: 'sistema "BITCOM" diferente de --sistema RAZAOINFO' }]);
  });

  it("refreshes the customer flags of the leads its rows touch (cliente, cod_cliente, inadimplente), audited", async () => {
    const cpf = demoCpf('314159265');
    const lead = async (provider: string) => {
      const r = await t.inject({ method: 'POST', url: '/api/leads', headers: { 'x-intranet-role': 'users:superadmin' }, payload: { nome: 'Lead da Feira', id_empresa: providers[provider], cpf } });
      expect(r.statusCode, r.body).toBe(201);
      return r.json().id as number;
    };
    const flags = async (id: number) => {
      const r = (await t.inject({ url: `/api/leads/${id}`, headers: { 'x-intranet-role': 'users:superadmin' } })).json();
      return [r.cliente, r.cod_cliente, r.inadimplente];
    };
    const bitcom = await lead('Bitcom');
    const vetorial = await lead('Vetorial');
    expect(await flags(bitcom)).toEqual([false, null, false]);

    // The lead's CPF becomes a Bitcom customer who owes 15 days: only the Bitcom lead changes.
    const owing = await importCustomers(t.db, file('lead-devendo.csv', `sistema;cod_cliente;nome;cpf;situacao;dias_atraso\nBITCOM;7001;Lia Feira;${cpf};ativo;15\n`));
    expect(owing).toMatchObject({ ok: true, inserted: 1, leadsUpdated: 1 });
    expect(formatReport(owing)).toContain('1 lead(s) com a situação de cliente atualizada');
    expect(await flags(bitcom)).toEqual([true, '7001', true]);
    expect(await flags(vetorial)).toEqual([false, null, false]);

    // Paid: inadimplente goes; the same file again changes no lead.
    const paid = file('lead-pago.csv', `sistema;cod_cliente;nome;cpf;situacao;dias_atraso\nBITCOM;7001;Lia Feira;${cpf};ativo;0\n`);
    expect(await importCustomers(t.db, paid)).toMatchObject({ ok: true, updated: 1, leadsUpdated: 1 });
    expect(await flags(bitcom)).toEqual([true, '7001', false]);
    expect(await importCustomers(t.db, paid)).toMatchObject({ ok: true, unchanged: 1, leadsUpdated: 0 });

    // The ERP corrects the customer's CPF: the lead (found by its customer code) is no longer a customer.
    const other = demoCpf('271828182');
    expect(await importCustomers(t.db, file('lead-outro-cpf.csv', `sistema;cod_cliente;nome;cpf;situacao\nBITCOM;7001;Lia Feira;${other};ativo\n`))).toMatchObject({ ok: true, leadsUpdated: 1 });
    expect(await flags(bitcom)).toEqual([false, null, false]);

    const { rows: log } = await t.db.query<{ operacao: string; new_data: Record<string, unknown> }>(
      `SELECT operacao, new_data FROM admin.log WHERE tabelas = 'vendas.lead' AND id_item = $1 ORDER BY id`,
      [String(bitcom)],
    );
    expect(log.map((l) => [l.operacao, l.new_data.cliente, l.new_data.inadimplente])).toEqual([
      ['INSERT', false, false],
      ['UPDATE', true, true],
      ['UPDATE', true, false],
      ['UPDATE', false, false],
    ]);
  });

  it('reads a latin1 CSV (a spreadsheet saved as CSV on Windows) and a comma-separated one', async () => {
    const latin1 = Buffer.from('sistema,cod_cliente,nome,situacao\r\nVETORIAL,9101,Conceição Araújo,ativo\r\n', 'latin1');
    expect(await importCustomers(t.db, file('latin1.csv', latin1))).toMatchObject({ ok: true, inserted: 1 });
    expect((await t.db.query("SELECT nome_razaosocial FROM relacionamento.dados_pessoas WHERE cod_cliente = '9101'")).rows[0]).toEqual({ nome_razaosocial: 'Conceição Araújo' });
  });
});

describe('xlsx', () => {
  /** A workbook whose dates are real date cells and whose CPF, code and CEP are numbers (leading zeros gone). */
  function workbook(rows: unknown[][]) {
    const sheet = XLSX.utils.aoa_to_sheet([['Sistema', 'Código do Cliente', 'Nome', 'CPF', 'Data de Nascimento', 'CEP', 'Status'], ...rows]);
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, 'Clientes');
    return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
  }
  // 15/03/1990 as a spreadsheet date (days since 30/12/1899).
  const date = { t: 'n', v: 32947, z: 'dd/mm/yyyy' };

  it('imports an xlsx: date cells, numbers that lost their leading zeros', async () => {
    const path = file('clientes.xlsx', workbook([['BITCOM', 9201, 'Rita Planilha', 1234567890, date, 1310100, 'Ativo']]));
    const report = await importCustomers(t.db, path);
    expect(report, JSON.stringify(report.errors)).toMatchObject({ ok: true, format: 'xlsx', rows: 1, inserted: 1 });
    const [rita] = (await t.db.query("SELECT * FROM relacionamento.dados_pessoas WHERE cod_cliente = '9201'")).rows;
    expect(rita).toMatchObject({ cpf: '012.345.678-90', data_nascimento: '1990-03-15', cep: '01310-100', situacao: 'ativo' });
  });

  it('reports an xlsx row by its line in the sheet, and refuses a workbook above the size cap', async () => {
    const path = file('erros.xlsx', workbook([['BITCOM', 9301, 'Sara', 1234567890, date, 1310100, 'ativo'], [], ['BITCOM', 9302, 'Téo', 1234567891, 'ontem', null, 'ativo']]));
    const report = await importCustomers(t.db, path);
    expect(report.errors).toEqual([{ line: 4, message: 'CPF inválido: 1234567891; data_nascimento inválida: ontem (use DD/MM/AAAA ou AAAA-MM-DD)' }]);
    expect((await t.db.query("SELECT 1 FROM relacionamento.dados_pessoas WHERE cod_cliente = '9301'")).rows).toEqual([]);
    await expect(importCustomers(t.db, path, { maxXlsxBytes: 1024 })).rejects.toThrow(/^O arquivo xlsx tem \d+ KB; o limite é 1 KB \(a planilha é lida inteira na memória\)\. Salve-a como CSV/);
  });
});

describe('npm run import:customers', () => {
  // The command line on its own database: DATABASE_URL on PostgreSQL, else a PGlite in DATA_DIR. Two
  // processes that each start tsx and open the database: a longer time limit than a call's.
  it('exits 1 printing "linha N: motivo" on a bad file, and 0 with the counts on a good one', async () => {
    let env: Record<string, string>;
    if (onPostgres) env = { DATABASE_URL: t.url! };
    else {
      const dataDir = join(dir, 'dados');
      const db = await createPglite(dataDir);
      await migrate(db, loadRegistry(SCHEMAS_DIR));
      await db.query(`WITH p AS (INSERT INTO rh.empresa (nome) VALUES ('Bitcom') RETURNING id) INSERT INTO relacionamento.sistema (nome, id_empresa) SELECT 'BITCOM', id FROM p`);
      await db.close();
      env = { DATA_DIR: dataDir, DATABASE_URL: '' };
    }
    const run = (...args: string[]) =>
      promisify(execFile)(process.execPath, ['--import', 'tsx', join(import.meta.dirname, '..', '..', 'scripts', 'import-customers.ts'), ...args], {
        env: { ...process.env, ...env },
      }).then(
        (r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }),
        (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
      );
    const bad = await run(WITH_ERRORS);
    expect(bad.code, bad.stderr).toBe(1);
    expect(bad.stderr).toContain('linha 3: CPF inválido: 123.456.789-00');
    expect(bad.stderr).toContain('linha 8: cod_cliente 7001 do sistema BITCOM repetido no arquivo (linha 2)');
    expect(bad.stderr).toContain('Nada foi importado: 7 linha(s) com erro');
    const good = await run(file('cli.csv', 'cod_cliente;nome;situacao\n9401;Ulisses Linha de Comando;ativo\n'), '--sistema', 'BITCOM');
    expect(good.code, good.stderr).toBe(0);
    expect(good.stdout).toMatch(/^1 linha\(s\) lidas: 1 inseridos, 0 atualizados, 0 sem mudança; [\d.]+ s \(\d+ linhas\/s\)$/m);
  }, 180_000);
});
