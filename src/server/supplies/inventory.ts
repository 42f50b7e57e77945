// A squad's inventory count (issue 34; foundation document, sections 3 and 8; suprimentos.inventario
// and inventario_item of migration 0086). The calls of src/server/v1/inventory.ts are thin over this:
// - squad(): the squad, what the system says it holds now (by product), its open count with its rows, its
//   validated counts, and the products a declared row may name (the page /squads/inventory/{id}).
// - open(): a snapshot of what the system says the squad holds now: one row per unit at the squad
//   (sistema 1, its patrimônio, or its serial when it has none) and one per counted balance (sistema =
//   the quantity), origem 'sistema'. One open count per squad (409 otherwise).
// - addDeclared() / removeDeclared(): a row the squad declares that the system does not give it (origem 'informado').
// - editRow(): PUT v1/company/inventario/{id}, a row's quantidade_informada (and the patrimônio of a declared unit).
// - validate(): POST v1/company/suprimentos/inventario. Every row must be told; then, in the same
//   transaction, each difference (against the snapshot: movements after the opening stand) is settled
//   through the ledger (src/server/supplies/ledger.ts, tipo 'inventario', registro the inventory):
//     a unit of the system told 0          -> moveItem squad -> extraviado
//     a declared unit told 1               -> moveItem from wherever it is -> squad (refused when unknown)
//     a counted product told less          -> moveQuantity squad -> extraviado (the difference)
//     a counted product told more          -> moveQuantity from outside (null) -> squad: a surplus found at a
//                                             squad is not taken out of the warehouse, whose balance nobody counted
//   and the inventory and its rows are marked validado (validado_em, validado_por). Any refusal leaves nothing done.
// A validated count is read-only (409, SUPPLIES_MSG.validatedReadOnly). Scoping: a squad or a count of a
// provider the caller does not see is not found (404), as the registers answer.
import { businessDate } from '../../domain/communicationDates.js';
import {
  INVENTORY_MSG,
  inventoryDifference,
  type InventoryCount,
  type InventoryHolding,
  type InventoryLine,
  type InventoryProduct,
  type InventorySquad,
  type InventorySummary,
  type SquadInventory,
} from '../../domain/inventory.js';
import { MSG } from '../../domain/messages.js';
import { SUPPLIES_MSG } from '../../domain/supplies.js';
import type { Database, Queryable } from '../db/index.js';
import { HttpError, notFound } from '../errors.js';
import type { Actor, ResourceService } from '../resources/service.js';
import { ValidationError } from '../schemas/validation.js';
import { findItem, moveItem, moveQuantity, type MoveCommon } from './ledger.js';

type Row = Record<string, any>;

/** How many validated counts the squad's page lists (newest first). */
const HISTORY_LIMIT = 24;

const inScope = (actor: Actor, provider: number) => actor.providerIds === null || actor.providerIds.includes(provider);
const readOnly = () => new HttpError(409, SUPPLIES_MSG.validatedReadOnly);

export class InventoryService {
  constructor(
    private db: Database,
    private service: ResourceService,
  ) {}

  /** The squad as the caller may see it, or 404. */
  private async squadOf(q: Queryable, actor: Actor, id: number, lock = false): Promise<InventorySquad> {
    const { rows } = await q.query<InventorySquad>(
      `SELECT e.id, e.nome, e.ativo, e.id_empresa, p.nome AS empresa, e.id_cidade, c.nome AS cidade
         FROM suprimentos.equipe e
         JOIN rh.empresa p ON p.id = e.id_empresa
         LEFT JOIN rh.cidade_provedor c ON c.id = e.id_cidade
        WHERE e.id = $1${lock ? ' FOR UPDATE OF e' : ''}`,
      [id],
    );
    if (!rows[0] || !inScope(actor, rows[0].id_empresa)) throw notFound();
    return rows[0];
  }

  /** An inventory as the caller may see it (locked for a write), or 404. */
  private async inventoryOf(q: Queryable, actor: Actor, id: number, lock = false): Promise<Row> {
    const { rows } = await q.query(
      `SELECT i.*, e.nome AS equipe_nome, c.nome AS cidade
         FROM suprimentos.inventario i
         JOIN suprimentos.equipe e ON e.id = i.id_equipe
         LEFT JOIN rh.cidade_provedor c ON c.id = e.id_cidade
        WHERE i.id = $1${lock ? ' FOR UPDATE OF i' : ''}`,
      [id],
    );
    if (!rows[0] || !inScope(actor, rows[0].id_empresa)) throw notFound();
    return rows[0];
  }

