// The state map of the foundation (section 3): 26 states and the Federal District by name (upper
// case, no accents) to abbreviation, in agreement with the state codes the rest of the code base uses
// (the municipality list, and every schema's state enum).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { states27, STATE_CODES } from '../../src/domain/municipalities.js';
import { STATE_ABBREVIATIONS, stateAbbreviation } from '../../src/domain/states.js';

const SCHEMAS = join(__dirname, '../../schemas');

/** Every state enum of the schemas (a property whose enum holds 'SP'), as "file#field" -> codes. */
function schemaStateEnums(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const area of readdirSync(SCHEMAS, { withFileTypes: true })) {
    if (!area.isDirectory()) continue;
    for (const file of readdirSync(join(SCHEMAS, area.name)).filter((f) => f.endsWith('.json'))) {
      const schema = JSON.parse(readFileSync(join(SCHEMAS, area.name, file), 'utf8'));
      for (const [field, prop] of Object.entries<{ enum?: unknown[] }>(schema.properties ?? {})) {
        if (prop.enum?.includes('SP')) found.set(`${area.name}/${file}#${field}`, prop.enum.filter((v): v is string => typeof v === 'string'));
      }
    }
  }
  return found;
}

describe('state name -> abbreviation', () => {
  it('maps 27 upper-case, accent-free names to the 27 state codes, each once', () => {
    const names = Object.keys(STATE_ABBREVIATIONS);
    expect(names).toHaveLength(27);
    expect(names.every((n) => /^[A-Z]+( [A-Z]+)*$/.test(n))).toBe(true);
    expect([...Object.values(STATE_ABBREVIATIONS)].sort()).toEqual([...STATE_CODES]);
    expect(STATE_ABBREVIATIONS['DISTRITO FEDERAL']).toBe('DF');
    expect(STATE_ABBREVIATIONS['SAO PAULO']).toBe('SP');
    expect(STATE_ABBREVIATIONS.ACRE).toBe('AC');
  });

  it('agrees with the IBGE state names of the municipality list', () => {
    for (const state of states27()) expect(stateAbbreviation(state.nome), state.nome).toBe(state.uf);
  });

  it('agrees with every state enum of the schemas', () => {
    const enums = schemaStateEnums();
    expect(enums.size).toBeGreaterThanOrEqual(3);
    for (const [where, codes] of enums) expect([...codes].sort(), where).toEqual([...STATE_CODES]);
  });

  it('folds accents, case and spaces; a code answers itself; anything else is undefined', () => {
    expect(stateAbbreviation('São Paulo')).toBe('SP');
    expect(stateAbbreviation('  sao   paulo ')).toBe('SP');
    expect(stateAbbreviation('ESPÍRITO SANTO')).toBe('ES');
    expect(stateAbbreviation('Pará')).toBe('PA');
    expect(stateAbbreviation('Paraná')).toBe('PR');
    expect(stateAbbreviation('Paraíba')).toBe('PB');
    expect(stateAbbreviation('Mato Grosso do Sul')).toBe('MS');
    expect(stateAbbreviation('mg')).toBe('MG');
    for (const bad of ['', 'Brasil', 'São', 'XX', 'toString', '__proto__', 'constructor', null, undefined, 35]) {
      expect(stateAbbreviation(bad), String(bad)).toBeUndefined();
    }
  });
});
