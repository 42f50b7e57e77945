// Write rules of the blocking rules and their exception criteria that a schema cannot say, run inside
// every write's transaction whatever the door (REST /api/blocking-*, GraphQL):
// - a blocking rule records who registered it (id_usuario, read-only in the schema);
// - an exception criterion's valor is trimmed and checked against its tipo: a situation must be one
//   of the customers' situations (stored in lower case), a customer code must be one of the rule's
//   provider's customers (the ERP boundary). Plan, neighbourhood and city are free text, compared
//   without case or accents when the rule is simulated (src/server/customers/builtin.ts).
import { MSG } from '../../domain/messages.js';
import type { Situacao } from '../customers/directory.js';
import type { CustomerDirectory } from '../customers/index.js';
import type { Queryable } from '../db/index.js';
import type { Actor, ResourceHooks, ResourceService } from '../resources/service.js';
import { ValidationError } from '../schemas/validation.js';

export const CRITERION_TYPES = ['plano', 'bairro', 'cidade', 'cliente', 'situacao'] as const;
export type CriterionType = (typeof CRITERION_TYPES)[number];

export const SITUACOES: readonly Situacao[] = ['ativo', 'suspenso', 'cancelado'];

export const BLOCKING_MSG = {
  invalidSituation: 'Situação inválida: use ativo, suspenso ou cancelado',
  /** The customer lookup's text when the provider has no customer of that code. */
  noCustomer: MSG.noResult,
} as const;

export const ruleHooks: ResourceHooks = {
  async beforeWrite({ operation, actor, values }) {
    // Who registered the rule: the caller, whatever the body says (the field is read-only).
    if (operation === 'create' && values && actor.userId !== null) values.id_usuario = actor.userId;
  },
};

/** The provider of a rule the actor may see, or null (no such rule, or another provider's: the write's own checks refuse it). */
async function ruleProvider(tx: Queryable, id: unknown, actor: Actor): Promise<number | null> {
  if (typeof id !== 'number' || !Number.isSafeInteger(id)) return null;
  const { rows } = await tx.query<{ provedor: number }>('SELECT provedor FROM bloqueio.regra WHERE id = $1', [id]);
  const provider = rows[0]?.provedor ?? null;
  if (provider === null || (actor.providerIds !== null && !actor.providerIds.includes(provider))) return null;
  return provider;
}

export function criterionHooks(directory: CustomerDirectory): ResourceHooks {
  return {
    async beforeWrite({ tx, actor, operation, existing, values }) {
      if (operation === 'delete' || !values) return;
      if (typeof values.valor === 'string') values.valor = values.valor.trim();
      const tipo = ('tipo' in values ? values.tipo : existing?.tipo) as CriterionType;
      const rule = 'id_regra' in values ? values.id_regra : existing?.id_regra;
      let valor = 'valor' in values ? values.valor : existing?.valor;
      // A toggle (or an edit keeping tipo, valor and rule) is not checked again: a customer gone
      // from the ERP since does not stop switching its criterion off.
      if (operation === 'update' && tipo === existing?.tipo && valor === existing?.valor && rule === existing?.id_regra) return;
      if (typeof valor !== 'string') return;
      if (valor === '') throw new ValidationError({ valor: MSG.required });
      if (tipo === 'situacao') {
        valor = valor.toLowerCase();
        if (!SITUACOES.includes(valor as Situacao)) throw new ValidationError({ valor: BLOCKING_MSG.invalidSituation }, BLOCKING_MSG.invalidSituation);
        values.valor = valor;
      } else if (tipo === 'cliente') {
        const provider = await ruleProvider(tx, rule, actor);
        if (provider === null) return;
        const found = await directory.find({ id_empresa: provider, cod_cliente: valor, limit: 1 }, { providerIds: null }, tx);
        if (!found.length) throw new ValidationError({ valor: BLOCKING_MSG.noCustomer }, BLOCKING_MSG.noCustomer);
        values.valor = valor;
      }
    },
  };
}

/** Registers the blocking rules' write rules on the shared resource service. */
export function registerBlockingHooks(service: ResourceService, directory: CustomerDirectory) {
  service.hooks.set('blocking-rules', ruleHooks);
  service.hooks.set('blocking-exception-criteria', criterionHooks(directory));
}