  private async lines(q: Queryable, inventoryIds: number[]): Promise<Map<number, InventoryLine[]>> {
    const out = new Map<number, InventoryLine[]>(inventoryIds.map((id) => [id, []]));
    if (!inventoryIds.length) return out;
    const { rows } = await q.query<InventoryLine & { id_inventario: number }>(
      `SELECT r.id, r.id_inventario, r.id_produto, p.nome AS produto, p.tipo, p.controle, p.unidade, r.patrimonio, r.sistema,
              r.quantidade_informada, r.origem, r.validado,
              CASE WHEN p.controle = 'quantidade' OR r.patrimonio IS NULL THEN NULL
                   -- A row of the snapshot came from a unit of the provider.
                   WHEN r.origem = 'sistema' THEN true
                   ELSE EXISTS (SELECT 1 FROM suprimentos.item t
                                 WHERE t.id_empresa = i.id_empresa AND (upper(t.patrimonio) = upper(r.patrimonio) OR upper(t.serial) = upper(r.patrimonio)))
              END AS cadastrado
         FROM suprimentos.inventario_item r
         JOIN suprimentos.inventario i ON i.id = r.id_inventario
         JOIN suprimentos.produto p ON p.id = r.id_produto
        WHERE r.id_inventario = ANY ($1::int[])
        ORDER BY r.origem DESC, p.nome, r.patrimonio NULLS FIRST, r.id`,
      [inventoryIds],
    );
    for (const r of rows) {
      const { id_inventario, ...line } = r;
      out.get(id_inventario)!.push({ ...line, diferenca: inventoryDifference(r.sistema, r.quantidade_informada) });
    }
    return out;
  }

  private static summary(lines: InventoryLine[]): InventorySummary {
    const s: InventorySummary = { itens: lines.length, iguais: 0, faltas: 0, sobras: 0 };
    for (const l of lines) {
      if (l.diferenca === 0) s.iguais++;
      else if (l.diferenca !== null && l.diferenca < 0) s.faltas -= l.diferenca;
      else if (l.diferenca !== null) s.sobras += l.diferenca;
    }
    return s;
  }

  private async counts(q: Queryable, where: string, params: unknown[]): Promise<InventoryCount[]> {
    const { rows } = await q.query(
      `SELECT i.id, i.id_equipe, to_char(i.data, 'YYYY-MM-DD') AS data, i.validado, i.validado_em, i.validado_por,
              COALESCE(NULLIF(v.nome, ''), v.email) AS validado_por_nome, i.id_usuario, COALESCE(NULLIF(u.nome, ''), u.email) AS aberto_por,
              i.created_at
         FROM suprimentos.inventario i
         LEFT JOIN auth.usuario v ON v.id = i.validado_por
         LEFT JOIN auth.usuario u ON u.id = i.id_usuario
        WHERE ${where}`,
      params,
    );
    const lines = await this.lines(q, rows.map((r) => r.id));
    return rows.map((r) => {
      const itens = lines.get(r.id) ?? [];
      return {
        ...r,
        validado_em: r.validado_em ? new Date(r.validado_em).toISOString() : null,
        created_at: new Date(r.created_at).toISOString(),
        resumo: InventoryService.summary(itens),
        itens,
      } as InventoryCount;
    });
  }

  /** GET: the squad, its open count (with its rows) and its latest validated counts. */
  async squad(actor: Actor, squadId: number): Promise<SquadInventory> {
    const equipe = await this.squadOf(this.db, actor, squadId);
    const [aberto] = await this.counts(this.db, 'i.id_equipe = $1 AND NOT i.validado', [squadId]);
    const validados = await this.counts(
      this.db,
      `i.id_equipe = $1 AND i.validado ORDER BY i.validado_em DESC NULLS LAST, i.id DESC LIMIT ${HISTORY_LIMIT}`,
      [squadId],
    );
    const { rows: produtos } = await this.db.query<InventoryProduct>(
      `SELECT id, nome, controle, unidade FROM suprimentos.produto WHERE ativo AND (id_empresa IS NULL OR id_empresa = $1) ORDER BY nome, id`,
      [equipe.id_empresa],
    );
    const { rows: posse } = await this.db.query<InventoryHolding>(
      `SELECT h.id_produto, p.nome AS produto, p.controle, p.unidade, h.quantidade::int AS quantidade
         FROM (SELECT t.id_produto, count(*) AS quantidade FROM suprimentos.item t
                WHERE t.local = 'equipe' AND t.id_equipe = $1 AND t.id_empresa = $2 GROUP BY t.id_produto
               UNION ALL
               SELECT s.id_produto, s.quantidade FROM suprimentos.saldo s
                WHERE s.local = 'equipe' AND s.id_equipe = $1 AND s.id_empresa = $2 AND s.quantidade > 0) h
         JOIN suprimentos.produto p ON p.id = h.id_produto
        ORDER BY p.nome, h.id_produto`,
      [squadId, equipe.id_empresa],
    );
    return { equipe, aberto: aberto ?? null, validados, posse, produtos };
  }

