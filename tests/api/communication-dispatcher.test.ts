// The communication scale's dispatcher end to end on a fixed clock (3 May 2026, 07:00 in São Paulo):
// a shift run sends the right customers the right channels once, through the WhatsApp Cloud API and
// SMS gateway adapters (a local HTTP gateway here) and the e-mail outbox; restricted channels and
// customers without an address are logged as 'ignorado' with their reason and get nothing; a second
// run, or two concurrent runs (two app instances on PostgreSQL), send nothing twice; a failing
// gateway's error is kept and the queue's retry sends it; the preview counts what the run then sends;
// the send log filters; the shifts are scheduled on pg-boss in America/Sao_Paulo; rights and
// malformed parameters.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { CommunicationDispatcher } from '../../src/server/communication/dispatcher.js';
import { createPostgres } from '../../src/server/db/index.js';
import { DISPATCH_QUEUE, SHIFT_QUEUE, shiftKey } from '../../src/server/jobs/communication.js';
import { bearer, onPostgres, testApp, type TestApp } from '../helpers/app.js';

const NOW = new Date('2026-05-03T10:00:00Z'); // 07:00 in São Paulo
/** The server's clock (app.communication.now): NOW, but for the tests of past shifts. */
let clock = NOW;
const DAY = '2026-05-03';
const WAIT = 30_000;

interface GatewayCall {
  path: string;
  authorization: string | undefined;
  body: Record<string, any>;
}

/** A local WhatsApp Cloud API and SMS gateway: records every request; fails the numbers told to. */
function gateway() {
  const calls: GatewayCall[] = [];
  /** 'sms:<to>' or 'wa:<to>' -> failures left (Infinity: always). */
  const failures = new Map<string, number>();
  const server: Server = createServer(async (req: IncomingMessage, res) => {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const body = JSON.parse(raw || '{}');
    calls.push({ path: req.url ?? '', authorization: req.headers.authorization, body });
    const key = `${req.url?.startsWith('/sms') ? 'sms' : 'wa'}:${String(body.to ?? '')}`;
    const left = failures.get(key) ?? 0;
    res.setHeader('content-type', 'application/json');
    if (left > 0) {
      failures.set(key, left - 1);
      res.statusCode = 500;
      res.end(JSON.stringify({ error: { message: 'Gateway indisponível' } }));
      return;
    }
    res.end(JSON.stringify({ messages: [{ id: `wamid.${calls.length}` }] }));
  });
  return {
    calls,
    failures,
    async start() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    to: (path: string, dest: string) => calls.filter((c) => c.path.startsWith(path) && c.body.to === dest),
  };
}

async function eventually(check: () => Promise<boolean> | boolean, ms = WAIT) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condição não atingida a tempo');
    await new Promise((r) => setTimeout(r, 50));
  }
}

const gw = gateway();
let base: string;
let t: TestApp;
let A: number; // Bitcom
let B: number; // Vetorial
let campaignA: number;
let campaignB: number;
let birthdayRule: number;
let activationRule: number;
let gestorA: Record<string, string>;
let leitorB: Record<string, string>;
let leitorA: Record<string, string>;
let serial = 0;

const config = () => ({
  whatsapp: { apiUrl: `${base}/wa/`, phoneNumberId: '1234567890', token: 'token-wa', language: 'pt_BR' },
  sms: { url: `${base}/sms`, token: 'token-sms' },
  communicationMaxAttempts: 3,
  communicationRetryDelaySeconds: 1,
  communicationHttpTimeoutMs: 5_000,
});

