// npm run bench:supplies -- [--movements 1000000] [--runs 25] [--only postgres|pglite] [--small]
// The supplies area at scale, through the real application (buildApp, signed-in callers): 3 providers
// with 20 products each (15 tracked one unit at a time, 5 counted), 100 squads each, units whose
// whole life is in the ledger (suprimentos.movimento: received, sent to a squad, installed at a
// customer, removed, returned, some repaired or written off), and the counted balances of each squad,
// --movements ledger lines in all, filled by set-based SQL. Two calls are timed, each with a
// different unit or squad every time (a first, cold call, then the median and p95 of --runs more),
// as the superadmin (every provider) and as a suprimentos reader of one provider:
// - "where is it now": GET /v1/suprimentos/localizar/{patrimonio} (the unit, its place and its whole history);
// - a squad's inventory: GET /v1/suprimentos/equipes/{id}/inventario (what the squad holds, its open count
//   and its past counts), and opening a count (POST, the snapshot of its holdings).
// By default on PostgreSQL (DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres, a database
// created and dropped for the run); --only pglite runs the embedded database. Goal: each call in at
// most 50 ms (median and p95); exits with status 1 when missed or when a call does not answer as it
// should. A full run writes what it printed into its part of docs/benchmarks.md.
// --small (or BENCH_SMALL=1, as CI runs it): 20,000 ledger lines, 5 runs; the goal is reported, not failed.
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp, SCHEMAS_DIR } from '../src/server/app.js';
import { createUserWithPassword, DEFAULT_ADMIN } from '../src/server/auth/bootstrap.js';
import type { Database } from '../src/server/db/index.js';
import { migrate } from '../src/server/db/migrate.js';
import { loadRegistry } from '../src/server/schemas/registry.js';
import { finish, onEachDatabase, option, recordOutput, SMALL, sizeOption, writeSection } from './bench-kit.js';

const movements = sizeOption('movements', 1_000_000, 20_000);
const runs = sizeOption('runs', 25, 5);
const only = option('only') ?? 'postgres';
if (!Number.isSafeInteger(movements) || movements < 10_000 || !Number.isSafeInteger(runs) || runs < 3) {
  console.error('--movements precisa ser um inteiro a partir de 10000, --runs a partir de 3');
  process.exit(1);
}
process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
const GOAL_MS = 50;
const PROVIDERS = 3;
const PRODUCTS = 20; // per provider; the first 15 tracked, the last 5 counted
const SQUADS = 100; // per provider
// A unit's life in the ledger: 6 lines on average (received, sent, installed, removed, returned, ...).
const LINES_PER_UNIT = 6;
const registry = loadRegistry(SCHEMAS_DIR);
const load = () => loadavg()[0].toFixed(1);
const READER_PASSWORD = 'Bench#Leitor2026';
const output = recordOutput();

