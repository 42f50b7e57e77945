// The rule form's logic of the communication scale (src/domain/communicationRules.ts), shared by the
// server's write hook and the browser's form: options and labels, the envio each criterion disables,
// the tempo states, normalising and every validation branch with its pt-BR text.
import { describe, expect, it } from 'vitest';
import {
  CRITERIA,
  CRITERIO_LABELS,
  DEFAULT_EMAIL_TITLE,
  disabledEnvio,
  ENVIO_LABELS,
  ENVIO_NOT_ALLOWED,
  ENVIO_OPTIONS,
  MAX_TEMPO,
  NO_CHANNEL_MESSAGE,
  normaliseRule,
  NOT_APPLICABLE,
  tempoState,
  TURNO_LABELS,
  TURNO_TIMES,
  TURNOS,
  validateRule,
  type RuleRecord,
} from '../../src/domain/communicationRules.js';
import { MSG } from '../../src/domain/messages.js';

/** A valid rule: birthday, yearly, morning, by SMS. */
const valid = (extra: RuleRecord = {}): RuleRecord => ({
  criterio: 'data_aniversario',
  envio: 'anual',
  tempo: null,
  turno: 'M',
  whatsapp: false,
  email: false,
  sms: true,
  mensagem_sms: 'Feliz aniversário!',
  ...extra,
});

describe('options and labels', () => {
  it('lists the criteria, envio options and shifts with their pt-BR labels', () => {
    expect(CRITERIA).toEqual(['data_especifica', 'data_ativacao', 'data_contratacao', 'data_aniversario']);
    expect(CRITERIO_LABELS).toEqual({
      data_especifica: 'Data Específica',
      data_ativacao: 'Data da Ativação',
      data_contratacao: 'Data da Contratação',
      data_aniversario: 'Data de Aniversário',
    });
    expect(ENVIO_OPTIONS).toEqual(['no_dia', 'dia_seguinte', 'dia_anterior', 'anual']);
    expect(ENVIO_LABELS).toEqual({ no_dia: 'No dia', dia_seguinte: 'Dia(s) seguinte(s)', dia_anterior: 'Dia(s) ante(s)', anual: 'Anual' });
    expect(NOT_APPLICABLE).toBe('Não aplicável');
    expect(TURNOS).toEqual(['M', 'T', 'N']);
    expect(TURNO_TIMES).toEqual({ M: '07:00', T: '13:00', N: '20:00' });
    expect(TURNO_LABELS).toEqual({ M: 'M 07:00', T: 'T 13:00', N: 'N 20:00' });
    expect(NO_CHANNEL_MESSAGE).toBe('Você precisa marcar como ativada pelo menos uma das mensagens(whatsapp, email ou sms)');
    expect(DEFAULT_EMAIL_TITLE.length).toBeGreaterThan(0);
  });
});

describe('disabledEnvio', () => {
  it('follows the table of section 5', () => {
    expect(disabledEnvio('data_especifica')).toEqual(['dia_seguinte']);
    expect(disabledEnvio('data_ativacao')).toEqual(['dia_anterior', 'anual']);
    expect(disabledEnvio('data_contratacao')).toEqual(['dia_anterior']);
    expect(disabledEnvio('data_aniversario')).toEqual(['dia_seguinte']);
  });

  it('disables nothing before a criterion is chosen (or for an unknown one)', () => {
    expect(disabledEnvio(null)).toEqual([]);
    expect(disabledEnvio(undefined)).toEqual([]);
    expect(disabledEnvio('outro' as never)).toEqual([]);
  });

  it('answers a copy the caller may change', () => {
    disabledEnvio('data_ativacao').push('no_dia');
    expect(disabledEnvio('data_ativacao')).toEqual(['dia_anterior', 'anual']);
  });
});

describe('tempoState', () => {
  it('no_dia is zero, anual not applicable, the others (and no envio yet) entered', () => {
    expect(tempoState('no_dia')).toBe('zero');
    expect(tempoState('anual')).toBe('not_applicable');
    expect(tempoState('dia_seguinte')).toBe('entered');
    expect(tempoState('dia_anterior')).toBe('entered');
    expect(tempoState(null)).toBe('entered');
    expect(tempoState(undefined)).toBe('entered');
  });
});

