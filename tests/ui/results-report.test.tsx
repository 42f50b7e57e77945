// The campaign results report page (marketing spec, section 2 "Results report", 4 "Report filter",
// 9): the filter cards (Geral and each provider) reloading the tables, the tables SINTÉTICO,
// SEMANAL CONSOLIDADO and SEMANAL DETALHADO (Facebook, Google) with their metrics formatted
// ('1.234', 'R$ ...', '000' where a division by zero leaves nothing), and 'Não há dados disponíveis.'.
import './setup.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { NO_DATA } from '../../custom-pages/results-report/texts.js';
import { renderAdmin, signOutLocally, startServer, type UiServer } from './server.js';

let ui: UiServer;

async function create(resource: string, body: Record<string, unknown>) {
  const res = await ui.api('POST', `/api/${resource}`, body);
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json.id as number;
}

/** Today in São Paulo (the report's weeks and months are local). */
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());

beforeAll(async () => {
  ui = await startServer();
  const bitcom = await create('providers', { nome: 'Bitcom' });
  await create('providers', { nome: 'Vetorial' });
  const campaign = await create('sales-campaigns', { nome: 'Black Friday', bitcom: true });
  const facebook = await create('sales-channels', { nome: 'Facebook', bitcom: true });
  await create('sales-channels', { nome: 'Google', bitcom: true });
  await create('campaign-results', { id_empresa: bitcom, id_campanha: campaign, id_canal: facebook, periodo_inicio: today, periodo_fim: today, impressoes: 123456, cliques: 1234, investimento: 250.5 });
});

afterAll(async () => {
  signOutLocally();
  await ui?.close();
});

const section = (name: RegExp) => screen.findByRole('region', { name });

describe('results report', () => {
  it('shows the title, the buttons and the cards Geral and each provider', async () => {
    renderAdmin(ui.baseUrl, '/marketing/results-campaigns-report/report');
    expect(await screen.findByRole('heading', { level: 1, name: /Resultado de Campanha/i })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'REGISTRAR RESULTADO' }).getAttribute('href')).toBe('/marketing/results-campaigns-report/register');
    expect(screen.getByRole('link', { name: 'LISTAR RESULTADOS' }).getAttribute('href')).toBe('/marketing/results-campaigns/list');
    const cards = screen.getByRole('group', { name: 'Provedor do relatório' });
    await within(cards).findByRole('button', { name: 'Bitcom' });
    expect(within(cards).getByRole('button', { name: 'Geral' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(cards).getByRole('button', { name: 'Vetorial' })).toBeTruthy();
  });

  it('draws the metrics by period, formatted, with 000 where they cannot be computed', async () => {
    renderAdmin(ui.baseUrl, '/marketing/results-campaigns-report/report');
    const synthetic = await section(/^SINTÉTICO$/);
    const table = await within(synthetic).findByRole('table', { name: 'SINTÉTICO' });
    const row = (label: string) => within(table).getByRole('rowheader', { name: label }).closest('tr')!;
    expect(within(row('Impressões')).getByText('123.456')).toBeTruthy();
    expect(within(row('Cliques')).getByText('1.234')).toBeTruthy();
    expect(within(row('Valor investido')).getByText(/R\$\s250,50/)).toBeTruthy();
    // No sales: the cost per sale cannot be computed.
    expect(within(row('Custo por venda')).getAllByText('000').length).toBe(3);
    const consolidated = await section(/^SEMANAL CONSOLIDADO$/);
    expect(await within(consolidated).findByText('123.456')).toBeTruthy();
    const facebook = await section(/SEMANAL DETALHADO · FACEBOOK/);
    expect(await within(facebook).findByText('123.456')).toBeTruthy();
    const google = await section(/SEMANAL DETALHADO · GOOGLE/);
    expect(await within(google).findByText(NO_DATA)).toBeTruthy();
  });

  it('a provider card reloads every table with that provider: one without results has no data', async () => {
    renderAdmin(ui.baseUrl, '/marketing/results-campaigns-report/report');
    await within(await section(/^SINTÉTICO$/)).findByText('123.456');
    fireEvent.click(await screen.findByRole('button', { name: 'Vetorial' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Vetorial' }).getAttribute('aria-pressed')).toBe('true'));
    for (const name of [/^SINTÉTICO$/, /^SEMANAL CONSOLIDADO$/, /SEMANAL DETALHADO · FACEBOOK/, /SEMANAL DETALHADO · GOOGLE/]) {
      expect(await within(await section(name)).findByText(NO_DATA)).toBeTruthy();
    }
    fireEvent.click(screen.getByRole('button', { name: 'Bitcom' }));
    expect(await within(await section(/^SINTÉTICO$/)).findByText('123.456')).toBeTruthy();
  });
});
