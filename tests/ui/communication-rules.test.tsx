// The rule form of the communication scale (HR/sales document, section 5 "Rule form"), the generated
// form of schemas/comunicacao/communication-rules.json with the inputs of custom-pages/communication:
// the envio options each criterion disables (a chosen one cleared when the criterion disables it),
// tempo fixed at 0 by no_dia and 'Não aplicável' for anual, the specific date only for its criterion,
// the channel messages required while on, the default e-mail title, and the toast of a rule with no
// channel on. Then the campaign's preview on the server's clock at 14:00 (São Paulo): the 07:00 shift
// that ran shows what was sent ('enviado: 1 de 2'), the 13:00 one that did not run says why, the 20:00
// one is still 'a enviar'.
import './setup.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DEFAULT_EMAIL_TITLE, NO_CHANNEL_MESSAGE, NOT_APPLICABLE } from '../../src/domain/communicationRules.js';
import { NOT_SENT_REASONS, PLACEHOLDER_HELP } from '../../custom-pages/communication/texts.js';
import { renderAdmin, startServer, type UiServer } from './server.js';

let ui: UiServer;
let campaign: number;
let provider: number;
/** The server's clock (the preview's "now"): 20 May 2026, 14:00 in São Paulo, whatever the real date. */
const DAY = '2026-05-20';
const CLOCK = new Date(`${DAY}T14:00:00-03:00`);

async function create(resource: string, body: Record<string, unknown>) {
  const res = await ui.api('POST', `/api/${resource}`, body);
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json.id as number;
}

beforeAll(async () => {
  ui = await startServer({ now: () => CLOCK });
  provider = await create('providers', { nome: 'Bitcom Regras' });
  campaign = await create('communication-campaigns', { sistema: provider, nome: 'Régua de Regras' });
});

afterAll(async () => {
  await ui?.close();
});

const select = (label: RegExp) => screen.getByRole('combobox', { name: label });

/** Opens a select and answers its listbox. */
async function openSelect(label: RegExp) {
  fireEvent.mouseDown(select(label));
  return screen.findByRole('listbox');
}

async function choose(label: RegExp, option: string) {
  const list = await openSelect(label);
  fireEvent.click(within(list).getByRole('option', { name: option }));
  await waitFor(() => expect(select(label).textContent).toBe(option));
}

/** The envio options the select shows disabled, with the criterion chosen. */
async function disabledEnvioOptions(criterio: string) {
  await choose(/^Critério/, criterio);
  const list = await openSelect(/^Envio/);
  const names = within(list)
    .getAllByRole('option')
    .filter((o) => o.getAttribute('aria-disabled') === 'true')
    .map((o) => o.textContent);
  fireEvent.keyDown(list, { key: 'Escape' });
  await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
  return names;
}

async function openRegister() {
  renderAdmin(ui.baseUrl, `/marketing/communication-scale-rules/register?idCampaign=${campaign}`);
  await waitFor(() => expect((screen.getByRole('textbox', { name: 'Campanha' }) as HTMLInputElement).value).toBe('Régua de Regras'));
}

