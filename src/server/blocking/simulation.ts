// The blocking simulation: which customers a blocking rule would block today. "Today" is the days
// overdue the ERP keeps now (dias_atraso of the customers, read through the ERP boundary,
// src/server/customers): every customer of the rule's provider at or above the rule's days overdue,
// except the cancelled ones (a cancelled contract is not blocked again) and those one of the rule's
// ACTIVE exception criteria spares (plano, bairro, cidade without case or accents; cliente and
// situacao exactly). An inactive rule can still be simulated: the answer says it is inactive.
import { Readable } from 'node:stream';
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { csvLine } from '../../domain/format.js';
import type { Customer, OverdueCity, OverdueExceptions, OverdueQuery, Situacao } from '../customers/directory.js';
import type { CustomerDirectory } from '../customers/index.js';
import type { Queryable } from '../db/index.js';
import type { Actor, ResourceService } from '../resources/service.js';
import type { CriterionType } from './hooks.js';

export const BUSINESS_TIME_ZONE = 'America/Sao_Paulo';
/** Rows read per query while the CSV streams (keyset pages of the directory). */
export const CSV_BATCH = 5_000;

export interface SimulationRule {
  id: number;
  nome: string;
  provedor: number;
  provedor_nome: string | null;
  dias_atraso: number;
  ativo: boolean;
}

export interface AppliedCriterion {
  id: number;
  tipo: CriterionType;
  valor: string;
  descricao: string | null;
}

/** A customer as the simulation answers it. */
export interface SimulatedCustomer {
  cod_cliente: string;
  nome_razaosocial: string;
  /** As stored (masked or not), as is the CNPJ of a company. */
  cpf: string | null;
  cnpj: string | null;
  cidade: string | null;
  uf: string | null;
  bairro: string | null;
  plano: string | null;
  situacao: Situacao;
  dias_atraso: number;
}

export interface SimulationContext {
  regra: SimulationRule;
  criterios: AppliedCriterion[];
  query: OverdueQuery;
}

/** The rule (within the actor's providers: another provider's rule is 404, as the resource API answers) and its active criteria. */
export async function simulationContext(service: ResourceService, db: Queryable, rawId: unknown, actor: Actor): Promise<SimulationContext> {
  const def = service.get('blocking-rules');
  const rule = (await service.getOne(def, rawId, actor)) as Record<string, any>;
  const { rows: providers } = await db.query<{ nome: string }>('SELECT nome FROM rh.empresa WHERE id = $1', [rule.provedor]);
  const { rows: criterios } = await db.query<AppliedCriterion>(
    `SELECT id, tipo, valor, descricao FROM bloqueio.criterio_excecao WHERE id_regra = $1 AND ativo ORDER BY tipo, valor, id`,
    [rule.id],
  );
  const regra: SimulationRule = {
    id: rule.id,
    nome: rule.nome,
    provedor: rule.provedor,
    provedor_nome: providers[0]?.nome ?? null,
    dias_atraso: rule.dias_atraso,
    ativo: rule.ativo,
  };
  return { regra, criterios, query: { id_empresa: regra.provedor, minDays: regra.dias_atraso, exceptions: exceptionsOf(criterios) } };
}

/** The criteria grouped by tipo, as the directory takes them. */
export function exceptionsOf(criterios: readonly Pick<AppliedCriterion, 'tipo' | 'valor'>[]): OverdueExceptions {
  const out: Required<OverdueExceptions> = { plano: [], bairro: [], cidade: [], cliente: [], situacao: [] };
  for (const { tipo, valor } of criterios) {
    if (tipo === 'situacao') out.situacao.push(valor as Situacao);
    else if (tipo in out) out[tipo].push(valor);
  }
  return out;
}

export const simulatedCustomer = (c: Customer): SimulatedCustomer => ({
  cod_cliente: c.cod_cliente,
  nome_razaosocial: c.nome_razaosocial,
  cpf: c.cpf,
  cnpj: c.cnpj,
  cidade: c.cidade,
  uf: c.uf,
  bairro: c.bairro,
  plano: c.plano,
  situacao: c.situacao,
  dias_atraso: c.dias_atraso,
});

/** The totals (per city, most first) and one page of the customers, most days overdue first, then by name. */
export async function simulate(directory: CustomerDirectory, ctx: SimulationContext, page: { limit: number; offset: number }) {
  const [por_cidade, rows] = await Promise.all([directory.overdueByCity(ctx.query), directory.overdue(ctx.query, page)]);
  const total = por_cidade.reduce((sum: number, c: OverdueCity) => sum + c.total, 0);
  return { total, por_cidade, clientes: rows.map(simulatedCustomer) };
}

/** Every customer of the simulation, read in keyset pages of CSV_BATCH (no cap: the file streams). */
export async function* simulationRows(directory: CustomerDirectory, query: OverdueQuery, batch = CSV_BATCH): AsyncGenerator<Customer[]> {
  let after: Customer | undefined;
  for (;;) {
    const rows = await directory.overdue(query, { limit: batch, ...(after ? { after } : {}) });
    if (rows.length) yield rows;
    if (rows.length < batch) return;
    after = rows[rows.length - 1];
  }
}

export const SITUACAO_LABELS: Record<Situacao, string> = { ativo: 'Ativo', suspenso: 'Suspenso', cancelado: 'Cancelado' };

export const CSV_HEADERS = ['Código do cliente', 'Nome/Razão social', 'CPF/CNPJ', 'Cidade', 'UF', 'Bairro', 'Plano', 'Situação', 'Dias de atraso'];

// The lists' CSV cells (src/domain/format.ts): ';'-separated, quoted where needed, formulas neutralised.
const line = (values: readonly unknown[]) => `${csvLine(values)}\r\n`;

export const customerLine = (c: Customer) =>
  line([c.cod_cliente, c.nome_razaosocial, c.cpf ?? c.cnpj, c.cidade, c.uf, c.bairro, c.plano, SITUACAO_LABELS[c.situacao] ?? c.situacao, c.dias_atraso]);

/**
 * The CSV file: UTF-8 BOM, pt-BR headers, then every row in the simulation's order, streamed. The
 * first batch is read before the answer starts, so that a failing read is still an HTTP error.
 */
export async function simulationCsv(directory: CustomerDirectory, query: OverdueQuery, batch = CSV_BATCH): Promise<Readable> {
  const batches = simulationRows(directory, query, batch);
  const first = await batches.next();
  async function* chunks() {
    yield `\uFEFF${line(CSV_HEADERS)}`;
    if (first.done) return;
    yield first.value.map(customerLine).join('');
    for await (const rows of batches) yield rows.map(customerLine).join('');
  }
  return Readable.from(chunks(), { objectMode: false });
}

/** simulacao-bloqueio-<id>-<YYYY-MM-DD>.csv, the date of today in the business time zone. */
export function csvFileName(id: number, now: Date = new Date()) {
  return `simulacao-bloqueio-${id}-${format(new TZDate(now.getTime(), BUSINESS_TIME_ZONE), 'yyyy-MM-dd')}.csv`;
}
