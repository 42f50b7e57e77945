// One row of a lead import as read and checked (marketing document, sections 3 and 5): nome, telefone
// and CPF normalised to the screens' masks, or kept as the file had them with the reason in erros
// ({ campo: motivo }, pt-BR). Pure: the file's reader (parse.ts, in a worker thread) and the edits of
// a row (service.ts) check the same way.
import { applyMask, MASKS } from '../../domain/format.js';
import { isCpf, onlyDigits } from '../../domain/validators.js';
import { cellText, documentDigits, headerKey, headerIndex, phoneDigits, type Cell } from '../spreadsheets/cells.js';

export type LeadField = 'nome' | 'telefone' | 'cpf';
export type RowErrors = Partial<Record<LeadField, string>>;

/**
 * Header names of each field besides its own, compared by headerKey (no accents, case, spaces or
 * punctuation): 'Nome completo', 'CPF/CNPJ', 'Celular', 'WhatsApp', 'Fone'... A header that starts
 * with a field's word also names it ('Telefone (com DDD)', 'CPF - só números').
 */
const HEADER_VARIANTS: Record<LeadField, readonly string[]> = {
  nome: ['nome_completo', 'nome_do_cliente', 'nome_cliente', 'cliente', 'nome_do_participante', 'participante', 'nome_do_lead', 'lead', 'name', 'full_name'],
  telefone: ['celular', 'whatsapp', 'whats', 'fone', 'tel', 'cel', 'telefone_celular', 'fone_celular', 'celular_whatsapp', 'telefone_whatsapp', 'numero_de_telefone', 'phone', 'mobile'],
  cpf: ['cpf_cnpj', 'cpfcnpj', 'documento', 'doc', 'numero_do_cpf', 'cpf_do_cliente'],
};
const HEADER_TO_FIELD = headerIndex(HEADER_VARIANTS);
const HEADER_PREFIXES: [string, LeadField][] = [
  ['nome_', 'nome'],
  ['cpf_', 'cpf'],
  ['telefone_', 'telefone'],
  ['celular_', 'telefone'],
  ['whatsapp_', 'telefone'],
  ['fone_', 'telefone'],
];

/** The columns of each field, in the file's order (a row's value is the first of them that is filled). */
export function leadColumns(header: readonly string[]): Record<LeadField, number[]> {
  const columns: Record<LeadField, number[]> = { nome: [], telefone: [], cpf: [] };
  const keys = header.map((h) => headerKey(cellText(h)));
  keys.forEach((key, i) => {
    const field = HEADER_TO_FIELD.get(key);
    if (field) columns[field].push(i);
  });
  // Only where no header names the field exactly: 'Nome da mãe' beside 'Nome' is not the name.
  for (const [prefix, field] of HEADER_PREFIXES) {
    if (columns[field].length) continue;
    keys.forEach((key, i) => {
      if (key.startsWith(prefix) && !HEADER_TO_FIELD.has(key)) columns[field].push(i);
    });
  }
  return columns;
}

export const ROW_MSG = {
  nomeRequired: 'Nome obrigatório',
  nomeShort: 'Nome com menos de 2 letras',
  nomeLetters: 'Nome sem letras',
  tooLong: (max: number) => `Mais de ${max} caracteres`,
  control: 'Caractere inválido',
  contactRequired: 'Informe o telefone ou o CPF',
  phoneLength: 'Telefone deve ter DDD e 10 ou 11 dígitos',
  phoneDdd: 'Telefone com DDD inválido',
  phoneMobile: 'Celular deve ter o 9 depois do DDD: (##) 9####-####',
  cpfLength: 'CPF deve ter 11 dígitos',
  cpfCnpj: 'CNPJ não é aceito: informe o CPF da pessoa',
  cpfRepeated: 'CPF inválido: todos os dígitos iguais',
  cpfCheck: 'CPF inválido: dígitos verificadores não conferem',
} as const;

