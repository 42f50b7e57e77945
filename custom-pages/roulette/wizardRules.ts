// The roulette wizard's pure rules: the values of each step as the screens hold them, their checks
// (the messages under the fields), the counters, the add/remove rules of the prize rows, the bodies
// sent to the server and the server's field errors put back on the fields. No React, no I/O.
import { campaignDays, NAME_MIN, PRIZE_MESSAGE_MAX, PRIZE_NAME_MAX, PRIZES_MAX, PRIZES_MIN, REASON_MAX, ROULETTE_TEXTS } from '../../src/domain/roulette.js';
import { DATE_RANGE_MESSAGE, startAfterEnd } from '../../src/domain/dateRange.js';
import { MAX_UPLOAD_BYTES } from '../../src/domain/format.js';
import { MSG } from '../../src/domain/messages.js';
import { isIsoDate } from '../../src/domain/validators.js';
import { WIZARD_TEXTS } from './wizardTexts.js';

export type Errors<F extends string = string> = Partial<Record<F, string>>;
type Row = Record<string, any>;

export const NAME_MAX = 120;
export const DESCRIPTION_MIN = 2;
export const DESCRIPTION_MAX = 2000;
export const INTERVAL_MIN = 1;
export const INTERVAL_MAX = 8760;
export const INTERVAL_DEFAULT = 24;
export const WEIGHT_MIN = 1;
export const WEIGHT_MAX = 1000;
export const QUANTITY_MAX = 1_000_000;
export const IMAGE_ACCEPT = ['.jpg', '.jpeg', '.png'] as const;
export const IMAGE_MAX_BYTES = MAX_UPLOAD_BYTES;

/** 'n/max' under a limited text. */
export const counterText = (value: string, max: number) => `${value.length}/${max}`;

/** The name's counter ('3/8') while it is shorter than the minimum; nothing after. */
export const nameCounter = (value: string) => (value.length < NAME_MIN ? counterText(value, NAME_MIN) : undefined);

/** Only the digits of a typed number, at most `max` of them (the integer inputs). */
export const digitsOnly = (text: string, max = 7) => text.replace(/\D/g, '').slice(0, max);

/** Whether `errors` has a missing required field (the 'Preencha todos os campos obrigatórios!' toast). */
export const lacksRequired = (errors: Errors | readonly Errors[]) =>
  (Array.isArray(errors) ? (errors as Errors[]) : [errors as Errors]).some((e) => Object.values(e).includes(MSG.required));

export const hasErrors = (errors: Errors | readonly Errors[]) =>
  (Array.isArray(errors) ? (errors as Errors[]) : [errors as Errors]).some((e) => Object.values(e).some(Boolean));

/** The server's field errors of a refused call (400 `{ message, errors }`), else none. */
export function serverErrors(error: unknown): Record<string, string> {
  const body = (error as { body?: { errors?: unknown } } | null)?.body;
  const errors = body?.errors;
  if (!errors || typeof errors !== 'object' || Array.isArray(errors)) return {};
  return Object.fromEntries(Object.entries(errors as Record<string, unknown>).filter(([, v]) => typeof v === 'string')) as Record<string, string>;
}

// ---- Step 1: the campaign -------------------------------------------------------------------

export interface BasicValues {
  id_usuario_intranet: number | null;
  nome: string;
  id_empresa: number | null;
  /** ISO day, or the text typed while it is not one; null when empty. */
  data_inicio_campanha: string | null;
  data_fim_campanha: string | null;
  motivo_aplicacao: string;
  descricao: string;
  /** The system's name; '' for none. */
  sistema: string;
  api_erp: boolean;
  /** Hours, as typed (digits). */
  intervalo_votacao: string;
}

export type BasicField = keyof BasicValues;

