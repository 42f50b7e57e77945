// The rule form of the communication scale (HR/sales document, sections 3 to 5 and 9: "Rule form"),
// shared by the server's write hook (src/server/communication/hooks.ts) and the browser's form, so
// both refuse the same records with the same texts. Pure: no I/O.
//
// - The criterion (criterio) disables some envio options (DISABLED_ENVIO) and says which fields are
//   needed: activation and contract dates need tempo and envio; a specific date needs its date; a
//   birthday needs envio.
// - Envio drives tempo: no_dia makes it 0 (and disables it), anual makes it not applicable (null),
//   dia_seguinte and dia_anterior need a number of days, 1 to 365.
// - Each channel switched on needs its message; at least one channel must be on.
// - E-mail on fixes the e-mail title to DEFAULT_EMAIL_TITLE (the spec does not show its text).
import { MSG } from './messages.js';
import { isIsoDate } from './validators.js';

export type Criterio = 'data_especifica' | 'data_ativacao' | 'data_contratacao' | 'data_aniversario';
export type Envio = 'no_dia' | 'dia_seguinte' | 'dia_anterior' | 'anual';
export type Turno = 'M' | 'T' | 'N';
export type TempoState = 'zero' | 'not_applicable' | 'entered';

export const CRITERIA: readonly Criterio[] = ['data_especifica', 'data_ativacao', 'data_contratacao', 'data_aniversario'];
export const ENVIO_OPTIONS: readonly Envio[] = ['no_dia', 'dia_seguinte', 'dia_anterior', 'anual'];
export const TURNOS: readonly Turno[] = ['M', 'T', 'N'];

export const CRITERIO_LABELS: Record<Criterio, string> = {
  data_especifica: 'Data Específica',
  data_ativacao: 'Data da Ativação',
  data_contratacao: 'Data da Contratação',
  data_aniversario: 'Data de Aniversário',
};

export const ENVIO_LABELS: Record<Envio, string> = {
  no_dia: 'No dia',
  dia_seguinte: 'Dia(s) seguinte(s)',
  dia_anterior: 'Dia(s) ante(s)',
  anual: 'Anual',
};

/** What the tempo input shows when envio is anual (and the envio select's empty option). */
export const NOT_APPLICABLE = 'Não aplicável';

/** The hour (America/Sao_Paulo) each shift sends at. */
export const TURNO_TIMES: Record<Turno, string> = { M: '07:00', T: '13:00', N: '20:00' };
export const TURNO_LABELS: Record<Turno, string> = { M: 'M 07:00', T: 'T 13:00', N: 'N 20:00' };

/** The e-mail title of every rule with e-mail on (the spec fixes it without showing it). */
export const DEFAULT_EMAIL_TITLE = 'Uma mensagem especial para você';

/** The most days a rule may send before or after its date. */
export const MAX_TEMPO = 365;

export const NO_CHANNEL_MESSAGE = 'Você precisa marcar como ativada pelo menos uma das mensagens(whatsapp, email ou sms)';
/** An envio the criterion disables (the form never offers it; the server refuses it). */
export const ENVIO_NOT_ALLOWED = 'Envio não permitido para este critério';

/** The envio options each criterion disables (section 5's table). */
const DISABLED_ENVIO: Record<Criterio, readonly Envio[]> = {
  data_especifica: ['dia_seguinte'],
  data_ativacao: ['dia_anterior', 'anual'],
  data_contratacao: ['dia_anterior'],
  data_aniversario: ['dia_seguinte'],
};

/** The criteria that need both tempo and envio. */
const NEEDS_TEMPO_AND_ENVIO: readonly Criterio[] = ['data_ativacao', 'data_contratacao'];

/** Each channel and the field it needs when on. */
const CHANNELS = [
  ['whatsapp', 'template_whatsapp'],
  ['email', 'mensagem_email'],
  ['sms', 'mensagem_sms'],
] as const;

/** A rule as the form and the API hold it (every field optional: a form being filled, an update). */
export interface RuleRecord {
  criterio?: Criterio | string | null;
  envio?: Envio | string | null;
  tempo?: number | string | null;
  data_especifica?: string | null;
  turno?: Turno | string | null;
  whatsapp?: boolean | null;
  template_whatsapp?: string | null;
  email?: boolean | null;
  mensagem_email?: string | null;
  titulo_email?: string | null;
  sms?: boolean | null;
  mensagem_sms?: string | null;
  [field: string]: unknown;
}

export interface RuleValidation {
  /** Field -> pt-BR message ({} when the rule is valid, or when only the channel message applies). */
  errors: Record<string, string>;
  /** The toast: NO_CHANNEL_MESSAGE, or 'Preencha todos os campos obrigatórios!' on field errors; absent when valid. */
  message?: string;
}

