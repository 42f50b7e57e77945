// The FAQ's search words and the marks of the words found (src/domain/faq.ts).
import { describe, expect, it } from 'vitest';
import { foldText, htmlText, markWords, matchesAll, searchWords } from '../../src/domain/faq.js';

describe('search words', () => {
  it('splits on spaces, drops repeats (ignoring accents and case) and keeps at most eight', () => {
    expect(searchWords('  Férias  ferias FÉRIAS vpn ')).toEqual(['Férias', 'vpn']);
    expect(searchWords('')).toEqual([]);
    expect(searchWords('a b c d e f g h i j')).toHaveLength(8);
  });

  it('folds as the database does', () => {
    expect(foldText('Ação ÚNICA Conexão')).toBe('acao unica conexao');
  });
});

describe('marking', () => {
  it('marks every occurrence without regard to accents or case, keeping the original text', () => {
    expect(markWords('Como peço férias? Férias!', ['ferias'])).toEqual([
      { text: 'Como peço ', match: false },
      { text: 'férias', match: true },
      { text: '? ', match: false },
      { text: 'Férias', match: true },
      { text: '!', match: false },
    ]);
    expect(markWords('Peço', ['peco', 'pe'])).toEqual([{ text: 'Peço', match: true }]);
    expect(markWords('nada aqui', [])).toEqual([{ text: 'nada aqui', match: false }]);
  });

  it('matches all words across texts, and reads the text of rich text', () => {
    expect(matchesAll(['Benefícios', 'Plano de saúde'], ['saude', 'BENEFICIOS'])).toBe(true);
    expect(matchesAll(['Benefícios'], ['saude'])).toBe(false);
    expect(htmlText('<p>Use o <strong>cliente</strong> &amp; a VPN</p>')).toBe('Use o cliente & a VPN');
  });
});
