// The holiday rules of src/domain/holidays.ts as a write hook of the holidays resource: every write
// (REST, GraphQL, v1) goes through it, inside the write's transaction, with the record as it will be.
import { holidayCorrections, holidayErrors } from '../../domain/holidays.js';
import { MSG } from '../../domain/messages.js';
import type { ResourceHooks } from '../resources/service.js';
import { ValidationError } from '../schemas/validation.js';

export const holidayHooks: ResourceHooks = {
  async beforeWrite({ values, existing, operation }) {
    if (operation === 'delete' || !values) return;
    const record = { ...(existing ?? {}), ...values };
    // A Nacional holiday has no state: cleared, as the form does, rather than refused.
    const corrections = holidayCorrections(record);
    Object.assign(values, corrections);
    Object.assign(record, corrections);
    const errors = holidayErrors(record);
    if (!Object.keys(errors).length) return;
    // The toast shows the rule's own text ('Selecione uma ou mais cidades', ...), or the generic
    // 'Preencha todos os campos obrigatórios!' when a required field is missing.
    const messages = Object.values(errors);
    throw new ValidationError(errors, messages.includes(MSG.required) ? undefined : messages[0]);
  },
};
