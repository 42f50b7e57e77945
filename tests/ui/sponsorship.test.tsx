// The sponsorship pages (issue 17) with fetch answering as the contract says
// (the calls documented in /docs: src/server/v1/sponsorship.ts): the public form's checks before sending (required fields, the
// CPF/CNPJ check digits, a past date, the attachments' type, size and number), a complete request
// sent as multipart with its files and the empty honeypot landing on the thank-you page with the
// protocol, the provider of the address (slug or id), the server's field errors and refusals; the
// thank-you page without state; and, on the staff's side, the attachments as download buttons named
// as they were sent (the files engine's names) in the generated expanded row and under the edit form.
import './setup.js';
import { Suspense, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation, type Location } from 'react-router-dom';
import { FormProvider, useForm } from 'react-hook-form';
import { AdminContext, Notification, RecordContextProvider, memoryStore } from 'react-admin';
import { fieldViews, formNotices, pages } from '../../custom-pages/sponsorship/index.js';
import { AttachmentsNotice } from '../../custom-pages/sponsorship/AttachmentLinks.js';
import { addAttachments, EMPTY_VALUES, formProblems, maskDocument, requestBody } from '../../custom-pages/sponsorship/form.js';
import { SPONSORSHIP_TEXTS as T } from '../../custom-pages/sponsorship/texts.js';
import { createDataProvider } from '../../src/admin/core/dataProvider.js';
import { fieldViewOf, formNoticesOf } from '../../src/admin/generator/extensions.js';
import { ExpandPanel } from '../../src/admin/generator/fields.js';
import { configByResource, resourceModules } from '../../src/admin/generator/registry.js';
import { REQUIRED_BANNER } from '../../src/admin/generator/ResourceForm.js';
import { i18nProvider } from '../../src/admin/core/i18n/index.js';
import { setSession } from '../../src/admin/core/session.js';
import { FILE_TOO_LARGE_TEXT } from '../../src/domain/format.js';
import { MSG } from '../../src/domain/messages.js';
import { MAX_ATTACHMENTS, SPONSORSHIP_MSG } from '../../src/domain/sponsorship.js';

// The signed-in frame is not what these tests look at.
vi.mock('../../src/admin/shell/Layout.js', () => ({ Layout: ({ children }: { children: ReactNode }) => <div data-testid="layout">{children}</div> }));

const PROVIDERS = [
  { id: 1, nome: 'Bitcom', slug: 'bitcom' },
  { id: 2, nome: 'RazãoInfo', slug: 'razaoinfo' },
  { id: 3, nome: 'Vetorial', slug: 'vetorial' },
];
const PROVIDERS_PATH = '/v1/public/patrocinios/provedores';
const SEND_PATH = '/v1/public/patrocinios';
const CPF = '52998224725';
const CNPJ = '11222333000181';
const SENT = { id: 12, protocolo: 'PAT-2026-000012', email: 'eventos@associacao.org.br' };

type Reply = { status: number; body: unknown; headers?: Record<string, string> };
interface Call {
  method: string;
  path: string;
  headers: Headers;
  body: BodyInit | null | undefined;
}

/** fetch answering `METHOD path` from the table (a reply, or replies used in turn). */
function serve(table: Record<string, Reply | Reply[]>) {
  const calls: Call[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const method = init?.method ?? 'GET';
    const path = new URL(String(input), 'http://localhost').pathname;
    calls.push({ method, path, headers: new Headers(init?.headers), body: init?.body });
    const entry = table[`${method} ${path}`];
    const reply = Array.isArray(entry) ? entry.shift() : entry;
    if (!reply) return new Response(JSON.stringify({ message: `sem resposta para ${method} ${path}` }), { status: 500 });
    // A text body is the file's bytes as they are; anything else is JSON.
    const body = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
    return new Response(body, { status: reply.status, headers: { 'Content-Type': 'application/json', ...reply.headers } });
  });
  return calls;
}

const providersOk: Reply = { status: 200, body: { provedores: PROVIDERS } };
const posts = (calls: Call[]) => calls.filter((c) => c.method === 'POST');

