// Rides (issue 33): the register's rules (schemas/frota/rides.json, /api/rides) and the board's read.
//   - hooks: an offer goes to one of the offerer's providers (403 otherwise: the engine checks an
//     owner's rows by their owner, not by the provider the owner names); an offer is for a date and time still ahead ('A carona precisa ser para uma data futura.',
//     on create and whenever data_hora changes); the offerer's name is kept with the row (the fleet
//     manager's list shows it), read from the user on create.
//   - board: the active offers from today on (São Paulo's day), of offerers still active, searched by
//     origin and destination (a part of the text, without accents or case: public.f_unaccent, as the
//     registers' q filter) and by day. A visitor's read answers only what the offer shows (no person);
//     a signed-in employee's adds the offerer's first name and the phone, within their providers.
import { firstName, isPastRide, RIDE_BOARD_LIMIT, RIDE_MSG, type RideBoard, type RideOffer } from '../../domain/rides.js';
import { MSG } from '../../domain/messages.js';
import type { Queryable } from '../db/index.js';
import { HttpError } from '../errors.js';
import type { ResourceHooks } from '../resources/service.js';
import { Params } from '../resources/query.js';
import { todayInSaoPaulo } from '../roulette/service.js';
import { ValidationError } from '../schemas/validation.js';

export const RIDES = 'rides';
const TZ = 'America/Sao_Paulo';

const instant = (value: unknown) => (value instanceof Date ? value.getTime() : Date.parse(String(value)));

export function rideHooks(): ResourceHooks {
  return {
    beforeWrite: async ({ tx, values, existing, operation, actor }) => {
      if (!values || operation === 'delete') return;
      // The engine scopes an owner's writes by the owner alone (a candidate writes their own resume):
      // an offer goes to one of the offerer's providers, which the engine checks for the managers only.
      const provider = 'id_empresa' in values ? values.id_empresa : existing?.id_empresa;
      if ((operation === 'create' || 'id_empresa' in values) && actor.providerIds !== null && provider != null && !actor.providerIds.includes(Number(provider))) {
        throw new HttpError(403, MSG.outsideProviders);
      }
      const changed = operation === 'create' || ('data_hora' in values && instant(values.data_hora) !== instant(existing?.data_hora));
      // A malformed date is the validation's to tell (it ran before the hooks).
      if (changed && isPastRide(values.data_hora)) throw new ValidationError({ data_hora: RIDE_MSG.pastDate }, RIDE_MSG.pastDate);
      if (operation === 'create' && actor.userId !== null) {
        const { rows } = await tx.query<{ nome: string }>(`SELECT COALESCE(NULLIF(btrim(nome), ''), email) AS nome FROM auth.usuario WHERE id = $1`, [values.id_usuario ?? actor.userId]);
        values.nome = rows[0]?.nome ?? null;
      }
    },
  };
}

export interface BoardFilter {
  origem?: string;
  destino?: string;
  /** YYYY-MM-DD: only that day's offers (São Paulo). */
  data?: string;
}

/** Who reads the board: a visitor (public fields, every provider) or an employee (contact too, their providers; null: all). */
export type BoardReader = { kind: 'public' } | { kind: 'staff'; providerIds: number[] | null };

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

interface Row {
  id: number;
  origem: string;
  destino: string;
  data_hora: Date | string;
  vagas: number;
  observacoes: string | null;
  id_empresa: number;
  empresa: string;
  nome: string | null;
  telefone: string | null;
  total: number;
}

export async function readBoard(db: Queryable, reader: BoardReader, filter: BoardFilter, today = todayInSaoPaulo()): Promise<RideBoard> {
  const p = new Params();
  const where = [
    'c.ativo',
    'e.ativo',
    'u.ativo',
    `c.data_hora >= (${p.add(today)}::date::timestamp AT TIME ZONE '${TZ}')`,
  ];
  if (filter.data) {
    const day = p.add(filter.data);
    where.push(`c.data_hora >= (${day}::date::timestamp AT TIME ZONE '${TZ}')`, `c.data_hora < ((${day}::date + 1)::timestamp AT TIME ZONE '${TZ}')`);
  }
  for (const field of ['origem', 'destino'] as const) {
    const text = filter[field]?.trim();
    if (text) where.push(`public.f_unaccent(c.${field}) LIKE public.f_unaccent(${p.add(`%${escapeLike(text)}%`)})`);
  }
  if (reader.kind === 'staff' && reader.providerIds !== null) where.push(`c.id_empresa = ANY (${p.add(reader.providerIds)}::int[])`);
  const staff = reader.kind === 'staff';
  const { rows } = await db.query<Row>(
    `SELECT c.id, c.origem, c.destino, c.data_hora, c.vagas, c.observacoes, c.id_empresa, e.nome AS empresa,
            ${staff ? `NULLIF(btrim(u.nome), '') AS nome, c.telefone` : 'NULL::text AS nome, NULL::text AS telefone'},
            count(*) OVER ()::int AS total
       FROM frota.carona c
       JOIN rh.empresa e ON e.id = c.id_empresa
       JOIN auth.usuario u ON u.id = c.id_usuario
      WHERE ${where.join(' AND ')}
      ORDER BY c.data_hora, c.id
      LIMIT ${RIDE_BOARD_LIMIT}`,
    p.values,
  );
  const caronas = rows.map((r): RideOffer => {
    const offer: RideOffer = {
      id: r.id,
      origem: r.origem,
      destino: r.destino,
      data_hora: new Date(r.data_hora).toISOString(),
      vagas: r.vagas,
      observacoes: r.observacoes,
      empresa: { id: r.id_empresa, nome: r.empresa },
    };
    if (staff) Object.assign(offer, { nome: firstName(r.nome), telefone: r.telefone });
    return offer;
  });
  return { caronas, total: rows[0]?.total ?? 0 };
}
