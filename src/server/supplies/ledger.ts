// The one mechanism that moves equipment (migration 0086): every movement register's hook and the
// inventory's validation call these, inside the write's transaction. A tracked unit (suprimentos.item)
// moves only from where it is; a counted quantity only out of a balance that holds it; each move writes
// its line of the ledger (suprimentos.movimento), so an item's history is its ledger lines.
import type { Queryable } from '../db/index.js';
import { HttpError } from '../errors.js';
import { ValidationError } from '../schemas/validation.js';
import { SUPPLIES_MSG, type SupplyPlace, placeLabel } from '../../domain/supplies.js';

export type MovementKind =
  | 'entrada' | 'envio' | 'instalacao' | 'devolucao' | 'retorno' | 'retirada'
  | 'manutencao' | 'manutencao_retorno' | 'reciclagem' | 'inventario';

/** Where something is: a place, and the squad or the customer it names. */
export interface Place {
  local: SupplyPlace;
  id_equipe?: number | null;
  cliente?: { sistema: string; codigo: string; nome?: string | null } | null;
}

export interface MoveCommon {
  id_empresa: number;
  id_produto: number;
  tipo: MovementKind;
  /** The register row that made the move (its table and id): the ledger line names it. */
  registro: { tabela: string; id: number };
  id_usuario?: number | null;
  os?: string | null;
  data?: string | Date | null;
  /** The field a refusal is told on (default 'patrimonio' for units, 'quantidade' for counts). */
  field?: string;
}

export interface ItemRow {
  id: number;
  id_empresa: number;
  id_produto: number;
  patrimonio: string | null;
  serial: string | null;
  local: SupplyPlace;
  id_equipe: number | null;
  cliente_sistema: string | null;
  cliente_codigo: string | null;
}

/** A refusal told on a field, its text also the answer's message (the screens' toast). */
export const refuse = (field: string, text: string) => new ValidationError({ [field]: text }, text);

const samePlace = (item: ItemRow, place: Place) =>
  item.local === place.local &&
  (place.local !== 'equipe' || item.id_equipe === place.id_equipe) &&
  (place.local !== 'cliente' || !place.cliente ||
    (item.cliente_sistema?.toUpperCase() === place.cliente.sistema.toUpperCase() && item.cliente_codigo === place.cliente.codigo));

/** The unit of a provider with this patrimônio or serial (case-insensitive), locked for the move; null when none. */
export async function findItem(tx: Queryable, id_empresa: number, code: string, lock = true): Promise<ItemRow | null> {
  const { rows } = await tx.query<ItemRow>(
    `SELECT id, id_empresa, id_produto, patrimonio, serial, local, id_equipe, cliente_sistema, cliente_codigo
       FROM suprimentos.item
      WHERE id_empresa = $1 AND (upper(patrimonio) = upper($2) OR upper(serial) = upper($2))
      ORDER BY (upper(patrimonio) = upper($2)) DESC LIMIT 1${lock ? ' FOR UPDATE' : ''}`,
    [id_empresa, code.trim()],
  );
  return rows[0] ?? null;
}

/** A new unit received into the warehouse (an entrada). Refuses a patrimônio or serial the provider already has. */
export async function receiveItem(
  tx: Queryable,
  move: MoveCommon & { patrimonio?: string | null; serial?: string | null },
): Promise<ItemRow> {
  const patrimonio = move.patrimonio?.trim() || null;
  const serial = move.serial?.trim() || null;
  if (!patrimonio && !serial) throw refuse('patrimonio', SUPPLIES_MSG.codeRequired);
  for (const [field, code] of [['patrimonio', patrimonio], ['serial', serial]] as const) {
    if (code && (await findItem(tx, move.id_empresa, code, false))) throw refuse(field, SUPPLIES_MSG.codeTaken(code));
  }
  const { rows } = await tx.query<ItemRow>(
    `INSERT INTO suprimentos.item (id_empresa, id_produto, patrimonio, serial, local)
     VALUES ($1, $2, $3, $4, 'almoxarifado')
     RETURNING id, id_empresa, id_produto, patrimonio, serial, local, id_equipe, cliente_sistema, cliente_codigo`,
    [move.id_empresa, move.id_produto, patrimonio, serial],
  );
  await writeLine(tx, move, rows[0].id, 1, null, { local: 'almoxarifado' });
  return rows[0];
}

/**
 * Moves the unit `code` of the provider from `from` (one of the places it may be in) to `to`. Refuses
 * an unknown code, a unit of another product, and one that is not where the movement says
 * ('O equipamento ABC123 não está com esta equipe: está no almoxarifado.').
 */