export const EMPTY_BASIC: BasicValues = {
  id_usuario_intranet: null,
  nome: '',
  id_empresa: null,
  data_inicio_campanha: null,
  data_fim_campanha: null,
  motivo_aplicacao: '',
  descricao: '',
  sistema: '',
  api_erp: false,
  intervalo_votacao: String(INTERVAL_DEFAULT),
};

const dayOf = (value: unknown) => (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : null);
const idOf = (value: unknown) => (value === null || value === undefined || value === '' ? null : Number(value));

/** A stored campaign as the step's values. */
export function basicOf(record: Row): BasicValues {
  return {
    id_usuario_intranet: idOf(record.id_usuario_intranet),
    nome: record.nome ?? '',
    id_empresa: idOf(record.id_empresa),
    data_inicio_campanha: dayOf(record.data_inicio_campanha),
    data_fim_campanha: dayOf(record.data_fim_campanha),
    motivo_aplicacao: record.motivo_aplicacao ?? '',
    descricao: record.descricao ?? '',
    sistema: record.sistema ?? '',
    api_erp: Boolean(record.api_erp),
    intervalo_votacao: record.intervalo_votacao === null || record.intervalo_votacao === undefined ? '' : String(record.intervalo_votacao),
  };
}

const isDay = (value: string | null) => typeof value === 'string' && isIsoDate(value);

/** The campaign's period hint ('A campanha dura 31 dias'), null while it is not a whole range. */
export function periodDays(start: string | null, end: string | null): number | null {
  return isDay(start) && isDay(end) ? campaignDays(start!, end!) : null;
}

/** The end date's range message while it comes before the start. */
export const rangeProblem = (start: string | null, end: string | null) => (isDay(start) && isDay(end) && startAfterEnd(start, end) ? DATE_RANGE_MESSAGE : undefined);

function dateProblem(value: string | null): string | undefined {
  if (value === null || value.trim() === '') return MSG.required;
  return isDay(value) ? undefined : MSG.date;
}

function integerProblem(text: string, min: number, max: number, required = true): string | undefined {
  if (text.trim() === '') return required ? MSG.required : undefined;
  if (!/^\d+$/.test(text.trim())) return MSG.integer;
  const n = Number(text);
  if (n < min) return MSG.minimum(min);
  if (n > max) return MSG.maximum(max);
  return undefined;
}

/** The step's messages, by field. */
export function validateBasic(v: BasicValues): Errors<BasicField> {
  const errors: Errors<BasicField> = {};
  if (v.id_usuario_intranet === null) errors.id_usuario_intranet = MSG.required;
  const name = v.nome.trim();
  if (!name) errors.nome = MSG.required;
  else if (name.length < NAME_MIN) errors.nome = MSG.minLength(NAME_MIN);
  else if (name.length > NAME_MAX) errors.nome = MSG.maxLength(NAME_MAX);
  if (v.id_empresa === null) errors.id_empresa = MSG.required;
  const start = dateProblem(v.data_inicio_campanha);
  if (start) errors.data_inicio_campanha = start;
  const end = dateProblem(v.data_fim_campanha) ?? rangeProblem(v.data_inicio_campanha, v.data_fim_campanha);
  if (end) errors.data_fim_campanha = end;
  if (v.motivo_aplicacao.length > REASON_MAX) errors.motivo_aplicacao = MSG.maxLength(REASON_MAX);
  const description = v.descricao.trim();
  if (!description) errors.descricao = MSG.required;
  else if (description.length < DESCRIPTION_MIN) errors.descricao = MSG.minLength(DESCRIPTION_MIN);
  else if (v.descricao.length > DESCRIPTION_MAX) errors.descricao = MSG.maxLength(DESCRIPTION_MAX);
  const interval = integerProblem(v.intervalo_votacao, INTERVAL_MIN, INTERVAL_MAX);
  if (interval) errors.intervalo_votacao = interval;
  return errors;
}

