// The tracking links' addresses and page titles: the only part of this folder in the first bundle
// (custom-pages/tracking/index.tsx); every other text is in texts.ts, loaded with the pages.
export const LINKS = 'tracking-links';
export const BASE_PATH = '/marketing/tracking-link';
export const LIST_PATH = `${BASE_PATH}/list`;
export const REGISTER_PATH = `${BASE_PATH}/register`;
export const EDIT_PATH = `${BASE_PATH}/edit/:id`;
export const STATS_PATH = `${BASE_PATH}/stats/:id`;
/** The calls' role areas: marketing, else vendas. */
export const AREAS = ['marketing', 'vendas'] as const;

export const TITLES = {
  list: 'Link de Rastreamento',
  register: 'Cadastrar Link de Rastreamento',
  edit: 'Editar Link de Rastreamento',
  stats: 'Estatísticas do Link',
} as const;
