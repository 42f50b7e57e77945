// The board's calls (src/server/v1/rides.ts): visitors call GET /v1/public/caronas without a session;
// signed-in users GET /v1/caronas with theirs (employees get the offerer's first name and the phone).
import { useQuery } from '@tanstack/react-query';
import { useApiBase, useApiOrigin, useSession, v1Json } from '../../src/admin/pages.js';
import { MSG } from '../../src/domain/messages.js';
import { RIDE_MSG, type RideBoard } from '../../src/domain/rides.js';

export interface BoardFilter {
  origem: string;
  destino: string;
  data: string;
}

const queryOf = (f: BoardFilter) => {
  const q = new URLSearchParams(Object.entries(f).filter(([, v]) => v) as [string, string][]).toString();
  return q ? `?${q}` : '';
};

async function publicBoard(apiBase: string, filter: BoardFilter): Promise<RideBoard> {
  const response = await fetch(`${apiBase}/v1/public/caronas${queryOf(filter)}`, { headers: { Accept: 'application/json' } });
  const body = (await response.json().catch(() => null)) as (RideBoard & { message?: string }) | null;
  if (!response.ok || !body) throw new Error(body?.message || (response.status === 429 ? RIDE_MSG.tooMany : MSG.failure));
  return body;
}

/** The offers the viewer reads, filtered. */
export function useRideBoard(filter: BoardFilter) {
  useApiOrigin();
  const apiBase = useApiBase();
  const session = useSession();
  const who = session?.user?.usuarioId ?? session?.token ?? null;
  return useQuery({
    queryKey: ['ride-board', who, filter.origem, filter.destino, filter.data],
    queryFn: () => (session ? v1Json<RideBoard>(`/v1/caronas${queryOf(filter)}`, { module: 'frota' }) : publicBoard(apiBase, filter)),
    retry: false,
  });
}
