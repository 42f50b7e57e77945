// The public roulette calls (/v1/public/roulette/{slug}...), made without sign-in: plain fetch, no
// token or role header. Answers and errors as the contract gives them (the calls documented in /docs: src/server/v1/roulette.ts).
import { useEffect, useMemo, useState } from 'react';
import { useApiBase } from '../../src/admin/pages.js';
import { WHEEL_TEXTS } from './texts.js';

export type Situation = 'aberta' | 'pausada' | 'agendada' | 'encerrada';

export interface PublicPrize {
  id: number;
  nome: string;
  esgotado: boolean;
}

export interface PublicLook {
  base_background: string;
  base_html_content: string | null;
  color_item: string;
  color_text: string;
  color_item_2: string;
  color_text2: string;
  /** The background image's address (same origin), or null. */
  fundo: string | null;
}

export interface PublicRoulette {
  nome: string;
  descricao: string;
  motivo_aplicacao: string | null;
  data_inicio_campanha: string;
  data_fim_campanha: string;
  intervalo_votacao: number;
  situacao: Situation;
  mensagem: string | null;
  aparencia: PublicLook;
  premios: { cliente: PublicPrize[]; nao_cliente: PublicPrize[] };
  semente_hash: string;
  semente: string | null;
}

export interface SpinRequest {
  nome: string;
  telefone: string;
  cpf: string;
  /** The honeypot: always empty for people. */
  site: string;
}

export interface SpinAnswer {
  cliente: boolean;
  premios: PublicPrize[];
  indice: number | null;
  /** The slot the wheel stopped on (null: no prize was left); `sem_premio`: a slot that gives nothing ('Tente de novo'). */
  premio: { nome: string; descricao: string; animacao: boolean; sem_premio?: boolean } | null;
  cupom: string | null;
  seq: number;
  mensagem: string;
}

/** The identification before the spin: the wheel this visitor will play. */
export interface IdentifyAnswer {
  cliente: boolean;
  premios: PublicPrize[];
}

export interface AuditSpinRow {
  seq: number;
  created_at: string;
  cliente: boolean;
  premiado: boolean;
  telefone_final: string;
  premio: string | null;
  id_premio: number | null;
  elegiveis: number[];
  pesos: number[];
}

export interface AuditDrawRow {
  seq: number;
  created_at: string;
  filtro_cliente: boolean | null;
  filtro_premiado: boolean | null;
  candidatos: number;
  indice: number;
  ate_seq: number;
  seq_participante: number;
}

/** A round of a campaign: its commitment, its seed once it closed (a reveal or a reset), its spins and draws. */
export interface AuditRound {
  rodada: number;
  semente_hash: string;
  semente: string | null;
  iniciada_em: string;
  semente_revelada_em: string | null;
  giros: AuditSpinRow[];
  sorteios: AuditDrawRow[];
}

export interface AuditData {
  nome: string;
  id_campanha: number;
  /** The current round. */
  rodada: number;
  /** Every round, oldest first. */
  rodadas: AuditRound[];
}

/** A refused call: its status, the server's message and the errors of each field. */
export class PublicApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: Record<string, string> = {},
  ) {
    super(message);
  }
}

async function call<T>(apiBase: string, path: string, init?: RequestInit): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${apiBase}${path}`, { ...init, headers: { Accept: 'application/json', ...(init?.body ? { 'Content-Type': 'application/json' } : {}) } });
  } catch {
    throw new PublicApiError(0, WHEEL_TEXTS.network);
  }
  const body = (await response.json().catch(() => null)) as (T & { message?: string; errors?: Record<string, string> }) | null;
  if (!response.ok) {
    const errors = body?.errors && typeof body.errors === 'object' ? body.errors : {};
    throw new PublicApiError(response.status, typeof body?.message === 'string' && body.message ? body.message : WHEEL_TEXTS.network, errors);
  }
  if (body === null) throw new PublicApiError(response.status, WHEEL_TEXTS.network);
  return body;
}

const pathOf = (slug: string, rest = '') => `/v1/public/roulette/${encodeURIComponent(slug)}${rest}`;

/** The public calls against the app's server (`apiBase`: '' for the same origin). */
export function rouletteApi(apiBase: string) {
  return {
    info: (slug: string) => call<PublicRoulette>(apiBase, pathOf(slug)),
    identify: (slug: string, body: SpinRequest) => call<IdentifyAnswer>(apiBase, pathOf(slug, '/identificacao'), { method: 'POST', body: JSON.stringify(body) }),
    spin: (slug: string, body: SpinRequest) => call<SpinAnswer>(apiBase, pathOf(slug, '/giro'), { method: 'POST', body: JSON.stringify(body) }),
    audit: (slug: string) => call<AuditData>(apiBase, pathOf(slug, '/auditoria')),
    /** A same-origin address of the server (the background image) under `apiBase`. */
    url: (path: string) => (path.startsWith('/') ? `${apiBase}${path}` : path),
  };
}

export type RouletteApi = ReturnType<typeof rouletteApi>;

/** What a public page has loaded: its data, or why not (an unknown slug, another failure). */
export type Loaded<T> = { kind: 'loading' } | { kind: 'ready'; data: T } | { kind: 'notFound' } | { kind: 'error'; message: string };

/**
 * Loads a public page's data by its slug (`read` on the page's API), again on `retry`; a 404 is
 * 'notFound', another refusal its server text, a network failure the generic text.
 */
export function usePublicData<T>(slug: string, read: (api: RouletteApi, slug: string) => Promise<T>) {
  const apiBase = useApiBase();
  const api = useMemo(() => rouletteApi(apiBase), [apiBase]);
  const [load, setLoad] = useState<Loaded<T>>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    setLoad({ kind: 'loading' });
    read(api, slug).then(
      (data) => live && setLoad({ kind: 'ready', data }),
      (error: unknown) => {
        if (!live) return;
        if (error instanceof PublicApiError && error.status === 404) setLoad({ kind: 'notFound' });
        else setLoad({ kind: 'error', message: error instanceof PublicApiError && error.status !== 0 ? error.message : WHEEL_TEXTS.loadError });
      },
    );
    return () => {
      live = false;
    };
    // `read` is a module-level function of each page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, slug, attempt]);
  return { api, load, retry: () => setAttempt((n) => n + 1) };
}
