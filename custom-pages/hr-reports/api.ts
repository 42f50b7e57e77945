// The report call (src/server/v1/hrReports.ts) and its answer.
import { v1Json } from '../../src/admin/pages.js';

export interface Column {
  campo: string;
  titulo: string;
  tipo: 'texto' | 'data' | 'inteiro' | 'decimal' | 'moeda';
}

export type Chart =
  | { tipo: 'barras'; titulo: string; categorias: string[]; series: { rotulo: string; dados: number[] }[]; horizontal?: boolean }
  | { tipo: 'pizza'; titulo: string; fatias: { rotulo: string; valor: number }[] }
  | { tipo: 'piramide'; titulo: string; categorias: string[]; series: { rotulo: string; dados: number[] }[] };

export interface ReportAnswer {
  relatorio: string;
  titulo: string;
  subtitulo?: string | null;
  filtros: string[];
  valores: Record<string, string | number | undefined>;
  colunas: Column[];
  linhas: Record<string, unknown>[];
  total: number;
  pagina: number;
  por_pagina: number;
  ordem: string;
  direcao: 'asc' | 'desc';
  totais: { rotulo: string; valor: number; tipo?: 'inteiro' | 'decimal' | 'moeda' }[];
  grafico: Chart | null;
}

export const fetchReport = (key: string, query: URLSearchParams) => {
  const qs = query.toString();
  return v1Json<ReportAnswer>(`/v1/rh/relatorios/${encodeURIComponent(key)}${qs ? `?${qs}` : ''}`, { module: 'rh' });
};
