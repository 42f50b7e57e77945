import './setup.js';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { testApp, type TestApp } from '../helpers/app.js';
import { setSession } from '../../src/admin/core/session.js';
import { exportCsv } from './csv.js';
import { renderAdmin } from './server.js';

// A server whose "Todos" page answers at most 1,500 rows, with 1,600 departments: 1,100 active
// (more than react-admin's default export of 1,000) and 500 inactive.
const MAX_ROWS = 1_500;
let server: TestApp;
let baseUrl: string;

beforeAll(async () => {
  server = await testApp({ config: { listMaxRows: MAX_ROWS } });
  baseUrl = (await server.app.listen({ port: 0, host: '127.0.0.1' })).replace('localhost', '127.0.0.1');
  setSession({ token: server.adminToken, roles: ['users:superadmin'] });
  const provider = await server.inject({ method: 'POST', url: '/api/providers', payload: { nome: 'Bitcom' } });
  const id = provider.json().id;
  await server.db.query(
    `INSERT INTO rh.departamento (nome, id_empresa, ativo)
     SELECT 'Depto ' || lpad(n::text, 4, '0'), $1, n <= 1100 FROM generate_series(1, 1600) AS n`,
    [id],
  );
});

afterAll(async () => server?.close());

afterEach(() => vi.restoreAllMocks());

describe('CSV export of a big list', () => {
  it("exports every row the filter matches, past react-admin's 1,000, with ';' as table-export.csv", async () => {
    renderAdmin(baseUrl, `/departments/list?filter=${encodeURIComponent(JSON.stringify({ ativo: true }))}`);
    await screen.findByText('1-20 de 1100');
    const { name, lines } = await exportCsv();
    expect(name).toBe('table-export.csv');
    expect(lines[0]).toBe('Nome;Provedor;Status');
    expect(lines).toHaveLength(1 + 1100);
    expect(lines[1]).toBe('Depto 0001;Bitcom;Ativo');
    expect(lines[1100]).toBe('Depto 1100;Bitcom;Ativo');
    expect(screen.queryByText(/Exportadas as primeiras/)).toBeNull();
  }, 90_000);

  it("stops at the server's LIST_MAX_ROWS and says so", async () => {
    renderAdmin(baseUrl, '/departments/list');
    await screen.findByText('1-20 de 1600');
    const { lines } = await exportCsv();
    expect(lines).toHaveLength(1 + MAX_ROWS);
    expect(await screen.findByText(/Exportadas as primeiras 1\.500 de 1\.600 linhas/)).toBeTruthy();
  }, 90_000);
});

describe('CSV export of cells a spreadsheet would read as formulas', () => {
  // (A leading tab never reaches a list: the server trims the texts it stores; tests/unit/spreadsheet-cells.test.ts covers it.)
  it('neutralises names such as =HYPERLINK(...), +cmd|..., @SUM(...) and -2+3 with an apostrophe', async () => {
    const provider = (await server.inject({ method: 'POST', url: '/api/providers', payload: { nome: 'Fórmulas' } })).json().id;
    const names = ['=HYPERLINK("http://x")', "+cmd|' /C calc'!A0", '@SUM(1)', '-2+3', 'Ana Comum'];
    for (const nome of names) {
      const r = await server.inject({ method: 'POST', url: '/api/leads', payload: { nome, id_empresa: provider, equipe: 'interna', tipo: 'novo' } });
      expect(r.statusCode, r.body).toBe(201);
    }
    renderAdmin(baseUrl, `/sales/internal/leads/list`);
    await screen.findByText('@SUM(1)', undefined, { timeout: 60_000 });
    const { lines } = await exportCsv();
    const firstCells = lines.slice(1).map((line) => /^("(?:[^"]|"")*"|[^;]*)/.exec(line)![1]);
    expect(firstCells.sort()).toEqual([`"'=HYPERLINK(""http://x"")"`, "'+cmd|' /C calc'!A0", "'-2+3", "'@SUM(1)", 'Ana Comum'].sort());
  }, 90_000);
});
