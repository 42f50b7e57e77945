// The reader calls of the news (src/server/v1/news.ts) with the session and the rh area's role header.
import { v1Json } from '../../src/admin/pages.js';
import type { NewsReaction } from '../../src/domain/news.js';

export interface FeedItem {
  id: number;
  titulo: string;
  resumo: string;
  provedor_nome: string;
  imagem_capa_data: string;
  importante: boolean;
  requer_lido: boolean;
  hashtag: string | null;
  categoria: number | null;
  categoria_titulo: string | null;
  categoria_icone: string | null;
  categoria_color: string | null;
  ativo: boolean;
  created_at: string;
  total_reacoes: number;
  lido_em: string | null;
}

export interface Category {
  id: number;
  titulo: string;
  icone: string | null;
  color: string;
}

export interface NewsItem extends FeedItem {
  provedor: number;
  fonte: string | null;
  url: string | null;
  texto: string;
  imagem_auxiliar_data: string | null;
  departamento: number | null;
  departamento_nome: string | null;
  reacoes: Record<NewsReaction, number>;
  minha_reacao: NewsReaction | null;
}

export interface Readers {
  leitores: { id_usuario: number; nome: string | null; email: string; departamento: string | null; lido_em: string }[];
  total_publico: number;
  pendentes: number;
}

export const PAGE_SIZE = 12;

export function loadFeed(params: { categoria?: string; q?: string; page: number }) {
  const query = new URLSearchParams({ offset: String((params.page - 1) * PAGE_SIZE), limit: String(PAGE_SIZE) });
  if (params.categoria) query.set('categoria', params.categoria);
  if (params.q?.trim()) query.set('q', params.q.trim());
  return v1Json<{ novidades: FeedItem[]; total: number; categorias: Category[] }>(`/v1/novidades?${query}`);
}

export const loadItem = (id: string) => v1Json<{ novidade: NewsItem }>(`/v1/novidades/${encodeURIComponent(id)}`);

export const react = (id: number, reacao: NewsReaction) =>
  v1Json<{ reacoes: Record<NewsReaction, number>; minha_reacao: NewsReaction | null }>(`/v1/novidades/${id}/reacao`, { method: 'POST', body: JSON.stringify({ reacao }) });

export const confirmReading = (id: number) => v1Json<{ lido_em: string }>(`/v1/novidades/${id}/leitura`, { method: 'POST' });

export const loadReaders = (id: number) => v1Json<Readers>(`/v1/novidades/${id}/leituras`);