export async function moveItem(tx: Queryable, move: MoveCommon & { code: string; from: Place | Place[]; to: Place }): Promise<ItemRow> {
  const field = move.field ?? 'patrimonio';
  const code = move.code.trim();
  const item = await findItem(tx, move.id_empresa, code);
  if (!item) throw refuse(field, SUPPLIES_MSG.unknownCode(code));
  if (item.id_produto !== move.id_produto) throw refuse(field, SUPPLIES_MSG.otherProduct(code));
  const from = Array.isArray(move.from) ? move.from : [move.from];
  if (!from.some((place) => samePlace(item, place))) {
    // 'com esta equipe' / 'com outra equipe': the place the movement names, and where the unit is.
    const expected = from[0].local === 'equipe' ? 'com esta equipe' : from[0].local === 'cliente' ? 'com este cliente' : placeLabel(from[0]);
    const actual = from.some((place) => place.local === item.local && item.local === 'equipe') ? 'com outra equipe'
      : from.some((place) => place.local === item.local && item.local === 'cliente') ? 'com outro cliente' : placeLabel(item);
    throw refuse(field, SUPPLIES_MSG.notThere(code, expected, actual));
  }
  const cliente = move.to.local === 'cliente' ? move.to.cliente ?? null : null;
  const { rows } = await tx.query<ItemRow>(
    `UPDATE suprimentos.item
        SET local = $2, id_equipe = $3, cliente_sistema = $4, cliente_codigo = $5, cliente_nome = $6, os = COALESCE($7, os),
            atualizado_em = now()
      WHERE id = $1
      RETURNING id, id_empresa, id_produto, patrimonio, serial, local, id_equipe, cliente_sistema, cliente_codigo`,
    [item.id, move.to.local, move.to.local === 'equipe' ? move.to.id_equipe : null, cliente?.sistema ?? null, cliente?.codigo ?? null,
      cliente?.nome ?? null, move.os ?? null],
  );
  await writeLine(tx, move, item.id, 1, { local: item.local, id_equipe: item.id_equipe }, move.to, cliente ?? (item.cliente_codigo
    ? { sistema: item.cliente_sistema ?? '', codigo: item.cliente_codigo }
    : null));
  return rows[0];
}

/**
 * Moves `quantidade` of a counted product from `from` (null: it comes from outside, an entrada) to `to`.
 * Refuses taking more than the origin's balance ('A equipe tem 3 un deste produto; não é possível movimentar 5.').
 * The customers' balance is one per provider (who holds how much is in the movements).
 */
export async function moveQuantity(tx: Queryable, move: MoveCommon & { quantidade: number; from: Place | null; to: Place }): Promise<void> {
  const field = move.field ?? 'quantidade';
  if (!Number.isInteger(move.quantidade) || move.quantidade <= 0) throw refuse(field, SUPPLIES_MSG.quantityPositive);
  if (move.from) {
    const { rows } = await tx.query<{ id: number; quantidade: number }>(
      `SELECT id, quantidade FROM suprimentos.saldo
        WHERE id_empresa = $1 AND id_produto = $2 AND local = $3 AND coalesce(id_equipe, 0) = coalesce($4::int, 0) FOR UPDATE`,
      [move.id_empresa, move.id_produto, move.from.local, move.from.local === 'equipe' ? move.from.id_equipe : null],
    );
    const held = rows[0]?.quantidade ?? 0;
    // The customers' balance is not checked per customer: a devolution of a counted item is taken as told.
    if (move.from.local !== 'cliente' && held < move.quantidade) {
      throw refuse(field, SUPPLIES_MSG.notEnough(placeLabel(move.from), held, move.quantidade));
    }
    if (rows[0]) {
      await tx.query(`UPDATE suprimentos.saldo SET quantidade = greatest(quantidade - $2, 0), atualizado_em = now() WHERE id = $1`, [rows[0].id, move.quantidade]);
    }
  }
  await tx.query(
    `INSERT INTO suprimentos.saldo (id_empresa, id_produto, local, id_equipe, quantidade) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (id_empresa, id_produto, local, (coalesce(id_equipe, 0)))
     DO UPDATE SET quantidade = suprimentos.saldo.quantidade + EXCLUDED.quantidade, atualizado_em = now()`,
    [move.id_empresa, move.id_produto, move.to.local, move.to.local === 'equipe' ? move.to.id_equipe : null, move.quantidade],
  );
  const cliente = move.to.cliente ?? move.from?.cliente ?? null;
  await writeLine(tx, move, null, move.quantidade, move.from, move.to, cliente);
}

async function writeLine(
  tx: Queryable,
  move: MoveCommon,
  id_item: number | null,
  quantidade: number,
  from: Place | null,
  to: Place,
  cliente: { sistema: string; codigo: string } | null = to.cliente ?? null,
): Promise<void> {
  await tx.query(
    `INSERT INTO suprimentos.movimento (id_empresa, id_produto, id_item, quantidade, tipo, origem_local, origem_equipe, destino_local,
       destino_equipe, cliente_sistema, cliente_codigo, os, registro_tabela, registro_id, id_usuario, data)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, COALESCE($16::timestamptz, now()))`,
    [move.id_empresa, move.id_produto, id_item, quantidade, move.tipo, from?.local ?? null, from?.local === 'equipe' ? from.id_equipe : null,
      to.local, to.local === 'equipe' ? to.id_equipe : null, cliente?.sistema ?? null, cliente?.codigo ?? null, move.os ?? null,
      move.registro.tabela, move.registro.id, move.id_usuario ?? null, move.data ?? null],
  );
}

