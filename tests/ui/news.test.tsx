// News, the reader side against the real server (issue 18): the feed (important items pinned first,
// the must-read mark), the reading page's reactions (counts change, another switches, the same again
// removes) and the read confirmation (once, with its time, kept on return).
import './setup.js';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setSession } from '../../src/admin/core/session.js';
import { NEWS_MSG } from '../../src/domain/news.js';
import { PNG } from '../helpers/files.js';
import { renderPage, signInAs, signOutLocally, startServer, TEST_PASSWORD, type UiServer } from './server.js';

let ui: UiServer;
let A: number;
let mustRead: number;
let plain: number;

async function cover() {
  const id = randomUUID();
  await ui.server.db.query(`INSERT INTO storage.arquivo (id, bucket, nome, tipo, tamanho, dados) VALUES ($1, 'novidades', 'capa.png', 'image/png', $2, decode($3, 'hex'))`, [id, PNG.length, PNG.toString('hex')]);
  return id;
}

beforeAll(async () => {
  ui = await startServer();
  A = (await ui.api('POST', '/api/providers', { nome: 'Bitcom' })).json.id;
  const categoria = (await ui.api('POST', '/api/categories', { titulo: 'Comunicados', icone: 'campaign', color: '#1a56a6' })).json.id;
  const create = async (body: object) => {
    const r = await ui.api('POST', '/api/news', { provedor: A, resumo: 'Um resumo da novidade.', texto: '<p>O texto completo.</p>', imagem_capa_data: await cover(), categoria, ...body });
    expect(r.status).toBe(201);
    return r.json.id as number;
  };
  plain = await create({ titulo: 'Festa junina da equipe', hashtag: 'eventos;festa' });
  mustRead = await create({ titulo: 'Política de segurança', importante: true, requer_lido: true });
  await ui.createUser({ email: 'leitora@novidades.com.br', nome: 'Leitora', papeis: ['user'], funcionario: true, id_empresas: [A] });
});

afterAll(async () => {
  setSession({ token: ui.server.adminToken, roles: ['users:superadmin'] });
  await ui?.close();
});

describe('the news feed', () => {
  it('shows the items with the important one pinned first and the must-read mark', async () => {
    await signInAs(ui.baseUrl, 'leitora@novidades.com.br', TEST_PASSWORD);
    renderPage(ui.baseUrl, '/news/list');
    const list = await screen.findByRole('list', { name: 'Novidades' }, { timeout: 15_000 });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => within(i).getByRole('heading').textContent)).toEqual(['Política de segurança', 'Festa junina da equipe']);
    expect(within(items[0]).getByText('Importante')).toBeTruthy();
    expect(within(items[0]).getByText('Leitura obrigatória')).toBeTruthy();
    expect(within(items[1]).getByText('Comunicados')).toBeTruthy();
    signOutLocally();
  });
});

describe('the reading page', () => {
  it('reactions: counts change, another switches, the same again removes', async () => {
    await signInAs(ui.baseUrl, 'leitora@novidades.com.br', TEST_PASSWORD);
    renderPage(ui.baseUrl, `/news/${plain}`);
    expect(await screen.findByRole('heading', { name: 'Festa junina da equipe' }, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByText('#festa')).toBeTruthy();
    const group = screen.getByRole('group', { name: 'Reações' });
    fireEvent.click(within(group).getByRole('button', { name: 'Quero Bolo!: 0' }));
    const cake = await within(group).findByRole('button', { name: 'Quero Bolo!: 1' });
    expect(cake.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(within(group).getByRole('button', { name: 'Amei: 0' }));
    expect((await within(group).findByRole('button', { name: 'Amei: 1' })).getAttribute('aria-pressed')).toBe('true');
    expect(within(group).getByRole('button', { name: 'Quero Bolo!: 0' }).getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(within(group).getByRole('button', { name: 'Amei: 1' }));
    expect((await within(group).findByRole('button', { name: 'Amei: 0' })).getAttribute('aria-pressed')).toBe('false');
    for (const label of ['Parabéns: 0', 'Quero Bolo!: 0', 'Amei: 0', 'Gostei: 0']) expect(within(group).getByRole('button', { name: label })).toBeTruthy();
    const { rows } = await ui.server.db.query('SELECT count(*)::int AS n FROM rh.novidade_reacao WHERE id_novidade = $1', [plain]);
    expect(rows[0].n).toBe(0);
    signOutLocally();
  });

  it('read confirmation: recorded once with its time, and shown on return', async () => {
    await signInAs(ui.baseUrl, 'leitora@novidades.com.br', TEST_PASSWORD);
    const view = renderPage(ui.baseUrl, `/news/${mustRead}`);
    expect(await screen.findByText('Esta novidade exige a confirmação de leitura.', {}, { timeout: 15_000 })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar leitura' }));
    expect(await screen.findByText(NEWS_MSG.readConfirmed)).toBeTruthy();
    expect(await screen.findByText(/^Leitura confirmada em \d{2}\/\d{2}\/\d{4} - \d{2}:\d{2}\./)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Confirmar leitura' })).toBeNull();
    view.unmount();
    renderPage(ui.baseUrl, `/news/${mustRead}`);
    expect(await screen.findByText(/^Leitura confirmada em/, {}, { timeout: 15_000 })).toBeTruthy();
    await waitFor(async () => {
      const { rows } = await ui.server.db.query('SELECT count(*)::int AS n FROM rh.novidade_leitura WHERE id_novidade = $1', [mustRead]);
      expect(rows[0].n).toBe(1);
    });
    signOutLocally();
  });
});
