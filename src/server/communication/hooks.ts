// Write rules of the communication scale that a schema cannot say, run inside every write's
// transaction whatever the door (REST /api/communication-*, GraphQL, the v1 calls):
// - a rule is normalised and checked by the rule form's own logic (src/domain/communicationRules.ts),
//   so the server refuses what the form refuses, with the same texts;
// - a campaign records who registered it (id_usuario, read-only in the schema);
// - a restriction's customer name and CPF come from the customer lookup (the ERP boundary) by the
//   provider (sistema) and customer code; a code the provider does not have is refused. One
//   restriction per customer is the schema's unique rule (409 with the spec's text).
// Blocking rules have their own hooks elsewhere.
import { MSG } from '../../domain/messages.js';
import { normaliseRule, validateRule, type RuleRecord } from '../../domain/communicationRules.js';
import type { CustomerDirectory } from '../customers/index.js';
import type { ResourceHooks, ResourceService } from '../resources/service.js';
import { ValidationError } from '../schemas/validation.js';

/** The lookup's answer when the provider has no customer of that code (the restriction form's text). */
export const NO_CUSTOMER_FOUND = MSG.noResult;

/** The fields normaliseRule may change. */
const NORMALISED = ['tempo', 'titulo_email', 'data_especifica'] as const;

export const ruleHooks: ResourceHooks = {
  async beforeWrite({ operation, existing, values }) {
    if (operation === 'delete' || !values) return;
    const record: RuleRecord = { ...(existing ?? {}), ...values };
    const normalised = normaliseRule(record);
    // Only what normalising changed is written back (a toggle of ativo stays a toggle of ativo).
    for (const field of NORMALISED) {
      if (normalised[field] !== record[field]) values[field] = normalised[field];
    }
    const { errors, message } = validateRule(normalised);
    if (message) throw new ValidationError(errors, message);
  },
};

export const campaignHooks: ResourceHooks = {
  async beforeWrite({ operation, actor, values }) {
    // Who registered the campaign: the caller, whatever the body says (the field is read-only).
    if (operation === 'create' && values && actor.userId !== null) values.id_usuario = actor.userId;
  },
};

export function restrictionHooks(directory: CustomerDirectory): ResourceHooks {
  return {
    async beforeWrite({ tx, operation, existing, values }) {
      if (operation === 'delete' || !values) return;
      const sistema = 'sistema' in values ? values.sistema : existing?.sistema;
      const code = 'cod_cliente' in values ? values.cod_cliente : existing?.cod_cliente;
      const changed = operation === 'create' || sistema !== existing?.sistema || code !== existing?.cod_cliente;
      if (!changed) {
        // Name and CPF are the lookup's: a body cannot rewrite them for the same customer.
        delete values.nome_razaosocial;
        delete values.cpf;
        return;
      }
      const found =
        typeof sistema === 'number' && typeof code === 'string'
          ? await directory.find({ id_empresa: sistema, cod_cliente: code, limit: 1 }, { providerIds: null }, tx)
          : [];
      if (!found.length) throw new ValidationError({ cod_cliente: NO_CUSTOMER_FOUND }, NO_CUSTOMER_FOUND);
      values.nome_razaosocial = found[0].nome_razaosocial;
      values.cpf = found[0].cpf ?? found[0].cnpj ?? null;
    },
  };
}

/** Registers the communication scale's write rules on the shared resource service. */
export function registerCommunicationHooks(service: ResourceService, directory: CustomerDirectory) {
  service.hooks.set('communication-rules', ruleHooks);
  service.hooks.set('communication-campaigns', campaignHooks);
  service.hooks.set('communication-restrictions', restrictionHooks(directory));
}