/** The campaign's fields as create/update send them (valid values: validateBasic first). */
export function basicPayload(v: BasicValues): Row {
  return {
    id_usuario_intranet: v.id_usuario_intranet,
    nome: v.nome.trim(),
    id_empresa: v.id_empresa,
    data_inicio_campanha: v.data_inicio_campanha,
    data_fim_campanha: v.data_fim_campanha,
    motivo_aplicacao: v.motivo_aplicacao.trim() || null,
    descricao: v.descricao.trim(),
    sistema: v.sistema || null,
    api_erp: v.api_erp,
    intervalo_votacao: Number(v.intervalo_votacao),
  };
}

/** The fields of `payload` that differ from the stored record (an edit sends only those, and nothing when none). */
export function changedFields(payload: Row, record: Row): Row {
  const same = (a: unknown, b: unknown) => {
    if (typeof a === 'string' && typeof b === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(a)) return a === b.slice(0, 10);
    return (a ?? null) === (b ?? null) || (a !== null && b !== null && a !== undefined && b !== undefined && String(a) === String(b));
  };
  return Object.fromEntries(Object.entries(payload).filter(([k, v]) => !same(v, record[k])));
}

// ---- Step 2: the prizes ---------------------------------------------------------------------

export interface PrizeRow {
  /** React's key: stable while rows are added and removed. */
  key: string;
  /** The stored prize's id (absent for a new row). */
  id?: number;
  nome: string;
  descricao: string;
  peso_item: string;
  quantidade: string;
  quantidade_minima: string;
  /** Confete: chosen Sim ('true') or Não ('false'); '' until chosen (no default). */
  animacao: '' | 'true' | 'false';
  /** Sem prêmio: a slot that gives nothing ('Tente de novo'); Não ('false') by default. */
  sem_premio: 'true' | 'false';
}

export type PrizeField = Exclude<keyof PrizeRow, 'key' | 'id'>;
export type PrizeErrors = Errors<PrizeField>;

export interface PrizeGroups {
  customers: PrizeRow[];
  nonCustomers: PrizeRow[];
}

let keys = 0;
const nextKey = () => `premio-${++keys}`;

/** A new, empty prize row: weight 1 and minimum stock 0 (the schema's), the rest to fill. */
export const emptyPrize = (): PrizeRow => ({ key: nextKey(), nome: '', descricao: '', peso_item: '1', quantidade: '', quantidade_minima: '0', animacao: '', sem_premio: 'false' });

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/** One wheel's stored prizes (in `ordem`) as rows, completed with empty rows up to the minimum. */
export function prizeRowsOf(list: readonly Row[], cliente: boolean): PrizeRow[] {
  const rows: PrizeRow[] = list
    .filter((p) => Boolean(p.cliente) === cliente)
    .map((p) => ({
      key: nextKey(),
      id: p.id,
      nome: text(p.nome),
      descricao: text(p.descricao),
      peso_item: text(p.peso_item),
      quantidade: text(p.quantidade),
      quantidade_minima: text(p.quantidade_minima ?? 0),
      animacao: p.animacao === true ? 'true' : p.animacao === false ? 'false' : '',
      sem_premio: p.sem_premio === true ? 'true' : 'false',
    }));
  while (rows.length < PRIZES_MIN) rows.push(emptyPrize());
  return rows;
}

/** The registration's start: four empty prizes on each wheel. */
export const emptyGroups = (): PrizeGroups => ({ customers: prizeRowsOf([], true), nonCustomers: prizeRowsOf([], false) });

export const canAddPrize = (count: number) => count < PRIZES_MAX;
/** 'Remover Prêmios' shows from the 4th row on ... */
export const showsRemovePrizes = (count: number) => count >= PRIZES_MIN;
/** ... and removes the last row only above the minimum (disabled at exactly 4). */
export const canRemovePrizes = (count: number) => count > PRIZES_MIN;

export const addPrize = (rows: readonly PrizeRow[]) => (canAddPrize(rows.length) ? [...rows, emptyPrize()] : [...rows]);
export const removeLastPrize = (rows: readonly PrizeRow[]) => (canRemovePrizes(rows.length) ? rows.slice(0, -1) : [...rows]);

