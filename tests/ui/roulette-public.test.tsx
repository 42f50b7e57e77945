// The public roulette pages (issue 16) with fetch answering as the contract says
// (the calls documented in /docs: src/server/v1/roulette.ts): the branded wheel, the form's checks and masks, the spin to the drawn
// prize with its coupon and confetti, the server's refusals, a closed wheel, an unknown one; the
// wheel's geometry; and the audit, recomputed from a fixture made with node's crypto (one tampered
// spin shows as not matching), both as the pure module and on the page through WebCrypto, round by
// round: a round a reset closed stays on the page with its seed, spins and draws (issue 29).
import './setup.js';
import { createHash, createHmac, webcrypto } from 'node:crypto';
import { Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { formatDateTime } from '../../src/domain/format.js';
import { candidateOrder, drawIndex, drawMessage, fractionOf, pickWeighted, spinMessage } from '../../src/domain/roulette.js';
import { pages } from '../../custom-pages/roulette-public/index.js';
import { verifyRound, webCrypto, type AuditCrypto } from '../../custom-pages/roulette-public/audit.js';
import type { AuditData, AuditDrawRow, AuditRound, AuditSpinRow, PublicRoulette, SpinAnswer } from '../../custom-pages/roulette-public/publicApi.js';
import { AUDIT_TEXTS, WHEEL_TEXTS } from '../../custom-pages/roulette-public/texts.js';
import { labelLines, rotationFor, Wheel } from '../../custom-pages/roulette-public/Wheel.js';
import { keepMuiStyles } from './lean-styles.js';

// The page is checked in the campaign's colours (computed styles): MUI's styles whole (tests/ui/lean-styles.ts).
keepMuiStyles();

const confettiFire = vi.hoisted(() => vi.fn(() => Promise.resolve()));
vi.mock('canvas-confetti', () => ({ default: Object.assign(vi.fn(), { create: vi.fn(() => confettiFire) }) }));

const SLUG = 'Rol3taNatal26';
const HASH = createHash('sha256').update('compromisso').digest('hex');
const CPF = '52998224725';
const BASE = `/v1/public/roulette/${SLUG}`;

const INFO: PublicRoulette = {
  nome: 'Roleta de Natal Bitcom',
  descricao: 'Gire e concorra a prêmios de fim de ano.',
  motivo_aplicacao: null,
  data_inicio_campanha: '2026-12-01',
  data_fim_campanha: '2026-12-31',
  intervalo_votacao: 24,
  situacao: 'aberta',
  mensagem: null,
  aparencia: {
    base_background: '#0d1b3e',
    base_html_content: '<p>Leia o <strong>regulamento</strong>.</p><img src="x" onerror="alert(1)">',
    color_item: '#1565c0',
    color_text: '#ffffff',
    color_item_2: '#ffc107',
    color_text2: '#1a1a1a',
    fundo: `${BASE}/fundo`,
  },
  premios: {
    cliente: [
      { id: 1, nome: 'Upgrade 1 mês', esgotado: false },
      { id: 2, nome: 'Camiseta', esgotado: false },
      { id: 3, nome: 'Roteador Wi-Fi 6', esgotado: true },
      { id: 4, nome: 'Desconto 10%', esgotado: false },
    ],
    nao_cliente: [
      { id: 5, nome: 'Instalação grátis', esgotado: false },
      { id: 6, nome: 'Caneca', esgotado: false },
      { id: 7, nome: 'Primeiro mês grátis', esgotado: false },
      { id: 8, nome: 'Boné', esgotado: false },
      { id: 9, nome: 'Adesivos', esgotado: false },
    ],
  },
  semente_hash: HASH,
  semente: null,
};

const WON: SpinAnswer = {
  cliente: false,
  premios: INFO.premios.nao_cliente,
  indice: 2,
  premio: { nome: 'Primeiro mês grátis', descricao: 'Apresente o cupom na loja para ativar.', animacao: true },
  cupom: 'CUPOM-AB12CD34EF',
  seq: 41,
  mensagem: 'Parabéns! Você ganhou: Primeiro mês grátis.',
};

type Reply = { status: number; body: unknown };
interface Call {
  method: string;
  url: string;
  headers: Headers;
  body: unknown;
}

/** fetch answering `METHOD path` from the table (each answer a value or a list used in turn). */
function serve(table: Record<string, Reply | Reply[]>) {
  const calls: Call[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const method = init?.method ?? 'GET';
    const url = String(input);
    calls.push({ method, url, headers: new Headers(init?.headers), body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const entry = table[`${method} ${url}`];
    const reply = Array.isArray(entry) ? entry.shift() : entry;
    if (!reply) return new Response(JSON.stringify({ message: `sem resposta para ${method} ${url}` }), { status: 500 });
    return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'Content-Type': 'application/json' } });
  });
  return calls;
}

