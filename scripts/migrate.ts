// npm run migrate: applies pending migrations to DATABASE_URL, or to the embedded PGlite in DATA_DIR.
import { readConfig } from '../src/server/config.js';
import { openDatabase } from '../src/server/db/index.js';
import { migrateOrExit } from '../src/server/db/migrate.js';
import { loadRegistry } from '../src/server/schemas/registry.js';
import { SCHEMAS_DIR } from '../src/server/app.js';

const config = readConfig();
const db = await openDatabase(config);
const applied = await migrateOrExit(db, loadRegistry(SCHEMAS_DIR), (m) => console.log(m));
console.log(applied.length ? `${applied.length} migração(ões) aplicada(s).` : 'Banco de dados já está atualizado.');
await db.close();