/** 'Quantidade precisa ser maior que estoque minimo' while both are numbers and the quantity is not above the minimum. */
export function quantityProblem(row: Pick<PrizeRow, 'quantidade' | 'quantidade_minima'>): string | undefined {
  if (!/^\d+$/.test(row.quantidade) || !/^\d+$/.test(row.quantidade_minima)) return undefined;
  return Number(row.quantidade) > Number(row.quantidade_minima) ? undefined : ROULETTE_TEXTS.quantityHint;
}

/** One row's messages, by field. */
export function validatePrize(row: PrizeRow): PrizeErrors {
  const errors: PrizeErrors = {};
  if (!row.nome.trim()) errors.nome = MSG.required;
  else if (row.nome.length > PRIZE_NAME_MAX) errors.nome = MSG.maxLength(PRIZE_NAME_MAX);
  if (!row.descricao.trim()) errors.descricao = MSG.required;
  else if (row.descricao.length > PRIZE_MESSAGE_MAX) errors.descricao = MSG.maxLength(PRIZE_MESSAGE_MAX);
  const weight = integerProblem(row.peso_item, WEIGHT_MIN, WEIGHT_MAX);
  if (weight) errors.peso_item = weight;
  const quantity = integerProblem(row.quantidade, 0, QUANTITY_MAX) ?? quantityProblem(row);
  if (quantity) errors.quantidade = quantity;
  const minimum = integerProblem(row.quantidade_minima, 0, QUANTITY_MAX);
  if (minimum) errors.quantidade_minima = minimum;
  if (row.animacao === '') errors.animacao = MSG.required;
  return errors;
}

export const validateGroups = (groups: PrizeGroups) => ({ customers: groups.customers.map(validatePrize), nonCustomers: groups.nonCustomers.map(validatePrize) });

/** PUT /v1/roulette/{id}/premios's body: the customers' wheel, then the non-customers', in order. */
export function prizesPayload(groups: PrizeGroups): { premios: Row[] } {
  const rowOf = (row: PrizeRow, cliente: boolean): Row => ({
    ...(row.id === undefined ? {} : { id: row.id }),
    nome: row.nome.trim(),
    descricao: row.descricao.trim(),
    cliente,
    peso_item: Number(row.peso_item),
    quantidade: Number(row.quantidade),
    quantidade_minima: Number(row.quantidade_minima),
    animacao: row.animacao === 'true',
    sem_premio: row.sem_premio === 'true',
  });
  return { premios: [...groups.customers.map((r) => rowOf(r, true)), ...groups.nonCustomers.map((r) => rowOf(r, false))] };
}

/**
 * The server's 'premios.{i}.{field}' errors on the rows they name (i indexes the array sent:
 * customers first); the others (a wheel's count, the list itself) in `other`.
 */
export function prizeErrorsOf(errors: Record<string, string>, groups: PrizeGroups): { customers: PrizeErrors[]; nonCustomers: PrizeErrors[]; other: string[] } {
  const customers: PrizeErrors[] = groups.customers.map(() => ({}));
  const nonCustomers: PrizeErrors[] = groups.nonCustomers.map(() => ({}));
  const other: string[] = [];
  for (const [key, message] of Object.entries(errors)) {
    const m = /^premios\.(\d+)\.(\w+)$/.exec(key);
    const i = m ? Number(m[1]) : -1;
    const field = m?.[2] as PrizeField | undefined;
    const target = i < 0 ? undefined : i < customers.length ? customers[i] : nonCustomers[i - customers.length];
    if (target && field && field in emptyPrize()) target[field] = message;
    else other.push(message);
  }
  return { customers, nonCustomers, other };
}