function open(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Suspense fallback={null}>
        <Routes>
          {pages.map(({ path: route, component: Page }) => (
            <Route key={route} path={route} element={<Page />} />
          ))}
        </Routes>
      </Suspense>
    </MemoryRouter>,
  );
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const spinButton = () => screen.getByRole('button', { name: WHEEL_TEXTS.spin });
const identifyButton = () => screen.getByRole('button', { name: WHEEL_TEXTS.identify });
const IDENTIFIED = { status: 200, body: { cliente: false, premios: INFO.premios.nao_cliente } };

/** Fills the form, identifies, and waits for the visitor's own wheel and the Girar button. */
async function identify(nome?: string) {
  await screen.findByRole('form', { name: WHEEL_TEXTS.formTitle });
  fillForm(nome);
  fireEvent.click(identifyButton());
  await screen.findByRole('button', { name: WHEEL_TEXTS.spin });
}
const wheel = () => screen.getByRole('img', { name: /^Roleta de prêmios/ });

function fillForm(nome = 'Maria da Silva', telefone = '11987654321', cpf = CPF) {
  type(WHEEL_TEXTS.name, nome);
  type(WHEEL_TEXTS.phone, telefone);
  type(WHEEL_TEXTS.cpf, cpf);
}

function reduceMotion() {
  const original = window.matchMedia;
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({ ...original(query), matches: /reduce/.test(query) || /min-width/.test(query) }));
}

beforeEach(() => {
  confettiFire.mockClear();
});
afterEach(() => vi.restoreAllMocks());

