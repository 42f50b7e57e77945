// Reads the configuration, opens the database (PostgreSQL or embedded PGlite), migrates, creates the
// superadmin (and, with SEED_DEMO, the demo data and users) on first start, and listens.
import { buildApp, SCHEMAS_DIR } from './app.js';
import { ensureSuperadmin, seedDemoUsers } from './auth/bootstrap.js';
import { readConfig } from './config.js';
import { openDatabase } from './db/index.js';
import { migrateOrExit } from './db/migrate.js';
import { isDatabaseUnavailable } from './errors.js';
import { loadRegistry } from './schemas/registry.js';
import { seedDemo, seedDemoProfiles } from './seed.js';

const config = readConfig();
const db = await openDatabase(config);
const registry = loadRegistry(SCHEMAS_DIR);
await migrateOrExit(db, registry, (msg) => console.log(msg));
const app = await buildApp({ db, registry, config, serveAdmin: true, logger: { level: config.logLevel } });
const admin = await ensureSuperadmin(db, app.resources, app.identity, config.adminEmail, config.adminPassword);
if (admin) app.log.info(`superadmin criado: ${config.adminEmail}`);
if (config.seedDemo) {
  await seedDemo(app.resources, (msg) => app.log.info(msg));
  await seedDemoUsers(db, app.resources, app.identity);
  // The demo employees' profiles need the demo users (created just above on a new database).
  await seedDemoProfiles(app.resources, (msg) => app.log.info(msg));
}

await app.listen({ port: config.port, host: config.host });
const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite embutido em ${config.dataDir}`;
const url = `http://localhost:${config.port}`;
console.log(`
Intranet no ar: ${url}
  API ${url}/api · GraphQL ${url}/v1/graphql · documentação ${url}/docs
  Banco de dados: ${where}
  Fila de trabalhos (pg-boss: turnos da régua de comunicação às 07:00, 13:00 e 20:00 e lembretes da frota às 07:00 de São Paulo): ${config.jobsEnabled ? 'ligada' : 'desligada (JOBS_ENABLED=false)'}
  Entrar como superadmin: ${config.adminEmail} / ${process.env.ADMIN_PASSWORD ? '(a senha de ADMIN_PASSWORD)' : config.adminPassword}${
    config.seedDemo ? '\n  Usuários de demonstração (senha Intranet#Demo2026): veja a tabela "Demo sign-ins" no README' : ''
  }
`);

// Last line of defence: a lost database connection somewhere no request awaits must not end the
// process (the requests answer 503 meanwhile and the pool reconnects). Any other fault still does.
process.on('uncaughtException', (e) => {
  if (!isDatabaseUnavailable(e)) {
    app.log.fatal({ err: e }, 'erro não tratado');
    process.exit(1);
  }
  app.log.error({ err: e }, 'conexão com o banco de dados perdida fora de uma requisição');
});
process.on('unhandledRejection', (reason) => {
  if (!isDatabaseUnavailable(reason)) throw reason;
  app.log.error({ err: reason }, 'conexão com o banco de dados perdida fora de uma requisição');
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    await app.close();
    await db.close();
    process.exit(0);
  });
}
