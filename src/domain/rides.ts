// Rides (issue 33): an employee offers a ride (/ride, the register schemas/frota/rides.json) and the
// board /ride-employee lists the active offers from today on, searched by origin, destination and
// date. Texts and the board's address rules, read by the server (src/server/v1/rides.ts) and the
// pages (custom-pages/rides/).

/** An offer as the board's calls answer it: GET /v1/public/caronas (visitors) and GET /v1/caronas (signed in). */
export interface RideOffer {
  id: number;
  origem: string;
  destino: string;
  /** ISO 8601 instant. */
  data_hora: string;
  vagas: number;
  observacoes: string | null;
  empresa: { id: number; nome: string };
  /** Signed in only: the offerer's first name. */
  nome?: string | null;
  /** Signed in only: the contact phone for WhatsApp. */
  telefone?: string | null;
}

export interface RideBoard {
  caronas: RideOffer[];
  total: number;
}

/** The longest origin or destination searched (the register's maxLength). */
export const RIDE_SEARCH_MAX = 120;
/** The most offers one read of the board answers (the nearest first). */
export const RIDE_BOARD_LIMIT = 200;

/** The word an empty segment of /ride-employee/search/{origem}/{destino}/{data} carries (any of these reads as empty). */
export const ANY_PLACE = 'todos';
export const ANY_DATE = 'todas';
const EMPTY_SEGMENTS = new Set(['', '-', '*', 'todos', 'todas', 'qualquer']);

/** A segment of the search address as the filter it stands for ('' for any). */
export const segmentValue = (segment: string | undefined) => {
  const s = (segment ?? '').trim();
  return EMPTY_SEGMENTS.has(s.toLowerCase()) ? '' : s.slice(0, RIDE_SEARCH_MAX);
};

export const RIDE_LIST_PATH = '/ride-employee/list';

/** The search address of a filter; all empty is the list itself. */
export function rideSearchPath(origem: string, destino: string, data: string): string {
  const o = origem.trim();
  const d = destino.trim();
  if (!o && !d && !data) return RIDE_LIST_PATH;
  const seg = (s: string, empty: string) => encodeURIComponent(s || empty);
  return `/ride-employee/search/${seg(o, ANY_PLACE)}/${seg(d, ANY_PLACE)}/${seg(data, ANY_DATE)}`;
}

/** The first name of a person's name ('Maria da Silva' -> 'Maria'). */
export const firstName = (name: string | null | undefined) => (name ?? '').trim().split(/\s+/)[0] || null;

/** Whether an offer's date and time (ISO) is no longer ahead: the server refuses it (RIDE_MSG.pastDate), and the register's form before sending. */
export function isPastRide(value: unknown, now = Date.now()): boolean {
  if (typeof value !== 'string' || !value) return false;
  const at = Date.parse(value);
  return !Number.isNaN(at) && at <= now;
}

export const RIDE_MSG = {
  pastDate: 'A carona precisa ser para uma data futura.',
  tooMany: 'Foram realizadas muitas solicitações. Aguarde um minuto e tente novamente.',
  invalidDate: 'Data inválida',
} as const;

export const RIDE_TEXTS = {
  title: 'Caronas',
  subtitle: 'Caronas oferecidas pelos colaboradores, de hoje em diante.',
  origin: 'Origem',
  destination: 'Destino',
  date: 'Data',
  search: 'Buscar',
  clear: 'Limpar busca',
  offer: 'OFERECER CARONA',
  mine: 'Minhas caronas',
  seats: (n: number) => (n === 1 ? '1 vaga' : `${n} vagas`),
  offeredBy: (name: string) => `Oferecida por ${name}`,
  whatsapp: 'Chamar no WhatsApp',
  empty: 'Nenhuma carona oferecida de hoje em diante.',
  none: 'Nenhuma carona encontrada para essa busca.',
  all: 'Ver todas as caronas',
  results: (n: number) => (n === 1 ? '1 carona encontrada' : `${n} caronas encontradas`),
  retry: 'Tentar novamente',
  signIn: 'para ver quem oferece e combinar pelo WhatsApp.',
  signInLink: 'Entre',
  signInLead: 'Colaborador?',
} as const;