  /** POST: opens a count of the squad with what the system says it holds now. */
  async open(actor: Actor, squadId: number, now: Date): Promise<InventoryCount> {
    const id = await this.service.write(actor, async (tx) => {
      // The squad's row lock makes two openings wait for each other (one open count per squad).
      const squad = await this.squadOf(tx, actor, squadId, true);
      const open = await tx.query(`SELECT 1 FROM suprimentos.inventario WHERE id_equipe = $1 AND NOT validado`, [squadId]);
      if (open.rows.length) throw new HttpError(409, INVENTORY_MSG.alreadyOpen);
      const { rows } = await tx.query<{ id: number }>(
        `INSERT INTO suprimentos.inventario (id_empresa, id_equipe, data, id_usuario) VALUES ($1, $2, $3::date, $4) RETURNING id`,
        [squad.id_empresa, squadId, businessDate(now), actor.userId],
      );
      const inventory = rows[0].id;
      await tx.query(
        `INSERT INTO suprimentos.inventario_item (id_inventario, patrimonio, equipe, sistema, cidade, id_produto, origem)
         SELECT $1, COALESCE(t.patrimonio, t.serial), $2, 1, $3, t.id_produto, 'sistema'
           FROM suprimentos.item t
          WHERE t.local = 'equipe' AND t.id_equipe = $2 AND t.id_empresa = $4
          ORDER BY t.id_produto, t.id`,
        [inventory, squadId, squad.cidade, squad.id_empresa],
      );
      await tx.query(
        `INSERT INTO suprimentos.inventario_item (id_inventario, patrimonio, equipe, sistema, cidade, id_produto, origem)
         SELECT $1, NULL, $2, s.quantidade, $3, s.id_produto, 'sistema'
           FROM suprimentos.saldo s
          WHERE s.local = 'equipe' AND s.id_equipe = $2 AND s.id_empresa = $4 AND s.quantidade > 0
          ORDER BY s.id_produto`,
        [inventory, squadId, squad.cidade, squad.id_empresa],
      );
      return inventory;
    });
    return (await this.counts(this.db, 'i.id = $1', [id]))[0];
  }

  /** The product of a declared row, of the inventory's provider or the group's, or 400. */
  private async productOf(tx: Queryable, id_produto: unknown, provider: number) {
    if (!Number.isInteger(id_produto)) throw new ValidationError({ id_produto: MSG.required });
    const { rows } = await tx.query<{ id: number; nome: string; controle: string }>(
      `SELECT id, nome, controle FROM suprimentos.produto WHERE id = $1 AND (id_empresa IS NULL OR id_empresa = $2)`,
      [id_produto, provider],
    );
    if (!rows[0]) throw new ValidationError({ id_produto: INVENTORY_MSG.productNotFound });
    return rows[0];
  }

  /** A unit's patrimônio for a row of `inventory`: given, not in the count yet, and (when the provider has it) of the product. */
  private async unitCode(tx: Queryable, inventory: Row, productId: number, code: unknown, exceptRow?: number): Promise<string> {
    const patrimonio = typeof code === 'string' ? code.trim() : '';
    if (!patrimonio) throw new ValidationError({ patrimonio: INVENTORY_MSG.codeRequired });
    const twin = await tx.query(
      `SELECT 1 FROM suprimentos.inventario_item WHERE id_inventario = $1 AND upper(patrimonio) = upper($2) AND id <> $3`,
      [inventory.id, patrimonio, exceptRow ?? 0],
    );
    if (twin.rows.length) throw new ValidationError({ patrimonio: INVENTORY_MSG.codeInCount(patrimonio) });
    const item = await findItem(tx, inventory.id_empresa, patrimonio, false);
    if (item && item.id_produto !== productId) throw new ValidationError({ patrimonio: SUPPLIES_MSG.otherProduct(patrimonio) });
    return patrimonio;
  }

  private static told(value: unknown, unit: boolean): number | null {
    if (value === null) return null;
    if (!Number.isInteger(value) || (value as number) < 0) throw new ValidationError({ quantidade_informada: MSG.failure });
    if (unit && (value as number) > 1) throw new ValidationError({ quantidade_informada: INVENTORY_MSG.unitCount });
    return value as number;
  }

