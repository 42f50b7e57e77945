// The HR report page (custom-pages/hr-reports): filters read from and written to the address, the
// totals cards, the sortable table with 'Nenhum dado encontrado' and 'Não informado', and the CSV
// (';', table-export.csv) and XLSX exports; the reports home's cards.
import './setup.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, useLocation } from 'react-router-dom';
import { customPageRoutes } from '../../src/admin/customPages.js';
import { Lazy } from '../../src/admin/routes.js';
import ReportPage from '../../custom-pages/hr-reports/ReportPage.js';
import { MONTHS } from '../../custom-pages/hr-reports/texts.js';
import { todayInSaoPaulo } from '../../src/server/roulette/service.js';
import { exportCsv } from './csv.js';
import { renderPage, signOutLocally, startServer, type UiServer } from './server.js';

let ui: UiServer;
let A: number;
let B: number;
const today = todayInSaoPaulo();
const year = Number(today.slice(0, 4));
const month = Number(today.slice(5, 7));
const mm = String(month).padStart(2, '0');

async function create(resource: string, body: Record<string, unknown>) {
  const res = await ui.api('POST', `/api/${resource}`, body);
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json.id as number;
}

let serial = 0;
async function employee(nome: string, provider: number, dep: number, genero: string | null, nascimento: string, admissao: string) {
  const db = ui.server.db;
  const k = ++serial;
  const user = (await db.query<{ id: number }>(`INSERT INTO auth.usuario (email, nome, funcionario, id_empresas) VALUES ($1, $2, true, $3) RETURNING id`, [`ui${k}@relatorios.test`, nome, [provider]])).rows[0].id;
  if (genero) await db.query(`INSERT INTO rh.perfil_funcionario (id_usuario, nome, cpf, genero, estado_civil, data_nascimento) VALUES ($1, $2, $3, $4, 'SOLTEIRO', $5)`, [user, nome, `ui-${k}`, genero, nascimento]);
  await db.query(`INSERT INTO rh.funcionario (id_usuario, id_empresa, id_departamento, data_admissao) VALUES ($1, $2, $3, $4)`, [user, provider, dep, admissao]);
}

beforeAll(async () => {
  ui = await startServer();
  A = await create('providers', { nome: 'Bitcom' });
  B = await create('providers', { nome: 'Vetorial' });
  const depA = await create('departments', { nome: 'Técnico', id_empresa: A });
  const depB = await create('departments', { nome: 'Comercial', id_empresa: B });
  await employee('Ana Aniversariante', A, depA, 'F', `${year - 30}-${mm}-01`, `${year - 4}-03-10`);
  await employee('Bruno Bitcom', A, depA, 'M', `${year - 40}-${mm}-02`, `${year - 2}-05-10`);
  await employee('Elias Sem Perfil', A, depA, null, '', `${year - 1}-05-10`);
  await employee('Vera Vetorial', B, depB, 'F', `${year - 50}-${mm}-01`, `${year - 10}-03-10`);
});

afterAll(async () => {
  signOutLocally();
  await ui?.close();
});

/** The report page at `path`, with the address shown under it (to see the filters kept there). */
function open(path: string) {
  function Address() {
    const { pathname, search } = useLocation();
    return <output aria-label="Endereço">{`${pathname}${search}`}</output>;
  }
  const page = (p: string) => (
    <Route
      key={p}
      path={p}
      element={
        <>
          <Lazy>
            <ReportPage />
          </Lazy>
          <Address />
        </>
      }
    />
  );
  renderPage(ui.baseUrl, path, [page('/reports/birthday/list'), page('/reports/list-general'), page('/reports/list-dismiss')]);
}
const address = () => screen.getByRole('status', { name: 'Endereço' }).textContent ?? '';
const table = () => screen.findByRole('table');
const rowsText = async () => within(await table()).getAllByRole('row').slice(1).map((r) => r.textContent);