/** Renders the sponsorship pages at `path`; answers where the router is. */
function open(path: string) {
  const where: { current: Location | null } = { current: null };
  function Where() {
    where.current = useLocation();
    return null;
  }
  render(
    <MemoryRouter initialEntries={[path]}>
      <Suspense fallback={null}>
        <Routes>
          {pages.map(({ path: route, component: Page }) => (
            <Route key={route} path={route} element={<Page />} />
          ))}
        </Routes>
      </Suspense>
      <Where />
    </MemoryRouter>,
  );
  return where;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The input of a field by its label (required ones end with ' *'). */
const field = (label: string) => screen.getByLabelText(new RegExp(`^${escape(label)}`)) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
/** The message under a field (its helper text). */
const messageOf = (label: string) => {
  const described = field(label).getAttribute('aria-describedby');
  return described ? (document.getElementById(described.split(' ')[0])?.textContent ?? '') : '';
};
const submit = () => fireEvent.click(screen.getByRole('button', { name: T.submit }));
const attach = (...files: File[]) => fireEvent.change(screen.getByLabelText(T.addAttachments), { target: { files } });
const pdf = (name: string, bytes = 2048) => new File([new Uint8Array(bytes)], name, { type: 'application/pdf' });

async function formReady(heading = T.heading()) {
  expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
  await screen.findByRole('button', { name: T.submit });
}

async function chooseCity(city: string, typed: string) {
  const input = field(T.fields.cidade);
  await waitFor(() => expect(input.disabled).toBe(false));
  fireEvent.change(input, { target: { value: typed } });
  fireEvent.click(await screen.findByRole('option', { name: city }));
  await waitFor(() => expect(field(T.fields.cidade).value).toBe(city));
}

/** Fills every field with good values (the provider only where the form offers it). */
async function fillValid({ provider = '1', documento = CNPJ, date = '31122099' } = {}) {
  if (screen.queryByLabelText(new RegExp(`^${T.fields.id_empresa}`))) type(T.fields.id_empresa, provider);
  type(T.fields.organizacao, 'Associação Cultural de Uberlândia');
  type(T.fields.responsavel, 'Maria Souza');
  type(T.fields.email, SENT.email);
  type(T.fields.telefone, '34999991234');
  type(T.fields.documento, documento);
  type(T.fields.evento, 'Festival de Inverno');
  type(T.fields.descricao_evento, 'Três dias de música e gastronomia na praça central, com entrada gratuita.');
  type(T.fields.data_evento, date);
  type(T.fields.uf, 'MG');
  await chooseCity('Uberlândia', 'uberlan');
  type(T.fields.publico_estimado, '12000');
  type(T.fields.pedido, 'Internet no local e apoio para o palco.');
  type(T.fields.valor_solicitado, '150000');
  type(T.fields.contrapartidas, 'Marca nos banners e nas camisetas da equipe.');
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  setSession(null);
});