const isCriterio = (v: unknown): v is Criterio => typeof v === 'string' && (CRITERIA as readonly string[]).includes(v);
const isEnvio = (v: unknown): v is Envio => typeof v === 'string' && (ENVIO_OPTIONS as readonly string[]).includes(v);
const isTurno = (v: unknown): v is Turno => typeof v === 'string' && (TURNOS as readonly string[]).includes(v);
const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** The envio options a criterion disables (none before a criterion is chosen). */
export function disabledEnvio(criterio: Criterio | null | undefined): Envio[] {
  return isCriterio(criterio) ? [...DISABLED_ENVIO[criterio]] : [];
}

/**
 * How the tempo input behaves for an envio: 'zero' (no_dia: 0, disabled), 'not_applicable' (anual:
 * no value, 'Não aplicável'), else 'entered' (typed; also before an envio is chosen).
 */
export function tempoState(envio: Envio | string | null | undefined): TempoState {
  if (envio === 'no_dia') return 'zero';
  if (envio === 'anual') return 'not_applicable';
  return 'entered';
}

/**
 * The record as it is saved: no_dia sets tempo 0, anual sets it null; e-mail on sets the default
 * title; a date only with the specific-date criterion. An envio the criterion disables is kept (the
 * validation refuses it). Answers a new record; the given one is not changed.
 */
export function normaliseRule<T extends RuleRecord>(record: T): T & RuleRecord {
  const out: RuleRecord = { ...record };
  const state = tempoState(out.envio);
  if (state === 'zero') out.tempo = 0;
  else if (state === 'not_applicable') out.tempo = null;
  if (out.email === true) out.titulo_email = DEFAULT_EMAIL_TITLE;
  if (out.criterio !== 'data_especifica') out.data_especifica = null;
  return out as T & RuleRecord;
}

/** A whole number of days from a number or a digit string; NaN otherwise. */
function daysOf(value: unknown): number {
  if (typeof value === 'number') return Number.isInteger(value) ? value : NaN;
  if (typeof value === 'string' && /^\s*\d{1,6}\s*$/.test(value)) return Number(value);
  return NaN;
}

/** The rule's problems: every field error, and the toast (see RuleValidation). */
export function validateRule(record: RuleRecord): RuleValidation {
  const errors: Record<string, string> = {};
  const { criterio, envio, turno } = record;

  if (blank(criterio)) errors.criterio = MSG.required;
  else if (!isCriterio(criterio)) errors.criterio = MSG.option;
  if (blank(turno)) errors.turno = MSG.required;
  else if (!isTurno(turno)) errors.turno = MSG.option;

  const known = isCriterio(criterio) ? criterio : null;
  if (blank(envio)) {
    if (known && (NEEDS_TEMPO_AND_ENVIO.includes(known) || known === 'data_aniversario')) errors.envio = MSG.required;
  } else if (!isEnvio(envio)) {
    errors.envio = MSG.option;
  } else if (disabledEnvio(known).includes(envio)) {
    errors.envio = ENVIO_NOT_ALLOWED;
  }

  // Tempo: typed days when envio asks for them (or the criterion needs them), else none to check.
  const state = tempoState(envio);
  if (state === 'entered') {
    const needed = (known !== null && NEEDS_TEMPO_AND_ENVIO.includes(known)) || envio === 'dia_seguinte' || envio === 'dia_anterior';
    if (blank(record.tempo)) {
      if (needed) errors.tempo = MSG.required;
    } else {
      const days = daysOf(record.tempo);
      const min = envio === 'dia_seguinte' || envio === 'dia_anterior' ? 1 : 0;
      if (Number.isNaN(days)) errors.tempo = MSG.integer;
      else if (days < min) errors.tempo = MSG.minimum(min);
      else if (days > MAX_TEMPO) errors.tempo = MSG.maximum(MAX_TEMPO);
    }
  }

  if (known === 'data_especifica') {
    const date = record.data_especifica;
    if (blank(date)) errors.data_especifica = MSG.required;
    else if (typeof date !== 'string' || !isIsoDate(date)) errors.data_especifica = MSG.date;
  }

  let anyChannel = false;
  for (const [channel, field] of CHANNELS) {
    if (record[channel] !== true) continue;
    anyChannel = true;
    if (blank(record[field])) errors[field] = MSG.required;
  }

  if (!anyChannel) return { errors, message: NO_CHANNEL_MESSAGE };
  if (Object.keys(errors).length) return { errors, message: MSG.requiredForm };
  return { errors };
}