describe('normaliseRule', () => {
  it('no_dia forces tempo 0; anual makes it null; other envio keep it', () => {
    expect(normaliseRule({ envio: 'no_dia', tempo: 7 }).tempo).toBe(0);
    expect(normaliseRule({ envio: 'no_dia' }).tempo).toBe(0);
    expect(normaliseRule({ envio: 'anual', tempo: 7 }).tempo).toBeNull();
    expect(normaliseRule({ envio: 'dia_seguinte', tempo: 7 }).tempo).toBe(7);
    expect(normaliseRule({ envio: null, tempo: 3 }).tempo).toBe(3);
  });

  it('e-mail on sets the default title; e-mail off keeps the title as it is', () => {
    expect(normaliseRule({ email: true, titulo_email: 'Outro título' }).titulo_email).toBe(DEFAULT_EMAIL_TITLE);
    expect(normaliseRule({ email: true }).titulo_email).toBe(DEFAULT_EMAIL_TITLE);
    expect(normaliseRule({ email: false, titulo_email: null }).titulo_email).toBeNull();
  });

  it('keeps the specific date only with the specific-date criterion', () => {
    expect(normaliseRule({ criterio: 'data_especifica', data_especifica: '2026-12-25' }).data_especifica).toBe('2026-12-25');
    expect(normaliseRule({ criterio: 'data_ativacao', data_especifica: '2026-12-25' }).data_especifica).toBeNull();
    expect(normaliseRule({ criterio: null, data_especifica: '2026-12-25' }).data_especifica).toBeNull();
  });

  it('keeps an envio the criterion disables (validation refuses it) and leaves the given record alone', () => {
    const record = { criterio: 'data_ativacao', envio: 'anual', tempo: 5, email: true, campanha_id: 3 };
    const out = normaliseRule(record);
    expect(out).toEqual({ criterio: 'data_ativacao', envio: 'anual', tempo: null, email: true, titulo_email: DEFAULT_EMAIL_TITLE, campanha_id: 3, data_especifica: null });
    expect(record).toEqual({ criterio: 'data_ativacao', envio: 'anual', tempo: 5, email: true, campanha_id: 3 });
  });
});

