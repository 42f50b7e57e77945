// Holiday rules shared by the form and the server (foundation document, sections 4 and 5).
import { describe, expect, it } from 'vitest';
import {
  citiesBlockedMessage,
  citiesEnabled,
  formatMonthDay,
  holidayCorrections,
  holidayErrors,
  holidayFallsOn,
  stateEnabled,
  stateRequired,
  toMonthDay,
} from '../../src/domain/holidays.js';

const SAO_PAULO = 3550308;
const CAMPINAS = 3509502;
const BELO_HORIZONTE = 3106200;

describe('holiday form rules', () => {
  it('the state selector is enabled for Estadual and Municipal, required only for Estadual', () => {
    expect([stateEnabled('Nacional'), stateEnabled('Estadual'), stateEnabled('Municipal')]).toEqual([false, true, true]);
    expect([stateRequired('Nacional'), stateRequired('Estadual'), stateRequired('Municipal')]).toEqual([false, true, false]);
  });

  it('cities are blocked for Nacional and Estadual with the spec text', () => {
    expect(citiesEnabled('Municipal')).toBe(true);
    expect(citiesEnabled('Estadual')).toBe(false);
    expect(citiesBlockedMessage('Nacional')).toBe('Não é possivel selecionar cidades para feriados nacionais ou estaduais.');
    expect(citiesBlockedMessage('Estadual')).toBe('Não é possivel selecionar cidades para feriados nacionais ou estaduais.');
    expect(citiesBlockedMessage('Municipal')).toBeNull();
  });

  it('a Nacional holiday has its state cleared', () => {
    expect(holidayCorrections({ tipo: 'Nacional', uf: 'SP' })).toEqual({ uf: null });
    expect(holidayCorrections({ tipo: 'Nacional', uf: null })).toEqual({});
    expect(holidayCorrections({ tipo: 'Estadual', uf: 'SP' })).toEqual({});
    // A one-off holiday gets this year when it has none; a recurring one loses its year.
    expect(holidayCorrections({ tipo: 'Nacional', recorrencia_anual: false }, 2026)).toEqual({ ano: 2026 });
    expect(holidayCorrections({ tipo: 'Nacional', recorrencia_anual: false, ano: 2027 }, 2026)).toEqual({});
    expect(holidayCorrections({ tipo: 'Nacional', recorrencia_anual: true, ano: 2027 }, 2026)).toEqual({ ano: null });
  });
});

describe('holidayErrors', () => {
  it('accepts the valid combinations', () => {
    expect(holidayErrors({ tipo: 'Nacional', uf: null, municipio: [] })).toEqual({});
    expect(holidayErrors({ tipo: 'Estadual', uf: 'MG', municipio: [] })).toEqual({});
    expect(holidayErrors({ tipo: 'Municipal', uf: null, municipio: [SAO_PAULO, BELO_HORIZONTE] })).toEqual({});
    expect(holidayErrors({ tipo: 'Municipal', uf: 'SP', municipio: [SAO_PAULO, CAMPINAS] })).toEqual({});
  });

  it('requires the state for Estadual only', () => {
    expect(holidayErrors({ tipo: 'Estadual', uf: null, municipio: [] })).toEqual({ uf: 'Campo obrigatório' });
    expect(holidayErrors({ tipo: 'Estadual', uf: '', municipio: [] })).toEqual({ uf: 'Campo obrigatório' });
    expect(holidayErrors({ tipo: 'Municipal', uf: null, municipio: [SAO_PAULO] }).uf).toBeUndefined();
    expect(holidayErrors({ tipo: 'Nacional', uf: null }).uf).toBeUndefined();
  });

  it('refuses cities for Nacional and Estadual', () => {
    const blocked = 'Não é possivel selecionar cidades para feriados nacionais ou estaduais.';
    expect(holidayErrors({ tipo: 'Nacional', municipio: [SAO_PAULO] })).toEqual({ municipio: blocked });
    expect(holidayErrors({ tipo: 'Estadual', uf: 'SP', municipio: [SAO_PAULO] })).toEqual({ municipio: blocked });
  });

  it('a Municipal holiday needs at least one known city, of its state when it has one', () => {
    expect(holidayErrors({ tipo: 'Municipal', municipio: [] })).toEqual({ municipio: 'Selecione uma ou mais cidades' });
    expect(holidayErrors({ tipo: 'Municipal', municipio: null })).toEqual({ municipio: 'Selecione uma ou mais cidades' });
    expect(holidayErrors({ tipo: 'Municipal', municipio: [1234567] })).toEqual({ municipio: 'Cidade não encontrada na lista de municípios.' });
    expect(holidayErrors({ tipo: 'Municipal', municipio: ['3550308'] })).toEqual({ municipio: 'Cidade não encontrada na lista de municípios.' });
    expect(holidayErrors({ tipo: 'Municipal', uf: 'SP', municipio: [SAO_PAULO, BELO_HORIZONTE] })).toEqual({
      municipio: 'As cidades selecionadas precisam ser do estado escolhido.',
    });
  });
});

describe('month-day dates', () => {
  it('converts the form dates to MM-DD', () => {
    expect(toMonthDay('2026-09-07')).toBe('09-07');
    expect(toMonthDay('2026-09-07T00:00:00.000Z')).toBe('09-07');
    expect(toMonthDay('07/09/2026')).toBe('09-07');
    expect(toMonthDay('12-25')).toBe('12-25');
    expect(toMonthDay('02-29')).toBe('02-29');
    expect(toMonthDay('2026-02-30')).toBeNull();
    expect(toMonthDay('13-01')).toBeNull();
    expect(toMonthDay('natal')).toBeNull();
    expect(formatMonthDay('09-07')).toBe('07/09');
    expect(formatMonthDay('x')).toBe('Data inválida');
  });

  it('a holiday falls on its day every year when recurrent, else only in the year it was registered, at its place', () => {
    const natal = { data: '12-25', tipo: 'Nacional', recorrencia_anual: true, ativo: true };
    expect(holidayFallsOn(natal, '2030-12-25')).toBe(true);
    expect(holidayFallsOn(natal, '2030-12-24')).toBe(false);
    expect(holidayFallsOn({ ...natal, ativo: false }, '2030-12-25')).toBe(false);
    const once = { ...natal, recorrencia_anual: false, created_at: '2026-03-01T12:00:00Z' };
    expect(holidayFallsOn(once, '2026-12-25')).toBe(true);
    expect(holidayFallsOn(once, '2027-12-25')).toBe(false);
    // Its year, when it has one, wins over the year it was registered in.
    const nextJanuary = { ...natal, data: '01-02', recorrencia_anual: false, ano: 2027, created_at: '2026-12-10T12:00:00Z' };
    expect(holidayFallsOn(nextJanuary, '2027-01-02')).toBe(true);
    expect(holidayFallsOn(nextJanuary, '2026-01-02')).toBe(false);
    const mg = { data: '04-21', tipo: 'Estadual', uf: 'MG' };
    expect(holidayFallsOn(mg, '2026-04-21', { uf: 'MG' })).toBe(true);
    expect(holidayFallsOn(mg, '2026-04-21', { uf: 'SP' })).toBe(false);
    const sp = { data: '01-25', tipo: 'Municipal', uf: 'SP', municipio: [SAO_PAULO] };
    expect(holidayFallsOn(sp, '2026-01-25', { uf: 'SP', ibge: SAO_PAULO })).toBe(true);
    expect(holidayFallsOn(sp, '2026-01-25', { uf: 'SP', ibge: CAMPINAS })).toBe(false);
  });
});
