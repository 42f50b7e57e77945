import './setup.js';
import { describe, expect, it } from 'vitest';
import englishMessages from 'ra-language-english';
import { ptBRMessages } from '../../src/admin/core/i18n/pt-BR.js';
import { i18nProvider, LOCALE } from '../../src/admin/core/i18n/index.js';

type Tree = { [key: string]: unknown };

/** Every leaf key path of a message tree: ra.action.add, ... */
function keyPaths(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    value && typeof value === 'object' ? keyPaths(value as Tree, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

describe('pt-BR messages of react-admin', () => {
  it('has every key of ra-language-english, with a text', () => {
    const english = keyPaths(englishMessages as unknown as Tree);
    const portuguese = new Set(keyPaths(ptBRMessages as unknown as Tree));
    const missing = english.filter((k) => !portuguese.has(k));
    expect(missing).toEqual([]);
    const get = (path: string) => path.split('.').reduce<unknown>((node, k) => (node as Tree)?.[k], ptBRMessages);
    for (const key of english) expect(typeof get(key), key).toBe('string');
  });

  it('keeps the placeholders of each English text', () => {
    const placeholders = (s: string) => [...s.matchAll(/%\{(\w+)\}/g)].map((m) => m[1]).sort();
    const get = (tree: unknown, path: string) => path.split('.').reduce<unknown>((node, k) => (node as Tree)?.[k], tree);
    for (const key of keyPaths(englishMessages as unknown as Tree)) {
      const en = get(englishMessages, key) as string;
      const pt = get(ptBRMessages, key) as string;
      // Texts may drop a placeholder (a fixed pt-BR wording), never invent one.
      for (const p of placeholders(pt)) expect(placeholders(en), `${key}: %{${p}}`).toContain(p);
    }
  });

  it('translates to pt-BR with the spec texts', () => {
    expect(i18nProvider.getLocale()).toBe(LOCALE);
    expect(i18nProvider.translate('ra.action.delete')).toBe('Excluir');
    expect(i18nProvider.translate('ra.validation.required')).toBe('Campo obrigatório');
    expect(i18nProvider.translate('ra.navigation.no_results', { name: 'x' })).toBe('Nenhum dado encontrado');
    expect(i18nProvider.translate('ra.message.delete_content')).toBe('Essa ação é IRREVERSÍVEL e não permite a recuperação de dados.');
    // A plain pt-BR text passes through unchanged.
    expect(i18nProvider.translate('Dados atualizados com sucesso!')).toBe('Dados atualizados com sucesso!');
  });
});
