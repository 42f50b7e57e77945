// npm run import:customers -- file.csv|file.xlsx [--sistema BITCOM] [--max-xlsx-mb 15]
// Imports customers into DATABASE_URL, or into the embedded PGlite in DATA_DIR (as npm run migrate),
// migrating first. One file, one transaction: every bad row is printed as 'linha N: motivo' and the
// exit code is 1 with nothing written; otherwise the counts and the rows per second are printed.
import { readConfig } from '../src/server/config.js';
import { formatReport, ImportFileError, importCustomers, XLSX_MAX_BYTES } from '../src/server/customers/import.js';
import { openDatabase } from '../src/server/db/index.js';
import { migrateOrExit } from '../src/server/db/migrate.js';
import { loadRegistry } from '../src/server/schemas/registry.js';
import { SCHEMAS_DIR } from '../src/server/app.js';

const USAGE = 'Uso: npm run import:customers -- arquivo.csv|arquivo.xlsx [--sistema NOME] [--max-xlsx-mb N]';
const args = process.argv.slice(2);
const files: string[] = [];
let sistema: string | undefined;
let maxXlsxBytes = XLSX_MAX_BYTES;
for (let i = 0; i < args.length; i++) {
  const arg = args[i];
  if (arg === '--sistema') sistema = args[++i];
  else if (arg === '--max-xlsx-mb') maxXlsxBytes = Number(args[++i]) * 1024 * 1024;
  else if (arg === '--help' || arg === '-h') {
    console.log(USAGE);
    process.exit(0);
  } else if (arg.startsWith('--')) {
    console.error(`Opção desconhecida: ${arg}\n${USAGE}`);
    process.exit(2);
  } else files.push(arg);
}
if (files.length !== 1 || (args.includes('--sistema') && !sistema) || !(maxXlsxBytes > 0)) {
  console.error(USAGE);
  process.exit(2);
}

const config = readConfig();
const db = await openDatabase(config);
let code = 0;
try {
  await migrateOrExit(db, loadRegistry(SCHEMAS_DIR), () => {});
  const report = await importCustomers(db, files[0], {
    sistema,
    maxXlsxBytes,
    onProgress: (rows) => process.stderr.isTTY && process.stderr.write(`\r${rows} linhas lidas...`),
  });
  if (process.stderr.isTTY) process.stderr.write('\r');
  const lines = formatReport(report);
  (report.ok ? console.log : console.error)(lines.join('\n'));
  code = report.ok ? 0 : 1;
} catch (e) {
  if (!(e instanceof ImportFileError)) throw e;
  console.error(e.message);
  code = 1;
} finally {
  await db.close();
}
process.exit(code);
