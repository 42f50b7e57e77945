// The supplies' rules that no schema can say (issue 34): the hooks of the movement registers, each of
// which moves equipment through the ledger (ledger.ts) in the transaction of its write, and of the
// catalogue. schemas/suprimentos/*.json are the registers; this is what happens when a row is written.
// - A new row takes its product's control (`modo`) and its author (`id_usuario`); a tracked product
//   needs the unit (patrimônio or serial), one at a time; a counted one a quantity and no unit. A
//   customer is one of the provider's (its code looked up in the customer directory, which gives its
//   system and name). The squad and the product are the row's provider's (or the product the group's):
//   the schemas' sameProvider.
// - What each register moves: receipts (new unit, or quantity into the warehouse), dispatches
//   (warehouse -> squad), installations (squad -> customer), devolutions (customer -> warehouse),
//   returns (squad -> warehouse), removals (customer -> squad, when the status becomes retirado),
//   maintenance (warehouse -> repairer; reparado back, sem_conserto written off), recycling
//   (warehouse or squad -> written off).
// - A row is the record of something that happened: an update changes only notes and status (the
//   status moves what it says); a return's unit is corrected by correctReturn (the v1 call and the
//   edit form alike). A delete undoes the row's moves while they are still their units' latest.
import { businessDate } from '../../domain/communicationDates.js';
import { MOVEMENT_REGISTERS, type MovementRegister, SUPPLY_RULES_MSG } from '../../domain/supplyMovements.js';
import { customerDirectoryFor } from '../customers/index.js';
import type { Database, Queryable } from '../db/index.js';
import { composeHooks, type Actor, type ResourceHooks, type ResourceService } from '../resources/service.js';
import { linesOf, moveItem, moveQuantity, receiveItem, refuse, undoRegister, type MovementKind, type Place } from './ledger.js';

type Row = Record<string, any>;

/** The fields that say what moved, where from and where to: never changed by an update. */
const MOVED_FIELDS = ['id_empresa', 'id_produto', 'patrimonio', 'serial', 'quantidade', 'id_equipe', 'cliente_codigo', 'origem'];

const text = (v: unknown) => (v === null || v === undefined || String(v).trim() === '' ? null : String(v).trim());
const same = (a: unknown, b: unknown) => text(a) === text(b);

interface Product {
  id: number;
  id_empresa: number | null;
  controle: 'patrimonio' | 'quantidade';
}

export class SuppliesService {
  private directory;
  /** The clock (the app's: tests fix it); the business day is São Paulo's. */
  private now: () => Date = () => new Date();

  constructor(
    private db: Database,
    private service: ResourceService,
  ) {
    this.directory = customerDirectoryFor(db);
  }

  registerHooks(now?: () => Date) {
    if (now) this.now = now;
    this.service.hooks.set('supply-products', composeHooks(this.service.hooks.get('supply-products'), this.productHooks()));
    this.service.hooks.set('squads', composeHooks(this.service.hooks.get('squads'), this.squadHooks()));
    for (const name of Object.keys(MOVEMENT_REGISTERS) as MovementRegister[]) {
      this.service.hooks.set(name, composeHooks(this.service.hooks.get(name), this.registerHooksOf(name)));
    }
  }

  /** A product with movements keeps its control and its provider (its units and balances are of it). */
  private productHooks(): ResourceHooks {
    return {
      beforeWrite: async ({ tx, values, existing, operation }) => {
        if (operation !== 'update' || !values) return;
        const control = 'controle' in values && values.controle !== existing!.controle;
        const provider = 'id_empresa' in values && (values.id_empresa ?? null) !== (existing!.id_empresa ?? null);
        if (!control && !provider) return;
        const { rows } = await tx.query(
          `SELECT 1 FROM suprimentos.movimento WHERE id_produto = $1 UNION ALL SELECT 1 FROM suprimentos.item WHERE id_produto = $1
           UNION ALL SELECT 1 FROM suprimentos.saldo WHERE id_produto = $1 LIMIT 1`,
          [existing!.id],
        );
        if (!rows.length) return;
        if (control) throw refuse('controle', SUPPLY_RULES_MSG.controlLocked);
        throw refuse('id_empresa', SUPPLY_RULES_MSG.productProviderLocked);
      },
    };
  }