describe('validateRule', () => {
  it('a valid rule has no errors and no message', () => {
    expect(validateRule(valid())).toEqual({ errors: {} });
    expect(validateRule(valid({ criterio: 'data_ativacao', envio: 'dia_seguinte', tempo: 30 }))).toEqual({ errors: {} });
    expect(validateRule(valid({ criterio: 'data_contratacao', envio: 'no_dia', tempo: 0 }))).toEqual({ errors: {} });
    expect(validateRule(valid({ criterio: 'data_contratacao', envio: 'anual', tempo: null }))).toEqual({ errors: {} });
    expect(validateRule(valid({ criterio: 'data_especifica', envio: 'dia_anterior', tempo: 2, data_especifica: '2026-12-25' }))).toEqual({ errors: {} });
    expect(validateRule(valid({ criterio: 'data_especifica', envio: null, data_especifica: '2024-02-29' }))).toEqual({ errors: {} });
    expect(validateRule(valid({ criterio: 'data_aniversario', envio: 'dia_anterior', tempo: 1 }))).toEqual({ errors: {} });
  });

  it('criterion and shift are required, and must be known values', () => {
    expect(validateRule(valid({ criterio: null, turno: '' }))).toEqual({ errors: { criterio: MSG.required, turno: MSG.required }, message: MSG.requiredForm });
    expect(validateRule(valid({ criterio: undefined, turno: undefined })).errors).toEqual({ criterio: MSG.required, turno: MSG.required });
    expect(validateRule(valid({ criterio: 'data_qualquer', turno: 'X' })).errors).toEqual({ criterio: MSG.option, turno: MSG.option });
  });

  it('each channel on needs its message (blank text counts as none)', () => {
    expect(validateRule(valid({ whatsapp: true }))).toEqual({ errors: { template_whatsapp: MSG.required }, message: MSG.requiredForm });
    expect(validateRule(valid({ email: true, mensagem_email: '   ' })).errors).toEqual({ mensagem_email: MSG.required });
    expect(validateRule(valid({ mensagem_sms: null })).errors).toEqual({ mensagem_sms: MSG.required });
    expect(validateRule(valid({ whatsapp: true, template_whatsapp: 'aniversario_v1', email: true, mensagem_email: '<p>Oi</p>' }))).toEqual({ errors: {} });
  });

  it('a message without its channel on is no error', () => {
    expect(validateRule(valid({ whatsapp: false, template_whatsapp: null, email: false, mensagem_email: null }))).toEqual({ errors: {} });
  });

  it('at least one channel must be on: the toast says so, with no field error of its own', () => {
    expect(validateRule(valid({ sms: false }))).toEqual({ errors: {}, message: NO_CHANNEL_MESSAGE });
    expect(validateRule({ criterio: 'data_aniversario', envio: 'anual', turno: 'T' })).toEqual({ errors: {}, message: NO_CHANNEL_MESSAGE });
    // Field errors are still listed, the channel message wins the toast.
    expect(validateRule(valid({ sms: false, turno: null }))).toEqual({ errors: { turno: MSG.required }, message: NO_CHANNEL_MESSAGE });
  });

  it('activation and contract dates need tempo and envio', () => {
    for (const criterio of ['data_ativacao', 'data_contratacao']) {
      expect(validateRule(valid({ criterio, envio: null, tempo: null })).errors, criterio).toEqual({ envio: MSG.required, tempo: MSG.required });
      expect(validateRule(valid({ criterio, envio: 'dia_seguinte', tempo: null })).errors, criterio).toEqual({ tempo: MSG.required });
      expect(validateRule(valid({ criterio, envio: null, tempo: 3 })).errors, criterio).toEqual({ envio: MSG.required });
    }
  });

  it('the specific date needs its date, a real calendar day in YYYY-MM-DD', () => {
    expect(validateRule(valid({ criterio: 'data_especifica', envio: 'no_dia', tempo: 0, data_especifica: null })).errors).toEqual({ data_especifica: MSG.required });
    expect(validateRule(valid({ criterio: 'data_especifica', envio: 'no_dia', tempo: 0, data_especifica: '' })).errors).toEqual({ data_especifica: MSG.required });
    for (const bad of ['2026-02-30', '2025-02-29', '25/12/2026', '2026-13-01', '2026-1-5']) {
      expect(validateRule(valid({ criterio: 'data_especifica', envio: 'no_dia', tempo: 0, data_especifica: bad })).errors, bad).toEqual({ data_especifica: MSG.date });
    }
    // envio is not needed with a specific date (the day itself).
    expect(validateRule(valid({ criterio: 'data_especifica', envio: null, tempo: null, data_especifica: '2026-12-25' })).errors).toEqual({});
  });

  it('the birthday needs envio (tempo only when envio asks for days)', () => {
    expect(validateRule(valid({ criterio: 'data_aniversario', envio: null, tempo: null })).errors).toEqual({ envio: MSG.required });
    expect(validateRule(valid({ criterio: 'data_aniversario', envio: 'dia_anterior', tempo: null })).errors).toEqual({ tempo: MSG.required });
    expect(validateRule(valid({ criterio: 'data_aniversario', envio: 'no_dia', tempo: 0 })).errors).toEqual({});
  });

  it('refuses an envio the criterion disables, and an unknown envio', () => {
    const cases: [string, string][] = [
      ['data_especifica', 'dia_seguinte'],
      ['data_ativacao', 'dia_anterior'],
      ['data_ativacao', 'anual'],
      ['data_contratacao', 'dia_anterior'],
      ['data_aniversario', 'dia_seguinte'],
    ];
    for (const [criterio, envio] of cases) {
      const r = validateRule(valid({ criterio, envio, tempo: 2, data_especifica: '2026-12-25' }));
      expect(r.errors.envio, `${criterio} ${envio}`).toBe(ENVIO_NOT_ALLOWED);
      expect(r.message).toBe(MSG.requiredForm);
    }
    expect(validateRule(valid({ envio: 'semanal' })).errors).toEqual({ envio: MSG.option });
  });

  it('typed days: a whole number from 1 to 365 before or after; 0 to 365 when no envio asks for them', () => {
    const after = (tempo: unknown) => validateRule(valid({ criterio: 'data_ativacao', envio: 'dia_seguinte', tempo: tempo as number })).errors;
    expect(after(1)).toEqual({});
    expect(after(MAX_TEMPO)).toEqual({});
    expect(after('12')).toEqual({});
    expect(after(0)).toEqual({ tempo: MSG.minimum(1) });
    expect(after(-3)).toEqual({ tempo: MSG.minimum(1) });
    expect(after(366)).toEqual({ tempo: MSG.maximum(365) });
    expect(after(1.5)).toEqual({ tempo: MSG.integer });
    expect(after('dois')).toEqual({ tempo: MSG.integer });
    expect(after('')).toEqual({ tempo: MSG.required });
    const before = validateRule(valid({ criterio: 'data_aniversario', envio: 'dia_anterior', tempo: 0 })).errors;
    expect(before).toEqual({ tempo: MSG.minimum(1) });
    // No envio yet (a specific date): tempo is optional, 0 allowed.
    expect(validateRule(valid({ criterio: 'data_especifica', envio: null, tempo: 0, data_especifica: '2026-12-25' })).errors).toEqual({});
    expect(validateRule(valid({ criterio: 'data_especifica', envio: null, tempo: 400, data_especifica: '2026-12-25' })).errors).toEqual({ tempo: MSG.maximum(365) });
  });

  it('tempo is not checked when no_dia or anual set it', () => {
    expect(validateRule(valid({ criterio: 'data_ativacao', envio: 'no_dia', tempo: 999 })).errors).toEqual({});
    expect(validateRule(valid({ criterio: 'data_contratacao', envio: 'anual', tempo: 'x' as never })).errors).toEqual({});
  });

  it('normalised then validated, as the server does', () => {
    const record = normaliseRule(valid({ criterio: 'data_ativacao', envio: 'no_dia', tempo: null, email: true, mensagem_email: '<p>Bem-vindo</p>' }));
    expect(record.tempo).toBe(0);
    expect(record.titulo_email).toBe(DEFAULT_EMAIL_TITLE);
    expect(validateRule(record)).toEqual({ errors: {} });
  });
});
