// The roulette's raffle and reports after Resetar Campanha (issue 29), against the real server: the
// reset closed round 1 and opened round 2; both screens work on the current round and, with Rodada,
// read round 1 as it was (its winners and its participants), the raffle without drawing in it.
import './setup.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { roundLabel } from '../../src/domain/roulette.js';
import RafflePage, { RAFFLE_TEXTS } from '../../custom-pages/roulette/RafflePage.js';
import ReportsPage, { REPORT_TEXTS } from '../../custom-pages/roulette/ReportsPage.js';
import { renderPage, signOutLocally, startServer, type UiServer } from './server.js';

let ui: UiServer;
let campaign: Record<string, any>;

const routes = [
  <Route key="raffle" path="/marketing/roulette/raffle/:id" element={<RafflePage />} />,
  <Route key="reports" path="/marketing/roulette/reports/:id" element={<ReportsPage />} />,
];
const open = (path: string) => renderPage(ui.baseUrl, path, routes);

async function call(method: string, path: string, body?: unknown) {
  const r = await ui.api(method, path, body);
  expect(r.status, `${method} ${path}: ${JSON.stringify(r.json)}`).toBeLessThan(300);
  return r.json;
}

async function chooseSelect(label: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

const prize = (nome: string, cliente: boolean) => ({ nome, descricao: `Você ganhou ${nome}!`, cliente, peso_item: 1, quantidade: 1000, quantidade_minima: 0, animacao: false });

beforeAll(async () => {
  ui = await startServer({ config: { rouletteSpinsPerMinute: 1000 } });
  const bitcom = (await call('POST', '/api/providers', { nome: 'Bitcom' })).id;
  const owner = await ui.createUser({ email: 'rita.lima@bitcom.com.br', nome: 'Rita Lima', papeis: ['roulette:gestor'], funcionario: true, id_empresas: [bitcom] });
  campaign = await call('POST', '/api/roulette-campaigns', {
    nome: 'Roleta de Verão Bitcom',
    descricao: 'Gire e ganhe',
    id_empresa: bitcom,
    id_usuario_intranet: owner,
    data_inicio_campanha: '2020-01-01',
    data_fim_campanha: '2099-12-31',
  });
  await call('PUT', `/v1/roulette/${campaign.id}/premios`, { premios: [1, 2, 3, 4].flatMap((n) => [prize(`Cliente ${n}`, true), prize(`Visitante ${n}`, false)]) });
  const spin = (nome: string, telefone: string, cpf: string) => call('POST', `/v1/public/roulette/${campaign.slug}/giro`, { nome, telefone, cpf });
  await spin('Pessoa Um', '(41) 99000-0001', '529.982.247-25');
  await spin('Pessoa Dois', '(41) 99000-0002', '111.444.777-35');
  await call('POST', '/v1/roulette/draw', { id_campanha: campaign.id, cliente: null, premiado: true });
  await call('DELETE', `/v1/history/${campaign.id}`);
  await spin('Pessoa Três', '(41) 99000-0003', '390.533.447-05');
  await call('POST', '/v1/roulette/draw', { id_campanha: campaign.id, cliente: null, premiado: null });
});

afterAll(async () => {
  signOutLocally();
  await ui?.close();
});

describe('after a reset', () => {
  it("the raffle shows the current round's winners and, with Rodada, round 1's, read only", async () => {
    open(`/marketing/roulette/raffle/${campaign.id}`);
    const winners = await screen.findByRole('table', { name: RAFFLE_TEXTS.winners });
    expect(within(winners).getByText('Pessoa Três')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: RAFFLE_TEXTS.round }).textContent).toBe(roundLabel(2, true));
    expect(screen.queryByText(RAFFLE_TEXTS.pastRound)).toBeNull();

    await chooseSelect(RAFFLE_TEXTS.round, roundLabel(1, false));
    await waitFor(() => expect(within(screen.getByRole('table', { name: RAFFLE_TEXTS.winners })).queryByText('Pessoa Três')).toBeNull());
    const past = within(screen.getByRole('table', { name: RAFFLE_TEXTS.winners })).getAllByRole('row').slice(1);
    expect(past).toHaveLength(1);
    expect(past[0].textContent).toMatch(/Pessoa (Um|Dois)/);
    expect(screen.getByText(RAFFLE_TEXTS.pastRound)).toBeTruthy();
    expect((screen.getByRole('button', { name: RAFFLE_TEXTS.again }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('combobox', { name: RAFFLE_TEXTS.audience }).getAttribute('aria-disabled')).toBe('true');
  });

  it("the reports list the current round's participants and, with Rodada, round 1's", async () => {
    open(`/marketing/roulette/reports/${campaign.id}`);
    await waitFor(() => expect(screen.getByRole('combobox', { name: REPORT_TEXTS.round }).textContent).toBe(roundLabel(2, true)));
    await chooseSelect(REPORT_TEXTS.customer, 'Todos');
    await chooseSelect(REPORT_TEXTS.error, 'Sem Erro');
    fireEvent.click(screen.getByRole('button', { name: REPORT_TEXTS.generate }));
    expect(await screen.findByText('Pessoa Três')).toBeTruthy();
    expect(screen.queryByText('Pessoa Um')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: REPORT_TEXTS.change }));
    await chooseSelect(REPORT_TEXTS.round, roundLabel(1, false));
    await chooseSelect(REPORT_TEXTS.customer, 'Todos');
    await chooseSelect(REPORT_TEXTS.error, 'Sem Erro');
    fireEvent.click(screen.getByRole('button', { name: REPORT_TEXTS.generate }));
    expect(await screen.findByText('Pessoa Um')).toBeTruthy();
    expect(screen.getByText('Pessoa Dois')).toBeTruthy();
    expect(screen.queryByText('Pessoa Três')).toBeNull();
  });
});