async function fill(db: Database) {
  await migrate(db, registry);
  const t0 = performance.now();
  // Nine in ten ledger lines are of units, the rest of counted quantities.
  const units = Math.floor((movements * 0.9) / LINES_PER_UNIT);
  const countedLines = movements - units * LINES_PER_UNIT;
  await db.query(`INSERT INTO rh.empresa (nome) SELECT unnest($1::text[])`, [['Bitcom', 'RazãoInfo', 'Vetorial']]);
  await db.query(`INSERT INTO rh.cidade_provedor (nome, uf, id_empresa) SELECT 'Cidade ' || c, 'MG', e.id FROM rh.empresa e, generate_series(1, 4) c`);
  await db.query(
    `INSERT INTO suprimentos.produto (nome, tipo, controle, unidade, valor, id_empresa)
     SELECT 'Produto ' || p, (ARRAY['onu','roteador','switch','radio','cabo','conector'])[1 + p % 6],
            CASE WHEN p <= 15 THEN 'patrimonio' ELSE 'quantidade' END, CASE WHEN p <= 15 THEN 'un' ELSE 'm' END, 50 + p * 10, e.id
       FROM rh.empresa e, generate_series(1, ${PRODUCTS}) p`,
  );
  await db.query(
    `INSERT INTO suprimentos.equipe (nome, id_empresa, id_cidade)
     SELECT 'Equipe ' || s, e.id, (SELECT min(c.id) FROM rh.cidade_provedor c WHERE c.id_empresa = e.id) + s % 4
       FROM rh.empresa e, generate_series(1, ${SQUADS}) s`,
  );
  // Units: provider i % 3, product one of its 15 tracked, patrimônio 'PAT<i>', serial 'SN<i>'. Where each
  // ends: 20% with a squad, 45% at a customer's, 25% in the warehouse, 5% in repair, 5% written off.
  await db.query(
    `WITH e AS (SELECT array_agg(id ORDER BY id) AS ids FROM rh.empresa),
          u AS (SELECT i, (SELECT ids FROM e)[1 + i % ${PROVIDERS}] AS emp, i % 100 AS slot FROM generate_series(1, $1::int) i)
     INSERT INTO suprimentos.item (id, id_empresa, id_produto, patrimonio, serial, local, id_equipe, cliente_sistema, cliente_codigo, cliente_nome)
     SELECT u.i, u.emp,
            (SELECT min(p.id) FROM suprimentos.produto p WHERE p.id_empresa = u.emp) + u.i % 15,
            'PAT' || u.i, 'SN' || u.i,
            CASE WHEN slot < 20 THEN 'equipe' WHEN slot < 65 THEN 'cliente' WHEN slot < 90 THEN 'almoxarifado' WHEN slot < 95 THEN 'manutencao' ELSE 'baixado' END,
            CASE WHEN slot < 20 THEN (SELECT min(q.id) FROM suprimentos.equipe q WHERE q.id_empresa = u.emp) + (u.i / 7) % ${SQUADS} END,
            CASE WHEN slot BETWEEN 20 AND 64 THEN 'BENCH' END, CASE WHEN slot BETWEEN 20 AND 64 THEN 'C' || u.i END,
            CASE WHEN slot BETWEEN 20 AND 64 THEN 'Cliente ' || u.i END
       FROM u`,
    [units],
  );
  await db.query(`SELECT setval(pg_get_serial_sequence('suprimentos.item', 'id'), (SELECT max(id) FROM suprimentos.item))`);
  // The ledger of each unit: LINES_PER_UNIT lines a day apart over the last years, the last one
  // bringing it where it is now (the earlier ones a plausible round trip: received, sent to a squad,
  // installed, removed, returned).
  await db.query(
    `INSERT INTO suprimentos.movimento (id_empresa, id_produto, id_item, quantidade, tipo, origem_local, origem_equipe, destino_local, destino_equipe,
       cliente_sistema, cliente_codigo, registro_tabela, registro_id, data)
     SELECT it.id_empresa, it.id_produto, it.id, 1,
            CASE WHEN k = ${LINES_PER_UNIT} THEN
                   CASE it.local WHEN 'equipe' THEN 'envio' WHEN 'cliente' THEN 'instalacao' WHEN 'manutencao' THEN 'manutencao' WHEN 'baixado' THEN 'reciclagem' ELSE 'retorno' END
                 ELSE (ARRAY['entrada','envio','instalacao','retirada','retorno'])[1 + (k - 1) % 5] END,
            CASE WHEN k = 1 THEN NULL ELSE 'almoxarifado' END, NULL,
            CASE WHEN k = ${LINES_PER_UNIT} THEN it.local ELSE (ARRAY['almoxarifado','equipe','cliente','equipe','almoxarifado'])[1 + (k - 1) % 5] END,
            CASE WHEN k = ${LINES_PER_UNIT} THEN it.id_equipe END,
            it.cliente_sistema, it.cliente_codigo, 'bench', it.id,
            now() - ((${LINES_PER_UNIT} - k) * 30 + it.id % 30 || ' days')::interval
       FROM suprimentos.item it, generate_series(1, ${LINES_PER_UNIT}) k`,
  );
  // Counted products: each squad's balance of each, and the ledger lines that made them.
  await db.query(
    `INSERT INTO suprimentos.saldo (id_empresa, id_produto, local, id_equipe, quantidade)
     SELECT q.id_empresa, p.id, 'equipe', q.id, 10 + (q.id * p.id) % 90
       FROM suprimentos.equipe q JOIN suprimentos.produto p ON p.id_empresa = q.id_empresa AND p.controle = 'quantidade'`,
  );
  await db.query(
    `INSERT INTO suprimentos.movimento (id_empresa, id_produto, quantidade, tipo, origem_local, destino_local, destino_equipe, registro_tabela, registro_id, data)
     SELECT s.id_empresa, s.id_produto, 1 + i % 20, 'envio', 'almoxarifado', 'equipe', s.id_equipe, 'bench', i, now() - (i % 900 || ' days')::interval
       FROM generate_series(1, $1::int) i
       JOIN suprimentos.saldo s ON s.id = 1 + i % (SELECT count(*) FROM suprimentos.saldo)::int`,
    [countedLines],
  );
  for (const table of ['suprimentos.item', 'suprimentos.movimento', 'suprimentos.saldo', 'suprimentos.equipe', 'suprimentos.produto']) await db.exec(`VACUUM ANALYZE ${table}`);
  const count = async (table: string) => Number((await db.query(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n).toLocaleString('pt-BR');
  console.log(
    `  ${await count('suprimentos.movimento')} linhas no razão, ${await count('suprimentos.item')} equipamentos, ${await count('suprimentos.equipe')} equipes, ${await count('suprimentos.saldo')} saldos; ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  const providers = (await db.query<{ id: number }>('SELECT id FROM rh.empresa ORDER BY id')).rows.map((r) => r.id);
  return { units, providers };
}

/** Milliseconds of a call: a first (cold) one, then the median and p95 of `runs` more; `call(i)` varies its target with i. */
async function measure(call: (i: number) => Promise<void>) {
  const t0 = performance.now();
  await call(0);
  const first = performance.now() - t0;
  const times: number[] = [];
  for (let i = 1; i <= runs; i++) {
    const t = performance.now();
    await call(i);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)];
  return { first, median: at(0.5), p95: at(0.95) };
}

const outcomes: { label: string; median: number; p95: number }[] = [];
const wrong: string[] = [];

async function bench(kind: string, db: Database) {
  const { units, providers } = await fill(db);
  const app = await buildApp({ db, registry, config: { jwtSecret: undefined } });
  await app.ready();
  try {
    await createUserWithPassword(db, app.resources, app.identity, { email: DEFAULT_ADMIN.email, nome: 'Superadmin', papeis: ['users:superadmin'], funcionario: true }, DEFAULT_ADMIN.password);
    await createUserWithPassword(db, app.resources, app.identity, { email: 'almoxarifado@bench.test', nome: 'Almoxarifado', papeis: ['suprimentos:gestor'], id_empresas: [providers[0]], funcionario: true }, READER_PASSWORD);
    const token = async (email: string, password: string) => (await app.inject({ method: 'POST', url: '/v1/auth/login', payload: { email, password } })).json().idToken as string;
    const callers = [
      { who: 'superadmin', provider: undefined as number | undefined, headers: { authorization: `Bearer ${await token(DEFAULT_ADMIN.email, DEFAULT_ADMIN.password)}`, 'x-intranet-role': 'users:superadmin' } },
      { who: 'gestor de suprimentos (1 provedor)', provider: providers[0], headers: { authorization: `Bearer ${await token('almoxarifado@bench.test', READER_PASSWORD)}`, 'x-intranet-role': 'suprimentos:gestor' } },
    ];
    // Squads holding units: those of the provider (all of them hold some).
    const squads = async (provider?: number) =>
      (await db.query<{ id: number }>(`SELECT id FROM suprimentos.equipe WHERE ($1::int IS NULL OR id_empresa = $1) ORDER BY id`, [provider ?? null])).rows.map((r) => r.id);
    for (const caller of callers) {
      const own = await squads(caller.provider);
      // A unit of the caller's providers: unit n belongs to the provider of index n % 3, so the first
      // provider's are the multiples of 3; the superadmin's are any.
      const unit = (i: number) => {
        const n = PROVIDERS * (1 + ((i * 7919) % (Math.floor(units / PROVIDERS) - 1)));
        return caller.provider === undefined ? n - (i % PROVIDERS) : n;
      };
      let lookupFigures = '';
      const lookup = await measure(async (i) => {
        const code = `pat${unit(i)}`; // lower case: the lookup ignores case
        const r = await app.inject({ method: 'GET', url: `/v1/suprimentos/localizar/${code}`, headers: caller.headers });
        if (r.statusCode !== 200) throw new Error(`localizar ${code}: ${r.statusCode} ${r.body}`);
        const body = r.json();
        const item = body.itens?.[0];
        if (!item || item.historico?.length !== LINES_PER_UNIT) wrong.push(`localizar ${code} (${caller.who}): ${JSON.stringify(body).slice(0, 200)}`);
        lookupFigures = `${item?.local_label}, ${item?.historico?.length} movimentações`;
      });
      const label1 = `onde está (GET /v1/suprimentos/localizar/{patrimonio}) · ${caller.who}`;
      outcomes.push({ label: `${kind} ${label1}`, median: lookup.median, p95: lookup.p95 });
      console.log(`  ${kind}: ${label1}: mediana ${lookup.median.toFixed(1)} ms, p95 ${lookup.p95.toFixed(1)} ms (1ª: ${lookup.first.toFixed(1)} ms); ${lookupFigures}`);

      let inventoryFigures = '';
      const inventory = await measure(async (i) => {
        const squad = own[(i * 37) % own.length];
        const r = await app.inject({ method: 'GET', url: `/v1/suprimentos/equipes/${squad}/inventario`, headers: caller.headers });
        if (r.statusCode !== 200) throw new Error(`inventário da equipe ${squad}: ${r.statusCode} ${r.body}`);
        inventoryFigures = r.body.length.toLocaleString('pt-BR') + ' bytes';
      });
      const label2 = `inventário de uma equipe (GET /v1/suprimentos/equipes/{id}/inventario) · ${caller.who}`;
      outcomes.push({ label: `${kind} ${label2}`, median: inventory.median, p95: inventory.p95 });
      console.log(`  ${kind}: ${label2}: mediana ${inventory.median.toFixed(1)} ms, p95 ${inventory.p95.toFixed(1)} ms (1ª: ${inventory.first.toFixed(1)} ms); ${inventoryFigures}`);

      // Opening a count: the snapshot of the squad's holdings (a different squad each time; a squad has one open count at a time).
      let opened = '';
      const open = await measure(async (i) => {
        const squad = own[(i * 13 + (caller.provider ? 1 : 2)) % own.length];
        const r = await app.inject({ method: 'POST', url: `/v1/suprimentos/equipes/${squad}/inventario`, headers: caller.headers, payload: {} });
        if (r.statusCode !== 200 && r.statusCode !== 201 && r.statusCode !== 409) throw new Error(`abrir contagem da equipe ${squad}: ${r.statusCode} ${r.body}`);
        opened = `${r.statusCode}`;
      });
      const label3 = `abrir a contagem de uma equipe (POST /v1/suprimentos/equipes/{id}/inventario) · ${caller.who}`;
      outcomes.push({ label: `${kind} ${label3}`, median: open.median, p95: open.p95 });
      console.log(`  ${kind}: ${label3}: mediana ${open.median.toFixed(1)} ms, p95 ${open.p95.toFixed(1)} ms (1ª: ${open.first.toFixed(1)} ms); última resposta ${opened}`);
    }
  } finally {
    await app.close();
  }
}

console.log(`${new Date().toISOString()} · ${cpus().length} núcleos · Node ${process.version} · carga ${load()}`);
const dir = mkdtempSync(join(tmpdir(), 'bench-supplies-'));
try {
  await onEachDatabase(dir, only, bench, { prefix: 'intranet_bench_supplies', poolSize: 4 });
} finally {
  rmSync(dir, { recursive: true, force: true });
  console.log(`carga ao terminar: ${load()}`);
}
const missed = outcomes.filter((o) => o.median > GOAL_MS || o.p95 > GOAL_MS);
console.log(missed.length ? `Meta (≤ ${GOAL_MS} ms) não atingida: ${missed.map((o) => `${o.label} ${o.median.toFixed(0)}/${o.p95.toFixed(0)} ms`).join('; ')}` : `Meta (≤ ${GOAL_MS} ms, mediana e p95): atingida`);
if (!SMALL) writeSection('supplies', output.runSection(), { heading: '## Supplies over 1,000,000 movements (`npm run bench:supplies`)' });
finish({ wrong, missed: missed.map((o) => o.label) });