describe('the rule form', () => {
  it('shows disabled the envio options each criterion disables, and clears a chosen one the new criterion disables', async () => {
    await openRegister();
    expect(await disabledEnvioOptions('Data Específica')).toEqual(['Dia(s) seguinte(s)']);
    expect(await disabledEnvioOptions('Data da Ativação')).toEqual(['Dia(s) ante(s)', 'Anual']);
    expect(await disabledEnvioOptions('Data da Contratação')).toEqual(['Dia(s) ante(s)']);
    expect(await disabledEnvioOptions('Data de Aniversário')).toEqual(['Dia(s) seguinte(s)']);

    await choose(/^Envio/, 'Anual');
    await choose(/^Critério/, 'Data da Ativação');
    // Cleared; this criterion needs an envio (no empty option).
    await waitFor(() => expect(select(/^Envio/).textContent?.replace(/\u200b/g, '')).toBe(''));
    await choose(/^Envio/, 'Dia(s) seguinte(s)');
    await choose(/^Critério/, 'Data Específica');
    // Cleared; this one needs none: 'Não aplicável'.
    await waitFor(() => expect(select(/^Envio/).textContent).toBe(NOT_APPLICABLE));
  });

  it('no_dia sets tempo to 0 and disables it, anual makes it not applicable, the other envios take the days', async () => {
    await openRegister();
    await choose(/^Critério/, 'Data da Contratação');
    await choose(/^Envio/, 'No dia');
    const zero = screen.getByRole('textbox', { name: /^Tempo/ }) as HTMLInputElement;
    expect(zero.value).toBe('0');
    expect(zero.disabled).toBe(true);

    await choose(/^Critério/, 'Data de Aniversário');
    await choose(/^Envio/, 'Anual');
    const none = screen.getByRole('textbox', { name: /^Tempo/ }) as HTMLInputElement;
    expect(none.value).toBe(NOT_APPLICABLE);
    expect(none.disabled).toBe(true);

    await choose(/^Envio/, 'Dia(s) ante(s)');
    const days = screen.getByRole('spinbutton', { name: /^Tempo/ }) as HTMLInputElement;
    expect(days.disabled).toBe(false);
    fireEvent.change(days, { target: { value: '5' } });
    expect(days.value).toBe('5');
  });

  it('asks the specific date only for the specific-date criterion (DD/MM/AAAA)', async () => {
    await openRegister();
    expect(screen.queryByRole('textbox', { name: /^Data específica/ })).toBeNull();
    await choose(/^Critério/, 'Data Específica');
    const date = (await screen.findByRole('textbox', { name: /^Data específica/ })) as HTMLInputElement;
    expect(date.placeholder).toBe('DD/MM/AAAA');
    await choose(/^Critério/, 'Data da Ativação');
    await waitFor(() => expect(screen.queryByRole('textbox', { name: /^Data específica/ })).toBeNull());
  });

  it('a rule with no channel on is refused with its own toast', async () => {
    await openRegister();
    await choose(/^Critério/, 'Data de Aniversário');
    await choose(/^Envio/, 'No dia');
    await choose(/^Turno/, 'M 07:00');
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(NO_CHANNEL_MESSAGE)).toBeTruthy();
  });

  it("a channel on needs its message (with the placeholders' help)", async () => {
    await openRegister();
    await choose(/^Critério/, 'Data de Aniversário');
    await choose(/^Envio/, 'No dia');
    await choose(/^Turno/, 'N 20:00');
    expect(screen.queryByRole('textbox', { name: /^Template do WhatsApp/ })).toBeNull();
    fireEvent.click(screen.getByRole('switch', { name: 'WhatsApp' }));
    const template = await screen.findByRole('textbox', { name: /^Template do WhatsApp/ });
    expect(screen.getByText(PLACEHOLDER_HELP)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Preencha todos os campos obrigatórios!')).toBeTruthy();
    expect(template.getAttribute('aria-invalid')).toBe('true');
  });

  it('e-mail on fixes the default e-mail title, read-only, and saves it', async () => {
    await openRegister();
    await choose(/^Critério/, 'Data da Ativação');
    await choose(/^Envio/, 'Dia(s) seguinte(s)');
    fireEvent.change(screen.getByRole('spinbutton', { name: /^Tempo/ }), { target: { value: '2' } });
    await choose(/^Turno/, 'T 13:00');
    expect(screen.queryByRole('textbox', { name: /^Título do e-mail/ })).toBeNull();
    fireEvent.click(screen.getByRole('switch', { name: 'E-mail' }));
    const title = (await screen.findByRole('textbox', { name: /^Título do e-mail/ })) as HTMLInputElement;
    await waitFor(() => expect(title.value).toBe(DEFAULT_EMAIL_TITLE));
    expect(title.readOnly).toBe(true);
    fireEvent.change(screen.getByRole('textbox', { name: /^Mensagem do e-mail/ }), { target: { value: 'Olá {primeiro_nome}, bem-vindo!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Regra da campanha de comunicação cadastrada com sucesso!')).toBeTruthy();
    const { json } = await ui.api('GET', `/api/communication-rules?filter=${encodeURIComponent(JSON.stringify({ campanha_id: campaign, criterio: 'data_ativacao' }))}`);
    expect(json).toEqual([
      expect.objectContaining({ envio: 'dia_seguinte', tempo: 2, turno: 'T', email: true, titulo_email: DEFAULT_EMAIL_TITLE, mensagem_email: 'Olá {primeiro_nome}, bem-vindo!', whatsapp: false }),
    ]);
  });
});

describe("the campaign's preview at 14:00", () => {
  it('the 07:00 shift shows what was sent, the 13:00 one why nothing was, the 20:00 one what is to send', async () => {
    const turnos = await create('communication-campaigns', { sistema: provider, nome: 'Régua dos Turnos' });
    await create('systems', { nome: 'BITCOM_REGRAS', id_empresa: provider, erp: 'SGP' });
    const customer = (code: string, nome: string, c: Record<string, string | null>) =>
      ui.server.db.query(
        `INSERT INTO relacionamento.dados_pessoas (sistema, id_empresa, cod_cliente, codpessoa, nome_razaosocial, data_nascimento, data_ativacao, email, situacao)
         VALUES ('BITCOM_REGRAS', $1, $2, $2, $3, $4, $5, $6, 'ativo')`,
        [provider, code, nome, c.nascimento ?? null, c.ativacao ?? null, c.email ?? null],
      );
    await customer('T1', 'Tânia Com E-mail', { nascimento: '1990-05-20', email: 'tania@exemplo.com.br' });
    await customer('T2', 'Tiago Sem E-mail', { nascimento: '1991-05-20' });
    await customer('T3', 'Telma Ativada Hoje', { ativacao: DAY, email: 'telma@exemplo.com.br' });
    // Rules registered before the day (the shifts of the day existed for them).
    const rule = async (turno: string, criterio: string) => {
      const { rows } = await ui.server.db.query<{ id: number }>(
        `INSERT INTO campanha.regra (campanha_id, criterio, envio, tempo, turno, email, titulo_email, mensagem_email, criado)
         VALUES ($1, $2, 'no_dia', 0, $3, true, 'Olá', 'Olá, {primeiro_nome}!', '2026-05-01T00:00:00-03:00') RETURNING id`,
        [turnos, criterio, turno],
      );
      return rows[0].id;
    };
    await rule('M', 'data_aniversario');
    await rule('T', 'data_aniversario');
    await rule('N', 'data_ativacao');
    // The 07:00 shift ran (the 13:00 one did not).
    const run = await ui.api('POST', '/v1/campanha/disparo', { turno: 'M', dia: DAY });
    expect(run.status, JSON.stringify(run.json)).toBe(200);

    renderAdmin(ui.baseUrl, `/marketing/communication-scale/preview/${turnos}`);
    const table = await screen.findByRole('table', { name: 'Envios por dia' }, { timeout: 40_000 });
    const shift = (turno: string) =>
      within(table)
        .getAllByRole('row')
        .find((r) => r.textContent?.startsWith('20/05/2026') && r.textContent.includes(turno))?.textContent;
    await waitFor(() => expect(shift('M 07:00')).toContain('enviado: 1 de 2'));
    expect(shift('M 07:00')).toContain('1 sem endereço');
    expect(shift('M 07:00')).not.toContain('a enviar');
    expect(shift('T 13:00')).toContain(NOT_SENT_REASONS.nao_executado);
    expect(shift('T 13:00')).not.toContain('a enviar');
    expect(shift('N 20:00')).toContain('1 a enviar');
    expect(shift('N 20:00')).not.toContain('enviado:');
    // The total: what was sent, and what is to send.
    const total = within(table).getAllByRole('row').at(-1)!.textContent;
    expect(total).toContain('enviado: 1 de 2');
    expect(total).toContain('1 a enviar');
  });
});