describe('the public sponsorship form', () => {
  it('refuses an empty submit with every required field marked, without sending', async () => {
    const calls = serve({ [`GET ${PROVIDERS_PATH}`]: providersOk });
    open('/patrocinios');
    await formReady();
    // A public call: no token, no role header.
    expect(calls[0].headers.get('Authorization')).toBeNull();
    expect(screen.getByText(REQUIRED_BANNER)).toBeTruthy();
    for (const section of Object.values(T.sections)) expect(screen.getByRole('region', { name: section })).toBeTruthy();
    expect(screen.getByText(T.consent)).toBeTruthy();
    expect(field(T.fields.organizacao).required).toBe(true);
    expect(field(T.fields.contrapartidas).required).toBe(false);
    // The honeypot: out of the tab order, hidden from assistive technology, never filled by the browser.
    const honeypot = document.querySelector('input[name=website]') as HTMLInputElement;
    expect(honeypot.tabIndex).toBe(-1);
    expect(honeypot.getAttribute('autocomplete')).toBe('off');
    expect(honeypot.closest('[aria-hidden=true]')).toBeTruthy();

    submit();
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getAllByRole('alert')[0].textContent).toBe(MSG.requiredForm);
    const required = ['id_empresa', 'organizacao', 'responsavel', 'email', 'telefone', 'documento', 'evento', 'descricao_evento', 'data_evento', 'uf', 'cidade', 'publico_estimado', 'pedido'] as const;
    for (const name of required) expect(messageOf(T.fields[name])).toBe(MSG.required);
    expect(screen.getAllByText(MSG.required)).toHaveLength(required.length);
    expect(messageOf(T.fields.valor_solicitado)).not.toBe(MSG.required);
    // The first refused field gets the focus.
    expect(document.activeElement).toBe(field(T.fields.id_empresa));
    expect(posts(calls)).toHaveLength(0);

    // Typing in a field clears its message.
    type(T.fields.organizacao, 'Associação');
    expect(messageOf(T.fields.organizacao)).not.toBe(MSG.required);
  });

  it('masks the phone, the CPF or CNPJ, the audience and the value as they are typed', async () => {
    serve({ [`GET ${PROVIDERS_PATH}`]: providersOk });
    open('/patrocinios');
    await formReady();
    type(T.fields.telefone, '34999991234');
    expect(field(T.fields.telefone).value).toBe('(34) 99999-1234');
    type(T.fields.documento, CPF);
    expect(field(T.fields.documento).value).toBe('529.982.247-25');
    type(T.fields.documento, CNPJ);
    expect(field(T.fields.documento).value).toBe('11.222.333/0001-81');
    type(T.fields.publico_estimado, '1234567');
    expect(field(T.fields.publico_estimado).value).toBe('1.234.567');
    type(T.fields.valor_solicitado, '123456');
    expect(field(T.fields.valor_solicitado).value).toBe('1.234,56');
    type(T.fields.data_evento, '15032099');
    expect(field(T.fields.data_evento).value).toBe('15/03/2099');
  });

  it('rejects a bad CPF or CNPJ, a bad e-mail and phone, and a past date before sending', async () => {
    const calls = serve({ [`GET ${PROVIDERS_PATH}`]: providersOk });
    open('/patrocinios');
    await formReady();
    await fillValid({ documento: '52998224724', date: '01012020' });
    type(T.fields.email, 'maria@');
    type(T.fields.telefone, '3499999');
    submit();
    await waitFor(() => expect(messageOf(T.fields.documento)).toBe(SPONSORSHIP_MSG.badDocument));
    expect(messageOf(T.fields.data_evento)).toBe(SPONSORSHIP_MSG.pastDate);
    expect(messageOf(T.fields.email)).toBe(MSG.email);
    expect(messageOf(T.fields.telefone)).toBe(MSG.phone);
    expect(screen.getAllByRole('alert')[0].textContent).toBe(SPONSORSHIP_MSG.sendError);
    expect(document.activeElement).toBe(field(T.fields.email));

    type(T.fields.documento, '11222333000180');
    submit();
    await waitFor(() => expect(messageOf(T.fields.documento)).toBe(SPONSORSHIP_MSG.badDocument));
    type(T.fields.documento, '123456789');
    submit();
    await waitFor(() => expect(messageOf(T.fields.documento)).toBe(SPONSORSHIP_MSG.badDocument));
    expect(posts(calls)).toHaveLength(0);
  });

  it('rejects a .exe, an 11 MB file and more than the maximum of attachments when they are chosen', async () => {
    const calls = serve({ [`GET ${PROVIDERS_PATH}`]: providersOk });
    open('/patrocinios');
    await formReady();
    attach(new File(['MZ'], 'virus.exe', { type: 'application/x-msdownload' }), pdf('grande.pdf', 11 * 1024 * 1024));
    expect(await screen.findByText(T.refusedFile('virus.exe', SPONSORSHIP_MSG.attachmentType))).toBeTruthy();
    expect(screen.getByText(T.refusedFile('grande.pdf', FILE_TOO_LARGE_TEXT))).toBeTruthy();
    expect(screen.getByText(T.noAttachments)).toBeTruthy();

    attach(...Array.from({ length: MAX_ATTACHMENTS + 1 }, (_, i) => pdf(`anexo-${i + 1}.pdf`)));
    expect(await screen.findByText(SPONSORSHIP_MSG.tooManyAttachments)).toBeTruthy();
    const list = screen.getByRole('list', { name: T.sections.attachments });
    expect(within(list).getAllByRole('listitem')).toHaveLength(MAX_ATTACHMENTS);
    expect(screen.queryByText(T.refusedFile('virus.exe', SPONSORSHIP_MSG.attachmentType))).toBeNull();
    expect(posts(calls)).toHaveLength(0);
  });

  it('sends a complete request as multipart with its files and the empty honeypot, then shows the protocol', async () => {
    const calls = serve({ [`GET ${PROVIDERS_PATH}`]: providersOk, [`POST ${SEND_PATH}`]: { status: 201, body: SENT } });
    const where = open('/patrocinios');
    await formReady();
    expect(within(field(T.fields.id_empresa)).getAllByRole('option').map((o) => o.textContent)).toEqual([T.chooseProvider, 'Bitcom', 'RazãoInfo', 'Vetorial']);
    await fillValid({ provider: '2' });
    attach(pdf('projeto.pdf'), new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'cartaz.PNG', { type: 'image/png' }), pdf('orcamento.pdf'));
    expect(await screen.findByText('cartaz.PNG')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: T.removeAttachment('orcamento.pdf') }));
    expect(screen.queryByText('orcamento.pdf')).toBeNull();

    submit();
    expect(await screen.findByRole('heading', { level: 1, name: T.doneTitle })).toBeTruthy();
    expect(where.current?.pathname).toBe('/patrocinios/sucesso');
    expect(screen.getByText(SENT.protocolo)).toBeTruthy();
    expect(screen.getByText(T.confirmationTo(SENT.email))).toBeTruthy();

    const [post] = posts(calls);
    expect(post.path).toBe(SEND_PATH);
    expect(post.headers.get('Authorization')).toBeNull();
    // The browser writes the multipart Content-Type with its boundary.
    expect(post.headers.get('Content-Type')).toBeNull();
    const body = post.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(Object.fromEntries([...body.entries()].filter(([, v]) => typeof v === 'string'))).toEqual({
      id_empresa: '2',
      organizacao: 'Associação Cultural de Uberlândia',
      responsavel: 'Maria Souza',
      email: SENT.email,
      telefone: '(34) 99999-1234',
      documento: '11.222.333/0001-81',
      evento: 'Festival de Inverno',
      descricao_evento: 'Três dias de música e gastronomia na praça central, com entrada gratuita.',
      data_evento: '2099-12-31',
      uf: 'MG',
      cidade: 'Uberlândia',
      publico_estimado: '12000',
      pedido: 'Internet no local e apoio para o palco.',
      valor_solicitado: '1500.00',
      contrapartidas: 'Marca nos banners e nas camisetas da equipe.',
      website: '',
    });
    expect(body.getAll('anexos').map((f) => (f as File).name)).toEqual(['projeto.pdf', 'cartaz.PNG']);
  });

  it('takes the provider from a slug or an id in the address, and says when it is unknown', async () => {
    const calls = serve({ [`GET ${PROVIDERS_PATH}`]: [providersOk, providersOk, providersOk], [`POST ${SEND_PATH}`]: { status: 201, body: SENT } });
    open('/patrocinios/bitcom');
    await formReady('Solicite um patrocínio da Bitcom');
    await waitFor(() => expect(document.title).toBe('Intranet - Patrocínios - Bitcom'));
    expect(screen.queryByLabelText(new RegExp(`^${T.fields.id_empresa}`))).toBeNull();
    await fillValid();
    submit();
    expect(await screen.findByRole('heading', { level: 1, name: T.doneTitle })).toBeTruthy();
    expect((posts(calls)[0].body as FormData).get('id_empresa')).toBe('1');
    cleanup();

    open('/patrocinios/3');
    await formReady('Solicite um patrocínio da Vetorial');
    cleanup();

    open('/patrocinios/provedor-que-nao-existe');
    await formReady();
    expect(screen.getByText(SPONSORSHIP_MSG.providerNotFound)).toBeTruthy();
    expect(field(T.fields.id_empresa).value).toBe('');
  });

  it("shows the server's field errors under their fields and its message on top", async () => {
    const refusal = {
      message: 'Revise os campos destacados.',
      errors: { cidade: 'Cidade não encontrada nesta UF.', email: MSG.email, anexos: SPONSORSHIP_MSG.attachmentType },
    };
    const calls = serve({ [`GET ${PROVIDERS_PATH}`]: providersOk, [`POST ${SEND_PATH}`]: [{ status: 400, body: refusal }, { status: 201, body: SENT }] });
    open('/patrocinios');
    await formReady();
    await fillValid();
    attach(pdf('projeto.pdf'));
    submit();
    await waitFor(() => expect(messageOf(T.fields.cidade)).toBe(refusal.errors.cidade));
    expect(messageOf(T.fields.email)).toBe(MSG.email);
    expect(screen.getByText(SPONSORSHIP_MSG.attachmentType)).toBeTruthy();
    expect(screen.getAllByRole('alert')[0].textContent).toBe(refusal.message);
    // Nothing was lost: corrected, it is sent again.
    expect(field(T.fields.organizacao).value).toBe('Associação Cultural de Uberlândia');
    submit();
    expect(await screen.findByRole('heading', { level: 1, name: T.doneTitle })).toBeTruthy();
    expect(posts(calls)).toHaveLength(2);
  });

  it("shows the server's message of a refusal on a field the page does not draw, of the throttle and of a failure", async () => {
    serve({
      [`GET ${PROVIDERS_PATH}`]: providersOk,
      [`POST ${SEND_PATH}`]: [
        { status: 400, body: { message: 'Revise os dados.', errors: { id_empresa: SPONSORSHIP_MSG.providerNotFound } } },
        { status: 429, body: { message: SPONSORSHIP_MSG.tooMany } },
        { status: 413, body: { message: FILE_TOO_LARGE_TEXT } },
        { status: 500, body: null },
      ],
    });
    open('/patrocinios/razaoinfo');
    await formReady('Solicite um patrocínio da RazãoInfo');
    await fillValid();
    submit();
    await waitFor(() => expect(screen.getAllByRole('alert')[0].textContent).toBe(`Revise os dados.${SPONSORSHIP_MSG.providerNotFound}`));
    submit();
    await waitFor(() => expect(screen.getAllByRole('alert')[0].textContent).toBe(SPONSORSHIP_MSG.tooMany));
    submit();
    await waitFor(() => expect(screen.getAllByRole('alert')[0].textContent).toBe(FILE_TOO_LARGE_TEXT));
    submit();
    await waitFor(() => expect(screen.getAllByRole('alert')[0].textContent).toBe(SPONSORSHIP_MSG.sendError));
  });

  it('offers a retry when the providers cannot be loaded', async () => {
    serve({ [`GET ${PROVIDERS_PATH}`]: [{ status: 503, body: { message: 'Serviço indisponível.' } }, providersOk] });
    open('/patrocinios');
    expect(await screen.findByText('Serviço indisponível.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: T.retry }));
    await formReady();
  });
});

