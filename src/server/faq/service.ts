// The reading side of the FAQ and the employee handbook (issue 18). The registers themselves are the
// engine's (schemas/conteudo/*.json); these reads answer the reading screens:
//   - the FAQ by category, for visitors (published questions marked 'Visível sem login'), for staff
//     (every published question of their providers and of all providers) and for HR writers (also
//     the unpublished ones), searched word by word, accent- and case-insensitive (public.f_unaccent);
//   - the handbook's active sections by category, for the staff of the providers.
import type { Queryable } from '../db/index.js';
import { searchWords, type FaqCategory, type FaqQuestion, type HandbookCategory, type HandbookSection } from '../../domain/faq.js';

/** Who reads: a visitor (or a candidate), a member of the staff within providers (null: every provider), or a writer. */
export type FaqReader = { kind: 'public' } | { kind: 'staff'; providerIds: number[] | null; writer: boolean };

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The text a question is searched in: question, answer without its tags, and its category's title. */
const SEARCHED = `public.f_unaccent(f.pergunta || ' ' || regexp_replace(f.resposta, '<[^>]*>', ' ', 'g') || ' ' || c.titulo)`;

export async function readFaq(db: Queryable, reader: FaqReader, search: string) {
  const params: unknown[] = [];
  const add = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const where = ['c.ativo'];
  if (reader.kind === 'public') where.push('f.publicada', 'f.publico');
  else {
    if (!reader.writer) where.push('f.publicada');
    if (reader.providerIds !== null) where.push(`(f.id_empresa IS NULL OR f.id_empresa = ANY(${add(reader.providerIds)}::int[]))`);
  }
  const words = searchWords(search);
  for (const w of words) where.push(`${SEARCHED} LIKE public.f_unaccent(${add(`%${escapeLike(w)}%`)})`);
  const { rows } = await db.query<{
    id: number;
    pergunta: string;
    resposta: string;
    ordem: number;
    publicada: boolean;
    publico: boolean;
    id_empresa: number | null;
    empresa: string | null;
    c_id: number;
    c_titulo: string;
    c_icone: string | null;
  }>(
    `SELECT f.id, f.pergunta, f.resposta, f.ordem, f.publicada, f.publico, f.id_empresa, e.nome AS empresa,
            c.id AS c_id, c.titulo AS c_titulo, c.icone AS c_icone
       FROM rh.faq f
       JOIN rh.faq_categoria c ON c.id = f.id_categoria
       LEFT JOIN rh.empresa e ON e.id = f.id_empresa
      WHERE ${where.join(' AND ')}
      ORDER BY c.ordem, c.titulo, c.id, f.ordem, f.pergunta, f.id
      LIMIT 1000`,
    params,
  );
  const categories: FaqCategory[] = [];
  for (const r of rows) {
    let category = categories.at(-1);
    if (category?.id !== r.c_id) {
      category = { id: r.c_id, titulo: r.c_titulo, icone: r.c_icone, perguntas: [] };
      categories.push(category);
    }
    const question: FaqQuestion = {
      id: r.id,
      pergunta: r.pergunta,
      resposta: r.resposta,
      ordem: r.ordem,
      empresa: r.id_empresa === null ? null : { id: r.id_empresa, nome: r.empresa ?? '' },
      publicada: r.publicada,
      publico: r.publico,
    };
    category.perguntas.push(question);
  }
  return { categorias: categories, total: rows.length, palavras: words };
}

/** The active sections of the active categories, of the reader's providers (null: all) and of all providers. */
export async function readHandbook(db: Queryable, providerIds: number[] | null) {
  const params: unknown[] = [];
  const scope = providerIds === null ? '' : ` AND (s.id_empresa IS NULL OR s.id_empresa = ANY($1::int[]))`;
  if (providerIds !== null) params.push(providerIds);
  const { rows } = await db.query<{ id: number; titulo: string; conteudo: string; id_empresa: number | null; empresa: string | null; c_id: number; c_titulo: string }>(
    `SELECT s.id, s.titulo, s.conteudo, s.id_empresa, e.nome AS empresa, c.id AS c_id, c.titulo AS c_titulo
       FROM rh.manual_secao s
       JOIN rh.manual_categoria c ON c.id = s.id_categoria
       LEFT JOIN rh.empresa e ON e.id = s.id_empresa
      WHERE s.ativo AND c.ativo${scope}
      ORDER BY c.ordem, c.titulo, c.id, s.ordem, s.titulo, s.id
      LIMIT 2000`,
    params,
  );
  const categories: HandbookCategory[] = [];
  for (const r of rows) {
    let category = categories.at(-1);
    if (category?.id !== r.c_id) {
      category = { id: r.c_id, titulo: r.c_titulo, secoes: [] };
      categories.push(category);
    }
    category.secoes.push({ id: r.id, titulo: r.titulo, conteudo: r.conteudo, empresa: r.id_empresa === null ? null : { id: r.id_empresa, nome: r.empresa ?? '' } });
  }
  return { categorias: categories, total: rows.length };
}