  /** A squad that moved equipment keeps its provider. */
  private squadHooks(): ResourceHooks {
    return {
      beforeWrite: async ({ tx, values, existing, operation }) => {
        if (operation !== 'update' || !values || !('id_empresa' in values) || values.id_empresa === existing!.id_empresa) return;
        const { rows } = await tx.query(
          `SELECT 1 FROM suprimentos.movimento WHERE origem_equipe = $1 OR destino_equipe = $1 UNION ALL SELECT 1 FROM suprimentos.saldo WHERE id_equipe = $1 LIMIT 1`,
          [existing!.id],
        );
        if (rows.length) throw refuse('id_empresa', SUPPLY_RULES_MSG.squadProviderLocked);
      },
    };
  }

  private registerHooksOf(name: MovementRegister): ResourceHooks {
    const tabela = MOVEMENT_REGISTERS[name];
    return {
      beforeWrite: async ({ tx, values, existing, operation, actor }) => {
        if (operation === 'delete') {
          await undoRegister(tx, { tabela, id: existing!.id }, { clienteNome: existing!.cliente_nome, conflict: SUPPLY_RULES_MSG.notLatest });
          return;
        }
        if (!values) return;
        if (operation === 'create') await this.prepareCreate(tx, name, values, actor);
        else await this.prepareUpdate(tx, name, values, existing!, actor);
      },
      afterWrite: async ({ tx, row, existing, operation, actor }) => {
        if (operation === 'create') await this.applyCreate(tx, name, row, actor);
        else if (operation === 'update') await this.applyUpdate(tx, name, row, existing!, actor);
      },
    };
  }

  private async product(tx: Queryable, id: unknown): Promise<Product | null> {
    if (!Number.isInteger(id)) return null;
    const { rows } = await tx.query<Product>(`SELECT id, id_empresa, controle FROM suprimentos.produto WHERE id = $1`, [id]);
    return rows[0] ?? null;
  }

  /** A new row: its control and author, the unit or the quantity its product's control asks, the customer found. */
  private async prepareCreate(tx: Queryable, name: MovementRegister, values: Row, actor: Actor) {
    values.id_usuario = actor.userId;
    const product = await this.product(tx, values.id_produto);
    // An unknown product is the reference check's to tell.
    if (!product) return;
    values.modo = product.controle;
    if (product.controle === 'patrimonio') {
      values.patrimonio = text(values.patrimonio);
      if (name === 'supply-receipts') values.serial = text(values.serial);
      if (!values.patrimonio && !(name === 'supply-receipts' && values.serial)) throw refuse('patrimonio', SUPPLY_RULES_MSG.unitRequired);
      if (values.quantidade !== undefined && values.quantidade !== 1) throw refuse('quantidade', SUPPLY_RULES_MSG.oneUnit);
      values.quantidade = 1;
    } else {
      if (text(values.patrimonio) || (name === 'supply-receipts' && text(values.serial))) throw refuse('patrimonio', SUPPLY_RULES_MSG.noUnitForCounted);
      values.patrimonio = null;
      if (name === 'supply-receipts') values.serial = null;
    }
    if ('cliente_codigo' in values || ['supply-installations', 'supply-devolutions', 'supply-removals'].includes(name)) await this.fillCustomer(tx, values);
    if (name === 'supply-removals') {
      if (values.status === 'retirado') {
        if (values.id_equipe == null) throw refuse('id_equipe', SUPPLY_RULES_MSG.removalSquadRequired);
        values.data_retirada = this.now().toISOString();
      } else values.data_retirada = null;
    }
    if (name === 'supply-maintenance' && (values.status ?? 'em_reparo') !== 'em_reparo' && !values.data_retorno) values.data_retorno = this.returnDay(values.data_envio);
    if (name === 'supply-recycling') {
      if (values.origem === 'equipe') {
        if (values.id_equipe == null) throw refuse('id_equipe', SUPPLY_RULES_MSG.recyclingSquadRequired);
      } else values.id_equipe = null;
    }
  }