async function choose(label: string, option: string) {
  fireEvent.mouseDown(await screen.findByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe('the HR report page', () => {
  it('reads its filters from the address, writes changes there, and sorts', async () => {
    open(`/reports/birthday/list?id_empresa=${A}`);
    expect(await screen.findByRole('heading', { level: 1, name: /Aniversariantes/i })).toBeTruthy();
    await waitFor(async () => expect((await rowsText()).join('|')).toContain('Ana Aniversariante'));
    expect((await rowsText()).join('|')).not.toContain('Vera Vetorial');
    // The month defaults to this one; the totals count the month's birthdays.
    expect(screen.getByRole('combobox', { name: 'Mês' }).textContent).toBe(MONTHS[month - 1]);
    expect(within(screen.getByRole('region', { name: 'Totais' })).getByLabelText('Aniversariantes do mês').textContent).toContain('2');
    // By day (default), then by name descending.
    expect((await rowsText()).map((r) => r?.match(/Ana|Bruno/)?.[0])).toEqual(['Ana', 'Bruno']);
    fireEvent.click(within(await table()).getByRole('button', { name: 'Nome' }));
    await waitFor(() => expect(address()).toContain('ordem=nome'));
    await waitFor(async () => expect(within(await table()).getByRole('columnheader', { name: 'Nome' }).getAttribute('aria-sort')).toBe('ascending'));
    fireEvent.click(within(await table()).getByRole('button', { name: 'Nome' }));
    await waitFor(() => expect(address()).toContain('direcao=desc'));
    await waitFor(async () => expect((await rowsText()).map((r) => r?.match(/Ana|Bruno/)?.[0])).toEqual(['Bruno', 'Ana']));
    // Another provider: into the address, and the table follows.
    await choose('Provedor', 'Vetorial');
    await waitFor(() => expect(address()).toContain(`id_empresa=${B}`));
    await waitFor(async () => expect((await rowsText()).join('|')).toContain('Vera Vetorial'));
    expect((await rowsText()).join('|')).not.toContain('Ana Aniversariante');
  });

  it("says 'Nenhum dado encontrado' without rows, and 'Não informado' for empty cells", async () => {
    open(`/reports/list-dismiss?id_empresa=${A}`);
    expect(await screen.findByText('Nenhum dado encontrado')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'CSV' }) as HTMLButtonElement).disabled).toBe(true);
    cleanup();
    open(`/reports/list-general?id_empresa=${A}&ordem=nome`);
    await waitFor(async () => expect((await rowsText()).join('|')).toContain('Elias Sem Perfil'));
    const elias = within(await table()).getByText('Elias Sem Perfil').closest('tr')!;
    expect(within(elias).getAllByText('Não informado').length).toBeGreaterThanOrEqual(3);
  });

  it('filters by dates typed DD/MM/AAAA in the engine\'s date box, whatever the browser\'s language', async () => {
    open(`/reports/list-dismiss?id_empresa=${A}&inicio=2026-01-01&fim=2026-12-31`);
    const start = (await screen.findByRole('textbox', { name: 'Início' })) as HTMLInputElement;
    const end = screen.getByRole('textbox', { name: 'Fim' }) as HTMLInputElement;
    // Not the browser's own date input (whose text follows its language): a text box masked DD/MM/AAAA.
    expect(start.getAttribute('type')).not.toBe('date');
    expect(start.placeholder).toBe('DD/MM/AAAA');
    expect(start.value).toBe('01/01/2026');
    expect(end.value).toBe('31/12/2026');
    expect(document.querySelectorAll('input[type="date"]:not([data-date-picker])')).toHaveLength(0);
    // Half typed, the report keeps its period; a whole date goes to the address as the ISO day.
    fireEvent.change(start, { target: { value: '05/12' } });
    expect(address()).toContain('inicio=2026-01-01');
    fireEvent.change(start, { target: { value: '05122026' } });
    expect(start.value).toBe('05/12/2026');
    await waitFor(() => expect(address()).toContain('inicio=2026-12-05'));
    expect(address()).toContain('fim=2026-12-31');
    // Not a real date: 'Data inválida' under the box, and the address keeps the last good day.
    fireEvent.change(end, { target: { value: '31/02/2026' } });
    expect(await screen.findByText('Data inválida')).toBeTruthy();
    expect(address()).toContain('fim=2026-12-31');
  });

  it('tells a bad address apart and offers to clear its filters', async () => {
    open('/reports/birthday/list?mes=13');
    expect(await screen.findByText('Ocorreu algum erro ao carregar os dados!')).toBeTruthy();
    expect(await screen.findByText(/Filtro inválido: Mês/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Limpar filtros' }));
    await waitFor(() => expect(address()).toBe('/reports/birthday/list'));
    await waitFor(async () => expect((await rowsText()).join('|')).toContain('Ana Aniversariante'));
  });

  it("exports every row as table-export.csv with ';' and as table-export.xlsx", async () => {
    open(`/reports/list-general?id_empresa=${A}&ordem=nome&por_pagina=20`);
    await waitFor(async () => expect((await rowsText()).join('|')).toContain('Ana Aniversariante'));
    const csv = await exportCsv('CSV');
    expect(csv.name).toBe('table-export.csv');
    expect(csv.lines[0]).toMatch(/^Nome;E-mail;Matrícula;Provedor;Departamento;Cargo;/);
    expect(csv.lines.slice(1).map((l) => l.split(';')[0])).toEqual(['Ana Aniversariante', 'Bruno Bitcom', 'Elias Sem Perfil']);
    expect(csv.lines[1].split(';')).toContain('Bitcom');
    expect(csv.lines[3]).toContain('Não informado');
    // XLSX: the same name, its own extension.
    let name = '';
    const created = vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:xlsx');
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      name = this.getAttribute('download') ?? '';
    });
    try {
      fireEvent.click(screen.getByRole('button', { name: 'XLSX' }));
      await waitFor(() => expect(name).toBe('table-export.xlsx'), { timeout: 30_000 });
    } finally {
      created.mockRestore();
      click.mockRestore();
    }
  });
});

