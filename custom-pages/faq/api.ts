// The FAQ's reading calls (src/server/v1/faq.ts): visitors call GET /v1/public/faq without a session;
// signed-in users GET /v1/faq with theirs (staff read their providers' questions, HR writers the
// unpublished too).
import { useQuery } from '@tanstack/react-query';
import { useApiBase, useApiOrigin, useSession, v1Json } from '../../src/admin/pages.js';
import { MSG } from '../../src/domain/messages.js';
import { FAQ_MSG, type FaqCategory, type FaqQuestion } from '../../src/domain/faq.js';

export type { FaqQuestion };

export interface FaqAnswer {
  categorias: FaqCategory[];
  total: number;
  palavras: string[];
}

async function publicFaq(apiBase: string, search: string): Promise<FaqAnswer> {
  const query = search ? `?${new URLSearchParams({ busca: search })}` : '';
  const response = await fetch(`${apiBase}/v1/public/faq${query}`, { headers: { Accept: 'application/json' } });
  const body = (await response.json().catch(() => null)) as (FaqAnswer & { message?: string }) | null;
  if (!response.ok || !body) throw new Error(body?.message || (response.status === 429 ? FAQ_MSG.tooMany : MSG.failure));
  return body;
}

/** The questions the viewer reads, searched. */
export function useFaq(search: string) {
  useApiOrigin();
  const apiBase = useApiBase();
  const session = useSession();
  const who = session?.user?.usuarioId ?? session?.token ?? null;
  return useQuery({
    queryKey: ['faq', who, search],
    queryFn: () =>
      session ? v1Json<FaqAnswer>(`/v1/faq${search ? `?${new URLSearchParams({ busca: search })}` : ''}`, { module: 'rh' }) : publicFaq(apiBase, search),
    retry: false,
  });
}
