// News items (novidades): the reactions map, the image rules' messages and the hashtags' form
// (foundation document, sections 3 and 5; HR document, News). Pure: used by the server and the screens.

/** The reactions map of section 3: icon name -> its pt-BR label. */
export const NEWS_REACTIONS = { waving_hand: 'Parabéns', cake: 'Quero Bolo!', favorite: 'Amei', thumb_up: 'Gostei' } as const;
export type NewsReaction = keyof typeof NEWS_REACTIONS;
export const NEWS_REACTION_KEYS = Object.keys(NEWS_REACTIONS) as NewsReaction[];
export const isNewsReaction = (v: unknown): v is NewsReaction => typeof v === 'string' && v in NEWS_REACTIONS;

export const NEWS_MSG = {
  coverFormat: 'O formato da imagem de capa não é permitido!',
  auxiliaryFormat: 'O formato da imagem auxiliar não é permitido!',
  notFound: 'Novidade não encontrada.',
  noReadingRequired: 'Esta novidade não exige confirmação de leitura.',
  readConfirmed: 'Leitura confirmada!',
  readError: 'Não foi possível confirmar a leitura. Tente novamente.',
  reactionError: 'Não foi possível registrar a sua reação. Tente novamente.',
  /** The bell's text when an item is published. */
  published: (titulo: string, requerLido: boolean) => (requerLido ? `Nova novidade com leitura obrigatória: ${titulo}` : `Novidade importante: ${titulo}`),
};

/** The notification module of the news bell messages ({ modulo: 'novidades', msg, link: '/news/{id}' }). */
export const NEWS_MODULE = 'novidades';

/** 'rh; #Benefícios;;rh ' -> 'rh;Benefícios' (trimmed, no leading '#', no empties, no repeats); '' -> null. */
export function joinHashtags(items: readonly string[]): string | null {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of items) {
    const tag = raw.replace(/^#+/, '').trim();
    if (!tag || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    out.push(tag);
  }
  return out.length ? out.join(';') : null;
}

/** The stored text's items ('rh;beneficios' -> ['rh', 'beneficios']). */
export const splitHashtags = (text: unknown): string[] => (typeof text === 'string' ? (joinHashtags(text.split(';')) ?? '').split(';').filter(Boolean) : []);

/** The address of a news item's reading page, and of the feed (of a category). */
export const newsPath = (id: number | string) => `/news/${id}`;
export const feedPath = (category?: number | string | null) => (category === undefined || category === null || category === '' ? '/news/list' : `/news/list/${category}`);
