// The public face end to end in headless Chromium against the started product (SEED_DEMO):
// - careers: a visitor finds a vacancy on the careers list, opens its role page (whose served HTML
//   already carries its JobPosting data), registers from Candidatar-se and comes back applied; they
//   add an experience to their resume; Bitcom's HR manager moves the application to Entrevista in the
//   pipeline, reading that experience in the drawer; the candidate sees the new step, with a
//   notification and an e-mail;
// - sponsorship: an organiser sends a request with an attachment from /patrocinios/vetorial and lands
//   on the success page with the protocol; Vetorial's marketing manager approves it with a
//   justification, and the organiser is e-mailed the decision.
// Screenshots in test-results/e2e/careers-*.png.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { choose, launchBrowser, openPage, signIn, screenshotFromTop as screenshot } from './helpers/browser.js';
import { formatCNPJ, generateCNPJ } from '@brazilian-utils/brazilian-utils';
import { apiJson, apiLogin, startServer, type RunningServer } from './helpers/server.js';
import { pdf } from '../helpers/files.js';

const HR = { email: 'gestor.rh@bitcom.com.br', password: 'Intranet#Demo2026' };
const MARKETING = { email: 'gestor.vendas@vetorial.net', password: 'Intranet#Demo2026' };
const ADMIN = { email: 'admin@intranet.local', password: 'Intranet#Admin2026' };
const RUN = Date.now().toString(36);
const CANDIDATE = { nome: `Bruna Candidata ${RUN}`, email: `bruna.${RUN}@candidatos.teste`, password: 'Candidata#2026' };
const ORGANISER = { email: `eventos.${RUN}@festival.teste` };

let server: RunningServer;
let browser: Browser;
let adminToken: string;

/** The newest e-mail to an address in the outbox (the superadmin's), or undefined. */
async function lastMail(to: string): Promise<{ assunto: string; texto: string } | undefined> {
  const query = new URLSearchParams({ filter: JSON.stringify({ q: to }), sort: '["id","DESC"]', range: '[0,9]' });
  const mails = (await apiJson(server.url, 'GET', `/api/outbox?${query}`, adminToken)) as { para: string; assunto: string; texto: string }[];
  return mails.find((m) => m.para === to);
}

/** Waits until the newest e-mail to `to` matches (the outbox is written in the request's transaction). */
async function mailMatching(to: string, pattern: RegExp) {
  await expect.poll(async () => (await lastMail(to))?.assunto ?? '', { timeout: 30_000 }).toMatch(pattern);
  return (await lastMail(to))!;
}

