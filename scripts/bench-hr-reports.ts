// npm run bench:hr-reports -- [--employees 100000] [--runs 15] [--only postgres|pglite] [--small]
// The HR reports (GET /v1/rh/relatorios/{relatorio}) at scale, through the real application
// (buildApp, signed-in callers): 30 providers with 8 departments, 16 positions and 4 work cities
// each, --employees users who are employees (auth.usuario), their profiles (gender and birth date,
// ages 18 to 65; 2% without one), employments admitted over the last 15 years, 10% dismissed
// (concluded dismissals) and 5% with relatives in the group, four must-read news items per provider
// with 60% of each audience's confirmations (the read confirmation reports), all filled by set-based SQL. Each
// report's call (its first page of 20 rows, its totals and its chart, with its default filters) is
// timed as the superadmin (every provider) and as an rh reader of three providers: a first (cold)
// call, then the median and p95 of --runs more. By default on PostgreSQL (DATABASE_URL, else
// postgres://postgres@127.0.0.1:5432/postgres, a database created and dropped for the run); --only
// pglite runs the embedded database instead. Goal: each call in at most 300 ms (median and p95);
// exits with status 1 when missed or when a call does not answer 200. A full run writes what it printed
// into its part of docs/benchmarks.md.
// --small (or BENCH_SMALL=1, as CI runs it): 2,000 employees, 3 runs; the goal is reported, not
// failed; docs/benchmarks.md is left alone.
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp, SCHEMAS_DIR } from '../src/server/app.js';
import { createUserWithPassword, DEFAULT_ADMIN } from '../src/server/auth/bootstrap.js';
import type { Database } from '../src/server/db/index.js';
import { migrate } from '../src/server/db/migrate.js';
import { loadRegistry } from '../src/server/schemas/registry.js';
import { REPORTS } from '../src/server/hrReports/reports.js';
import { finish, onEachDatabase, option, recordOutput, SMALL, sizeOption, writeSection } from './bench-kit.js';

const employees = sizeOption('employees', 100_000, 2_000);
const runs = sizeOption('runs', 15, 3);
const only = option('only') ?? 'postgres';
if (!Number.isSafeInteger(employees) || employees < 1000 || !Number.isSafeInteger(runs) || runs < 3) {
  console.error('--employees precisa ser um inteiro a partir de 1000, --runs a partir de 3');
  process.exit(1);
}
process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
const GOAL_MS = 300;
const PROVIDERS = 30;
const DEPARTMENTS = 8;
const POSITIONS = 2; // per sector; 8 sectors per provider's department set (one per department)
const CITIES = 4;
const registry = loadRegistry(SCHEMAS_DIR);
const load = () => loadavg()[0].toFixed(1);
const READER_PASSWORD = 'Bench#Leitor2026';
const output = recordOutput();