/** The rows with the ids of the saved prizes (answered in the order sent), so the next save updates them. */
export function withSavedIds(groups: PrizeGroups, saved: readonly Row[]): PrizeGroups {
  const n = groups.customers.length;
  if (saved.length !== n + groups.nonCustomers.length) return groups;
  return {
    customers: groups.customers.map((r, i) => ({ ...r, id: saved[i].id })),
    nonCustomers: groups.nonCustomers.map((r, i) => ({ ...r, id: saved[n + i].id })),
  };
}

// ---- Step 3: the appearance -----------------------------------------------------------------

export interface AppearanceValues {
  /** Colours as typed (#rrggbb once valid). */
  base_background: string;
  color_item: string;
  color_text: string;
  color_item_2: string;
  color_text2: string;
  /** The stored image's id, or null. */
  url_background: string | null;
  /** Not edited here: kept as stored. */
  base_html_content: string | null;
}

export type ColorField = 'base_background' | 'color_item' | 'color_text' | 'color_item_2' | 'color_text2';
export const COLOR_FIELDS: readonly ColorField[] = ['color_item', 'color_text', 'color_item_2', 'color_text2', 'base_background'];

/** The schema's defaults (schemas/roleta/roulette-appearances.json). */
export const APPEARANCE_DEFAULTS: AppearanceValues = {
  base_background: '#0d1b3e',
  color_item: '#1565c0',
  color_text: '#ffffff',
  color_item_2: '#ffc107',
  color_text2: '#1a1a1a',
  url_background: null,
  base_html_content: null,
};

/** A colour as '#rrggbb' (lower case) from '#RGB', 'rrggbb', ...; null when it is not one. */
export function normalizeHex(value: string): string | null {
  let h = value.trim().replace(/^#/, '').toLowerCase();
  if (/^[0-9a-f]{3}$/.test(h)) h = h.replace(/./g, '$&$&');
  return /^[0-9a-f]{6}$/.test(h) ? `#${h}` : null;
}

/** The stored look as the step's values (the defaults where none). */
export function appearanceOf(row: Row | null | undefined): AppearanceValues {
  const color = (field: ColorField) => (typeof row?.[field] === 'string' && normalizeHex(row[field])) || APPEARANCE_DEFAULTS[field];
  return {
    base_background: color('base_background'),
    color_item: color('color_item'),
    color_text: color('color_text'),
    color_item_2: color('color_item_2'),
    color_text2: color('color_text2'),
    url_background: row?.url_background ?? null,
    base_html_content: row?.base_html_content ?? null,
  };
}

/** 'Cor inválida' under a colour that is not one. */
export function validateAppearance(v: AppearanceValues): Errors<ColorField> {
  const errors: Errors<ColorField> = {};
  for (const f of COLOR_FIELDS) if (!normalizeHex(v[f])) errors[f] = MSG.color;
  return errors;
}

/** The colours the preview draws: each valid one, else its default. */
export const shownColor = (v: AppearanceValues, field: ColorField) => normalizeHex(v[field]) ?? APPEARANCE_DEFAULTS[field];

/** PUT /v1/roulette/{id}/aparencia's body (valid values: validateAppearance first). */
export function appearancePayload(v: AppearanceValues): Row {
  return {
    base_background: normalizeHex(v.base_background),
    base_html_content: v.base_html_content,
    color_item: normalizeHex(v.color_item),
    color_text: normalizeHex(v.color_text),
    color_item_2: normalizeHex(v.color_item_2),
    color_text2: normalizeHex(v.color_text2),
    url_background: v.url_background,
  };
}

/** Why a chosen background cannot be sent: not jpg/jpeg/png, or above 10 MB; null when it can. */
export function imageProblem(file: { name: string; size: number }): string | null {
  const name = file.name.toLowerCase();
  if (!IMAGE_ACCEPT.some((ext) => name.endsWith(ext))) return WIZARD_TEXTS.formatRefused;
  if (file.size > IMAGE_MAX_BYTES) return WIZARD_TEXTS.tooBig;
  return null;
}
