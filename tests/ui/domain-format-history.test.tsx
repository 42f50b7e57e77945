import './setup.js';
import { describe, expect, it } from 'vitest';
import { applyMask, formatBRL, formatDate, formatDateTime, MASKS, toCsv } from '../../src/domain/format.js';
import { describeHistory, diffRecords, type AuditEntry } from '../../src/domain/history.js';

describe('pt-BR formats', () => {
  it('dates, date-times and money', () => {
    expect(formatDate('2024-03-07')).toBe('07/03/2024');
    expect(formatDate('2024-03-07T23:30:00Z')).toBe('07/03/2024');
    expect(formatDate('07/03/2024')).toBe('Data inválida');
    expect(formatDateTime(new Date(2024, 2, 7, 9, 5))).toBe('07/03/2024 - 09:05');
    expect(formatDateTime('nada')).toBe('Data e hora inválidas');
    expect(formatBRL(1234.5).replace(/\s/g, ' ')).toBe('R$ 1.234,50');
  });

  it('masks', () => {
    expect(applyMask(MASKS.cnpj, '11222333000181')).toBe('11.222.333/0001-81');
    expect(applyMask(MASKS.cpf, '12345678909')).toBe('123.456.789-09');
    expect(applyMask(MASKS.phone, '31987654321')).toBe('(31) 98765-4321');
    expect(applyMask(MASKS.cep, '30130-0109')).toBe('30130-010');
    expect(applyMask(MASKS.cep, '301')).toBe('301');
  });

  it("CSV with ';' and quoting", () => {
    expect(toCsv([['Nome', 'Obs'], ['A;B', 'diz "oi"']])).toBe('\uFEFFNome;Obs\r\n"A;B";"diz ""oi"""');
  });
});

describe('history', () => {
  const entries: AuditEntry[] = [
    { id: 1, operacao: 'INSERT', old_data: null, new_data: { id: 7, nome: 'A', ativo: true }, data: '2024-01-01T10:00:00Z', id_usuario: null },
    { id: 3, operacao: 'UPDATE', old_data: { id: 7, nome: 'B', ativo: true, tags: [1] }, new_data: { id: 7, nome: 'B', ativo: false, tags: [1] }, data: '2024-01-03T10:00:00Z', id_usuario: 4 },
    { id: 2, operacao: 'UPDATE', old_data: { id: 7, nome: 'A', created_at: 'x' }, new_data: { id: 7, nome: 'B', created_at: 'y' }, data: '2024-01-02T10:00:00Z', id_usuario: 4 },
  ];

  it('lists newest first, INSERT as created and UPDATE as edited with its changes', () => {
    const items = describeHistory(entries);
    expect(items.map((i) => [i.id, i.action])).toEqual([
      [3, 'edited'],
      [2, 'edited'],
      [1, 'created'],
    ]);
    expect(items[0].changes).toEqual([{ field: 'ativo', before: true, after: false }]);
    expect(items[1].changes).toEqual([{ field: 'nome', before: 'A', after: 'B' }]);
  });

  it('diffs in the order of the given fields, ignoring bookkeeping columns', () => {
    expect(diffRecords({ b: 1, a: 1, id: 1 }, { b: 2, a: 2, id: 2 }, { fields: ['id', 'b', 'a'] }).map((c) => c.field)).toEqual(['b', 'a']);
    expect(diffRecords({ x: { k: [1, 2] } }, { x: { k: [1, 2] } })).toEqual([]);
    expect(diffRecords({ x: null }, {})).toEqual([]);
  });
});
