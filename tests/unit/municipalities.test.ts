// The built-in municipality list: every IBGE municipality, in the spec's order (state groups by state
// name, then names), positional IDs, state ids by code, accent-insensitive search.
import { getMunicipalities } from '@brazilian-utils/brazilian-utils';
import { describe, expect, it } from 'vitest';
import {
  findMunicipality,
  municipalities,
  municipalityByIbge,
  searchKey,
  searchMunicipalities,
  states27,
  stateIdOf,
  STATE_CODES,
} from '../../src/domain/municipalities.js';

describe('municipality reference list', () => {
  const all = municipalities();

  it('holds every IBGE municipality once, with its state', () => {
    expect(all.length).toBe(getMunicipalities().length);
    expect(all.length).toBeGreaterThan(5500);
    expect(new Set(all.map((m) => m.ibge)).size).toBe(all.length);
    expect(all.every((m) => STATE_CODES.includes(m.uf) && String(m.ibge).length === 7)).toBe(true);
    // The IBGE code starts with the state's IBGE code (35 São Paulo, 31 Minas Gerais...).
    expect(municipalityByIbge(3550308)).toMatchObject({ label: 'São Paulo', uf: 'SP' });
    expect(municipalityByIbge(3106200)).toMatchObject({ label: 'Belo Horizonte', uf: 'MG', Estado: '11' });
    expect(municipalityByIbge(5300108)).toMatchObject({ label: 'Brasília', uf: 'DF' });
  });

  it('IDs are numeric strings from 1, ascending along the list', () => {
    all.forEach((m, i) => expect(m.ID).toBe(String(i + 1)));
  });

  it('is ordered by state group (state names alphabetically) then by name', () => {
    const groups: string[] = [];
    for (const m of all) if (groups[groups.length - 1] !== m.uf) groups.push(m.uf);
    // One contiguous group per state.
    expect(groups.length).toBe(27);
    const names = states27().map((s) => s.nome);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'pt-BR')));
    expect(groups).toEqual(states27().map((s) => s.uf));
    // The spec's sequence after Minas Gerais: 14, 15, 18, 16, 17, 19, 20, 23, 21, 22, 24, 26, 25, 27.
    const ids = groups.map((uf) => stateIdOf(uf as never));
    expect(ids.slice(ids.indexOf('11'))).toEqual(['11', '14', '15', '18', '16', '17', '19', '20', '23', '21', '22', '24', '26', '25', '27']);
    for (const uf of STATE_CODES) {
      const labels = all.filter((m) => m.uf === uf).map((m) => m.label);
      expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b, 'pt-BR')));
    }
  });

  it('state ids are 1 to 27 as numeric strings (MG 11, PA 14, PR 18, SP 26, TO 27)', () => {
    expect(new Set(all.map((m) => m.Estado))).toEqual(new Set(Array.from({ length: 27 }, (_, i) => String(i + 1))));
    expect(stateIdOf('MG')).toBe('11');
    expect(stateIdOf('PA')).toBe('14');
    expect(stateIdOf('PR')).toBe('18');
    expect(stateIdOf('SP')).toBe('26');
    expect(stateIdOf('TO')).toBe('27');
    const pa = all.filter((m) => m.uf === 'PA');
    const mg = all.filter((m) => m.uf === 'MG');
    expect(Number(pa[0].ID)).toBe(Number(mg[mg.length - 1].ID) + 1);
    expect(pa.length).toBeGreaterThanOrEqual(143);
  });

  it('the same name can be in several states', () => {
    expect(searchMunicipalities({ q: 'Bom Jesus', limit: 1000 }).municipios.filter((m) => m.label === 'Bom Jesus').length).toBeGreaterThan(1);
  });

  it('searches without accents, case or apostrophe kind, all words, keeping the order', () => {
    expect(searchKey('  São  PAULO ')).toBe('sao paulo');
    expect(searchKey('Olho d`Água')).toBe(searchKey("Olho d'Agua"));
    const sp = searchMunicipalities({ q: 'sao paulo', limit: 1000 }).municipios;
    expect(sp.some((m) => m.label === 'São Paulo' && m.uf === 'SP')).toBe(true);
    expect(sp.map((m) => Number(m.ID))).toEqual([...sp.map((m) => Number(m.ID))].sort((a, b) => a - b));
    const dagua = searchMunicipalities({ q: 'olho d`agua grande' }).municipios;
    expect(dagua.map((m) => m.label)).toContain("Olho d'Água Grande");
    expect(searchMunicipalities({ q: 'belo horiz', uf: 'MG' }).municipios.map((m) => m.label)).toEqual(['Belo Horizonte']);
    expect(searchMunicipalities({ q: 'zzzz' })).toEqual({ municipios: [], total: 0 });
  });

  it('filters by state and by IBGE codes, and pages', () => {
    const all27 = searchMunicipalities({ uf: 'SP', limit: 10_000 });
    expect(all27.total).toBe(getMunicipalities('SP').length);
    expect(all27.municipios.every((m) => m.uf === 'SP')).toBe(true);
    const page = searchMunicipalities({ uf: 'SP', limit: 10, offset: 5 });
    expect(page.municipios).toEqual(all27.municipios.slice(5, 15));
    expect(page.total).toBe(all27.total);
    expect(searchMunicipalities({ ibge: [3550308, 3304557] }).municipios.map((m) => m.label)).toEqual(['Rio de Janeiro', 'São Paulo']);
  });

  it('finds a municipality by name and state, ignoring accents and case', () => {
    expect(findMunicipality('sao paulo', 'SP')?.ibge).toBe(3550308);
    expect(findMunicipality('SAO PAULO', 'RJ')).toBeUndefined();
    expect(findMunicipality('São Paulo', 'XX')).toBeUndefined();
  });
});
