// The public sponsorship form's logic, apart from its screen: the fields as the multipart sends them
// (the calls documented in /docs: src/server/v1/sponsorship.ts), the checks the browser makes before sending (the schema's own —
// schemas/marketing/sponsorship-requests.json, with the project's messages — plus the document's
// check digits and the date not in the past), the attachments' checks, and the multipart body.
import { applyMask, MASKS, parseMoneyInput, uploadProblem } from '../../src/domain/format.js';
import { MSG } from '../../src/domain/messages.js';
import { BUSINESS_TIME_ZONE } from '../../src/domain/communicationDates.js';
import { ATTACHMENT_EXTENSIONS, MAX_ATTACHMENTS, SPONSORSHIP_FORM_FIELDS, SPONSORSHIP_MSG } from '../../src/domain/sponsorship.js';
import { isCnpj, isCpf, isIsoDate, onlyDigits } from '../../src/domain/validators.js';
import { configByResource, validatorsFor } from '../../src/admin/pages.js';

/** The staff's register of the requests: its schema gives the fields' limits and formats. */
export const REQUESTS_RESOURCE = 'sponsorship-requests';

/** The form's text fields, in the order they are drawn (and the first refused one gets the focus). */
export const FIELDS = SPONSORSHIP_FORM_FIELDS;
export type Field = (typeof FIELDS)[number];

/**
 * What the inputs hold, as shown: the phone and the document masked, the audience with thousands
 * dots, the value '1.234,56', the date its ISO day (or the text typed while it is not one).
 */
export type Values = Record<Field, string>;

export const EMPTY_VALUES: Values = Object.fromEntries(FIELDS.map((f) => [f, ''])) as Values;

/** The contract's optional fields; every other one is required. */
const OPTIONAL = new Set<Field>(['valor_solicitado', 'contrapartidas']);
export const isRequired = (field: Field) => !OPTIONAL.has(field);

export type Problems = Partial<Record<Field | 'anexos', string>>;

/** CPF up to 11 digits, CNPJ from the 12th (at most 14). */
export function maskDocument(text: string): string {
  const digits = onlyDigits(text).slice(0, 14);
  return applyMask(digits.length > 11 ? MASKS.cnpj : MASKS.cpf, digits);
}

export const maskPhone = (text: string) => applyMask(MASKS.phone, text);

/** Today in the business time zone, 'YYYY-MM-DD' (the server compares the event's day with São Paulo's). */
export function todayInBusinessZone(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: BUSINESS_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

const audienceOf = (text: string) => (onlyDigits(text) ? Number(onlyDigits(text)) : null);

/** A field's value as the server reads it (numbers for the audience and the money), for the schema's checks. */
function wireValue(field: Field, values: Values): unknown {
  if (field === 'publico_estimado') return audienceOf(values.publico_estimado);
  if (field === 'valor_solicitado') return parseMoneyInput(values.valor_solicitado);
  if (field === 'id_empresa') return values.id_empresa ? Number(values.id_empresa) : null;
  return values[field].trim();
}

/** The form's own checks of a field, before the schema's: the document, the date. */
function ownProblem(field: Field, value: string, today: string): string | undefined {
  if (field === 'documento') {
    const digits = onlyDigits(value);
    return (digits.length === 11 ? isCpf(digits) : digits.length === 14 && isCnpj(digits)) ? undefined : SPONSORSHIP_MSG.badDocument;
  }
  if (field === 'data_evento') {
    if (!isIsoDate(value)) return MSG.date;
    return value < today ? SPONSORSHIP_MSG.pastDate : undefined;
  }
  return undefined;
}

/** Every field's first problem ('Campo obrigatório', a format, a limit, the document, the date). */
export function formProblems(values: Values, today = todayInBusinessZone()): Problems {
  const config = configByResource.get(REQUESTS_RESOURCE);
  const problems: Problems = {};
  for (const field of FIELDS) {
    const value = wireValue(field, values);
    const blank = value === null || value === '';
    if (blank) {
      if (isRequired(field)) problems[field] = MSG.required;
      continue;
    }
    const own = ownProblem(field, values[field].trim(), today);
    if (own) {
      problems[field] = own;
      continue;
    }
    // The document's length is the check digits' business, not 'Utilize no mínimo 11 caracteres'.
    const property = field === 'documento' ? undefined : config?.properties[field];
    const message = property ? validatorsFor(property, false).map((check) => check(value)).find(Boolean) : undefined;
    if (message) problems[field] = message;
  }
  return problems;
}

/** Whether a field was refused for being empty (the banner then asks for the required fields). */
export const missesRequired = (problems: Problems) => Object.values(problems).includes(MSG.required);

/** Why a chosen file cannot be attached (by its extension and size; the server checks the content), or null. */
export function attachmentProblem(file: Pick<File, 'name' | 'type' | 'size'>): string | null {
  const name = file.name.toLowerCase();
  if (!ATTACHMENT_EXTENSIONS.some((ext) => name.endsWith(ext))) return SPONSORSHIP_MSG.attachmentType;
  return uploadProblem(file, 'file');
}

const sameFile = (a: File, b: File) => a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;

/**
 * The attachments after choosing `chosen`: the accepted ones added (a file already there once), up
 * to MAX_ATTACHMENTS; the refusals as '<name>: <why>', or the limit's message once.
 */
export function addAttachments(current: readonly File[], chosen: readonly File[], refusal: (name: string, why: string) => string) {
  const files = [...current];
  const refused: string[] = [];
  for (const file of chosen) {
    const problem = attachmentProblem(file);
    if (problem) refused.push(refusal(file.name, problem));
    else if (files.some((f) => sameFile(f, file))) continue;
    else if (files.length >= MAX_ATTACHMENTS) {
      if (!refused.includes(SPONSORSHIP_MSG.tooManyAttachments)) refused.push(SPONSORSHIP_MSG.tooManyAttachments);
    } else files.push(file);
  }
  return { files, refused };
}

/**
 * The multipart body of POST /v1/public/patrocinios: every text field (numbers as digits, the value
 * as '1234.56'), the honeypot `website` as it is, and each attachment under `anexos`.
 */
export function requestBody(values: Values, files: readonly File[], website: string): FormData {
  const body = new FormData();
  for (const field of FIELDS) {
    const value = wireValue(field, values);
    body.append(field, value === null ? '' : field === 'valor_solicitado' ? (value as number).toFixed(2) : String(value));
  }
  body.append('website', website);
  for (const file of files) body.append('anexos', file, file.name);
  return body;
}