describe('/roleta/:slug', () => {
  it("shows the campaign in its colours with the customers' wheel, the period, the rich text and the audit link", async () => {
    const calls = serve({ [`GET ${BASE}`]: { status: 200, body: INFO } });
    open(`/roleta/${SLUG}`);
    expect(await screen.findByRole('heading', { level: 1, name: INFO.nome })).toBeTruthy();
    expect(document.title).toBe(INFO.nome);
    expect(screen.getByText('Período: 01/12/2026 a 31/12/2026')).toBeTruthy();
    expect(screen.getByText(INFO.descricao)).toBeTruthy();
    expect(screen.getByText('regulamento').tagName).toBe('STRONG');
    expect(document.querySelector('img')).toBeNull();
    expect(screen.getByText(WHEEL_TEXTS.interval(24))).toBeTruthy();
    // Before the visitor identifies, the wheel shows no prizes: which wheel is theirs is not known yet
    // (issue 31: it showed the customers' prizes, then a non-customer's spin switched wheels).
    expect(wheel().getAttribute('aria-label')).toBe(WHEEL_TEXTS.wheelUnknown);
    expect(within(wheel()).queryByText('Upgrade 1 mês')).toBeNull();
    expect(within(wheel()).queryByText('Instalação grátis')).toBeNull();
    expect(screen.queryByRole('button', { name: WHEEL_TEXTS.spin })).toBeNull();
    const page = screen.getByRole('main').parentElement!;
    expect(getComputedStyle(page).backgroundColor).toBe('rgb(13, 27, 62)');
    expect(getComputedStyle(page).backgroundImage).toContain(`${BASE}/fundo`);

    const audit = screen.getByRole('link', { name: WHEEL_TEXTS.auditLink });
    expect(audit.getAttribute('href')).toBe(`/roleta/${SLUG}/auditoria`);
    const short = screen.getByText(`SHA-256 ${HASH.slice(0, 12)}…`);
    fireEvent.mouseOver(short);
    expect((await screen.findByRole('tooltip')).textContent).toContain(HASH);

    // A public call: same origin, no token, no role header.
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toBe(BASE);
    expect(calls[0].headers.get('Authorization')).toBeNull();
  });

  it('checks the fields in the browser, masks phone and CPF, and hides the honeypot', async () => {
    const calls = serve({ [`GET ${BASE}`]: { status: 200, body: INFO } });
    open(`/roleta/${SLUG}`);
    await screen.findByRole('form', { name: WHEEL_TEXTS.formTitle });
    fireEvent.click(identifyButton());
    expect(screen.getByText(WHEEL_TEXTS.nameRequired)).toBeTruthy();
    expect(screen.getByText(WHEEL_TEXTS.phoneInvalid)).toBeTruthy();
    expect(screen.getByText(WHEEL_TEXTS.cpfInvalid)).toBeTruthy();

    fillForm('Maria', '11987654321', '52998224724');
    expect(field(WHEEL_TEXTS.phone).value).toBe('(11) 98765-4321');
    expect(field(WHEEL_TEXTS.cpf).value).toBe('529.982.247-24');
    expect(screen.queryByText(WHEEL_TEXTS.nameRequired)).toBeNull();
    fireEvent.click(identifyButton());
    // A CPF whose check digits are wrong never reaches the server.
    expect(screen.getByText(WHEEL_TEXTS.cpfInvalid)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    type(WHEEL_TEXTS.cpf, '529.982.247-25999');
    expect(field(WHEEL_TEXTS.cpf).value).toBe('529.982.247-25');

    const honeypot = document.querySelector('input[name="site"]') as HTMLInputElement;
    expect(honeypot.tabIndex).toBe(-1);
    expect(honeypot.getAttribute('autocomplete')).toBe('off');
    expect(honeypot.closest('[aria-hidden="true"]')).toBeTruthy();
  });

  it('identifies first, shows the wheel the visitor really plays, then spins it to the prize the server drew: the prize, its message, the coupon and the confetti', async () => {
    const calls = serve({ [`GET ${BASE}`]: { status: 200, body: INFO }, [`POST ${BASE}/identificacao`]: IDENTIFIED, [`POST ${BASE}/giro`]: { status: 200, body: WON } });
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    open(`/roleta/${SLUG}`);
    await identify('  Maria da Silva ');

    // Identified, before any spin: the non-customers' wheel is on screen, named to the visitor.
    expect(screen.getByRole('heading', { name: WHEEL_TEXTS.hello('Maria') })).toBeTruthy();
    expect(screen.getByText(WHEEL_TEXTS.visitorWheel)).toBeTruthy();
    expect(wheel().getAttribute('aria-label')).toBe(`Roleta de prêmios: ${WON.premios.map((p) => p.nome).join(', ')}`);
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([`${BASE}/identificacao`]);
    fireEvent.click(spinButton());

    // The same wheel turns; the result waits for it to stop.
    expect(await screen.findByText(WHEEL_TEXTS.spinning)).toBeTruthy();
    expect(wheel().getAttribute('aria-label')).toBe(`Roleta de prêmios: ${WON.premios.map((p) => p.nome).join(', ')}`);
    expect(screen.queryByText(WON.cupom!)).toBeNull();
    const [identified, post] = calls.filter((c) => c.method === 'POST');
    expect(post.url).toBe(`${BASE}/giro`);
    expect(identified.body).toEqual({ nome: 'Maria da Silva', telefone: '(11) 98765-4321', cpf: CPF, site: '' });
    expect(post.body).toEqual(identified.body);
    expect(post.headers.get('Authorization')).toBeNull();

    fireEvent.transitionEnd(wheel());
    expect(await screen.findByRole('heading', { name: WHEEL_TEXTS.wonTitle })).toBeTruthy();
    expect(screen.getByTestId('EmojiEventsIcon')).toBeTruthy();
    expect(screen.getByText(WHEEL_TEXTS.couponHint)).toBeTruthy();
    expect(screen.getByText(WON.premio!.nome, { selector: 'p' })).toBeTruthy();
    expect(screen.getByText(WON.premio!.descricao)).toBeTruthy();
    expect(screen.getByTestId('coupon').textContent).toBe(WON.cupom);
    expect(screen.queryByRole('form')).toBeNull();
    await waitFor(() => expect(confettiFire).toHaveBeenCalled());

    fireEvent.click(screen.getByRole('button', { name: WHEEL_TEXTS.copy }));
    expect(await screen.findByRole('button', { name: WHEEL_TEXTS.copied })).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(WON.cupom);
  });

  it('with reduced motion shows the result at once and throws no confetti', async () => {
    reduceMotion();
    serve({ [`GET ${BASE}`]: { status: 200, body: INFO }, [`POST ${BASE}/identificacao`]: IDENTIFIED, [`POST ${BASE}/giro`]: { status: 200, body: WON } });
    open(`/roleta/${SLUG}`);
    await identify();
    fireEvent.click(spinButton());
    expect(await screen.findByRole('heading', { name: WHEEL_TEXTS.wonTitle })).toBeTruthy();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(confettiFire).not.toHaveBeenCalled();
  });

  it("shows the server's field errors under the fields, and its other messages (429 included) in an alert", async () => {
    serve({
      [`GET ${BASE}`]: { status: 200, body: INFO },
      [`POST ${BASE}/identificacao`]: [
        { status: 400, body: { message: 'Ocorreu um erro.', errors: { telefone: 'Informe um celular válido: (##) #####-####.' } } },
        { status: 429, body: { message: 'Você já girou esta roleta. Tente de novo a partir de 28/11/2026 às 15:30.' } },
        IDENTIFIED,
      ],
      [`POST ${BASE}/giro`]: { status: 403, body: { message: 'Esta roleta foi encerrada. Obrigado por participar!' } },
    });
    open(`/roleta/${SLUG}`);
    await screen.findByRole('form', { name: WHEEL_TEXTS.formTitle });
    fillForm();
    fireEvent.click(identifyButton());
    const phone = field(WHEEL_TEXTS.phone);
    await waitFor(() => expect(phone.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(phone.getAttribute('aria-describedby')!)!.textContent).toBe(WHEEL_TEXTS.phoneInvalid);
    expect(screen.queryByRole('alert')).toBeNull();

    fireEvent.click(identifyButton());
    expect((await screen.findByRole('alert')).textContent).toBe('Você já girou esta roleta. Tente de novo a partir de 28/11/2026 às 15:30.');
    expect(wheel().getAttribute('aria-label')).toBe(WHEEL_TEXTS.wheelUnknown);
    fireEvent.click(identifyButton());
    fireEvent.click(await screen.findByRole('button', { name: WHEEL_TEXTS.spin }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Esta roleta foi encerrada. Obrigado por participar!'));
    // Nothing turned: the visitor's wheel stays, and 'Corrigir meus dados' leads back to the form.
    expect(wheel().getAttribute('aria-label')).toContain('Instalação grátis');
    fireEvent.click(screen.getByRole('button', { name: WHEEL_TEXTS.changeData }));
    expect(await screen.findByRole('form', { name: WHEEL_TEXTS.formTitle })).toBeTruthy();
    expect(wheel().getAttribute('aria-label')).toBe(WHEEL_TEXTS.wheelUnknown);
  });

  it("without a prize shows the server's message", async () => {
    const soldOut: SpinAnswer = { ...WON, indice: null, premio: null, cupom: null, mensagem: 'Que pena! Os prêmios desta roleta se esgotaram. Obrigado por participar!' };
    serve({ [`GET ${BASE}`]: { status: 200, body: INFO }, [`POST ${BASE}/identificacao`]: IDENTIFIED, [`POST ${BASE}/giro`]: { status: 200, body: soldOut } });
    open(`/roleta/${SLUG}`);
    await identify();
    fireEvent.click(spinButton());
    expect(await screen.findByText(soldOut.mensagem)).toBeTruthy();
    expect(screen.getByRole('heading', { name: WHEEL_TEXTS.noPrizeTitle })).toBeTruthy();
    expect(screen.queryByTestId('coupon')).toBeNull();
    expect(confettiFire).not.toHaveBeenCalled();
  });

  it('a "no prize" slot is a consolation: no trophy, no congratulations, no coupon, no confetti', async () => {
    const tryAgain: SpinAnswer = {
      ...WON,
      indice: 4,
      premio: { nome: 'Adesivos', descricao: 'Não foi desta vez. Volte amanhã e gire de novo!', animacao: false, sem_premio: true },
      cupom: null,
      mensagem: 'Obrigado por participar! Boa sorte na próxima vez.',
    };
    serve({ [`GET ${BASE}`]: { status: 200, body: INFO }, [`POST ${BASE}/identificacao`]: IDENTIFIED, [`POST ${BASE}/giro`]: { status: 200, body: tryAgain } });
    open(`/roleta/${SLUG}`);
    await identify();
    fireEvent.click(spinButton());
    fireEvent.transitionEnd(wheel());
    expect(await screen.findByRole('heading', { name: WHEEL_TEXTS.consolationTitle })).toBeTruthy();
    expect(screen.getByText(tryAgain.mensagem)).toBeTruthy();
    expect(screen.getByText(tryAgain.premio!.descricao)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: WHEEL_TEXTS.wonTitle })).toBeNull();
    expect(screen.queryByText(WHEEL_TEXTS.youWon)).toBeNull();
    expect(screen.queryByText(WHEEL_TEXTS.couponHint)).toBeNull();
    expect(screen.queryByTestId('EmojiEventsIcon')).toBeNull();
    expect(screen.queryByTestId('coupon')).toBeNull();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(confettiFire).not.toHaveBeenCalled();
  });

  it('a wheel not open says why, in its colours, without the form', async () => {
    const scheduled = { ...INFO, situacao: 'agendada', mensagem: 'Esta roleta abre em 01/12/2026. Volte nesse dia para girar!' };
    serve({ [`GET ${BASE}`]: { status: 200, body: scheduled } });
    open(`/roleta/${SLUG}`);
    expect(await screen.findByText(scheduled.mensagem)).toBeTruthy();
    expect(screen.getByRole('heading', { name: WHEEL_TEXTS.closedTitle.agendada })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: INFO.nome })).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.queryByRole('button', { name: WHEEL_TEXTS.spin })).toBeNull();
    expect(getComputedStyle(screen.getByRole('main').parentElement!).backgroundColor).toBe('rgb(13, 27, 62)');
    expect(screen.getByRole('link', { name: WHEEL_TEXTS.auditLink })).toBeTruthy();
  });

  it("an unknown address shows 'Roleta não encontrada.'", async () => {
    serve({ [`GET /v1/public/roulette/naoexiste`]: { status: 404, body: { message: 'Roleta não encontrada.' } } });
    open('/roleta/naoexiste');
    expect(await screen.findByRole('heading', { name: 'Roleta não encontrada.' })).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('a failed load offers to try again', async () => {
    serve({ [`GET ${BASE}`]: [{ status: 429, body: { message: 'Muitas tentativas em pouco tempo. Aguarde um minuto e tente novamente.' } }, { status: 200, body: INFO }] });
    open(`/roleta/${SLUG}`);
    expect((await screen.findByRole('alert')).textContent).toBe('Muitas tentativas em pouco tempo. Aguarde um minuto e tente novamente.');
    fireEvent.click(screen.getByRole('button', { name: WHEEL_TEXTS.retry }));
    expect(await screen.findByRole('heading', { level: 1, name: INFO.nome })).toBeTruthy();
  });
});

describe('Wheel', () => {
  it('brings the middle of slice `index` under the pointer at the top, always turning forward', () => {
    for (let count = 4; count <= 7; count++)
      for (let index = 0; index < count; index++)
        for (const from of [0, 250, 2290]) {
          const to = rotationFor(index, count, 6, from);
          expect(to).toBeGreaterThan(from + 5 * 360);
          // Where the slice's middle (clockwise from the top) ends after the wheel turns by `to`.
          const middle = (index + 0.5) * (360 / count);
          const landed = (((middle + to) % 360) + 360) % 360;
          expect(Math.min(landed, 360 - landed)).toBeLessThan(1e-9);
        }
  });

  it('writes each label inside its slice, from the rim toward the centre, long names on two lines', () => {
    const { container } = render(<Wheel prizes={[{ nome: 'Primeiro mês grátis' }, { nome: 'Boné' }, { nome: 'Caneca' }, { nome: 'Adesivos', esgotado: true }]} colors={INFO.aparencia} />);
    const texts = Array.from(container.querySelectorAll('text'));
    expect(texts).toHaveLength(4);
    texts.forEach((text, i) => {
      expect(text.getAttribute('text-anchor')).toBe('start');
      // Slice i's middle turned to the top, then the baseline turned to point down at the centre.
      const mid = (i + 0.5) * 90;
      expect(text.parentElement!.getAttribute('transform')).toBe(`rotate(${mid}) rotate(90 0 ${Number(text.getAttribute('y'))})`);
      expect(Number(text.getAttribute('y'))).toBeLessThan(-80);
    });
    expect(Array.from(texts[0].querySelectorAll('tspan'), (t) => t.textContent)).toEqual(['Primeiro', 'mês grátis']);
    expect(Array.from(texts[3].querySelectorAll('tspan'), (t) => t.textContent)).toEqual(['Adesivos', 'Esgotado']);
    expect(labelLines('Caneca')).toEqual(['Caneca']);
    expect(labelLines('Roteador Wi-Fi 6 grátis')).toEqual(['Roteador Wi-Fi', '6 grátis']);
  });
});

// ---- audit ------------------------------------------------------------------------------------

const SEED = createHash('sha256').update('semente secreta da roleta de teste').digest('hex');
const SEED_2 = createHash('sha256').update('semente da segunda rodada').digest('hex');
const CAMPAIGN = 7;
const nodeCrypto: AuditCrypto = {
  hmac: async (keyHex, message) => new Uint8Array(createHmac('sha256', Buffer.from(keyHex, 'hex')).update(message).digest()),
  sha256Hex: async (hex) => createHash('sha256').update(Buffer.from(hex, 'hex')).digest('hex'),
};
const fractionNode = (seed: string, message: string) => fractionOf(new Uint8Array(createHmac('sha256', Buffer.from(seed, 'hex')).update(message).digest()));
const commitment = (seed: string) => createHash('sha256').update(Buffer.from(seed, 'hex')).digest('hex');

const PRIZE_NAMES: Record<number, string> = { 11: 'Upgrade', 12: 'Camiseta', 13: 'Roteador', 14: 'Desconto', 21: 'Instalação', 22: 'Caneca', 23: 'Boné', 24: 'Adesivos' };

/**
 * A closed round as the server would answer it: `spins` spins (the 6th with the stock gone) and a draw
 * per filter, picked from `seed`; its seed revealed.
 */
function roundFixture(rodada = 1, seed = SEED, spins = 8, filters: [boolean | null, boolean | null][] = [[null, true], [null, null]]): AuditRound {
  const giros: AuditSpinRow[] = [];
  for (let seq = 1; seq <= spins; seq++) {
    const cliente = seq % 2 === 1;
    const elegiveis = seq === 6 ? [] : cliente ? [11, 12, 13, 14] : [21, 22, 23, 24];
    const pesos = seq === 6 ? [] : cliente ? [50, 30, 15, 5] : [40, 30, 20, 10];
    const id = pickWeighted(
      elegiveis.map((e, i) => ({ id: e, peso: pesos[i] })),
      fractionNode(seed, spinMessage(CAMPAIGN, rodada, seq)),
    );
    giros.push({
      seq,
      created_at: `2026-12-0${Math.ceil(seq / 3)}T1${seq}:00:00.000Z`,
      cliente,
      premiado: id !== null,
      telefone_final: String(1000 + seq * 111),
      premio: id === null ? null : PRIZE_NAMES[id],
      id_premio: id,
      elegiveis,
      pesos,
    });
  }
  const sorteios: AuditDrawRow[] = [];
  filters.forEach(([filtro_cliente, filtro_premiado], i) => {
    const seq = i + 1;
    const drawn = new Set(sorteios.map((s) => s.seq_participante));
    const candidates = candidateOrder(giros, { seq, filtro_cliente, filtro_premiado, ate_seq: spins }, drawn);
    const indice = drawIndex(fractionNode(seed, drawMessage(CAMPAIGN, rodada, seq)), candidates.length);
    sorteios.push({
      seq,
      created_at: '2026-12-31T18:00:00.000Z',
      filtro_cliente,
      filtro_premiado,
      candidatos: candidates.length,
      indice,
      ate_seq: spins,
      seq_participante: candidates[indice].seq,
    });
  });
  return { rodada, semente_hash: commitment(seed), semente: seed, iniciada_em: '2026-12-01T10:00:00.000Z', semente_revelada_em: '2027-01-01T12:00:00.000Z', giros, sorteios };
}

/** A campaign of one round, closed with its seed revealed. */
const auditFixture = (round = roundFixture()): AuditData => ({ nome: INFO.nome, id_campanha: CAMPAIGN, rodada: round.rodada, rodadas: [round] });

/** The round with spin 3's prize swapped for another of its wheel. */
function tampered(round = roundFixture()): AuditRound {
  const spin = round.giros[2];
  const other = spin.elegiveis.find((id) => id !== spin.id_premio)!;
  return { ...round, giros: round.giros.map((g, i) => (i === 2 ? { ...spin, id_premio: other, premio: PRIZE_NAMES[other] } : g)) };
}

describe('audit recomputation', () => {
  it('confirms the seed, every spin and every draw of an honest round', async () => {
    const result = await verifyRound(CAMPAIGN, roundFixture(), nodeCrypto);
    expect(result.seedOk).toBe(true);
    expect(result.spins.map((s) => s.ok)).toEqual(Array(8).fill(true));
    expect(result.spins[5].expected).toBeNull();
    expect(result.draws.map((d) => d.ok)).toEqual([true, true]);
    // A later round has its own seed and its own messages (giro:<campaign>:2:<n>).
    expect((await verifyRound(CAMPAIGN, roundFixture(2, SEED_2), nodeCrypto)).spins.every((s) => s.ok)).toBe(true);
    const misnumbered = { ...roundFixture(2, SEED_2), rodada: 1 };
    expect((await verifyRound(CAMPAIGN, misnumbered, nodeCrypto)).spins.every((s) => s.ok)).toBe(false);
  });

  it('flags a tampered spin, a tampered draw and a seed that is not the committed one', async () => {
    const round = tampered();
    const original = roundFixture().giros[2].id_premio;
    let result = await verifyRound(CAMPAIGN, round, nodeCrypto);
    expect(result.seedOk).toBe(true);
    expect(result.spins.map((s) => s.ok)).toEqual([true, true, false, true, true, true, true, true]);
    expect(result.spins[2].expected).toBe(original);

    const draw = round.sorteios[1];
    round.sorteios[1] = { ...draw, indice: (draw.indice + 1) % draw.candidatos };
    result = await verifyRound(CAMPAIGN, round, nodeCrypto);
    expect(result.draws.map((d) => d.ok)).toEqual([true, false]);
    round.sorteios[1] = { ...draw, candidatos: draw.candidatos + 1 };
    expect((await verifyRound(CAMPAIGN, round, nodeCrypto)).draws[1].ok).toBe(false);

    const other = { ...roundFixture(), semente: 'ab'.repeat(32) };
    expect((await verifyRound(CAMPAIGN, other, nodeCrypto)).seedOk).toBe(false);
    const broken = { ...roundFixture(), semente: 'não é hexadecimal' };
    const none = await verifyRound(CAMPAIGN, broken, nodeCrypto);
    expect([none.seedOk, ...none.spins.map((s) => s.ok), ...none.draws.map((d) => d.ok)].some(Boolean)).toBe(false);
  });

  it("the browser's WebCrypto computes what node's crypto does", async () => {
    if (!globalThis.crypto?.subtle) vi.stubGlobal('crypto', webcrypto);
    const browser = webCrypto()!;
    expect(await browser.sha256Hex(SEED)).toBe(await nodeCrypto.sha256Hex(SEED));
    expect(Array.from(await browser.hmac(SEED, spinMessage(CAMPAIGN, 1, 3)))).toEqual(Array.from(await nodeCrypto.hmac(SEED, spinMessage(CAMPAIGN, 1, 3))));
    vi.unstubAllGlobals();
  });
});

const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((c) => c.textContent);

describe('/roleta/:slug/auditoria', () => {
  it('recomputes everything in the browser and shows the tampered spin as not matching', async () => {
    if (!globalThis.crypto?.subtle) vi.stubGlobal('crypto', webcrypto);
    const round = tampered();
    serve({ [`GET ${BASE}/auditoria`]: { status: 200, body: auditFixture(round) } });
    open(`/roleta/${SLUG}/auditoria`);
    expect(await screen.findByRole('heading', { level: 1, name: AUDIT_TEXTS.title })).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 2, name: AUDIT_TEXTS.round(1, true) })).toBeTruthy();
    expect(await screen.findByText(AUDIT_TEXTS.seedOk)).toBeTruthy();
    expect(screen.getByText(AUDIT_TEXTS.spinsOk(7, 8))).toBeTruthy();
    expect(screen.getByText(AUDIT_TEXTS.drawsOk(2, 2))).toBeTruthy();
    expect(screen.getByText(round.semente_hash)).toBeTruthy();
    expect(screen.getByText(SEED)).toBeTruthy();

    const spins = screen.getByRole('table', { name: AUDIT_TEXTS.spinsOf(1) });
    const rows = within(spins).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(8);
    expect(cells(rows[2])).toEqual(['3', expect.any(String), 'Sim', round.giros[2].telefone_final, round.giros[2].premio, AUDIT_TEXTS.differs]);
    expect(cells(rows[5])).toEqual(['6', expect.any(String), 'Não', round.giros[5].telefone_final, AUDIT_TEXTS.noPrize, AUDIT_TEXTS.matches]);
    expect(rows.map((row) => cells(row).at(-1))).toEqual([...Array(2).fill(AUDIT_TEXTS.matches), AUDIT_TEXTS.differs, ...Array(5).fill(AUDIT_TEXTS.matches)]);
    fireEvent.click(screen.getByLabelText(AUDIT_TEXTS.onlyMismatches));
    expect(within(spins).getAllByRole('row')).toHaveLength(2);

    const draws = screen.getByRole('table', { name: AUDIT_TEXTS.drawsOf(1) });
    const drawRows = within(draws).getAllByRole('row').slice(1);
    const first = round.sorteios[0];
    expect(cells(drawRows[0])).toEqual([
      '1',
      expect.any(String),
      'Público: Todos · Prêmio: Premiados',
      String(first.candidatos),
      String(first.indice),
      String(first.seq_participante),
      AUDIT_TEXTS.matches,
    ]);
    vi.unstubAllGlobals();
  });

  it('before the reveal shows only the commitment and says when the seed comes', async () => {
    const round = { ...roundFixture(), semente: null, semente_revelada_em: null };
    serve({ [`GET ${BASE}/auditoria`]: { status: 200, body: auditFixture(round) } });
    open(`/roleta/${SLUG}/auditoria`);
    expect(await screen.findByText(AUDIT_TEXTS.notRevealed)).toBeTruthy();
    expect(screen.getByText(round.semente_hash)).toBeTruthy();
    expect(screen.queryByText(AUDIT_TEXTS.seedOk)).toBeNull();
    expect(screen.queryByText(AUDIT_TEXTS.spinsOk(8, 8))).toBeNull();
    const spins = screen.getByRole('table', { name: AUDIT_TEXTS.spinsOf(1) });
    expect(within(spins).queryByText(AUDIT_TEXTS.spinCols.ok)).toBeNull();
    expect(screen.getByRole('link', { name: AUDIT_TEXTS.back }).getAttribute('href')).toBe(`/roleta/${SLUG}`);
  });

  it('after a reset keeps the closed round with its seed, spins and draws, all checked, below the open one; nothing to act on', async () => {
    if (!globalThis.crypto?.subtle) vi.stubGlobal('crypto', webcrypto);
    const past = roundFixture(1, SEED, 8);
    const open2 = { ...roundFixture(2, SEED_2, 3, []), semente: null, semente_revelada_em: null, iniciada_em: '2027-01-01T12:00:00.000Z' };
    serve({ [`GET ${BASE}/auditoria`]: { status: 200, body: { nome: INFO.nome, id_campanha: CAMPAIGN, rodada: 2, rodadas: [past, open2] } satisfies AuditData } });
    open(`/roleta/${SLUG}/auditoria`);
    await screen.findByRole('heading', { level: 2, name: AUDIT_TEXTS.round(1, false) });
    // The current round first, then the closed one.
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([AUDIT_TEXTS.howTitle, AUDIT_TEXTS.round(2, true), AUDIT_TEXTS.round(1, false)]);
    const current = screen.getByRole('region', { name: AUDIT_TEXTS.round(2, true) });
    expect(within(current).getByText(open2.semente_hash)).toBeTruthy();
    expect(within(current).getByText(AUDIT_TEXTS.notRevealed)).toBeTruthy();
    expect(within(within(current).getByRole('table', { name: AUDIT_TEXTS.spinsOf(2) })).getAllByRole('row')).toHaveLength(4);
    expect(within(current).getByText(AUDIT_TEXTS.noDraws)).toBeTruthy();

    const closed = screen.getByRole('region', { name: AUDIT_TEXTS.round(1, false) });
    expect(within(closed).getByText(AUDIT_TEXTS.roundClosed(formatDateTime(past.iniciada_em), formatDateTime(past.semente_revelada_em)))).toBeTruthy();
    expect(within(closed).getByText(past.semente_hash)).toBeTruthy();
    expect(within(closed).getByText(SEED)).toBeTruthy();
    expect(await within(closed).findByText(AUDIT_TEXTS.seedOk)).toBeTruthy();
    expect(within(closed).getByText(AUDIT_TEXTS.spinsOk(8, 8))).toBeTruthy();
    expect(within(closed).getByText(AUDIT_TEXTS.drawsOk(2, 2))).toBeTruthy();
    const spins = within(within(closed).getByRole('table', { name: AUDIT_TEXTS.spinsOf(1) })).getAllByRole('row').slice(1);
    expect(spins.map((row) => cells(row)[0])).toEqual(['1', '2', '3', '4', '5', '6', '7', '8']);
    expect(within(within(closed).getByRole('table', { name: AUDIT_TEXTS.drawsOf(1) })).getAllByRole('row')).toHaveLength(3);
    // Read only: no control on the page but the way back.
    expect(screen.queryAllByRole('button')).toEqual([]);
    vi.unstubAllGlobals();
  });
});