export interface LedgerLine {
  id: number;
  id_empresa: number;
  id_produto: number;
  id_item: number | null;
  quantidade: number;
  origem_local: SupplyPlace | null;
  origem_equipe: number | null;
  destino_local: SupplyPlace;
  destino_equipe: number | null;
  cliente_sistema: string | null;
  cliente_codigo: string | null;
}

/** The ledger lines a register row wrote, the latest first. */
export async function linesOf(tx: Queryable, registro: { tabela: string; id: number }): Promise<LedgerLine[]> {
  const { rows } = await tx.query<LedgerLine>(
    `SELECT id::int AS id, id_empresa, id_produto, id_item, quantidade, origem_local, origem_equipe, destino_local, destino_equipe, cliente_sistema, cliente_codigo
       FROM suprimentos.movimento WHERE registro_tabela = $1 AND registro_id = $2 ORDER BY id DESC`,
    [registro.tabela, registro.id],
  );
  return rows;
}

/**
 * Undoes what a register row moved (its delete, or the correction of a return's unit), the latest line
 * first, and removes those lines: a unit goes back where the line took it from (a received one is
 * removed), only while that line is still the unit's latest move; a quantity goes back to its origin
 * while the destination's balance still holds it. Refusals are 409 with `conflict` or the balance's text.
 * `clienteNome` is the customer's name a unit returning to a customer gets back.
 */
export async function undoRegister(
  tx: Queryable,
  registro: { tabela: string; id: number },
  options: { clienteNome?: string | null; conflict: (code: string) => string; lines?: LedgerLine[] },
): Promise<void> {
  for (const line of options.lines ?? (await linesOf(tx, registro))) {
    if (line.id_item !== null) {
      const { rows } = await tx.query<{ latest: number; code: string }>(
        `SELECT (SELECT max(id)::int FROM suprimentos.movimento WHERE id_item = i.id) AS latest, COALESCE(i.patrimonio, i.serial) AS code
           FROM suprimentos.item i WHERE i.id = $1 FOR UPDATE`,
        [line.id_item],
      );
      if (!rows[0] || rows[0].latest !== line.id) throw new HttpError(409, options.conflict(rows[0]?.code ?? ''));
      await tx.query(`DELETE FROM suprimentos.movimento WHERE id = $1`, [line.id]);
      if (line.origem_local === null) {
        await tx.query(`DELETE FROM suprimentos.item WHERE id = $1`, [line.id_item]);
        continue;
      }
      const toCustomer = line.origem_local === 'cliente';
      await tx.query(
        `UPDATE suprimentos.item SET local = $2, id_equipe = $3, cliente_sistema = $4, cliente_codigo = $5, cliente_nome = $6, atualizado_em = now() WHERE id = $1`,
        [line.id_item, line.origem_local, line.origem_local === 'equipe' ? line.origem_equipe : null, toCustomer ? line.cliente_sistema : null,
          toCustomer ? line.cliente_codigo : null, toCustomer ? options.clienteNome ?? null : null],
      );
      continue;
    }
    // A counted quantity: out of the destination's balance (the customers' is one per provider and not checked), back to the origin.
    const { rows } = await tx.query<{ id: number; quantidade: number }>(
      `SELECT id, quantidade FROM suprimentos.saldo
        WHERE id_empresa = $1 AND id_produto = $2 AND local = $3 AND coalesce(id_equipe, 0) = coalesce($4::int, 0) FOR UPDATE`,
      [line.id_empresa, line.id_produto, line.destino_local, line.destino_equipe],
    );
    const held = rows[0]?.quantidade ?? 0;
    if (line.destino_local !== 'cliente' && held < line.quantidade) {
      throw new HttpError(409, SUPPLIES_MSG.notEnough(placeLabel({ local: line.destino_local }), held, line.quantidade));
    }
    if (rows[0]) await tx.query(`UPDATE suprimentos.saldo SET quantidade = greatest(quantidade - $2, 0), atualizado_em = now() WHERE id = $1`, [rows[0].id, line.quantidade]);
    if (line.origem_local !== null) {
      await tx.query(
        `INSERT INTO suprimentos.saldo (id_empresa, id_produto, local, id_equipe, quantidade) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (id_empresa, id_produto, local, (coalesce(id_equipe, 0)))
         DO UPDATE SET quantidade = suprimentos.saldo.quantidade + EXCLUDED.quantidade, atualizado_em = now()`,
        [line.id_empresa, line.id_produto, line.origem_local, line.origem_local === 'equipe' ? line.origem_equipe : null, line.quantidade],
      );
    }
    await tx.query(`DELETE FROM suprimentos.movimento WHERE id = $1`, [line.id]);
  }
}
