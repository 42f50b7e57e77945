// Sponsorship requests (issue 17): the public form (multipart with attachments checked by content,
// the honeypot, the throttle, the field rules), the confirmation e-mail, marketing's decision with a
// justification of the matching kind and the requester told by e-mail, the attachments readable by
// the provider's marketing only, and provider scoping.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCNPJ, generateCNPJ } from '@brazilian-utils/brazilian-utils';
import { SPONSORSHIP_MSG } from '../../src/domain/sponsorship.js';
import { todayInSaoPaulo } from '../../src/server/roulette/service.js';
import { bearer, qs, testApp, type TestApp } from '../helpers/app.js';
import { file, multipart, pdf, PNG, type Part } from '../helpers/files.js';

let t: TestApp;
let A: number;
let B: number;
const users: Record<string, { token: string; role: string }> = {};
let ipSeq = 20;
const nextIp = () => `192.0.2.${++ipSeq}`;

// Days from today in São Paulo (the server's calendar), whatever the hour in UTC.
const day = (n: number) => new Date(Date.parse(`${todayInSaoPaulo()}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const FORM = () => ({
  id_empresa: String(A),
  organizacao: 'Associação Cultural Vila Nova',
  responsavel: 'Joana Prado',
  email: 'joana@vilanova.org.br',
  telefone: '(34) 99876-5432',
  documento: formatCNPJ(generateCNPJ()),
  evento: 'Festival de Inverno',
  descricao_evento: 'Três dias de música e cultura na praça central.',
  data_evento: day(40),
  uf: 'MG',
  cidade: 'uberlandia',
  publico_estimado: '12.000',
  pedido: 'Patrocínio da tenda principal e Wi-Fi para o público.',
  valor_solicitado: '15.000,00',
  contrapartidas: 'Logo no palco e nas redes sociais.',
  website: '',
});

function send(fields: Record<string, string>, files: Part[] = [], ip = nextIp()) {
  const parts: Part[] = [...Object.entries(fields).map(([name, data]) => ({ name, data: Buffer.from(data) })), ...files];
  const { payload, headers } = multipart(parts);
  return t.app.inject({ method: 'POST', url: '/v1/public/patrocinios', payload, headers, remoteAddress: ip });
}
const attachment = (name: string, data: Buffer): Part => ({ name: 'anexos', filename: name, data });
const call = (method: 'GET' | 'PUT' | 'POST', url: string, as: string | null, payload?: object) =>
  t.app.inject({ method, url, headers: as ? bearer(users[as].token, users[as].role) : bearer(t.adminToken, 'users:superadmin'), ...(payload ? { payload } : {}) });

beforeAll(async () => {
  t = await testApp({ config: { sponsorshipRequestsPerHour: 1000 } });
  const post = async (url: string, body: object) => {
    const r = await t.inject({ method: 'POST', url, payload: body });
    expect(r.statusCode, r.body).toBe(201);
    return r.json().id as number;
  };
  A = await post('/api/providers', { nome: 'Bitcom' });
  B = await post('/api/providers', { nome: 'Vetorial' });
  for (const [key, role, providers] of [
    ['marketing:gestor', 'marketing:gestor', [A]],
    ['marketing:leitor', 'marketing:leitor', [A]],
    ['vetorial', 'marketing:gestor', [B]],
  ] as const) {
    users[key] = { token: await t.userToken({ papeis: [role], id_empresas: [...providers], email: `${key.replace(':', '.')}@patrocinio.teste`, funcionario: true }), role };
  }
});
afterAll(() => t?.close());

describe('the public form', () => {
  it('takes a request with its attachments, answers the protocol and e-mails the requester', async () => {
    const r = await send(FORM(), [attachment('projeto.pdf', pdf()), attachment('cartaz.png', PNG)]);
    expect(r.statusCode, r.body).toBe(201);
    const { id, protocolo, email } = r.json();
    expect(protocolo).toBe(`PAT-${new Date().getFullYear()}-${String(id).padStart(6, '0')}`);
    expect(email).toBe('joana@vilanova.org.br');
    const row = (await call('GET', `/api/sponsorship-requests/${id}`, 'marketing:leitor')).json();
    expect(row).toMatchObject({ protocolo, status: 'nova', cidade: 'Uberlândia', uf: 'MG', publico_estimado: 12000, valor_solicitado: 15000, id_empresa: A });
    expect(row.anexos).toHaveLength(2);
    const { rows: mails } = await t.db.query(`SELECT assunto, texto FROM admin.email WHERE para = 'joana@vilanova.org.br' ORDER BY id`);
    expect(mails.at(-1)).toMatchObject({ assunto: `Recebemos sua solicitação de patrocínio (${protocolo})` });
    // The provider's marketing downloads the attachments; another provider's does not.
    const pdfDownload = await t.app.inject({ url: `/v1/files/${row.anexos[0]}`, headers: bearer(users['marketing:leitor'].token) });
    expect(pdfDownload.statusCode).toBe(200);
    expect((await t.app.inject({ url: `/v1/files/${row.anexos[0]}`, headers: bearer(users.vetorial.token) })).statusCode).toBe(404);
    // The names they were sent with, for the staff's list (the files engine: only files one may download).
    const namesUrl = `/v1/files/names?id=${row.anexos[1].toUpperCase()}&id=${row.anexos[0]}`;
    const names = await t.app.inject({ url: namesUrl, headers: bearer(users['marketing:leitor'].token) });
    expect(names.statusCode, names.body).toBe(200);
    expect(names.json().files.map((f: { name: string }) => f.name)).toEqual(['cartaz.png', 'projeto.pdf']);
    expect((await t.app.inject({ url: `/v1/files/names?id=${row.anexos[0]}`, headers: bearer(users['marketing:leitor'].token) })).json().files).toHaveLength(1);
    expect((await t.app.inject({ url: namesUrl, headers: bearer(users.vetorial.token) })).json()).toEqual({ files: [] });
    expect((await t.app.inject({ url: namesUrl })).statusCode).toBe(401);
    for (const bad of ['/v1/files/names', '/v1/files/names?id=1%27%20OR%201=1', `/v1/files/names?${Array.from({ length: 101 }, () => `id=${row.anexos[0]}`).join('&')}`]) {
      expect((await t.app.inject({ url: bad, headers: bearer(users['marketing:leitor'].token) })).statusCode, bad).toBe(400);
    }
  });

  it('accepts JSON without attachments; refuses bad documents, past dates, unknown cities and missing fields, each on its field', async () => {
    const ok = await t.app.inject({ method: 'POST', url: '/v1/public/patrocinios', payload: { ...FORM(), documento: '529.982.247-25' }, remoteAddress: nextIp() });
    expect(ok.statusCode, ok.body).toBe(201);
    let r = await send({ ...FORM(), documento: '123.456.789-00' });
    expect(r.statusCode).toBe(400);
    expect(r.json().errors.documento).toBe(SPONSORSHIP_MSG.badDocument);
    r = await send({ ...FORM(), data_evento: day(-1) });
    expect(r.statusCode, r.body).toBe(400);
    expect(r.json().errors.data_evento).toBe(SPONSORSHIP_MSG.pastDate);
    r = await send({ ...FORM(), cidade: 'Cidade Inventada' });
    expect(r.json().errors.cidade).toMatch(/IBGE/);
    const { evento: _e, pedido: _p, ...missing } = FORM();
    r = await send(missing);
    expect(r.statusCode).toBe(400);
    expect(r.json().errors).toMatchObject({ evento: 'Campo obrigatório', pedido: 'Campo obrigatório' });
    r = await send({ ...FORM(), id_empresa: '99999' });
    expect(r.json().errors.id_empresa).toBe(SPONSORSHIP_MSG.providerNotFound);
  });

  it('refuses attachments that are not PDF or images by content, more than five, and bots (honeypot); a refusal stores nothing', async () => {
    const before = (await t.db.query(`SELECT count(*)::int AS n FROM storage.arquivo WHERE bucket = 'patrocinios'`)).rows[0].n;
    let r = await send(FORM(), [attachment('projeto.pdf', Buffer.from('MZ this is not a pdf'))]);
    expect(r.statusCode).toBe(415);
    expect(r.json().message).toBe(SPONSORSHIP_MSG.attachmentType);
    r = await send(FORM(), [attachment('planilha.csv', Buffer.from('a;b\n1;2\n'))]);
    expect(r.statusCode).toBe(415);
    r = await send(FORM(), Array.from({ length: 6 }, (_, i) => attachment(`f${i}.png`, PNG)));
    expect(r.statusCode).toBe(400);
    expect(r.json().errors.anexos).toBe(SPONSORSHIP_MSG.tooManyAttachments);
    r = await send({ ...FORM(), website: 'https://spam.example' }, [attachment('projeto.pdf', pdf())]);
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toBe(SPONSORSHIP_MSG.sendError);
    // A valid file with a refused request: nothing kept.
    r = await send({ ...FORM(), documento: 'x' }, [attachment('projeto.pdf', pdf())]);
    expect(r.statusCode).toBe(400);
    expect((await t.db.query(`SELECT count(*)::int AS n FROM storage.arquivo WHERE bucket = 'patrocinios'`)).rows[0].n).toBe(before);
  });

  it('is throttled per address', async () => {
    const small = await testApp({ config: { sponsorshipRequestsPerHour: 2 } });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 3; i++) codes.push((await small.app.inject({ method: 'POST', url: '/v1/public/patrocinios', payload: {}, remoteAddress: '198.51.100.50' })).statusCode);
      expect(codes).toEqual([400, 400, 429]);
      expect((await small.app.inject({ method: 'POST', url: '/v1/public/patrocinios', payload: {}, remoteAddress: '198.51.100.51' })).statusCode).toBe(400);
    } finally {
      await small.close();
    }
  });
});

describe('marketing decides', () => {
  it('approving or refusing needs a justification of that kind; the requester is e-mailed each new status; another provider sees nothing', async () => {
    const created = await send({ ...FORM(), email: 'decisao@evento.org.br' });
    const id = created.json().id;
    const approve = (await call('POST', '/api/sponsorship-justifications', 'marketing:gestor', { descricao: 'Evento alinhado à marca na cidade', tipo: 'aprovada' })).json().id;
    const refuse = (await call('POST', '/api/sponsorship-justifications', 'marketing:gestor', { descricao: 'Orçamento do trimestre esgotado', tipo: 'recusada' })).json().id;
    expect((await call('GET', `/api/sponsorship-requests?${qs({ filter: { status: 'nova' } })}`, 'vetorial')).json().map((r: any) => r.id)).not.toContain(id);
    expect((await call('PUT', `/api/sponsorship-requests/${id}`, 'vetorial', { status: 'aprovada', id_justificativa: approve })).statusCode).toBe(404);
    expect((await call('PUT', `/api/sponsorship-requests/${id}`, 'marketing:leitor', { status: 'em_analise' })).statusCode).toBe(403);

    let r = await call('PUT', `/api/sponsorship-requests/${id}`, 'marketing:gestor', { status: 'em_analise' });
    expect(r.statusCode, r.body).toBe(200);
    r = await call('PUT', `/api/sponsorship-requests/${id}`, 'marketing:gestor', { status: 'aprovada' });
    expect(r.statusCode).toBe(400);
    expect(r.json().errors.id_justificativa).toBe(SPONSORSHIP_MSG.justificationRequired);
    r = await call('PUT', `/api/sponsorship-requests/${id}`, 'marketing:gestor', { status: 'aprovada', id_justificativa: refuse });
    expect(r.json().errors.id_justificativa).toBe('Escolha uma justificativa de aprovação.');
    r = await call('PUT', `/api/sponsorship-requests/${id}`, 'marketing:gestor', { status: 'aprovada', id_justificativa: approve, parecer: 'Entraremos em contato para o contrato.' });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().decidido_em).toBeTruthy();
    const { rows } = await t.db.query(`SELECT assunto, texto FROM admin.email WHERE para = 'decisao@evento.org.br' ORDER BY id`);
    expect(rows.map((m: any) => m.assunto)).toEqual([
      expect.stringMatching(/^Recebemos sua solicitação de patrocínio/),
      expect.stringMatching(/: Em análise$/),
      expect.stringMatching(/: Aprovada$/),
    ]);
    expect(rows[2].texto).toContain('Justificativa: Evento alinhado à marca na cidade');
    expect(rows[2].texto).toContain('Entraremos em contato para o contrato.');
    // The history keeps the decision.
    expect((await call('GET', `/api/sponsorship-requests/${id}/history`, 'marketing:gestor')).statusCode).toBe(200);
  });

  it('the public calls answer no staff data: the providers list is names only', async () => {
    const r = await t.app.inject({ url: '/v1/public/patrocinios/provedores', remoteAddress: nextIp() });
    expect(r.statusCode).toBe(200);
    expect(r.json().provedores).toEqual(expect.arrayContaining([{ id: A, nome: 'Bitcom', slug: 'bitcom' }]));
    // The requests list is not public.
    expect((await t.app.inject({ url: '/api/sponsorship-requests', remoteAddress: nextIp() })).statusCode).toBe(401);
  });
});
