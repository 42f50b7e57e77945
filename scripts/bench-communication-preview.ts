// npm run bench:communication-preview -- [--rows 1000000] [--runs 5] [--small]
// The communication scale at scale: N customers of one provider (the worst case: a rule selects within
// its provider) in a PostgreSQL database created and dropped for the run (DATABASE_URL, or the local
// postgres://postgres@127.0.0.1:5432/postgres), generated in SQL (generate_series), 1% of them with a
// restriction. Then, for a birthday rule, an activation rule (1 day after), a yearly contract rule and
// a specific-date rule, it times the 30-day preview (src/server/communication/preview.ts, as
// GET /v1/campanha/regras/:id/previa runs it: median of --runs after a first, cold, call) and the
// dispatcher's selection of one day (its first page of 2,000 customers), and prints the indexes the
// plans read: a rule's day must be an index range, never a scan of the customers. Goal: the 30-day
// preview of the birthday and activation rules under 2 s; exits with status 1 when missed.
// BENCH_KEEP_DB=1 keeps the database (its name is printed). Figures: docs/benchmarks.md and the README;
// a full run writes what it printed into its part of docs/benchmarks.md.
// --small (or BENCH_SMALL=1, as CI runs it): 5,000 customers, 2 runs; the goal is reported, not
// failed (only a crash fails); docs/benchmarks.md is left alone.
import { randomBytes } from 'node:crypto';
import { cpus, loadavg, totalmem } from 'node:os';
import pg from 'pg';
import { SCHEMAS_DIR } from '../src/server/app.js';
import { daysBetween, addDaysTo } from '../src/domain/communicationDates.js';
import { rulesById, type DispatchRule } from '../src/server/communication/dispatcher.js';
import { previewRules, previewStatement } from '../src/server/communication/preview.js';
import { selectionQuery } from '../src/server/communication/select.js';
import { createPostgres, type Database } from '../src/server/db/index.js';
import { migrate } from '../src/server/db/migrate.js';
import { loadRegistry } from '../src/server/schemas/registry.js';
import { accessPaths as scannedPaths, fillUnindexed, finish, recordOutput, SMALL, sizeOption, timed, writeSection } from './bench-kit.js';

const rows = sizeOption('rows', 1_000_000, 5_000);
const runs = sizeOption('runs', 5, 2);
if (!Number.isSafeInteger(rows) || rows < 1 || !Number.isSafeInteger(runs) || runs < 1) {
  console.error('--rows e --runs precisam ser números inteiros positivos');
  process.exit(1);
}
const GOAL_MS = 2_000;
const output = recordOutput();
const START = '2026-05-01';
/** The clock of the previews: the first day's midnight, so every shift is still to come (a past one reads the send log instead). */
const CLOCK = new Date(`${START}T00:00:00-03:00`);
const DAYS = 30;

const adminUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `intranet_bench_comunicacao_${randomBytes(4).toString('hex')}`;
const url = new URL(adminUrl);
url.pathname = `/${name}`;