/** A customer of a provider, as the ERP import writes it. */
async function customer(provider: number, c: Record<string, unknown>) {
  const code = String(c.cod_cliente ?? `T${++serial}`);
  await t.db.query(
    `INSERT INTO relacionamento.dados_pessoas (sistema, id_empresa, cod_cliente, codpessoa, nome_razaosocial, data_nascimento, data_ativacao,
       data_contratacao, celular, telefone, email, plano, cidade, situacao)
     VALUES ($1, $2, $3, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
    [
      c.sistema ?? (provider === A ? 'BITCOM' : 'VETORIAL'),
      provider,
      code,
      c.nome,
      c.nascimento ?? null,
      c.ativacao ?? null,
      c.contratacao ?? null,
      c.celular ?? null,
      c.telefone ?? null,
      c.email ?? null,
      c.plano ?? '300 Mega',
      c.cidade ?? 'Belo Horizonte',
      c.situacao ?? 'ativo',
    ],
  );
  return code;
}

async function campaign(provider: number, nome: string, ativo = true) {
  const { rows } = await t.db.query<{ id: number }>('INSERT INTO campanha.comunicacao (sistema, nome, ativo) VALUES ($1, $2, $3) RETURNING id', [provider, nome, ativo]);
  return rows[0].id;
}

async function rule(campanha_id: number, r: Record<string, unknown>) {
  const v: Record<string, unknown> = {
    envio: null,
    tempo: null,
    data_especifica: null,
    turno: 'M',
    ativo: true,
    whatsapp: false,
    template_whatsapp: null,
    email: false,
    titulo_email: null,
    mensagem_email: null,
    sms: false,
    mensagem_sms: null,
    criado: null,
    ...r,
  };
  const { rows } = await t.db.query<{ id: number }>(
    `INSERT INTO campanha.regra (campanha_id, criterio, envio, tempo, data_especifica, turno, ativo, whatsapp, template_whatsapp, email, titulo_email,
       mensagem_email, sms, mensagem_sms, criado)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, COALESCE($15::timestamptz, now())) RETURNING id`,
    [campanha_id, v.criterio, v.envio, v.tempo, v.data_especifica, v.turno, v.ativo, v.whatsapp, v.template_whatsapp, v.email, v.titulo_email, v.mensagem_email, v.sms, v.mensagem_sms, v.criado],
  );
  return rows[0].id;
}

const dispatch = (payload: unknown, headers?: Record<string, string>) =>
  headers ? t.app.inject({ method: 'POST', url: '/v1/campanha/disparo', headers, payload: payload as object }) : t.inject({ method: 'POST', url: '/v1/campanha/disparo', payload: payload as object });

const sends = async (where = 'true', params: unknown[] = []) =>
  (
    await t.db.query<Record<string, any>>(
      `SELECT regra_id, cod_cliente, canal, dia::text AS dia, turno, destino, status, motivo, tentativas, erro, assunto, conteudo, enviado_em
         FROM campanha.envio WHERE ${where} ORDER BY cod_cliente, canal`,
      params,
    )
  ).rows;

beforeAll(async () => {
  base = await gw.start();
  t = await testApp({ now: () => clock, config: { ...config(), jobsEnabled: true, jobsPollingIntervalSeconds: 0.5 } });
  A = (await t.inject({ method: 'POST', url: '/api/providers', payload: { nome: 'Bitcom' } })).json().id;
  B = (await t.inject({ method: 'POST', url: '/api/providers', payload: { nome: 'Vetorial' } })).json().id;
  for (const [nome, id_empresa] of [
    ['BITCOM', A],
    ['VETORIAL', B],
  ] as const) {
    const r = await t.inject({ method: 'POST', url: '/api/systems', payload: { nome, id_empresa, erp: 'SGP' } });
    expect(r.statusCode, r.body).toBe(201);
  }
  // Bitcom's customers with a birthday on 3 May, and others.
  await customer(A, { cod_cliente: 'A1', nome: 'Ana Aniversário Souza', nascimento: '1990-05-03', celular: '(31) 99876-0001', email: 'ana@exemplo.com.br', plano: '500 Mega' });
  await customer(A, { cod_cliente: 'A2', nome: 'Bruno Restrito Lima', nascimento: '1985-05-03', celular: '(31) 99876-0002', email: 'bruno@exemplo.com.br' });
  await customer(A, { cod_cliente: 'A3', nome: 'Carla Sem Endereço', nascimento: '2000-05-03', telefone: '(31) 3222-1000' });
  await customer(A, { cod_cliente: 'A4', nome: 'Davi Outro Dia', nascimento: '1990-05-04', celular: '(31) 99876-0004', email: 'davi@exemplo.com.br' });
  await customer(A, { cod_cliente: 'A5', nome: 'Elisa Cancelada', nascimento: '1990-05-03', celular: '(31) 99876-0005', situacao: 'cancelado' });
  await customer(A, { cod_cliente: 'A6', nome: 'Fábio Telefone Celular', nascimento: '1970-05-03', telefone: '(31) 98888-7777', email: 'fabio@' });
  await customer(A, { cod_cliente: 'A7', nome: 'Gil Ativado Ontem', ativacao: '2026-05-02', celular: '31 99876-0007' });
  await customer(A, { cod_cliente: 'A8', nome: 'Hugo Aniversário Falho', nascimento: '1999-05-03', celular: '(31) 99876-0008' });
  await customer(A, { cod_cliente: 'A9', nome: 'Íris Sempre Falha', nascimento: '1998-05-03', celular: '(31) 99876-0009' });
  await customer(B, { cod_cliente: 'B1', nome: 'Beatriz Vetorial', nascimento: '1980-05-03', celular: '(41) 99876-0001', email: 'beatriz@exemplo.com.br' });
  // Bruno refuses WhatsApp (a restriction: true allows, false restricts).
  await t.db.query(
    `INSERT INTO relacionamento.preferencias_cliente (sistema, cod_cliente, nome_razaosocial, whatsapp, email, sms) VALUES ($1, 'A2', 'Bruno Restrito Lima', false, true, true)`,
    [A],
  );
  campaignA = await campaign(A, 'Aniversariantes Bitcom');
  campaignB = await campaign(B, 'Aniversariantes Vetorial');
  birthdayRule = await rule(campaignA, {
    criterio: 'data_aniversario',
    envio: 'no_dia',
    tempo: 0,
    whatsapp: true,
    template_whatsapp: 'feliz_aniversario',
    email: true,
    titulo_email: 'Feliz aniversário, {primeiro_nome}!',
    mensagem_email: 'Olá, {nome}! A {provedor} deseja um feliz aniversário. Seu plano: {plano}. Nascimento: {data_nascimento}. {desconhecido}',
    sms: true,
    mensagem_sms: 'Parabéns, {primeiro_nome}!',
  });
  activationRule = await rule(campaignA, { criterio: 'data_ativacao', envio: 'dia_seguinte', tempo: 1, sms: true, mensagem_sms: 'Bem-vindo, {primeiro_nome}! Ativado em {data_ativacao}.' });
  // Not in the morning run: another shift, an inactive rule, an inactive campaign.
  await rule(campaignA, { criterio: 'data_aniversario', envio: 'no_dia', turno: 'N', sms: true, mensagem_sms: 'Boa noite' });
  await rule(campaignA, { criterio: 'data_aniversario', envio: 'no_dia', ativo: false, sms: true, mensagem_sms: 'Inativa' });
  await rule(await campaign(A, 'Campanha desligada', false), { criterio: 'data_aniversario', envio: 'no_dia', sms: true, mensagem_sms: 'Desligada' });
  await rule(campaignB, { criterio: 'data_aniversario', envio: 'no_dia', email: true, titulo_email: 'Parabéns', mensagem_email: 'Feliz aniversário, {primeiro_nome}!' });
  gestorA = bearer(await t.userToken({ papeis: ['regua_comunicacao:gestor'], id_empresas: [A] }), 'regua_comunicacao:gestor');
  leitorA = bearer(await t.userToken({ papeis: ['regua_comunicacao:leitor'], id_empresas: [A] }), 'regua_comunicacao:leitor');
  leitorB = bearer(await t.userToken({ papeis: ['regua_comunicacao:leitor'], id_empresas: [B] }), 'regua_comunicacao:leitor');
  // Hugo's SMS fails once (the retry sends it); Íris's WhatsApp and SMS always fail.
  gw.failures.set('sms:5531998760008', 1);
  gw.failures.set('wa:5531998760009', Infinity);
  gw.failures.set('sms:5531998760009', Infinity);
});

afterAll(async () => {
  await t?.close();
  await gw.close();
});

describe('the preview (who gets what, when)', () => {
  it('counts per day and channel, the first customers by name, the skipped ones with the reason', async () => {
    const r = await t.app.inject({ method: 'GET', url: `/v1/campanha/regras/${birthdayRule}/previa?dias=3&inicio=2026-05-02`, headers: leitorA });
    expect(r.statusCode, r.body).toBe(200);
    const body = r.json();
    expect(body.inicio).toBe('2026-05-02');
    expect(body.fim).toBe('2026-05-04');
    expect(body.dias.map((d: any) => d.dia)).toEqual(['2026-05-02', '2026-05-03', '2026-05-04']);
    const may3 = body.dias[1];
    expect(may3).toMatchObject({ turno: 'M', regra_id: birthdayRule });
    // Ana, Bruno (no WhatsApp), Carla (no address), Fábio (mobile from telefone, bad e-mail), Hugo, Íris.
    expect(may3.canais).toEqual({
      whatsapp: { enviar: 4, restritos: 1, sem_endereco: 1 },
      email: { enviar: 2, restritos: 0, sem_endereco: 4 },
      sms: { enviar: 5, restritos: 0, sem_endereco: 1 },
    });
    expect(may3).toMatchObject({ situacao: 'a_enviar', enviados: null, motivo: null });
    // 2 May's shift is past (the clock is 3 May, 07:00): nothing "to send", and nothing logged. The rule
    // was registered now (the database's clock), after that shift, or, on an earlier TEST_CLOCK, nobody
    // has a birthday that day.
    expect(body.dias[0]).toMatchObject({ situacao: 'nao_enviado', canais: { whatsapp: null, email: null, sms: null }, enviados: null });
    expect(['regra_posterior', 'sem_clientes']).toContain(body.dias[0].motivo);
    expect(body.dias[2].canais.email).toEqual({ enviar: 1, restritos: 0, sem_endereco: 0 });
    const first = body.primeiros.find((p: any) => p.cod_cliente === 'A1');
    expect(first).toEqual({ dia: DAY, regra_id: birthdayRule, nome_razaosocial: 'Ana Aniversário Souza', cod_cliente: 'A1', canais: ['email', 'sms', 'whatsapp'] });
    expect(body.primeiros.find((p: any) => p.cod_cliente === 'A2').canais).toEqual(['email', 'sms']);
    expect(body.primeiros.some((p: any) => ['A3', 'A5'].includes(p.cod_cliente))).toBe(false);
    expect(body.ignorados).toEqual(
      expect.arrayContaining([
        { dia: DAY, regra_id: birthdayRule, nome_razaosocial: 'Bruno Restrito Lima', cod_cliente: 'A2', canal: 'whatsapp', motivo: 'restrito' },
        { dia: DAY, regra_id: birthdayRule, nome_razaosocial: 'Carla Sem Endereço', cod_cliente: 'A3', canal: 'sms', motivo: 'sem_endereco' },
        { dia: DAY, regra_id: birthdayRule, nome_razaosocial: 'Fábio Telefone Celular', cod_cliente: 'A6', canal: 'email', motivo: 'sem_endereco' },
      ]),
    );
    expect(body.ignorados.some((i: any) => i.cod_cliente === 'B1')).toBe(false);
  });

  it('a campaign\'s active rules from today (the clock) for 7 days by default; an exact-date rule lists each day', async () => {
    const r = await t.app.inject({ method: 'GET', url: `/v1/campanha/agendamento/${campaignA}/previa`, headers: leitorA });
    expect(r.statusCode, r.body).toBe(200);
    const body = r.json();
    expect(body.inicio).toBe(DAY);
    expect(body.fim).toBe('2026-05-09');
    const rules = new Set(body.dias.map((d: any) => d.regra_id));
    // The birthday rule (M), the activation rule (M) and the night rule; not the inactive one.
    expect(rules.size).toBe(3);
    expect(body.dias.filter((d: any) => d.regra_id === activationRule)).toHaveLength(7);
    const activation = body.dias.find((d: any) => d.regra_id === activationRule && d.dia === DAY);
    expect(activation.canais).toEqual({ whatsapp: null, email: null, sms: { enviar: 1, restritos: 0, sem_endereco: 0 } });
    // Sorted by day, then shift.
    const order = body.dias.map((d: any) => `${d.dia}${{ M: 0, T: 1, N: 2 }[d.turno as 'M']}`);
    expect(order).toEqual([...order].sort());
  });

  it('rights and parameters: another provider\'s campaign is not found, bad parameters answer 400', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/v1/campanha/agendamento/${campaignA}/previa`, headers: leitorB })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/v1/campanha/regras/${birthdayRule}/previa`, headers: leitorB })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/v1/campanha/regras/${birthdayRule}/previa` })).statusCode).toBe(401);
    for (const q of ['dias=0', 'dias=61', 'dias=abc', 'inicio=2026-02-30', 'inicio=ontem', 'outro=1', 'dias=1&dias=2']) {
      const r = await t.inject({ method: 'GET', url: `/v1/campanha/regras/${birthdayRule}/previa?${q}` });
      expect(r.statusCode, `${q}: ${r.body}`).toBe(400);
    }
    expect((await t.inject({ method: 'GET', url: '/v1/campanha/regras/999999/previa' })).statusCode).toBe(404);
    expect((await t.inject({ method: 'GET', url: '/v1/campanha/regras/abc/previa' })).statusCode).toBe(404);
    const r = await t.inject({ method: 'GET', url: `/v1/campanha/regras/${birthdayRule}/previa?dias=60&inicio=2028-02-01` });
    expect(r.statusCode).toBe(200);
    expect(r.json().dias).toHaveLength(60);
  });
});