  /** The customer of the row's provider with this code: its system and name come from the customer directory. */
  private async fillCustomer(tx: Queryable, values: Row) {
    const code = text(values.cliente_codigo);
    const found = code && Number.isInteger(values.id_empresa)
      ? await this.directory.find({ id_empresa: values.id_empresa, cod_cliente: code, limit: 1 }, { providerIds: null }, tx)
      : [];
    if (!found.length) throw refuse('cliente_codigo', SUPPLY_RULES_MSG.customerNotFound);
    values.cliente_codigo = found[0].cod_cliente;
    values.cliente_sistema = found[0].sistema;
    values.cliente_nome = found[0].nome_razaosocial;
  }

  /** An update: the moved fields stay (but a return's unit, corrected, and a pending removal's squad); the status only goes forward. */
  private async prepareUpdate(tx: Queryable, name: MovementRegister, values: Row, existing: Row, actor: Actor) {
    for (const field of MOVED_FIELDS) {
      if (!(field in values) || same(values[field], existing[field])) {
        // The stored value stays as it is (a text sent back with other spaces or case).
        if (field in values && field !== 'id_empresa' && field !== 'quantidade') values[field] = existing[field];
        continue;
      }
      if (name === 'supply-returns' && field === 'patrimonio') continue;
      if (name === 'supply-removals' && field === 'id_equipe' && existing.status !== 'retirado') continue;
      throw refuse(field, SUPPLY_RULES_MSG.movedFields);
    }
    if (name === 'supply-returns' && 'patrimonio' in values && !same(values.patrimonio, existing.patrimonio)) {
      await this.correctReturnUnit(tx, existing, values.patrimonio, 'os' in values ? text(values.os) : existing.os, actor);
      values.patrimonio = text(values.patrimonio);
    }
    if (name === 'supply-removals' && 'status' in values && values.status !== existing.status) {
      if (existing.status === 'retirado') throw refuse('status', SUPPLY_RULES_MSG.removalDone);
      if (values.status === 'retirado') {
        const squad = 'id_equipe' in values ? values.id_equipe : existing.id_equipe;
        if (squad == null) throw refuse('id_equipe', SUPPLY_RULES_MSG.removalSquadRequired);
        values.data_retirada = this.now().toISOString();
      }
    }
    if (name === 'supply-maintenance' && 'status' in values && values.status !== existing.status) {
      if (existing.status !== 'em_reparo') throw refuse('status', SUPPLY_RULES_MSG.maintenanceClosed);
      if (!('data_retorno' in values ? values.data_retorno : existing.data_retorno)) values.data_retorno = this.returnDay('data_envio' in values ? values.data_envio : existing.data_envio);
    }
    // The OS of the moves follows the row's.
    if ('os' in values && !same(values.os, existing.os)) {
      await tx.query(`UPDATE suprimentos.movimento SET os = $3 WHERE registro_tabela = $1 AND registro_id = $2`, [MOVEMENT_REGISTERS[name], existing.id, text(values.os)]);
    }
  }

  private async applyCreate(tx: Queryable, name: MovementRegister, row: Row, actor: Actor) {
    const tabela = MOVEMENT_REGISTERS[name];
    const warehouse: Place = { local: 'almoxarifado' };
    const squad: Place = { local: 'equipe', id_equipe: row.id_equipe };
    const customer: Place = { local: 'cliente', cliente: { sistema: row.cliente_sistema, codigo: row.cliente_codigo, nome: row.cliente_nome } };
    const move = (tipo: MovementKind, from: Place | null, to: Place) => this.move(tx, tabela, row, actor, tipo, from, to);
    switch (name) {
      case 'supply-receipts':
        if (row.modo === 'patrimonio') {
          await receiveItem(tx, { ...this.common(tabela, row, actor, 'entrada'), patrimonio: row.patrimonio, serial: row.serial });
        } else await move('entrada', null, warehouse);
        return;
      case 'supply-dispatches':
        return move('envio', warehouse, squad);
      case 'supply-installations':
        return move('instalacao', squad, customer);
      case 'supply-devolutions':
        return move('devolucao', customer, warehouse);
      case 'supply-returns':
        return move('retorno', squad, warehouse);
      case 'supply-removals':
        if (row.status === 'retirado') await move('retirada', customer, squad);
        return;
      case 'supply-maintenance':
        await move('manutencao', warehouse, { local: 'manutencao' });
        return this.closeMaintenance(tx, row, actor);
      case 'supply-recycling':
        return move('reciclagem', row.origem === 'equipe' ? squad : warehouse, { local: 'baixado' });
    }
  }