export const NAME_MAX = 200;
/** Longest text kept of a bad telefone or CPF (the file's text, for the report). */
const RAW_MAX = 60;
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

export interface CheckedRow {
  nome: string;
  telefone: string;
  cpf: string;
  /** What the row is matched by (customers, leads, the file's other rows): the valid CPF's and phone's digits. */
  cpfDigits: string | null;
  phoneDigits: string | null;
  /** Field -> reason; null when the row has no problem. */
  erros: RowErrors | null;
}

/** A text as kept: no control characters (PostgreSQL refuses NUL), at most max characters; whether it had to change. */
function kept(value: Cell, max: number): { text: string; control: boolean; long: boolean } {
  const raw = cellText(value);
  const text = raw.replace(CONTROL, '');
  return { text: text.slice(0, max), control: text !== raw, long: text.length > max };
}

function checkName(value: Cell, erros: RowErrors): string {
  const { text, control, long } = kept(value, NAME_MAX);
  const nome = text.replace(/\s+/g, ' ');
  if (control) erros.nome = ROW_MSG.control;
  else if (long) erros.nome = ROW_MSG.tooLong(NAME_MAX);
  else if (!nome) erros.nome = ROW_MSG.nomeRequired;
  else if (!/\p{L}/u.test(nome)) erros.nome = ROW_MSG.nomeLetters;
  else if ((nome.match(/\p{L}/gu) ?? []).length < 2) erros.nome = ROW_MSG.nomeShort;
  return nome;
}

function checkPhone(value: Cell, erros: RowErrors): { telefone: string; digits: string | null } {
  const { text, control } = kept(value, RAW_MAX);
  if (!text) return { telefone: '', digits: null };
  const d = phoneDigits(text);
  let problem: string | null = control ? ROW_MSG.control : null;
  if (!problem && d.length !== 10 && d.length !== 11) problem = ROW_MSG.phoneLength;
  if (!problem && (d[0] === '0' || d[1] === '0')) problem = ROW_MSG.phoneDdd;
  // Mobiles have 11 digits, a 9 after the DDD; landlines 10, starting with 2 to 5.
  if (!problem && (d.length === 11 ? d[2] !== '9' : !'2345'.includes(d[2]))) problem = ROW_MSG.phoneMobile;
  if (problem) {
    erros.telefone = problem;
    return { telefone: text, digits: null };
  }
  return { telefone: applyMask(d.length === 11 ? MASKS.phone : '(##) ####-####', d), digits: d };
}

function checkCpf(value: Cell, erros: RowErrors): { cpf: string; digits: string | null } {
  const { text, control } = kept(value, RAW_MAX);
  if (!text) return { cpf: '', digits: null };
  const d = documentDigits(text, 11);
  let problem: string | null = control ? ROW_MSG.control : null;
  if (!problem && onlyDigits(text).length === 14) problem = ROW_MSG.cpfCnpj;
  if (!problem && d.length !== 11) problem = ROW_MSG.cpfLength;
  if (!problem && /^(\d)\1{10}$/.test(d)) problem = ROW_MSG.cpfRepeated;
  if (!problem && !isCpf(d)) problem = ROW_MSG.cpfCheck;
  if (problem) {
    erros.cpf = problem;
    return { cpf: text, digits: null };
  }
  return { cpf: applyMask(MASKS.cpf, d), digits: d };
}

/** Checks and normalises one row (a file's, or a row's fields after an edit). */
export function checkRow(values: Partial<Record<LeadField, Cell>>): CheckedRow {
  const erros: RowErrors = {};
  const nome = checkName(values.nome, erros);
  const phone = checkPhone(values.telefone, erros);
  const cpf = checkCpf(values.cpf, erros);
  if (!phone.telefone && !cpf.cpf) erros.telefone = ROW_MSG.contactRequired;
  return {
    nome,
    telefone: phone.telefone,
    cpf: cpf.cpf,
    cpfDigits: cpf.digits,
    phoneDigits: phone.digits,
    erros: Object.keys(erros).length ? erros : null,
  };
}
