// The careers calls (the calls documented in /docs: src/server/v1/careers.ts). Public ones (the open vacancies, one vacancy) are a
// plain fetch without token or role header; a candidate's (apply, their applications) go through
// v1Json with the session, as any signed-in user ('user' role area).
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { HttpError } from 'react-admin';
import { ApiError, useApiBase, useApiOrigin, useSession, v1Json } from '../../src/admin/pages.js';
import { CAREERS_MSG, type ApplicationStatus, type ContractType, type WorkModel } from '../../src/domain/careers.js';
import { CAREERS_TEXTS as T } from './texts.js';

export interface PublicVacancy {
  id: number;
  titulo_vaga: string;
  slug: string;
  path: string;
  vagas: number;
  cidade: string;
  uf: string;
  empresa: { id: number; nome: string; slug: string };
  departamento: string | null;
  modelo_trabalho: WorkModel;
  tipo_contrato: ContractType;
  data_inicio: string;
  data_encerramento: string | null;
  resumo: string;
}

export interface VacancyDetails extends PublicVacancy {
  descricao: string | null;
  requisitos: string | null;
  beneficios: string | null;
}

export interface VacancyChoices {
  empresas: { id: number; nome: string; slug: string; vagas: number }[];
  departamentos: { nome: string; vagas: number }[];
  cidades: { cidade: string; uf: string; vagas: number }[];
}

export interface VacancyList {
  vagas: PublicVacancy[];
  total: number;
  filtros: VacancyChoices;
}

export interface MyApplication {
  id: number;
  id_vaga: number;
  titulo_vaga: string;
  path: string;
  empresa: { id: number; nome: string };
  cidade: string;
  uf: string;
  status: ApplicationStatus;
  status_em: string;
  created_at: string;
  vaga_aberta: boolean;
}

/** The list's filters as the call names them ('' when not set). */
export interface VacancyFilters {
  empresa: string;
  q: string;
  departamento: string;
  cidade: string;
  uf: string;
  modelo: string;
}

/** A refused public call: its status and the server's text. */
export class CareersApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

async function publicGet<T>(apiBase: string, path: string): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${apiBase}${path}`, { headers: { Accept: 'application/json' } });
  } catch {
    throw new CareersApiError(0, T.network);
  }
  const body = (await response.json().catch(() => null)) as (T & { message?: string }) | null;
  if (!response.ok) {
    const fallback = response.status === 429 ? CAREERS_MSG.tooMany : T.network;
    throw new CareersApiError(response.status, typeof body?.message === 'string' && body.message ? body.message : fallback);
  }
  if (body === null) throw new CareersApiError(response.status, T.network);
  return body;
}

/** The query of GET /v1/public/careers/vagas: the filters that are set, then the page. */
export function listQuery(filters: VacancyFilters, offset: number, limit: number): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value) params.set(name, value);
  params.set('offset', String(offset));
  params.set('limit', String(limit));
  return params.toString();
}

export function careersApi(apiBase: string) {
  return {
    list: (filters: VacancyFilters, offset: number, limit: number) => publicGet<VacancyList>(apiBase, `/v1/public/careers/vagas?${listQuery(filters, offset, limit)}`),
    vacancy: (id: string) => publicGet<{ vaga: VacancyDetails }>(apiBase, `/v1/public/careers/vagas/${encodeURIComponent(id)}`).then((r) => r.vaga),
  };
}

/** The public calls against the app's server. */
export function useCareersApi() {
  const apiBase = useApiBase();
  return { apiBase, api: useMemo(() => careersApi(apiBase), [apiBase]) };
}

/** Any signed-in user may apply and read their applications: no module role. */
const AREA = 'user';

export const applyTo = (id: number, body: { origem: string; website: string }) =>
  v1Json<{ candidatura: MyApplication }>(`/v1/careers/vagas/${id}/candidatura`, { method: 'POST', body: JSON.stringify(body), module: AREA });

/** GET /v1/careers/candidaturas: the signed-in user's applications, newest first. */
export function useMyApplications() {
  useApiOrigin();
  const session = useSession();
  return useQuery({
    // Another user signing in on the same page does not see the previous one's.
    queryKey: ['careers', 'my-applications', session?.user?.usuarioId ?? session?.token ?? null],
    queryFn: () => v1Json<{ candidaturas: MyApplication[] }>('/v1/careers/candidaturas', { module: AREA }).then((r) => r.candidaturas),
    enabled: Boolean(session),
    retry: false,
  });
}

/** What a failed call shows: the server's text (a public, v1 or data provider call), else the connection text. */
export const failureText = (error: unknown) =>
  (error instanceof ApiError || error instanceof CareersApiError || error instanceof HttpError) && error.message ? error.message : T.network;

/** Whether a failed call was a 404 (an unknown provider or vacancy). */
export const isNotFound = (error: unknown) => (error instanceof CareersApiError || error instanceof ApiError) && error.status === 404;
