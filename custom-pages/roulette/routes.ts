// The roulettes' addresses and page titles: the only part of this folder in the first bundle
// (custom-pages/roulette/index.tsx); every other text is loaded with the pages.
export const CAMPAIGNS = 'roulette-campaigns';
export const ENTRIES = 'roulette-entries';
export const DRAWS = 'roulette-draws';
export const BASE_PATH = '/marketing/roulette';
export const LIST_PATH = `${BASE_PATH}/list`;
export const REGISTER_PATH = `${BASE_PATH}/register`;
/** Named route RouletteEdit (params id, idOwner; a campaign without an owner has none). */
export const EDIT_PATH = `${BASE_PATH}/edit/:id/:idOwner?`;
export const RAFFLE_PATH = `${BASE_PATH}/raffle/:id`;
export const REPORTS_PATH = `${BASE_PATH}/reports/:id`;
/** The calls' role area (the superadmin's own role works in every area). */
export const AREA = 'roulette';

export const TITLES = {
  register: 'Cadastrar Roleta',
  edit: 'Editar Roleta',
  raffle: 'Sortear Participantes',
  reports: 'Relatórios da Roleta',
} as const;