describe('a shift run', () => {
  let firstRun: Record<string, number>;

  it('sends each selected customer the right channels once; restricted and addressless ones get nothing', async () => {
    const preview = (await t.inject({ method: 'GET', url: `/v1/campanha/agendamento/${campaignA}/previa?dias=1&inicio=${DAY}` })).json();
    const r = await dispatch({ turno: 'M', dia: DAY }, gestorA);
    expect(r.statusCode, r.body).toBe(200);
    firstRun = r.json().campanha_disparo;
    // Birthday rule: 6 customers x 3 channels; activation rule: Gil's SMS. Vetorial's rule is not the gestor's.
    // Failed: Hugo's SMS (once), Íris's WhatsApp and SMS (always).
    expect(firstRun).toMatchObject({ dia: DAY, turno: 'M', regras: 2, registrados: 19, ignorados: 7, falharam: 3, enviados: 9 });

    const rows = await sends('dia = $1 AND regra_id = $2', [DAY, birthdayRule]);
    const of = (code: string, canal: string) => rows.find((s) => s.cod_cliente === code && s.canal === canal)!;
    expect(of('A1', 'whatsapp')).toMatchObject({ status: 'enviado', destino: '5531998760001', tentativas: 1, conteudo: 'feliz_aniversario', turno: 'M' });
    expect(of('A1', 'whatsapp').enviado_em).toBeTruthy();
    expect(of('A1', 'email')).toMatchObject({
      status: 'enviado',
      destino: 'ana@exemplo.com.br',
      assunto: 'Feliz aniversário, Ana!',
      conteudo: 'Olá, Ana Aniversário Souza! A Bitcom deseja um feliz aniversário. Seu plano: 500 Mega. Nascimento: 03/05/1990. {desconhecido}',
    });
    expect(of('A1', 'sms')).toMatchObject({ status: 'enviado', conteudo: 'Parabéns, Ana!' });
    expect(of('A2', 'whatsapp')).toMatchObject({ status: 'ignorado', motivo: 'restrito', tentativas: 0, conteudo: null });
    expect(of('A2', 'email').status).toBe('enviado');
    for (const canal of ['whatsapp', 'email', 'sms']) expect(of('A3', canal)).toMatchObject({ status: 'ignorado', motivo: 'sem_endereco', destino: null });
    expect(of('A6', 'whatsapp')).toMatchObject({ status: 'enviado', destino: '5531988887777' });
    expect(of('A6', 'email')).toMatchObject({ status: 'ignorado', motivo: 'sem_endereco' });
    expect(rows.filter((s) => ['A4', 'A5', 'B1'].includes(s.cod_cliente))).toEqual([]);
    expect(await sends('regra_id <> ALL($1::int[])', [[birthdayRule, activationRule]])).toEqual([]);
    const gil = await sends('regra_id = $1', [activationRule]);
    expect(gil).toMatchObject([{ cod_cliente: 'A7', canal: 'sms', status: 'enviado', destino: '5531998760007', conteudo: 'Bem-vindo, Gil! Ativado em 02/05/2026.' }]);

    // Through the gateways: the WhatsApp Cloud API template with the name as its parameter, the SMS gateway.
    const [wa] = gw.to('/wa/', '5531998760001');
    expect(wa.path).toBe('/wa/1234567890/messages');
    expect(wa.authorization).toBe('Bearer token-wa');
    expect(wa.body).toMatchObject({
      messaging_product: 'whatsapp',
      type: 'template',
      template: { name: 'feliz_aniversario', language: { code: 'pt_BR' }, components: [{ type: 'body', parameters: [{ type: 'text', text: 'Ana Aniversário Souza' }] }] },
    });
    expect(gw.to('/sms', '5531998760001')).toMatchObject([{ authorization: 'Bearer token-sms', body: { to: '5531998760001', message: 'Parabéns, Ana!' } }]);
    expect(gw.to('/wa/', '5531998760002')).toEqual([]);
    // Without SMTP_URL the e-mails are in the outbox; the gateways' messages keep a copy with their result.
    const { rows: mail } = await t.db.query(`SELECT para, assunto FROM admin.email WHERE para = ANY($1::text[]) ORDER BY para`, [['ana@exemplo.com.br', 'bruno@exemplo.com.br']]);
    expect(mail).toEqual([
      { para: 'ana@exemplo.com.br', assunto: 'Feliz aniversário, Ana!' },
      { para: 'bruno@exemplo.com.br', assunto: 'Feliz aniversário, Bruno!' },
    ]);
    const { rows: copy } = await t.db.query(`SELECT canal, template, texto, enviado FROM admin.mensagem WHERE para = '5531998760001' ORDER BY canal`);
    expect(copy).toEqual([
      { canal: 'sms', template: null, texto: 'Parabéns, Ana!', enviado: true },
      { canal: 'whatsapp', template: 'feliz_aniversario', texto: 'Ana Aniversário Souza', enviado: true },
    ]);

    // The preview counted what the run sent or skipped, channel by channel.
    const counted = (canal: string, key: 'enviar' | 'restritos' | 'sem_endereco') =>
      preview.dias.filter((d: any) => d.turno === 'M' && d.canais[canal]).reduce((n: number, d: any) => n + d.canais[canal][key], 0);
    const all = await sends('dia = $1', [DAY]);
    for (const canal of ['whatsapp', 'email', 'sms']) {
      const logged = all.filter((s) => s.canal === canal);
      expect(logged.filter((s) => s.status !== 'ignorado').length, canal).toBe(counted(canal, 'enviar'));
      expect(logged.filter((s) => s.motivo === 'restrito').length, canal).toBe(counted(canal, 'restritos'));
      expect(logged.filter((s) => s.motivo === 'sem_endereco').length, canal).toBe(counted(canal, 'sem_endereco'));
    }
  });

  it('a failing gateway keeps the error, and the queue retries with back-off until sent or out of attempts', async () => {
    // Hugo's SMS failed once, then the retry job sent it: the error of the failed attempt stays.
    await eventually(async () => (await sends("cod_cliente = 'A8' AND canal = 'sms'"))[0].status === 'enviado');
    expect((await sends("cod_cliente = 'A8' AND canal = 'sms'"))[0]).toMatchObject({ status: 'enviado', tentativas: 2, erro: 'HTTP 500: Gateway indisponível' });
    expect(gw.to('/sms', '5531998760008')).toHaveLength(2);
    // Íris's always fails: three attempts (COMMUNICATION_MAX_ATTEMPTS), then it stays failed with its error.
    const iris = async () => sends("cod_cliente = 'A9' AND canal <> 'email'");
    await eventually(async () => (await iris()).every((s) => s.tentativas === 3 && s.status === 'falhou'), 45_000);
    expect(gw.to('/wa/', '5531998760009')).toHaveLength(3);
    expect(await iris()).toHaveLength(2);
    for (const s of await iris()) expect(s).toMatchObject({ status: 'falhou', tentativas: 3, erro: 'HTTP 500: Gateway indisponível', enviado_em: null });
    const { rows: copies } = await t.db.query(`SELECT enviado, erro FROM admin.mensagem WHERE para = '5531998760009' AND canal = 'sms'`);
    expect(copies).toHaveLength(3);
    expect(copies.every((c) => c.enviado === false && c.erro === 'HTTP 500: Gateway indisponível')).toBe(true);
  });

  it('a second run sends nothing', async () => {
    const before = gw.calls.length;
    const r = await dispatch({ turno: 'M', dia: DAY });
    expect(r.statusCode, r.body).toBe(200);
    // The superadmin runs every provider: Vetorial's rule is new, Bitcom's are all logged already.
    expect(r.json().campanha_disparo).toMatchObject({ regras: 3, registrados: 1, enviados: 1 });
    const again = await dispatch({ turno: 'M', dia: DAY });
    expect(again.json().campanha_disparo).toMatchObject({ regras: 3, registrados: 0, enviados: 0, falharam: 0, ignorados: 0 });
    expect(gw.calls.length).toBe(before);
    const { rows } = await t.db.query(`SELECT count(*)::int AS n FROM admin.email WHERE para = 'ana@exemplo.com.br'`);
    expect(rows[0].n).toBe(1);
  });

  it('two concurrent runs send once', async () => {
    const day = '2026-05-04'; // Davi's birthday, Gil's day after is past
    const before = gw.calls.length;
    let results: { registrados: number; enviados: number }[];
    let second: Awaited<ReturnType<typeof buildApp>> | null = null;
    if (onPostgres) {
      // Two server instances over the same PostgreSQL database.
      const db = createPostgres(t.url!, 3);
      second = await buildApp({ db, config: config() });
      try {
        results = await Promise.all([t.app.communication.dispatcher.runShift({ dia: day, turno: 'M' }), second.communication.dispatcher.runShift({ dia: day, turno: 'M' })]);
      } finally {
        await second.close();
        await db.close();
      }
    } else {
      const [r1, r2] = await Promise.all([dispatch({ turno: 'M', dia: day }), dispatch({ turno: 'M', dia: day })]);
      results = [r1.json().campanha_disparo, r2.json().campanha_disparo];
    }
    // Davi: WhatsApp, e-mail and SMS, sent by one of the two runs.
    expect(results.reduce((n, r) => n + r.registrados, 0)).toBe(3);
    expect(results.reduce((n, r) => n + r.enviados, 0)).toBe(3);
    expect(gw.calls.length - before).toBe(2);
    expect(gw.to('/wa/', '5531998760004')).toHaveLength(1);
    expect(gw.to('/sms', '5531998760004')).toHaveLength(1);
    const rows = await sends('dia = $1', [day]);
    expect(rows.map((s) => `${s.cod_cliente}:${s.canal}:${s.status}`)).toEqual(['A4:email:enviado', 'A4:sms:enviado', 'A4:whatsapp:enviado']);
  });

  it('rows left pending by a run that died are sent by the next run of that shift; rows being sent elsewhere are not', async () => {
    const resumed = await rule(await campaign(A, 'Retomada'), { criterio: 'data_especifica', envio: 'no_dia', tempo: 0, data_especifica: '2030-01-01', sms: true, mensagem_sms: 'Retomada' });
    const day = '2026-05-06';
    const pending = async (code: string, destino: string, tentativas: number, minutesAgo: number) => {
      await t.db.query(
        `INSERT INTO campanha.envio (campanha_id, regra_id, id_empresa, cod_cliente, nome_razaosocial, canal, dia, turno, destino, status, tentativas, conteudo, updated_at)
         SELECT campanha_id, id, $2, $3, 'Cliente', 'sms', $4, 'M', $5, 'pendente', $6, 'Retomada', now() - make_interval(mins => $7) FROM campanha.regra WHERE id = $1`,
        [resumed, A, code, day, destino, tentativas, minutesAgo],
      );
    };
    await pending('R1', '5531990000001', 0, 30); // written, never claimed, 30 minutes ago
    await pending('R2', '5531990000002', 1, 30); // claimed, the process died mid-send
    await pending('R3', '5531990000003', 1, 1); // being sent right now by another instance
    const r = await dispatch({ turno: 'M', dia: day });
    expect(r.json().campanha_disparo).toMatchObject({ registrados: 0, enviados: 2 });
    expect(gw.to('/sms', '5531990000001')).toHaveLength(1);
    expect(gw.to('/sms', '5531990000002')).toHaveLength(1);
    expect(gw.to('/sms', '5531990000003')).toHaveLength(0);
    const rows = await sends('regra_id = $1', [resumed]);
    expect(rows.map((s) => `${s.cod_cliente}:${s.status}:${s.tentativas}`)).toEqual(['R1:enviado:1', 'R2:enviado:2', 'R3:pendente:1']);
  });

  it('rights and bodies: a reader may not run a shift; bad bodies answer 400', async () => {
    expect((await dispatch({ turno: 'M' }, leitorA)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/v1/campanha/disparo', payload: { turno: 'M' } })).statusCode).toBe(401);
    for (const [payload, field] of [
      [{}, 'turno'],
      [{ turno: 'X' }, 'turno'],
      [{ turno: 1 }, 'turno'],
      [{ turno: 'M', dia: '2026-02-30' }, 'dia'],
      [{ turno: 'M', dia: 20260503 }, 'dia'],
      [{ turno: 'M', outro: true }, 'outro'],
    ] as const) {
      const r = await dispatch(payload);
      expect(r.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(r.json().errors ?? {}), JSON.stringify(payload)).toContain(field);
    }
    const r = await t.inject({ method: 'POST', url: '/v1/campanha/disparo', payload: '[1]', headers: { 'content-type': 'application/json' } });
    expect(r.statusCode).toBe(400);
    // Without dia: today by the clock (3 May): everything is logged already.
    expect((await dispatch({ turno: 'M' })).json().campanha_disparo).toMatchObject({ dia: DAY, registrados: 0 });
  });
});

describe('the send log', () => {
  it('lists a campaign\'s sends, newest first, with filters and a total', async () => {
    const url = (q: string) => `/v1/campanha/agendamento/${campaignA}/envios${q}`;
    const all = await t.app.inject({ method: 'GET', url: url(''), headers: leitorA });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().total).toBe(22);
    expect(all.json().campanha_envio[0].dia).toBe('2026-05-04');
    const ignored = (await t.app.inject({ method: 'GET', url: url('?status=ignorado&canal=whatsapp'), headers: leitorA })).json();
    expect(ignored.campanha_envio.map((s: any) => `${s.cod_cliente}:${s.motivo}`).sort()).toEqual(['A2:restrito', 'A3:sem_endereco']);
    expect(ignored.total).toBe(2);
    expect((await t.inject({ method: 'GET', url: url(`?regra_id=${activationRule}`) })).json().total).toBe(1);
    expect((await t.inject({ method: 'GET', url: url('?status=falhou') })).json().total).toBe(2);
    expect((await t.inject({ method: 'GET', url: url('?motivo=sem_endereco') })).json().total).toBe(6);
    expect((await t.inject({ method: 'GET', url: url('?dia_inicio=2026-05-04&dia_fim=2026-05-04') })).json().total).toBe(3);
    const page = (await t.inject({ method: 'GET', url: url('?limit=5&offset=20') })).json();
    expect(page.campanha_envio).toHaveLength(2);
    expect(page.total).toBe(22);
    expect((await t.app.inject({ method: 'GET', url: url(''), headers: leitorB })).statusCode).toBe(404);
    for (const q of ['?status=enviando', '?canal=fax', '?regra_id=x', '?dia_inicio=2026-13-01', '?limit=0', '?limit=501', '?offset=-1', '?campo=1']) {
      expect((await t.inject({ method: 'GET', url: url(q) })).statusCode, q).toBe(400);
    }
  });
});

describe('the queue', () => {
  it('schedules the three shifts on pg-boss in America/Sao_Paulo', async () => {
    const schedules = await t.app.communication.queue!.boss.getSchedules();
    const byName = Object.fromEntries(schedules.map((s) => [s.name, s]));
    expect(byName[SHIFT_QUEUE.M]).toMatchObject({ cron: '0 7 * * *', timezone: 'America/Sao_Paulo', data: { turno: 'M' } });
    expect(byName[SHIFT_QUEUE.T]).toMatchObject({ cron: '0 13 * * *', timezone: 'America/Sao_Paulo', data: { turno: 'T' } });
    expect(byName[SHIFT_QUEUE.N]).toMatchObject({ cron: '0 20 * * *', timezone: 'America/Sao_Paulo', data: { turno: 'N' } });
  });

  it('a queued shift runs once per day and turno (its singleton key), through the worker', async () => {
    const jobs = t.app.communication.jobs!;
    const day = '2026-05-05';
    await customer(A, { cod_cliente: 'A10', nome: 'Joana Da Fila', nascimento: '1991-05-05', celular: '(31) 99876-0010' });
    const first = await jobs.requestShift(day, 'M');
    expect(first).toBeTruthy();
    await eventually(async () => {
      const rows = await sends('dia = $1', [day]);
      return rows.length === 3 && rows.every((s) => s.cod_cliente === 'A10' && s.status === (s.canal === 'email' ? 'ignorado' : 'enviado'));
    });
    expect(gw.to('/sms', '5531998760010')).toHaveLength(1);
    expect(gw.to('/wa/', '5531998760010')).toHaveLength(1);
    // Two requests for the same day and shift while one waits: the second is refused by the key.
    const { boss } = t.app.communication.queue!;
    const later = { singletonKey: shiftKey('2026-06-01', 'M'), startAfter: 3600 };
    const waiting = await boss.send(DISPATCH_QUEUE, { dia: '2026-06-01', turno: 'M' }, later);
    expect(waiting).toBeTruthy();
    expect(await boss.send(DISPATCH_QUEUE, { dia: '2026-06-01', turno: 'M' }, later)).toBeNull();
    expect(await boss.send(DISPATCH_QUEUE, { dia: '2026-06-01', turno: 'T' }, { ...later, singletonKey: shiftKey('2026-06-01', 'T') })).toBeTruthy();
  });

  it('a shift pages through a day\'s customers by code: 28 February of a common year has the 29 February birthdays too', async () => {
    const paging = await campaign(A, 'Paginação');
    await rule(paging, { criterio: 'data_aniversario', envio: 'no_dia', turno: 'T', email: true, titulo_email: 'Parabéns', mensagem_email: 'Feliz aniversário!' });
    const born = ['1990-02-28', '1991-02-28', '1993-02-28', '1992-02-29', '1996-02-29'];
    for (const [i, nascimento] of born.entries()) {
      await customer(A, { cod_cliente: `P${i}`, nome: `Pessoa ${i}`, nascimento, email: `pessoa${i}@exemplo.com.br` });
    }
    // Pages of one customer: each page must pick up where the last one ended, across both month-days.
    const dispatcher = new CommunicationDispatcher(t.db, { channels: t.app.communication.channels, pageSize: 1 });
    const result = await dispatcher.runShift({ dia: '2027-02-28', turno: 'T' });
    expect(result).toMatchObject({ registrados: 5, enviados: 5 });
    expect((await sends(`dia = '2027-02-28'`)).map((s) => s.cod_cliente)).toEqual(['P0', 'P1', 'P2', 'P3', 'P4']);
    // In a leap year, 28 February is only for those born on a 28th.
    expect(await dispatcher.runShift({ dia: '2028-02-28', turno: 'T' })).toMatchObject({ registrados: 3 });
  });
});


describe('the preview of past shifts (the clock at 14:00 in São Paulo)', () => {
  // A provider of its own, so that its shifts' runs touch no one else's rules and customers.
  const YESTERDAY = '2026-05-19';
  const TODAY = '2026-05-20';
  let C: number;
  let campaignC: number;
  let morning: number; // birthdays, M 07:00, e-mail and SMS; registered on 1 May
  let night: number; // activations on the day, N 20:00, e-mail; registered on 1 May
  let late: number; // birthdays, M 07:00, e-mail; registered on 20 May at 10:00
  let leitorC: Record<string, string>;
  const preview = async (query: string) => {
    const r = await t.app.inject({ method: 'GET', url: `/v1/campanha/agendamento/${campaignC}/previa?${query}`, headers: leitorC });
    expect(r.statusCode, r.body).toBe(200);
    return r.json();
  };
  const shift = (body: any, dia: string, regra: number) => body.dias.find((d: any) => d.dia === dia && d.regra_id === regra);

  beforeAll(async () => {
    C = (await t.inject({ method: 'POST', url: '/api/providers', payload: { nome: 'Turnos Telecom' } })).json().id;
    expect((await t.inject({ method: 'POST', url: '/api/systems', payload: { nome: 'TURNOS', id_empresa: C, erp: 'SGP' } })).statusCode).toBe(201);
    const of = (c: Record<string, unknown>) => customer(C, { sistema: 'TURNOS', ...c });
    await of({ cod_cliente: 'C1', nome: 'Célia Completa', nascimento: '1990-05-20', celular: '(31) 99777-0001', email: 'celia@exemplo.com.br' });
    await of({ cod_cliente: 'C2', nome: 'Caio Sem Endereço', nascimento: '1991-05-20' });
    await of({ cod_cliente: 'C3', nome: 'Cecília Restrita', nascimento: '1992-05-20', celular: '(31) 99777-0003', email: 'cecilia@exemplo.com.br' });
    await of({ cod_cliente: 'C4', nome: 'Cláudio Véspera', nascimento: '1993-05-19', celular: '(31) 99777-0004', email: 'claudio@exemplo.com.br' });
    await of({ cod_cliente: 'C5', nome: 'Cora Ativada', ativacao: TODAY, email: 'cora@exemplo.com.br' });
    await of({ cod_cliente: 'C6', nome: 'Caetano Amanhã', nascimento: '1994-05-21', email: 'caetano@exemplo.com.br' });
    await t.db.query(
      `INSERT INTO relacionamento.preferencias_cliente (sistema, cod_cliente, nome_razaosocial, whatsapp, email, sms) VALUES ($1, 'C3', 'Cecília Restrita', true, true, false)`,
      [C],
    );
    campaignC = await campaign(C, 'Turnos do dia');
    const before = '2026-05-01T00:00:00-03:00';
    morning = await rule(campaignC, { criterio: 'data_aniversario', envio: 'no_dia', tempo: 0, email: true, titulo_email: 'Parabéns', mensagem_email: 'Feliz aniversário, {primeiro_nome}!', sms: true, mensagem_sms: 'Parabéns!', criado: before });
    night = await rule(campaignC, { criterio: 'data_ativacao', envio: 'no_dia', tempo: 0, turno: 'N', email: true, titulo_email: 'Bem-vindo', mensagem_email: 'Olá, {primeiro_nome}!', criado: before });
    leitorC = bearer(await t.userToken({ papeis: ['regua_comunicacao:leitor'], id_empresas: [C] }), 'regua_comunicacao:leitor');
    // 20 May, 07:00: the morning shift runs (through the call a gestor of the provider has).
    clock = new Date(`${TODAY}T07:00:00-03:00`);
    const gestorC = bearer(await t.userToken({ papeis: ['regua_comunicacao:gestor'], id_empresas: [C] }), 'regua_comunicacao:gestor');
    const run = await dispatch({ turno: 'M', dia: TODAY }, gestorC);
    expect(run.statusCode, run.body).toBe(200);
    expect(run.json().campanha_disparo).toMatchObject({ regras: 1, registrados: 6, enviados: 3, falharam: 0, ignorados: 3 });
    // 10:00: a rule is registered, after the morning shift.
    late = await rule(campaignC, { criterio: 'data_aniversario', envio: 'no_dia', tempo: 0, email: true, titulo_email: 'Oi', mensagem_email: 'Oi!', criado: `${TODAY}T10:00:00-03:00` });
  });

  afterAll(() => {
    clock = NOW;
  });

  it("at 14:00 the morning shift shows what was sent, or why nothing was; the night shift is still to send", async () => {
    clock = new Date(`${TODAY}T14:00:00-03:00`);
    const body = await preview(`inicio=${YESTERDAY}&dias=2`);
    expect(body.dias.map((d: any) => `${d.dia} ${d.turno} ${d.regra_id} ${d.situacao}`)).toEqual([
      `${YESTERDAY} M ${morning} nao_enviado`,
      `${YESTERDAY} M ${late} nao_enviado`,
      `${YESTERDAY} N ${night} nao_enviado`,
      `${TODAY} M ${morning} registrado`,
      `${TODAY} M ${late} nao_enviado`,
      `${TODAY} N ${night} a_enviar`,
    ]);
    // 07:00 today: the send log's counts per channel, not "to send". Célia got both; Caio has no address;
    // Cecília restricts SMS.
    expect(shift(body, TODAY, morning)).toEqual({
      dia: TODAY,
      turno: 'M',
      regra_id: morning,
      situacao: 'registrado',
      canais: { whatsapp: null, email: null, sms: null },
      enviados: {
        whatsapp: null,
        email: { total: 3, enviados: 2, falharam: 0, pendentes: 0, restritos: 0, sem_endereco: 1 },
        sms: { total: 3, enviados: 1, falharam: 0, pendentes: 0, restritos: 1, sem_endereco: 1 },
      },
      motivo: null,
    });
    // Nothing logged, and why: the rule registered at 10:00 did not exist at 07:00 (today and yesterday);
    // yesterday's morning had Cláudio's birthday but no run; nobody was activated yesterday.
    expect(shift(body, TODAY, late)).toMatchObject({ situacao: 'nao_enviado', motivo: 'regra_posterior', enviados: null, canais: { whatsapp: null, email: null, sms: null } });
    expect(shift(body, YESTERDAY, late).motivo).toBe('regra_posterior');
    expect(shift(body, YESTERDAY, morning)).toMatchObject({ situacao: 'nao_enviado', motivo: 'nao_executado', canais: { whatsapp: null, email: null, sms: null } });
    expect(body.dias.find((d: any) => d.dia === YESTERDAY && d.turno === 'N').motivo).toBe('sem_clientes');
    // 20:00 today is still to come: Cora's welcome e-mail.
    expect(shift(body, TODAY, night)).toEqual({
      dia: TODAY,
      turno: 'N',
      regra_id: night,
      situacao: 'a_enviar',
      canais: { whatsapp: null, email: { enviar: 1, restritos: 0, sem_endereco: 0 }, sms: null },
      enviados: null,
      motivo: null,
    });
    // The first customers and the skipped ones are those of the shifts to come only.
    expect(body.primeiros).toEqual([{ dia: TODAY, regra_id: night, nome_razaosocial: 'Cora Ativada', cod_cliente: 'C5', canais: ['email'] }]);
    expect(body.ignorados).toEqual([]);
    // The preview wrote nothing.
    expect(await sends('regra_id = ANY($1::int[])', [[late, night]])).toEqual([]);
  });

  it('a shift that began minutes ago is waiting for the run; a quarter of an hour later it did not run', async () => {
    clock = new Date('2026-05-21T07:05:00-03:00');
    let body = await preview('dias=1');
    expect(body.inicio).toBe('2026-05-21');
    expect(shift(body, '2026-05-21', morning)).toMatchObject({ situacao: 'nao_enviado', motivo: 'aguardando' });
    expect(shift(body, '2026-05-21', night)).toMatchObject({ situacao: 'a_enviar', canais: { email: { enviar: 0, restritos: 0, sem_endereco: 0 } } });
    clock = new Date('2026-05-21T07:20:00-03:00');
    body = await preview('dias=1');
    expect(shift(body, '2026-05-21', morning)).toMatchObject({ situacao: 'nao_enviado', motivo: 'nao_executado' });
    expect(shift(body, '2026-05-21', late)).toMatchObject({ situacao: 'nao_enviado', motivo: 'nao_executado' });
  });
});
