// File names as stored and served: nothing hidden or reordering the name, NFC, at most 255 characters.
import { describe, expect, it } from 'vitest';
import { cleanFileName, MAX_FILE_NAME_LENGTH } from '../../src/domain/fileName.js';

describe('cleanFileName', () => {
  it('drops the bidirectional controls that make a name read backwards', () => {
    expect(cleanFileName('report\u202Eexe.png')).toBe('reportexe.png');
    for (const c of ['\u061C', '\u200E', '\u200F', '\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069']) {
      expect(cleanFileName(`a${c}b.pdf`), c.codePointAt(0)!.toString(16)).toBe('ab.pdf');
    }
  });

  it('drops C0 and C1 controls, zero-width characters, the BOM and line separators', () => {
    expect(cleanFileName('a\u0000b\u0007c\u001f\u007f\u0085\u009fd.txt')).toBe('abcd.txt');
    expect(cleanFileName('\uFEFFfoto\u200B\u200C\u200D\u2060.png')).toBe('foto.png');
    expect(cleanFileName('linha\u2028nova\u2029.csv')).toBe('linhanova.csv');
    expect(cleanFileName('nome\r\nX-Injetado: 1.pdf')).toBe('nomeX-Injetado: 1.pdf');
  });

  it('keeps accents, emoji and ordinary punctuation, in NFC', () => {
    expect(cleanFileName('Orçamento d\'água (final).pdf'.normalize('NFD'))).toBe('Orçamento d\'água (final).pdf');
    expect(cleanFileName('festa 🎉 2026.jpg')).toBe('festa 🎉 2026.jpg');
    expect(cleanFileName('  relatório.pdf  ')).toBe('relatório.pdf');
  });

  it('names nothing left "arquivo"', () => {
    expect(cleanFileName('')).toBe('arquivo');
    expect(cleanFileName('\u202E\u200B \u0000')).toBe('arquivo');
  });

  it('cuts a long name to 255 characters, keeping the extension', () => {
    const name = cleanFileName(`${'é'.repeat(400)}.docx`);
    expect([...name]).toHaveLength(MAX_FILE_NAME_LENGTH);
    expect(name.endsWith('é.docx')).toBe(true);
    expect([...cleanFileName(`${'😀'.repeat(300)}.png`)]).toHaveLength(MAX_FILE_NAME_LENGTH);
  });
});
