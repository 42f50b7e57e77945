// Write rules of the leads and of the blocklist that a schema cannot say (the blocklist marker
// itself is kept by the database: triggers of migration 0063).
// - A lead's cliente, cod_cliente and inadimplente come from the customer lookup (the ERP boundary,
//   src/server/customers) whenever its CPF or provider is written: is that CPF a customer of the
//   lead's provider, and is that customer overdue (dias_atraso > 0) (customerFlags.ts; a customer
//   import refreshes them on the leads it touches).
// - A seller (acting in sales as a solicitante) who registers a lead without a seller becomes it.
// - A blocklist entry names what it blocks: a CPF (tipo cliente) or a CEP and house number (tipo
//   endereco).
import { levelOf, effectiveRole } from '../../domain/roles.js';
import { MSG } from '../../domain/messages.js';
import type { Queryable } from '../db/index.js';
import type { CustomerDirectory } from '../customers/index.js';
import { customerFlags } from './customerFlags.js';
import type { ResourceHooks, ResourceService } from '../resources/service.js';
import { ValidationError, type FieldErrors } from '../schemas/validation.js';

const present = (v: unknown) => v !== undefined && v !== null && v !== '';

/** Whether the user acts in sales as a seller: their effective vendas role is a solicitante one. */
async function isSeller(tx: Queryable, userId: number) {
  const { rows } = await tx.query<{ papeis: string[] }>('SELECT papeis FROM auth.usuario WHERE id = $1', [userId]);
  return rows.length > 0 && levelOf(effectiveRole(rows[0].papeis ?? [], 'vendas')) === 'solicitante';
}

export function leadHooks(directory: CustomerDirectory): ResourceHooks {
  return {
    async beforeWrite({ tx, actor, operation, existing, values }) {
      if (operation === 'delete' || !values) return;
      if (operation === 'create' && !present(values.id_vendedor) && actor.userId !== null && (await isSeller(tx, actor.userId))) {
        values.id_vendedor = actor.userId;
      }
      if (operation === 'update' && !('cpf' in values) && !('id_empresa' in values)) return;
      const cpf = 'cpf' in values ? values.cpf : existing?.cpf;
      const provider = ('id_empresa' in values ? values.id_empresa : existing?.id_empresa) as number;
      Object.assign(values, await customerFlags(directory, tx, cpf, provider));
    },
  };
}

export const blocklistHooks: ResourceHooks = {
  async beforeWrite({ operation, existing, values }) {
    if (operation === 'delete' || !values) return;
    const record = { ...(existing ?? {}), ...values };
    const needed = record.tipo === 'endereco' ? ['cep', 'numero'] : ['cpf'];
    const errors: FieldErrors = {};
    for (const field of needed) if (!present(record[field])) errors[field] = MSG.required;
    if (Object.keys(errors).length) throw new ValidationError(errors);
  },
};

export function registerLeadHooks(service: ResourceService, directory: CustomerDirectory) {
  service.hooks.set('leads', leadHooks(directory));
  service.hooks.set('blocklist', blocklistHooks);
}