describe('the thank-you page', () => {
  it('says the request was sent without a protocol when opened directly, and leads to another request', async () => {
    serve({ [`GET ${PROVIDERS_PATH}`]: providersOk });
    const where = open('/patrocinios/sucesso');
    expect(await screen.findByRole('heading', { level: 1, name: T.doneTitle })).toBeTruthy();
    expect(screen.getByText(T.confirmationSent)).toBeTruthy();
    expect(screen.queryByText(T.protocol)).toBeNull();
    for (const step of T.nextSteps) expect(screen.getByText(step)).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: T.another }));
    await formReady();
    expect(where.current?.pathname).toBe('/patrocinios');
  });
});

describe('the form logic', () => {
  it('switches the document mask at the 12th digit and checks the check digits', () => {
    expect(maskDocument('5299822')).toBe('529.982.2');
    expect(maskDocument('529982247251')).toBe('52.998.224/7251');
    expect(maskDocument('112223330001819999')).toBe('11.222.333/0001-81');
    const values = { ...EMPTY_VALUES, documento: maskDocument(CPF) };
    expect(formProblems(values, '2026-01-01').documento).toBeUndefined();
    expect(formProblems({ ...values, documento: '529.982.247-24' }, '2026-01-01').documento).toBe(SPONSORSHIP_MSG.badDocument);
  });

  it("refuses today's yesterday and takes today, by the business day", () => {
    const problems = (data_evento: string) => formProblems({ ...EMPTY_VALUES, data_evento }, '2026-05-10').data_evento;
    expect(problems('2026-05-09')).toBe(SPONSORSHIP_MSG.pastDate);
    expect(problems('2026-05-10')).toBeUndefined();
    expect(problems('31/02/2026')).toBe(MSG.date);
  });

  it('keeps a file chosen twice once and sends the optional fields empty', () => {
    const file = pdf('projeto.pdf');
    const { files, refused } = addAttachments([file], [file], T.refusedFile);
    expect(files).toEqual([file]);
    expect(refused).toEqual([]);
    const body = requestBody(EMPTY_VALUES, files, '');
    expect(body.get('valor_solicitado')).toBe('');
    expect(body.get('publico_estimado')).toBe('');
    expect(body.getAll('anexos')).toHaveLength(1);
  });
});

