// Client-side validators of a field, derived from its JSON Schema property, answering with the
// spec's pt-BR texts (src/domain/messages.ts) and the same checks the server runs (src/domain/validators.ts).
import { MSG } from '../../domain/messages.js';
import { FORMAT_CHECKS } from '../../domain/validators.js';
import { baseType, type PropertySchema } from '../core/schemas.js';

export type Validator = (value: unknown) => string | undefined;

export const MISSING_VALUE_ARG = 'missingValue';

/**
 * A validator's answer saying a required value is missing, in the rule's own words (a Municipal
 * holiday without cities: 'Selecione uma ou mais cidades'): shown under the field like any message,
 * and the form's submit then says 'Preencha todos os campos obrigatórios!' as for 'Campo obrigatório'.
 * react-admin keeps { message, args } validator answers as they are.
 */
export const missingValue = (message: string) => ({ message, args: { [MISSING_VALUE_ARG]: true } });

const isBlank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);

export function validatorsFor(property: PropertySchema, required: boolean): Validator[] {
  const out: Validator[] = [];
  const type = baseType(property);
  const own = property['x-errorMessages'] ?? {};
  // A switch always holds true or false: 'required' says nothing for it.
  if (required && type !== 'boolean') out.push((v) => (isBlank(v) ? (own.required ?? MSG.required) : undefined));
  if (type === 'string') {
    const { minLength, maxLength, format, pattern } = property;
    if (minLength !== undefined && minLength > 0) {
      out.push((v) => (typeof v === 'string' && v.trim() !== '' && v.trim().length < minLength ? (own.minLength ?? MSG.minLength(minLength)) : undefined));
    }
    if (maxLength !== undefined) out.push((v) => (typeof v === 'string' && v.trim().length > maxLength ? (own.maxLength ?? MSG.maxLength(maxLength)) : undefined));
    const check = format ? FORMAT_CHECKS[format] : undefined;
    if (check && format !== 'date' && format !== 'date-time' && format !== 'html') {
      const message = own.format ?? FORMAT_MESSAGES[format!] ?? MSG.invalid;
      out.push((v) => (typeof v === 'string' && v.trim() !== '' && !check(v.trim()) ? message : undefined));
    }
    if (pattern) {
      const re = new RegExp(pattern, 'u');
      out.push((v) => (typeof v === 'string' && v !== '' && !re.test(v) ? (own.pattern ?? MSG.invalid) : undefined));
    }
  }
  if (type === 'integer' || type === 'number') {
    const { minimum, maximum, exclusiveMinimum, exclusiveMaximum } = property;
    out.push((v) => {
      if (isBlank(v)) return undefined;
      const n = typeof v === 'number' ? v : Number(v);
      if (!Number.isFinite(n)) return MSG.number;
      if (type === 'integer' && !Number.isInteger(n)) return MSG.integer;
      if (minimum !== undefined && n < minimum) return own.minimum ?? MSG.minimum(minimum);
      if (exclusiveMinimum !== undefined && n <= exclusiveMinimum) return own.minimum ?? MSG.minimum(exclusiveMinimum);
      if (maximum !== undefined && n > maximum) return own.maximum ?? MSG.maximum(maximum);
      if (exclusiveMaximum !== undefined && n >= exclusiveMaximum) return own.maximum ?? MSG.maximum(exclusiveMaximum);
      return undefined;
    });
  }
  if (type === 'array') {
    const { minItems, maxItems } = property;
    if (minItems) out.push((v) => (Array.isArray(v) && v.length > 0 && v.length < minItems ? MSG.minItems(minItems) : undefined));
    if (maxItems !== undefined) out.push((v) => (Array.isArray(v) && v.length > maxItems ? MSG.maxItems(maxItems) : undefined));
  }
  return out;
}

const FORMAT_MESSAGES: Record<string, string> = {
  email: MSG.email,
  uri: MSG.url,
  url: MSG.url,
  cnpj: MSG.cnpj,
  cpf: MSG.cpf,
  cep: MSG.cep,
  phone: MSG.phone,
  password: MSG.password,
  code6: MSG.code6,
  color: MSG.color,
  'month-day': MSG.date,
  time: MSG.invalid,
  uuid: MSG.invalid,
  file: MSG.fileRequired,
};