  private async applyUpdate(tx: Queryable, name: MovementRegister, row: Row, existing: Row, actor: Actor) {
    if (row.status === existing.status) return;
    const tabela = MOVEMENT_REGISTERS[name];
    if (name === 'supply-removals' && row.status === 'retirado') {
      await this.move(tx, tabela, row, actor, 'retirada', { local: 'cliente', cliente: { sistema: row.cliente_sistema, codigo: row.cliente_codigo } }, { local: 'equipe', id_equipe: row.id_equipe });
    }
    if (name === 'supply-maintenance') await this.closeMaintenance(tx, row, actor);
  }

  /** The day a repair came back when not told: today, never before it was sent. */
  private returnDay(sent: unknown): string {
    const today = businessDate(this.now());
    return typeof sent === 'string' && sent > today ? sent : today;
  }

  /** A repair that ended: repaired, back to the warehouse; beyond repair, written off. */
  private async closeMaintenance(tx: Queryable, row: Row, actor: Actor) {
    if (row.status === 'em_reparo') return;
    await this.move(tx, MOVEMENT_REGISTERS['supply-maintenance'], row, actor, 'manutencao_retorno', { local: 'manutencao' }, { local: row.status === 'reparado' ? 'almoxarifado' : 'baixado' });
  }

  private common(tabela: string, row: Row, actor: Actor, tipo: MovementKind) {
    return { id_empresa: row.id_empresa, id_produto: row.id_produto, tipo, registro: { tabela, id: row.id }, id_usuario: actor.userId, os: row.os ?? null };
  }

  /** One move of the row: its unit or its quantity, as its control says. */
  private async move(tx: Queryable, tabela: string, row: Row, actor: Actor, tipo: MovementKind, from: Place | null, to: Place) {
    const common = this.common(tabela, row, actor, tipo);
    if (row.modo === 'patrimonio') await moveItem(tx, { ...common, code: row.patrimonio, from: from!, to });
    else await moveQuantity(tx, { ...common, quantidade: row.quantidade, from, to });
  }

  /**
   * A return's unit corrected (POST v1/suprimentos/retorno/atualizar/os/patrimonio, or its edit form):
   * the old unit's return is undone (it goes back to the squad, only while that return is its latest
   * move) and the new unit, which must be with that squad, returns to the warehouse, in the caller's
   * transaction.
   */
  private async correctReturnUnit(tx: Queryable, existing: Row, patrimonio: unknown, os: string | null, actor: Actor) {
    if (existing.modo !== 'patrimonio') throw refuse('patrimonio', SUPPLY_RULES_MSG.returnCounted);
    const code = text(patrimonio);
    if (!code) throw refuse('patrimonio', SUPPLY_RULES_MSG.unitRequired);
    const tabela = MOVEMENT_REGISTERS['supply-returns'];
    await undoRegister(tx, { tabela, id: existing.id }, { conflict: SUPPLY_RULES_MSG.notLatest });
    await moveItem(tx, { ...this.common(tabela, { ...existing, os }, actor, 'retorno'), code, from: { local: 'equipe', id_equipe: existing.id_equipe }, to: { local: 'almoxarifado' } });
  }

  /**
   * POST v1/suprimentos/retorno/atualizar/os/patrimonio: the return `id` of the caller's providers gets
   * this OS and/or patrimônio, through the register's update (its rules, audit and transaction). Answers
   * the row, or null when no row is affected (unknown, another provider's, nothing to change).
   */
  async editReturn(actor: Actor, id: number, changes: { os?: string | null; patrimonio?: string | null }): Promise<Row | null> {
    const def = this.service.get('supply-returns');
    const current = (await this.service.list(def, { filter: { id }, range: [0, 0] }, actor)).rows[0] as Row | undefined;
    if (!current) return null;
    const body: Row = {};
    if (changes.os !== undefined && !same(changes.os, current.os)) body.os = text(changes.os);
    if (changes.patrimonio !== undefined && !same(changes.patrimonio, current.patrimonio)) body.patrimonio = text(changes.patrimonio);
    if (!Object.keys(body).length) return null;
    return this.service.update(def, id, body, actor);
  }

  /** The ledger lines of a register row (tests and screens). */
  lines(tabela: string, id: number) {
    return linesOf(this.db, { tabela, id });
  }
}