async function admin(sql: string) {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

const secondsSince = (t0: number) => ((performance.now() - t0) / 1000).toFixed(1);

/** The provider, its system and N customers in SQL; indexes rebuilt after the fill (faster than maintained row by row). */
async function fill(db: Database) {
  const { rows: provider } = await db.query<{ id: number }>(`INSERT INTO rh.empresa (nome) VALUES ('Bitcom') RETURNING id`);
  const id = provider[0].id;
  await db.query(`INSERT INTO relacionamento.sistema (nome, id_empresa, erp) VALUES ('BITCOM', $1, 'MK Solutions')`, [id]);
  // The bulk fill is not an edit anyone made: no audit entries (as the import benchmark's fixture).
  const filled = await fillUnindexed(db, 'relacionamento', 'dados_pessoas', async () => {
    await db.query('SELECT setseed(0.2026)');
    await db.query(
      `INSERT INTO relacionamento.dados_pessoas (sistema, id_empresa, cod_cliente, codpessoa, nome_razaosocial, data_nascimento, data_ativacao,
         data_contratacao, celular, telefone, email, plano, cidade, uf, situacao, dias_atraso)
       SELECT 'BITCOM', $1, (1000000 + n)::text, (5000000 + n)::text,
              (ARRAY['Maria','José','Ana','João','Francisca','Antônio','Juliana','Carlos','Márcia','Paulo','Fernanda','Lucas','Patrícia','Pedro','Aline','Rafael'])[1 + floor(random() * 16)::int]
                || ' ' || (ARRAY['Silva','Santos','Oliveira','Souza','Rodrigues','Ferreira','Alves','Pereira','Lima','Gomes','Costa','Ribeiro'])[1 + floor(random() * 12)::int]
                || ' ' || (ARRAY['Martins','Carvalho','Almeida','Lopes','Soares','Fernandes','Vieira','Barbosa','Rocha','Dias'])[1 + floor(random() * 10)::int],
              CASE WHEN random() < 0.94 THEN date '1950-01-01' + floor(random() * 20000)::int END,
              a.ativacao, a.ativacao - floor(random() * 20)::int,
              CASE WHEN random() < 0.93 THEN '(31) 9' || lpad(floor(random() * 10000)::text, 4, '0') || '-' || lpad(floor(random() * 10000)::text, 4, '0') END,
              CASE WHEN random() < 0.3 THEN '(31) 3' || lpad(floor(random() * 1000)::text, 3, '0') || '-' || lpad(floor(random() * 10000)::text, 4, '0') END,
              CASE WHEN random() < 0.8 THEN 'cliente' || n || '@exemplo.com.br' END,
              (ARRAY['100 Mega','300 Mega','500 Mega','1 Giga'])[1 + floor(random() * 4)::int],
              (ARRAY['Belo Horizonte','Contagem','Betim'])[1 + floor(random() * 3)::int], 'MG',
              CASE WHEN s.r < 0.88 THEN 'ativo' WHEN s.r < 0.95 THEN 'suspenso' ELSE 'cancelado' END,
              CASE WHEN s.r >= 0.88 THEN 30 ELSE 0 END
         FROM generate_series(1, $2::int) AS n
         CROSS JOIN LATERAL (SELECT date '2016-01-01' + floor(random() * 3804)::int + (n * 0) AS ativacao) a
         CROSS JOIN LATERAL (SELECT random() + (n * 0) AS r) s`,
      [id, rows],
    );
  });
  console.log(`  ${rows.toLocaleString('pt-BR')} clientes gerados em ${filled.fillSeconds.toFixed(1)} s`);
  console.log(`  ${filled.indexes} índices recriados em ${filled.indexSeconds.toFixed(1)} s`);
  // 1% restricted: WhatsApp refused by half of them, SMS by half, e-mail by a third.
  await db.query(
    `INSERT INTO relacionamento.preferencias_cliente (sistema, cod_cliente, nome_razaosocial, whatsapp, email, sms)
     SELECT id_empresa, cod_cliente, nome_razaosocial, id % 2 = 0, id % 3 <> 0, id % 4 < 2 FROM relacionamento.dados_pessoas WHERE id % 100 = 7`,
  );
  const t2 = performance.now();
  await db.query('VACUUM ANALYZE relacionamento.dados_pessoas');
  await db.query('VACUUM ANALYZE relacionamento.preferencias_cliente');
  console.log(`  VACUUM ANALYZE em ${secondsSince(t2)} s`);
  return id;
}

async function rulesOf(db: Database, provider: number): Promise<Record<string, DispatchRule>> {
  const { rows: c } = await db.query<{ id: number }>(`INSERT INTO campanha.comunicacao (sistema, nome) VALUES ($1, 'Régua de referência') RETURNING id`, [provider]);
  const insert = async (values: Record<string, unknown>) => {
    const v: Record<string, unknown> = { envio: null, tempo: null, data_especifica: null, whatsapp: false, template_whatsapp: null, email: false, titulo_email: null, mensagem_email: null, sms: false, mensagem_sms: null, ...values };
    const { rows: r } = await db.query<{ id: number }>(
      `INSERT INTO campanha.regra (campanha_id, criterio, envio, tempo, data_especifica, turno, whatsapp, template_whatsapp, email, titulo_email, mensagem_email, sms, mensagem_sms)
       VALUES ($1, $2, $3, $4, $5, 'M', $6, $7, $8, $9, $10, $11, $12) RETURNING id`,
      [c[0].id, v.criterio, v.envio, v.tempo, v.data_especifica, v.whatsapp, v.template_whatsapp, v.email, v.titulo_email, v.mensagem_email, v.sms, v.mensagem_sms],
    );
    return (await rulesById(db, { ruleId: r[0].id }))[0];
  };
  const all = { whatsapp: true, template_whatsapp: 'feliz_aniversario', email: true, titulo_email: 'Parabéns', mensagem_email: 'Olá, {primeiro_nome}!', sms: true, mensagem_sms: 'Parabéns!' };
  return {
    'aniversário (no dia; WhatsApp, e-mail e SMS)': await insert({ criterio: 'data_aniversario', envio: 'no_dia', tempo: 0, ...all }),
    'ativação (1 dia depois; e-mail e SMS)': await insert({ criterio: 'data_ativacao', envio: 'dia_seguinte', tempo: 1, email: true, titulo_email: 'Bem-vindo', mensagem_email: 'Olá!', sms: true, mensagem_sms: 'Olá!' }),
    'contratação (anual; e-mail)': await insert({ criterio: 'data_contratacao', envio: 'anual', email: true, titulo_email: 'Mais um ano', mensagem_email: 'Obrigado!' }),
    'data específica (15/05; SMS, a base toda no dia)': await insert({ criterio: 'data_especifica', envio: 'no_dia', tempo: 0, data_especifica: '2026-05-15', sms: true, mensagem_sms: 'Aviso' }),
  };
}

/** The indexes a plan reads, and the tables it scans whole. */
const accessPaths = (db: Database, sql: string, params: unknown[]) => scannedPaths(db, sql, params, (table) => `Seq Scan on ${table}`);

const time = (run: () => Promise<unknown>) => timed(run, runs);

const ms = (n: number) => `${n.toFixed(n < 100 ? 1 : 0)} ms`;

async function main() {
  const load0 = loadavg()[0];
  const startedAt = new Date();
  await admin(`CREATE DATABASE ${name}`);
  const db = createPostgres(url.toString(), 4);
  let missed = false;
  try {
    const registry = loadRegistry(SCHEMAS_DIR);
    await migrate(db, registry);
    const { rows: version } = await db.query<{ v: string }>(`SELECT split_part(version(), ' (', 1) AS v`);
    console.log(`Banco ${name} (${version[0].v})`);
    const provider = await fill(db);
    const rules = await rulesOf(db, provider);
    const days = daysBetween(START, addDaysTo(START, DAYS - 1));
    const table: string[] = [];
    for (const [label, rule] of Object.entries(rules)) {
      const statement = previewStatement(rule, days)!;
      const paths = await accessPaths(db, statement.sql, statement.params);
      const preview = await previewRules(db, [rule], days, CLOCK);
      const selected = preview.dias.reduce((n, d) => n + Math.max(...Object.values(d.canais).map((c) => (c ? c.enviar + c.restritos + c.sem_endereco : 0))), 0);
      const timing = await time(() => previewRules(db, [rule], days, CLOCK));
      // The dispatcher's first page of one day (the 15th: the specific date's day).
      const day = addDaysTo(START, 14);
      const selection = selectionQuery(rule, [day], { customerColumns: true, logged: true, limit: 2000 })!;
      const dayPaths = await accessPaths(db, selection.sql, selection.params);
      const dayTiming = await time(() => db.query(selection.sql, selection.params));
      const goal = label.startsWith('aniversário') || label.startsWith('ativação');
      if (goal && timing.median >= GOAL_MS) missed = true;
      table.push(
        `| ${label} | ${selected.toLocaleString('pt-BR')} | ${ms(timing.median)} (${ms(timing.first)}) | ${ms(dayTiming.median)} (${ms(dayTiming.first)}) | ${paths
          .filter((p) => /dados_pessoas|Seq Scan/.test(p))
          .map((p) => `\`${p}\``)
          .join(', ')} |`,
      );
      console.log(`\n${label}: ${selected} seleções em ${DAYS} dias`);
      console.log(`  prévia de ${DAYS} dias: mediana ${ms(timing.median)} (1ª ${ms(timing.first)}, máx ${ms(timing.max)})${goal ? (timing.median < GOAL_MS ? ' — meta < 2 s atingida' : ' — META NÃO ATINGIDA') : ''}`);
      console.log(`  seleção de um dia pelo despachante (1ª página de 2.000): mediana ${ms(dayTiming.median)} (1ª ${ms(dayTiming.first)})`);
      console.log(`  plano da prévia: ${paths.join(', ')}`);
      console.log(`  plano do dia: ${dayPaths.join(', ')}`);
    }
    console.log(`\n| regra | clientes selecionados em ${DAYS} dias | prévia de ${DAYS} dias, mediana (1ª) | um dia do despachante, mediana (1ª) | índices lidos em dados_pessoas |`);
    console.log('| --- | ---: | ---: | ---: | --- |');
    for (const line of table) console.log(line);
    console.log(
      `\n- ${startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC; ${cpus().length} núcleos, ${(totalmem() / 2 ** 30).toFixed(1)} GiB; carga ${load0.toFixed(1)} → ${loadavg()[0].toFixed(1)}; Node ${process.version}; ${version[0].v}`,
    );
  } finally {
    await db.close();
    if (process.env.BENCH_KEEP_DB === '1') console.log(`banco mantido: ${url.toString()}`);
    else await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
  if (missed) console.log(`\nMeta não atingida: a prévia de ${DAYS} dias precisa responder em menos de 2 s.`);
  if (!SMALL) writeSection('communication-preview', output.runSection());
  finish({ missed: missed ? ['prévia'] : [] });
}

await main();