  private async line(q: Queryable, rowId: number): Promise<InventoryLine> {
    const { rows } = await q.query<{ id_inventario: number }>(`SELECT id_inventario FROM suprimentos.inventario_item WHERE id = $1`, [rowId]);
    return (await this.lines(q, [rows[0].id_inventario])).get(rows[0].id_inventario)!.find((l) => l.id === rowId)!;
  }

  /**
   * POST: a row the squad declares that the system does not give it (origem 'informado'): a unit by its
   * patrimônio (counted 1), or a counted product not yet in the count, with its quantity.
   */
  async addDeclared(
    actor: Actor,
    inventoryId: number,
    body: { id_produto: number; patrimonio?: string | null; quantidade_informada?: number | null },
  ): Promise<InventoryLine> {
    const rowId = await this.service.write(actor, async (tx) => {
      const inventory = await this.inventoryOf(tx, actor, inventoryId, true);
      if (inventory.validado) throw readOnly();
      const product = await this.productOf(tx, body.id_produto, inventory.id_empresa);
      let patrimonio: string | null = null;
      let told: number | null;
      if (product.controle === 'patrimonio') {
        patrimonio = await this.unitCode(tx, inventory, product.id, body.patrimonio);
        told = body.quantidade_informada === undefined ? 1 : InventoryService.told(body.quantidade_informada, true);
      } else {
        if (body.patrimonio) throw new ValidationError({ patrimonio: INVENTORY_MSG.codeNotCounted });
        const twin = await tx.query(`SELECT 1 FROM suprimentos.inventario_item WHERE id_inventario = $1 AND id_produto = $2`, [inventoryId, product.id]);
        if (twin.rows.length) throw new ValidationError({ id_produto: INVENTORY_MSG.productInCount });
        if (body.quantidade_informada === undefined || body.quantidade_informada === null) {
          throw new ValidationError({ quantidade_informada: MSG.required });
        }
        told = InventoryService.told(body.quantidade_informada, false);
      }
      const { rows } = await tx.query<{ id: number }>(
        `INSERT INTO suprimentos.inventario_item (id_inventario, patrimonio, quantidade_informada, equipe, sistema, cidade, id_produto, origem)
         VALUES ($1, $2, $3, $4, 0, $5, $6, 'informado') RETURNING id`,
        [inventoryId, patrimonio, told, inventory.id_equipe, inventory.cidade, product.id],
      );
      return rows[0].id;
    });
    return this.line(this.db, rowId);
  }

  /** A row of a count the caller may see, locked with its count; 404 otherwise, 409 when the count is validated. */
  private async openRow(tx: Queryable, actor: Actor, rowId: number) {
    const { rows } = await tx.query(
      `SELECT r.*, p.controle FROM suprimentos.inventario_item r JOIN suprimentos.produto p ON p.id = r.id_produto WHERE r.id = $1`,
      [rowId],
    );
    if (!rows[0]) throw notFound();
    const inventory = await this.inventoryOf(tx, actor, rows[0].id_inventario, true);
    const row = (await tx.query(`SELECT validado FROM suprimentos.inventario_item WHERE id = $1 FOR UPDATE`, [rowId])).rows[0];
    if (inventory.validado || row?.validado) throw readOnly();
    return { row: rows[0], inventory };
  }

  /** DELETE: a declared row of an open count (the system's rows stay: told 0 when missing). */
  async removeDeclared(actor: Actor, rowId: number): Promise<void> {
    await this.service.write(actor, async (tx) => {
      const { row } = await this.openRow(tx, actor, rowId);
      if (row.origem !== 'informado') throw new HttpError(409, INVENTORY_MSG.onlyDeclaredRemoved);
      await tx.query(`DELETE FROM suprimentos.inventario_item WHERE id = $1`, [rowId]);
    });
  }