async function fill(db: Database) {
  await migrate(db, registry);
  const t0 = performance.now();
  const names = ['Bitcom', 'RazãoInfo', 'Vetorial', ...Array.from({ length: PROVIDERS - 3 }, (_, i) => `Provedor ${i + 4}`)];
  await db.query(`INSERT INTO rh.empresa (nome) SELECT unnest($1::text[])`, [names]);
  await db.query(`INSERT INTO rh.departamento (nome, id_empresa) SELECT 'Departamento ' || d, e.id FROM rh.empresa e, generate_series(1, ${DEPARTMENTS}) d`);
  await db.query(`INSERT INTO rh.setor (nome, id_departamento) SELECT 'Setor ' || d.nome, d.id FROM rh.departamento d`);
  await db.query(`INSERT INTO rh.cargo (nome, id_setor) SELECT 'Cargo ' || c, s.id FROM rh.setor s, generate_series(1, ${POSITIONS}) c`);
  await db.query(`INSERT INTO rh.cidade_provedor (nome, uf, id_empresa) SELECT 'Cidade ' || c, 'MG', e.id FROM rh.empresa e, generate_series(1, ${CITIES}) c`);
  // Users 1..n: names from 20 first names and 20 surnames (twice), spread over the providers.
  await db.query(
    `INSERT INTO auth.usuario (email, nome, funcionario, id_empresas)
     SELECT 'funcionario' || i || '@bench.test',
            (ARRAY['Ana','Bruno','Carla','Diego','Elisa','Fábio','Gabriela','Hugo','Isabela','João','Karina','Lucas','Marina','Nelson','Olívia','Pedro','Quitéria','Rafael','Sofia','Tiago'])[1 + i % 20] || ' ' ||
            (ARRAY['Almeida','Barbosa','Cardoso','Dias','Esteves','Ferreira','Gomes','Henriques','Lima','Moreira','Nogueira','Oliveira','Pereira','Queiroz','Ribeiro','Santos','Teixeira','Vieira','Xavier','Zanetti'])[1 + (i / 20) % 20] || ' ' ||
            (ARRAY['Silva','Souza','Costa','Rocha','Martins','Araújo','Melo','Campos','Freitas','Pinto'])[1 + (i / 400) % 10] || ' ' || i,
            true, ARRAY[(SELECT array_agg(id ORDER BY id) FROM rh.empresa)[1 + i % ${PROVIDERS}]]
       FROM generate_series(1, $1::int) i`,
    [employees],
  );
  // Profiles (2% without one): gender (1 in 47 'O'), birth date for ages 18 to 65.
  await db.query(
    `INSERT INTO rh.perfil_funcionario (id_usuario, nome, cpf, genero, estado_civil, data_nascimento)
     SELECT u.id, u.nome, 'bench-' || u.id, CASE WHEN u.id % 47 = 0 THEN 'O' WHEN u.id % 2 = 0 THEN 'F' ELSE 'M' END, 'SOLTEIRO',
            current_date - (6575 + (u.id::bigint * 7919) % 17167)::int
       FROM auth.usuario u WHERE u.email LIKE '%@bench.test' AND u.id % 50 <> 0`,
  );
  // Employments: the user's provider, a department, position and city of it, admitted in the last 15 years.
  await db.query(
    `WITH deps AS (SELECT d.id_empresa, array_agg(d.id ORDER BY d.id) AS ids FROM rh.departamento d GROUP BY 1),
          cities AS (SELECT c.id_empresa, array_agg(c.id ORDER BY c.id) AS ids FROM rh.cidade_provedor c GROUP BY 1)
     INSERT INTO rh.funcionario (id_usuario, id_empresa, id_departamento, id_cidade, matricula, tipo_contrato, data_admissao)
     SELECT u.id, u.id_empresas[1], deps.ids[1 + (u.id / 31) % ${DEPARTMENTS}], cities.ids[1 + (u.id / 7) % ${CITIES}], 'M' || u.id,
            (ARRAY['clt','clt','clt','clt','pj','estagio','aprendiz','temporario'])[1 + u.id % 8], current_date - ((u.id::bigint * 104729) % 5479)::int
       FROM auth.usuario u JOIN deps ON deps.id_empresa = u.id_empresas[1] JOIN cities ON cities.id_empresa = u.id_empresas[1]
      WHERE u.email LIKE '%@bench.test'`,
  );
  await db.query(`UPDATE rh.funcionario f SET id_cargo = c.id FROM rh.setor s JOIN rh.cargo c ON c.id_setor = s.id WHERE s.id_departamento = f.id_departamento AND c.nome = 'Cargo ' || (1 + f.id % ${POSITIONS})`);
  // 10% dismissed: a concluded dismissal after the admission, up to today.
  await db.query(
    `INSERT INTO rh.desligamento (id_funcionario, data_desligamento, tipo, aviso_previo, status, recontratavel)
     SELECT f.id, f.data_admissao + ((current_date - f.data_admissao) * ((f.id % 97) / 97.0))::int,
            (ARRAY['pedido_demissao','sem_justa_causa','com_justa_causa','acordo','fim_contrato','aposentadoria'])[1 + f.id % 6],
            (ARRAY['trabalhado','indenizado','dispensado'])[1 + f.id % 3], 'concluido', f.id % 5 <> 0
       FROM rh.funcionario f WHERE f.id % 10 = 3`,
  );
  await db.query(`UPDATE rh.funcionario f SET data_desligamento = x.data_desligamento, ativo = false FROM rh.desligamento x WHERE x.id_funcionario = f.id AND x.status = 'concluido'`);
  // 5% with relatives in the group (one or two names).
  await db.query(
    `INSERT INTO rh.familiar (id_funcionario, tem_familiar, familiares)
     SELECT f.id, true, CASE WHEN f.id % 3 = 0 THEN ARRAY['Parente A ' || f.id, 'Parente B ' || f.id] ELSE ARRAY['Parente ' || f.id] END
       FROM rh.funcionario f WHERE f.id % 20 = 7`,
  );
  // Must-read news items (the read confirmation reports): four per provider, one of them for a
  // department; the users give their position, and 60% of each audience confirmed.
  await db.query(`UPDATE auth.usuario u SET id_cargo = f.id_cargo FROM rh.funcionario f WHERE f.id_usuario = u.id`);
  await db.query(
    `INSERT INTO rh.novidade (provedor, titulo, resumo, texto, imagem_capa_data, imagem_capa_format, requer_lido, importante, departamento, created_at)
     SELECT e.id, 'Comunicado ' || k || ' de ' || e.nome, 'Resumo', '<p>Texto</p>', gen_random_uuid(), 'image/png', true, true,
            CASE WHEN k = 4 THEN (SELECT min(d.id) FROM rh.departamento d WHERE d.id_empresa = e.id) END, now() - (k || ' days')::interval
       FROM rh.empresa e, generate_series(1, 4) k`,
  );
  await db.query(
    `INSERT INTO rh.novidade_leitura (id_novidade, id_usuario, lido_em)
     SELECT n.id, u.id, n.created_at + ((u.id % 72) || ' hours')::interval
       FROM rh.novidade n JOIN auth.usuario u ON n.provedor = ANY(u.id_empresas)
      WHERE (u.id / 30) % 10 < 6 AND (n.departamento IS NULL OR EXISTS (SELECT 1 FROM rh.cargo c JOIN rh.setor s ON s.id = c.id_setor WHERE c.id = u.id_cargo AND s.id_departamento = n.departamento))`,
  );
  for (const table of ['auth.usuario', 'rh.perfil_funcionario', 'rh.funcionario', 'rh.desligamento', 'rh.familiar', 'rh.novidade', 'rh.novidade_leitura']) await db.exec(`VACUUM ANALYZE ${table}`);
  const count = async (table: string) => Number((await db.query(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n).toLocaleString('pt-BR');
  console.log(
    `  ${await count('rh.funcionario')} funcionários, ${await count('rh.perfil_funcionario')} perfis, ${await count('rh.desligamento')} desligamentos, ${await count('rh.familiar')} familiares; ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  return (await db.query<{ id: number }>('SELECT id FROM rh.empresa ORDER BY id LIMIT 3')).rows.map((r) => r.id);
}

/** Milliseconds of a call: a first (cold) one, then the median and p95 of `runs` more. */
async function measure(call: () => Promise<void>) {
  const t0 = performance.now();
  await call();
  const first = performance.now() - t0;
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await call();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)];
  return { first, median: at(0.5), p95: at(0.95) };
}

const outcomes: { label: string; median: number; p95: number }[] = [];

async function bench(kind: string, db: Database) {
  const readerProviders = await fill(db);
  // The first provider's first must-read item (its whole provider's audience).
  const firstItem = (await db.query<{ id: number }>('SELECT min(id) AS id FROM rh.novidade WHERE provedor = $1 AND departamento IS NULL', [readerProviders[0]])).rows[0].id;
  const app = await buildApp({ db, registry, config: { jwtSecret: undefined } });
  await app.ready();
  try {
    // The employees are users already: the superadmin is made here (ensureSuperadmin only makes the first user).
    await createUserWithPassword(db, app.resources, app.identity, { email: DEFAULT_ADMIN.email, nome: 'Superadmin', papeis: ['users:superadmin'], funcionario: true }, DEFAULT_ADMIN.password);
    await createUserWithPassword(db, app.resources, app.identity, { email: 'leitor.rh@bench.test', nome: 'Leitor de RH', papeis: ['rh:leitor'], id_empresas: readerProviders }, READER_PASSWORD);
    const token = async (email: string, password: string) => (await app.inject({ method: 'POST', url: '/v1/auth/login', payload: { email, password } })).json().idToken as string;
    const callers = [
      { who: 'superadmin', headers: { authorization: `Bearer ${await token(DEFAULT_ADMIN.email, DEFAULT_ADMIN.password)}`, 'x-intranet-role': 'users:superadmin' } },
      { who: 'leitor rh (3 provedores)', headers: { authorization: `Bearer ${await token('leitor.rh@bench.test', READER_PASSWORD)}`, 'x-intranet-role': 'rh:leitor' } },
    ];
    const calls: [string, string][] = [
      ...REPORTS.map((r): [string, string] => [r.key, r.key === 'read-confirm-list' ? `novidade=${firstItem}` : '']),
      ['read-confirm-list', `novidade=${firstItem}&leitura=pendentes&ordem=lido_em&direcao=desc`],
      ['list-general', 'situacao=todos&ordem=nome&direcao=desc&pagina=50'],
      ['list-admission', `inicio=${new Date().getUTCFullYear() - 15}-01-01&fim=${new Date().getUTCFullYear()}-12-31&ordem=nome`],
    ];
    for (const caller of callers) {
      for (const [name, query] of calls) {
        const label = `${name}${query ? ` (${query})` : ''} · ${caller.who}`;
        let figures = '';
        const t = await measure(async () => {
          const r = await app.inject({ method: 'GET', url: `/v1/rh/relatorios/${name}${query ? `?${query}` : ''}`, headers: caller.headers });
          if (r.statusCode !== 200) throw new Error(`${label}: ${r.statusCode} ${r.body}`);
          const body = r.json();
          figures = `${body.total.toLocaleString('pt-BR')} linhas, ${body.linhas.length} na página${body.grafico ? ', com gráfico' : ''}`;
        });
        outcomes.push({ label: `${kind} ${label}`, median: t.median, p95: t.p95 });
        console.log(`  ${kind}: ${label}: mediana ${t.median.toFixed(1)} ms, p95 ${t.p95.toFixed(1)} ms (1ª: ${t.first.toFixed(1)} ms); ${figures}`);
      }
    }
  } finally {
    await app.close();
  }
}

console.log(`${new Date().toISOString()} · ${cpus().length} núcleos · Node ${process.version} · carga ${load()}`);
const dir = mkdtempSync(join(tmpdir(), 'bench-hr-reports-'));
try {
  await onEachDatabase(dir, only, bench, { prefix: 'intranet_bench_hr', poolSize: 4 });
} finally {
  rmSync(dir, { recursive: true, force: true });
  console.log(`carga ao terminar: ${load()}`);
}
const missed = outcomes.filter((o) => o.median > GOAL_MS || o.p95 > GOAL_MS);
console.log(missed.length ? `Meta (≤ ${GOAL_MS} ms) não atingida: ${missed.map((o) => `${o.label} ${o.median.toFixed(0)}/${o.p95.toFixed(0)} ms`).join('; ')}` : `Meta (≤ ${GOAL_MS} ms, mediana e p95): atingida`);
if (!SMALL) writeSection('hr-reports', output.runSection());
finish({ missed: missed.map((o) => o.label) });
