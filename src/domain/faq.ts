// The FAQ and the employee handbook (issue 18): texts, and the search words both the server (which
// filters) and the browser (which marks the words found) read the same way.

/** A question as the reading calls answer it (GET /v1/public/faq, GET /v1/faq). */
export interface FaqQuestion {
  id: number;
  pergunta: string;
  resposta: string;
  ordem: number;
  empresa: { id: number; nome: string } | null;
  publicada: boolean;
  publico: boolean;
}

export interface FaqCategory {
  id: number;
  titulo: string;
  icone: string | null;
  perguntas: FaqQuestion[];
}

/** A handbook section as GET /v1/manual answers it, by category. */
export interface HandbookSection {
  id: number;
  titulo: string;
  conteudo: string;
  empresa: { id: number; nome: string } | null;
}

export interface HandbookCategory {
  id: number;
  titulo: string;
  secoes: HandbookSection[];
}

export const FAQ_MSG = {
  tooMany: 'Foram realizadas muitas solicitações. Aguarde um minuto e tente novamente.',
} as const;

export const FAQ_TEXTS = {
  title: 'Perguntas frequentes',
  subtitle: 'Tire suas dúvidas sobre benefícios, jornada, sistemas e vagas.',
  searchLabel: 'Buscar nas perguntas',
  searchButton: 'Buscar',
  clear: 'Limpar busca',
  results: (n: number, words: string) => (n === 1 ? `1 pergunta encontrada para “${words}”` : `${n} perguntas encontradas para “${words}”`),
  none: 'Nenhuma pergunta encontrada.',
  noneHint: 'Tente outras palavras ou veja todas as perguntas.',
  all: 'Ver todas as perguntas',
  empty: 'Nenhuma pergunta publicada ainda.',
  add: 'NOVA PERGUNTA',
  edit: 'Editar pergunta',
  draft: 'Não publicada',
  publicChip: 'Visível sem login',
  staffChip: 'Só colaboradores',
  categories: 'Categorias de FAQ',
  allProviders: 'Todos os provedores',
  retry: 'Tentar novamente',
} as const;

export const HANDBOOK_TEXTS = {
  title: 'Manual do colaborador',
  contents: 'Sumário',
  searchLabel: 'Buscar no manual',
  found: (n: number) => (n === 1 ? '1 seção encontrada' : `${n} seções encontradas`),
  none: 'Nenhuma seção encontrada.',
  empty: 'O manual ainda não tem seções.',
  print: 'Imprimir',
  add: 'NOVA SEÇÃO',
  edit: 'Editar seção',
  manage: 'Gerenciar seções',
  top: 'Voltar ao sumário',
} as const;

/** At most this many characters of search, and words. */
export const MAX_SEARCH_LENGTH = 100;
export const MAX_SEARCH_WORDS = 8;

/** Lower case without accents, as the database's public.f_unaccent compares. */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}

/** The distinct words of a search (at most MAX_SEARCH_WORDS, in order). */
export function searchWords(search: string | null | undefined): string[] {
  const words: string[] = [];
  for (const w of (search ?? '').trim().split(/\s+/)) {
    if (!w || words.some((x) => foldText(x) === foldText(w))) continue;
    words.push(w);
    if (words.length === MAX_SEARCH_WORDS) break;
  }
  return words;
}

export interface TextPart {
  text: string;
  match: boolean;
}

/**
 * A text cut where the words occur (accent- and case-insensitive): the parts to draw, those that
 * match marked. Folding keeps one character per character for the letters of Portuguese, so the
 * positions found in the folded text are those of the original.
 */
export function markWords(text: string, words: readonly string[]): TextPart[] {
  const folded = foldText(text);
  const targets = words.map(foldText).filter(Boolean);
  if (!targets.length || folded.length !== text.length) return [{ text, match: false }];
  const marked = new Array<boolean>(text.length).fill(false);
  for (const t of targets) {
    for (let at = folded.indexOf(t); at !== -1; at = folded.indexOf(t, at + 1)) marked.fill(true, at, at + t.length);
  }
  const parts: TextPart[] = [];
  for (let i = 0; i < text.length; ) {
    let j = i;
    while (j < text.length && marked[j] === marked[i]) j++;
    parts.push({ text: text.slice(i, j), match: marked[i] });
    i = j;
  }
  return parts;
}

/** Whether every word occurs in one of the texts (accent- and case-insensitive). */
export function matchesAll(texts: readonly string[], words: readonly string[]): boolean {
  const folded = foldText(texts.join(' '));
  return words.every((w) => folded.includes(foldText(w)));
}

/** The plain text of sanitised HTML (tags out, the few entities sanitisers write decoded). */
export function htmlText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}
