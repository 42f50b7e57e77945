// A lead's customer flags (cliente, cod_cliente, inadimplente) as the customer directory answers them
// for the lead's CPF and provider. The lead hooks set them on every write of a CPF or provider; a
// customer import refreshes them on the leads its rows touch (a new customer, a paid or new debt, a
// changed CPF), in the import's own transaction.
import type { Queryable } from '../db/index.js';
import type { Customer, CustomerDirectory } from '../customers/index.js';

export interface CustomerFlags {
  cliente: boolean;
  cod_cliente: string | null;
  inadimplente: boolean;
}

const present = (v: unknown) => v !== undefined && v !== null && v !== '';

export const flagsOf = (customer: Customer | null): CustomerFlags => ({
  cliente: customer !== null,
  cod_cliente: customer?.cod_cliente ?? null,
  inadimplente: (customer?.dias_atraso ?? 0) > 0,
});

/** The flags of a lead with this CPF at this provider. */
export async function customerFlags(directory: CustomerDirectory, tx: Queryable, cpf: unknown, provider: number): Promise<CustomerFlags> {
  return flagsOf(present(cpf) ? await directory.isCustomer({ cpf: String(cpf), id_empresa: provider }, tx) : null);
}

/**
 * Recomputes the flags of these leads and writes the ones that changed (audited as the transaction's
 * user). Answers how many leads changed.
 */
export async function refreshLeadFlags(tx: Queryable, directory: CustomerDirectory, leadIds: number[]): Promise<number> {
  if (!leadIds.length) return 0;
  const { rows } = await tx.query<{ id: number; cpf: string | null; id_empresa: number } & CustomerFlags>(
    'SELECT id, cpf, id_empresa, cliente, cod_cliente, inadimplente FROM vendas.lead WHERE id = ANY($1::int[]) ORDER BY id',
    [leadIds],
  );
  let changed = 0;
  for (const lead of rows) {
    const flags = await customerFlags(directory, tx, lead.cpf, lead.id_empresa);
    if (flags.cliente === lead.cliente && flags.cod_cliente === lead.cod_cliente && flags.inadimplente === lead.inadimplente) continue;
    await tx.query('UPDATE vendas.lead SET cliente = $2, cod_cliente = $3, inadimplente = $4 WHERE id = $1', [
      lead.id,
      flags.cliente,
      flags.cod_cliente,
      flags.inadimplente,
    ]);
    changed++;
  }
  return changed;
}