describe("the staff's attachments", () => {
  const IDS = ['3f2b8a7e-1c4d-4e5f-9a6b-7c8d9e0f1a2b', '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d'];
  const config = configByResource.get('sponsorship-requests')!;

  function inAdmin(children: ReactNode) {
    return render(
      <MemoryRouter>
        <AdminContext dataProvider={createDataProvider('/api', resourceModules)} i18nProvider={i18nProvider} store={memoryStore()}>
          {children}
          <Notification />
        </AdminContext>
      </MemoryRouter>,
    );
  }

  /** Saves downloads into `saved` (names) instead of the browser's downloads folder. */
  function captureDownloads() {
    const saved: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:anexo');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.getAttribute('download') ?? '');
    });
    return saved;
  }

  it('registers the view of anexos and the edit form notice', () => {
    expect(config.properties.anexos?.readOnly).toBe(true);
    expect(fieldViewOf('sponsorship-requests', 'anexos')).toBe(fieldViews[0]);
    expect(formNoticesOf('sponsorship-requests')).toContain(formNotices[0]);
  });

  it("lists an expanded row's attachments by the names they were sent with, each downloaded with the session", async () => {
    setSession({ token: 'token-marketing', roles: ['marketing:gestor', 'user'] });
    const calls = serve({
      // The files engine names the first file; the second (one the user may not read) it does not.
      'GET /v1/files/names': { status: 200, body: { files: [{ id: IDS[0], name: 'projeto cultural.pdf', type: 'application/pdf', size: 8 }] } },
      [`GET /v1/files/${IDS[0]}`]: { status: 200, body: '%PDF-1.4', headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': `attachment; filename*=UTF-8''projeto%20cultural.pdf` } },
      [`GET /v1/files/${IDS[1]}`]: { status: 404, body: { message: MSG.fileNotFound } },
    });
    const saved = captureDownloads();
    inAdmin(
      <RecordContextProvider value={{ id: 12, anexos: IDS }}>
        <ExpandPanel config={config} fields={['anexos']} />
      </RecordContextProvider>,
    );
    // Named before any download.
    fireEvent.click(await screen.findByRole('button', { name: 'projeto cultural.pdf' }));
    expect(screen.queryByRole('button', { name: T.attachment(1) })).toBeNull();
    const names = calls.find((c) => c.path === '/v1/files/names')!;
    expect(names.headers.get('x-intranet-role')).toBe('marketing:gestor');
    await waitFor(() => expect(saved).toEqual(['projeto cultural.pdf']));
    const download = calls.find((c) => c.path === `/v1/files/${IDS[0]}`)!;
    expect(download.headers.get('Authorization')).toBe('Bearer token-marketing');
    expect(download.headers.get('x-intranet-role')).toBe('marketing:gestor');

    // A file the server does not name keeps its number; downloading it: the server's text, nothing saved.
    fireEvent.click(screen.getByRole('button', { name: T.attachment(2) }));
    expect(await screen.findByText(MSG.fileNotFound)).toBeTruthy();
    expect(saved).toHaveLength(1);
  });

  it('draws the attachments under the edit form, and says when there are none', async () => {
    function Form({ anexos, mode }: { anexos: string[]; mode: 'create' | 'edit' }) {
      const form = useForm({ defaultValues: { anexos } });
      return (
        <FormProvider {...form}>
          <AttachmentsNotice config={config} mode={mode} />
        </FormProvider>
      );
    }
    setSession({ token: 'token-marketing', roles: ['marketing:gestor', 'user'] });
    const calls = serve({
      'GET /v1/files/names': {
        status: 200,
        body: { files: [IDS[1], IDS[0]].map((id, i) => ({ id, name: ['cartaz.png', 'projeto.pdf'][i], type: 'application/pdf', size: 8 })) },
      },
    });
    inAdmin(<Form anexos={IDS} mode="edit" />);
    const section = await screen.findByRole('region', { name: config.properties.anexos.title });
    // In the record's order, whatever the answer's.
    await waitFor(() => expect(within(section).getAllByRole('button').map((b) => b.textContent)).toEqual(['projeto.pdf', 'cartaz.png']));
    const query = new URL(String(vi.mocked(fetch).mock.calls[0][0]), 'http://localhost').searchParams;
    expect(query.getAll('id')).toEqual(IDS);
    expect(calls).toHaveLength(1);
    cleanup();
    inAdmin(<Form anexos={[]} mode="edit" />);
    expect(await screen.findByText(T.noAttachmentsSent)).toBeTruthy();
    cleanup();
    inAdmin(<Form anexos={IDS} mode="create" />);
    expect(screen.queryByRole('region')).toBeNull();
  });
});