describe('the exports neutralise spreadsheet formulas', () => {
  it('CSV and XLSX carry a name such as =HYPERLINK(...) or -2+3 with a leading apostrophe, as text', async () => {
    const C = await create('providers', { nome: 'Fórmulas' });
    const depC = await create('departments', { nome: 'Planilhas', id_empresa: C });
    await employee('=HYPERLINK("http://x")', C, depC, 'F', `${year - 30}-01-10`, `${year - 3}-02-10`);
    await employee('-2+3', C, depC, 'M', `${year - 31}-01-11`, `${year - 3}-02-11`);
    open(`/reports/list-general?id_empresa=${C}&ordem=nome&por_pagina=20`);
    await waitFor(async () => expect((await rowsText()).join('|')).toContain('=HYPERLINK("http://x")'), { timeout: 60_000 });
    const csv = await exportCsv('CSV');
    expect(csv.lines.slice(1).map((l) => /^("(?:[^"]|"")*"|[^;]*)/.exec(l)![1])).toEqual(["'-2+3", `"'=HYPERLINK(""http://x"")"`]);
    let blob: Blob | undefined;
    const created = vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
      blob = b as Blob;
      return 'blob:xlsx';
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    try {
      fireEvent.click(screen.getByRole('button', { name: 'XLSX' }));
      await waitFor(() => expect(blob).toBeTruthy(), { timeout: 30_000 });
    } finally {
      created.mockRestore();
      click.mockRestore();
    }
    const XLSX = await import('@e965/xlsx');
    const book = XLSX.read(new Uint8Array(await blob!.arrayBuffer()), { type: 'array' });
    const sheet = book.Sheets[book.SheetNames[0]];
    expect(sheet.A1.v).toBe('Nome');
    expect([sheet.A2, sheet.A3].map((c) => [c.t, c.v, c.f])).toEqual([
      ['s', "'-2+3", undefined],
      ['s', '\'=HYPERLINK("http://x")', undefined],
    ]);
  }, 120_000);
});

describe('the reports home', () => {
  it('shows a card per report', async () => {
    renderPage(ui.baseUrl, '/reports/home', customPageRoutes(false));
    const section = await screen.findByRole('region', { name: 'Departamento Pessoal' });
    const links = within(section).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toContainEqual(['Pirâmide Etária', '/reports/pyramid-list']);
    expect(links).toContainEqual(['Aniversariantes', '/reports/birthday/list']);
    expect(links).toHaveLength(9);
    const others = within(screen.getByRole('region', { name: 'Outros relatórios' })).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')]);
    expect(others).toEqual([
      ['Confirmação de leitura', '/reports/read-confirm'],
      ['Conserto de veículos', '/reports/car-repair'],
    ]);
  });
});
