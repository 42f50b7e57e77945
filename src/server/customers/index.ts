// The ERP boundary's entry point: every module asks customerDirectoryFor(db) for the customers and
// never reads relacionamento.dados_pessoas itself. Today the answer is the built-in directory over our
// own tables; a real ERP connector (MK Solutions, IXC Soft, SGP...) plugs in here, chosen by
// configuration, and implements the same interface.
import type { Queryable } from '../db/index.js';
import { BuiltinCustomerDirectory } from './builtin.js';
import type { CustomerDirectory } from './directory.js';

export type { Customer, CustomerDirectory, CustomerQuery, DateField, DirectoryScope, Situacao } from './directory.js';
export { phoneDigits } from './builtin.js';

const directories = new WeakMap<Queryable, CustomerDirectory>();

/** The customer directory over a database (one per database, reused). */
export function customerDirectoryFor(db: Queryable): CustomerDirectory {
  let directory = directories.get(db);
  if (!directory) directories.set(db, (directory = new BuiltinCustomerDirectory(db)));
  return directory;
}