  /** PUT: a row's told quantity (null clears it) and, on a declared unit, its patrimônio. */
  async editRow(actor: Actor, rowId: number, body: { quantidade_informada?: number | null; patrimonio?: string | null }): Promise<InventoryLine> {
    await this.service.write(actor, async (tx) => {
      const { row, inventory } = await this.openRow(tx, actor, rowId);
      const unit = row.controle === 'patrimonio' && (row.patrimonio !== null || row.origem === 'informado');
      const sets: string[] = [];
      const values: unknown[] = [rowId];
      if (body.patrimonio !== undefined) {
        const same = typeof body.patrimonio === 'string' && (row.patrimonio ?? '').toUpperCase() === body.patrimonio.trim().toUpperCase();
        if (!same) {
          if (row.origem !== 'informado') throw new ValidationError({ patrimonio: INVENTORY_MSG.systemCodeFixed });
          if (!unit) throw new ValidationError({ patrimonio: INVENTORY_MSG.codeNotCounted });
          values.push(await this.unitCode(tx, inventory, row.id_produto, body.patrimonio, rowId));
          sets.push(`patrimonio = $${values.length}`);
        }
      }
      if (body.quantidade_informada !== undefined) {
        values.push(InventoryService.told(body.quantidade_informada, unit));
        sets.push(`quantidade_informada = $${values.length}`);
      }
      if (sets.length) await tx.query(`UPDATE suprimentos.inventario_item SET ${sets.join(', ')} WHERE id = $1`, values);
    });
    return this.line(this.db, rowId);
  }

  /** POST: validates a count (see the top of this file); answers the summary of what it settled. */
  async validate(actor: Actor, inventoryId: number, now: Date): Promise<InventorySummary> {
    return this.service.write(actor, async (tx) => {
      const inventory = await this.inventoryOf(tx, actor, inventoryId, true);
      if (inventory.validado) throw readOnly();
      const { rows } = await tx.query(
        `SELECT r.*, p.nome AS produto, p.controle FROM suprimentos.inventario_item r JOIN suprimentos.produto p ON p.id = r.id_produto
          WHERE r.id_inventario = $1 ORDER BY r.origem DESC, p.nome, r.patrimonio NULLS FIRST, r.id FOR UPDATE OF r`,
        [inventoryId],
      );
      const label = (r: Row) => (r.patrimonio ? `${r.produto} (${r.patrimonio})` : r.produto);
      const untold = rows.filter((r) => r.quantidade_informada === null);
      if (untold.length) {
        const shown = untold.slice(0, 10).map(label);
        if (untold.length > 10) shown.push(`e mais ${untold.length - 10}`);
        throw new ValidationError({ quantidade_informada: MSG.required }, INVENTORY_MSG.missingCounts(shown));
      }
      const squad: { local: 'equipe'; id_equipe: number } = { local: 'equipe', id_equipe: inventory.id_equipe };
      const common = (r: Row): MoveCommon => ({
        id_empresa: inventory.id_empresa,
        id_produto: r.id_produto,
        tipo: 'inventario',
        registro: { tabela: 'suprimentos.inventario', id: inventoryId },
        id_usuario: actor.userId,
        data: now,
      });
      for (const r of rows) {
        try {
          const difference = r.quantidade_informada - r.sistema;
          if (r.controle === 'patrimonio' && r.patrimonio) {
            if (r.origem === 'sistema' && r.quantidade_informada === 0 && r.sistema > 0) {
              await moveItem(tx, { ...common(r), code: r.patrimonio, from: squad, to: { local: 'extraviado' } });
            } else if (r.origem === 'informado' && r.quantidade_informada > 0) {
              const item = await findItem(tx, inventory.id_empresa, r.patrimonio);
              if (!item) throw new ValidationError({ patrimonio: INVENTORY_MSG.unknownCodeOnValidate(r.patrimonio) });
              // Already with the squad (it came after the count opened): nothing to move.
              if (item.local === 'equipe' && item.id_equipe === inventory.id_equipe) continue;
              await moveItem(tx, { ...common(r), code: r.patrimonio, from: { local: item.local, id_equipe: item.id_equipe }, to: squad });
            }
          } else if (difference < 0) {
            await moveQuantity(tx, { ...common(r), quantidade: -difference, from: squad, to: { local: 'extraviado' } });
          } else if (difference > 0) {
            await moveQuantity(tx, { ...common(r), quantidade: difference, from: null, to: squad });
          }
        } catch (e) {
          // The ledger's refusal, said of the row it stopped at.
          if (e instanceof ValidationError) {
            const text = Object.values(e.errors)[0] ?? e.message;
            throw new ValidationError(e.errors, `${label(r)}: ${text}`);
          }
          throw e;
        }
      }
      await tx.query(
        `UPDATE suprimentos.inventario SET validado = true, validado_em = $2, validado_por = $3 WHERE id = $1`,
        [inventoryId, now.toISOString(), actor.userId],
      );
      await tx.query(`UPDATE suprimentos.inventario_item SET validado = true WHERE id_inventario = $1`, [inventoryId]);
      return InventoryService.summary(rows.map((r) => ({ ...r, diferenca: r.quantidade_informada - r.sistema }) as InventoryLine));
    });
  }
}