beforeAll(async () => {
  browser = await launchBrowser();
  server = await startServer();
  adminToken = await apiLogin(server.url, ADMIN);
}, 420_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('careers', () => {
  it('a visitor finds a vacancy, registers, applies with their resume; HR moves the application to Entrevista and the candidate sees it', async () => {
    const { page, errors } = await openPage(browser);
    await page.goto(`${server.url}/careers/list`);
    await page.getByLabel('Buscar vagas').fill('suporte');
    const card = page.getByRole('article').filter({ hasText: 'Analista de Suporte N2' }).filter({ hasText: 'Bitcom' });
    await card.first().waitFor({ timeout: 30_000 });
    await screenshot(page, 'careers-01-list');
    await card.first().getByRole('link', { name: 'Analista de Suporte N2' }).click();
    await page.waitForURL(/\/careers\/role\/\d+\/analista-de-suporte-n2/, { timeout: 30_000 });
    const rolePath = new URL(page.url()).pathname;
    const vacancyId = Number(rolePath.split('/')[3]);
    // The served HTML (before any script) carries the posting for search engines.
    const served = await (await fetch(`${server.url}${rolePath}`)).text();
    expect(served).toContain('"@type":"JobPosting"');
    expect(served).toContain('<title>Analista de Suporte N2 · Bitcom · Intranet</title>');
    await page.getByRole('heading', { name: 'Analista de Suporte N2', level: 1 }).waitFor({ timeout: 30_000 });
    await screenshot(page, 'careers-02-role');

    // Candidatar-se as a visitor: register, confirm the code, come back applied.
    // The apply box's Cadastre-se (the header has one too, without the way back).
    await page.getByRole('link', { name: /^Cadastre-se$/i }).last().click();
    await page.waitForURL(/\/home\/login\/register\?next=/, { timeout: 30_000 });
    const form = page.getByRole('form', { name: 'Cadastre-se' });
    await form.getByLabel('Nome completo').fill(CANDIDATE.nome);
    await form.getByLabel('E-mail').fill(CANDIDATE.email);
    await form.getByLabel('Senha', { exact: true }).fill(CANDIDATE.password);
    await form.getByLabel('Confirmar senha').fill(CANDIDATE.password);
    await form.getByRole('button', { name: 'Cadastrar' }).click();
    const confirm = page.getByRole('form', { name: 'Confirmar cadastro' });
    await confirm.waitFor({ timeout: 30_000 });
    const code = /código de verificação é (\d{6})/.exec((await mailMatching(CANDIDATE.email, /./)).texto)![1];
    await confirm.getByLabel('Código de verificação').fill(code);
    await confirm.getByRole('button', { name: 'Confirmar cadastro' }).click();
    await page.waitForURL((url) => url.pathname === rolePath, { timeout: 30_000 });
    await page.getByText('Candidatura enviada!').first().waitFor({ timeout: 30_000 });
    await screenshot(page, 'careers-03-applied');

    // The resume the recruiter will read: one experience.
    await page.goto(`${server.url}/resume/experience/register`);
    await page.getByRole('textbox', { name: /^Empresa/ }).fill('Provedor Exemplo');
    await page.getByRole('textbox', { name: /^Função/ }).fill('Técnica de suporte N1');
    await page.getByRole('textbox', { name: /^Data de ingresso/ }).pressSequentially('01022022');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.waitForURL('**/resume/list', { timeout: 30_000 });
    expect(errors, errors.join('\n')).toEqual([]);

    // HR moves the application in the pipeline.
    const hr = (await openPage(browser)).page;
    await signIn(hr, server.url, HR);
    await hr.goto(`${server.url}/careers/admin/applicants/${vacancyId}`);
    const applicant = hr.getByRole('region', { name: 'Recebido' }).getByRole('listitem', { name: CANDIDATE.nome });
    await applicant.waitFor({ timeout: 30_000 });
    await screenshot(hr, 'careers-04-pipeline');
    await applicant.getByRole('button').first().click();
    const drawer = hr.getByRole('dialog');
    await drawer.getByText('Técnica de suporte N1').waitFor({ timeout: 30_000 });
    await choose(hr, /^Etapa/, 'Entrevista');
    await drawer.getByLabel(/^Observação/).fill('Agendar entrevista na segunda-feira.');
    await screenshot(hr, 'careers-05-drawer');
    await drawer.getByRole('button', { name: 'Salvar' }).click();
    await hr.getByText('Candidatura atualizada! O candidato foi avisado da nova etapa.').waitFor({ timeout: 30_000 });
    await hr.getByRole('region', { name: 'Entrevista' }).getByRole('listitem', { name: CANDIDATE.nome }).waitFor({ timeout: 30_000 });

    // The candidate sees the step (and never the note), and was told.
    await page.goto(`${server.url}/applications/list`);
    const mine = page.getByRole('listitem', { name: 'Analista de Suporte N2' });
    await mine.waitFor({ timeout: 30_000 });
    await mine.getByText('Entrevista', { exact: true }).first().waitFor({ timeout: 30_000 });
    expect(await page.getByText('Agendar entrevista na segunda-feira.').count()).toBe(0);
    await screenshot(page, 'careers-06-my-applications');
    const mail = await mailMatching(CANDIDATE.email, /^Sua candidatura para Analista de Suporte N2$/);
    expect(mail.texto).toContain('está agora em: Entrevista');
    expect(errors, errors.join('\n')).toEqual([]);
  });
});

describe('sponsorship', () => {
  it('an organiser sends a request with an attachment and gets the protocol; Vetorial approves it with a justification and the organiser is e-mailed', async () => {
    const { page, errors } = await openPage(browser);
    await page.goto(`${server.url}/patrocinios/vetorial`);
    const form = page.getByRole('form', { name: 'Solicite um patrocínio da Vetorial' });
    await form.waitFor({ timeout: 30_000 });
    const field = (label: string) => form.getByRole('textbox', { name: new RegExp(`^${label}`) });
    await field('Organização').fill(`Associação Festival ${RUN}`);
    await field('Responsável').fill('Joana Prado');
    await field('E-mail').fill(ORGANISER.email);
    await field('Telefone').pressSequentially('34998765432');
    await field('CPF ou CNPJ').pressSequentially(formatCNPJ(generateCNPJ()).replace(/\D/g, ''));
    await field('Nome do evento').fill('Festival de Inverno');
    // Sixty days from now, typed as DD/MM/YYYY.
    const day = new Date(Date.now() + 60 * 86_400_000);
    await field('Data do evento').pressSequentially(`${String(day.getUTCDate()).padStart(2, '0')}${String(day.getUTCMonth() + 1).padStart(2, '0')}${day.getUTCFullYear()}`);
    await field('Descrição do evento').fill('Três dias de música na praça central, com público de toda a região.');
    await form.getByRole('combobox', { name: /^UF/ }).selectOption('MG');
    const city = form.getByRole('combobox', { name: /^Cidade/ });
    await city.fill('uberlan');
    await page.getByRole('option', { name: 'Uberlândia', exact: true }).click();
    await field('Público estimado').fill('12000');
    await field('Pedido').fill('Wi-Fi para o público e a tenda principal.');
    await form.locator('input[type=file]').setInputFiles({ name: 'projeto.pdf', mimeType: 'application/pdf', buffer: pdf() });
    await form.getByRole('list', { name: 'Anexos' }).getByText('projeto.pdf').waitFor({ timeout: 30_000 });
    await screenshot(page, 'sponsorship-01-form');
    await form.getByRole('button', { name: 'Enviar solicitação' }).click();
    await page.waitForURL('**/patrocinios/sucesso', { timeout: 30_000 });
    await page.getByRole('heading', { name: 'Solicitação enviada!' }).waitFor({ timeout: 30_000 });
    const protocolo = (await page.locator('[aria-labelledby="sponsorship-protocol"]').innerText()).trim();
    expect(protocolo).toMatch(/^PAT-\d{4}-\d{6}$/);
    await screenshot(page, 'sponsorship-02-sent');
    expect((await mailMatching(ORGANISER.email, /^Recebemos sua solicitação de patrocínio/)).assunto).toContain(protocolo);
    expect(errors, errors.join('\n')).toEqual([]);

    // Vetorial's marketing manager decides it on the requests list.
    const marketing = await openPage(browser);
    await signIn(marketing.page, server.url, MARKETING);
    await marketing.page.goto(`${server.url}/marketing/sponsorship/solicitations/list`);
    const row = marketing.page.getByRole('row').filter({ hasText: protocolo });
    await row.waitFor({ timeout: 30_000 });
    await screenshot(marketing.page, 'sponsorship-03-requests');
    await row.getByRole('link', { name: 'Editar', exact: true }).click();
    await choose(marketing.page, /^Situação/, 'Aprovada');
    await marketing.page.getByRole('combobox', { name: /^Justificativa/ }).click();
    await marketing.page.getByRole('option').first().click();
    await marketing.page.getByRole('textbox', { name: /^Mensagem ao solicitante/ }).fill('Contem com o Wi-Fi do evento.');
    await screenshot(marketing.page, 'sponsorship-04-decision');
    await marketing.page.getByRole('button', { name: 'Salvar' }).click();
    await marketing.page.getByText('Solicitação atualizada! O solicitante foi avisado por e-mail.').first().waitFor({ timeout: 30_000 });
    const decision = await mailMatching(ORGANISER.email, new RegExp(`^Solicitação de patrocínio ${protocolo}: Aprovada$`));
    expect(decision.texto).toContain('Contem com o Wi-Fi do evento.');
    expect(marketing.errors, marketing.errors.join('\n')).toEqual([]);
  });
});
