// The ERP boundary: every module that reads the providers' customers (communication rules, blocking
// rules, restrictions, lead imports, leads, roulettes) goes through a CustomerDirectory. The built-in
// implementation (builtin.ts) reads our own tables (relacionamento.dados_pessoas), filled by the
// import script and the demo seed; a real ERP connector implements the same interface later.
import type { Queryable } from '../db/index.js';

export type Situacao = 'ativo' | 'suspenso' | 'cancelado';

/** A customer as the spec's calls answer it (relacionamento_dados_pessoas). */
export interface Customer {
  id: number;
  /** The provider's system (ERP) the customer lives in: relacionamento.sistema.nome ('BITCOM', ...). */
  sistema: string;
  id_empresa: number;
  cod_cliente: string;
  codpessoa: string;
  nome_razaosocial: string;
  cpf: string | null;
  cnpj: string | null;
  data_nascimento: string | null;
  data_ativacao: string | null;
  data_contratacao: string | null;
  telefone: string | null;
  celular: string | null;
  email: string | null;
  cep: string | null;
  rua: string | null;
  numero: string | null;
  bairro: string | null;
  cidade: string | null;
  uf: string | null;
  plano: string | null;
  situacao: Situacao;
  dias_atraso: number;
}

/** Who asks: null providerIds is the superadmin (every provider); otherwise only those providers' customers. */
export interface DirectoryScope {
  providerIds: number[] | null;
}

export interface CustomerQuery {
  /** System name (case-insensitive) or provider id. */
  sistema?: string;
  id_empresa?: number;
  codpessoa?: string;
  cod_cliente?: string;
  /** Digits or masked; compared by digits. */
  cpf?: string;
  cnpj?: string;
  /** Digits or masked; matches telefone or celular by digits. */
  telefone?: string;
  /** Case- and accent-insensitive substring of nome_razaosocial. */
  nome?: string;
  limit?: number;
  offset?: number;
}

export type DateField = 'data_nascimento' | 'data_ativacao' | 'data_contratacao';

export interface CustomerDirectory {
  /** Customers matching every given filter, within the scope, ordered by name. */
  find(query: CustomerQuery, scope: DirectoryScope, db?: Queryable): Promise<Customer[]>;
  /** Whether a person (by CPF/CNPJ digits, or by phone digits) is a customer of a provider (any provider when id_empresa is absent). */
  isCustomer(by: { cpf?: string; telefone?: string; id_empresa?: number }, db?: Queryable): Promise<Customer | null>;
  /** Customers whose date field falls on a month-day ('MM-DD'), for the communication rules. */
  byMonthDay(field: DateField, monthDay: string, query: Pick<CustomerQuery, 'sistema' | 'id_empresa' | 'limit' | 'offset'>, db?: Queryable): Promise<Customer[]>;
  /**
   * A provider's customers at or above minDays days overdue (dias_atraso as the ERP keeps it) that no
   * exception spares, cancelled customers never among them (the blocking simulation): ordered by
   * dias_atraso descending, then name and id; `after` (the last row of a page) continues from there.
   */
  overdue(query: OverdueQuery, page?: OverduePage, db?: Queryable): Promise<Customer[]>;
  /** How many customers overdue() finds, per city and state (most first; a customer without a city counts under null). */
  overdueByCity(query: OverdueQuery, db?: Queryable): Promise<OverdueCity[]>;
}

/**
 * What spares a customer from an automatic block: plan, neighbourhood and city compared without
 * case or accents (and surrounding spaces), customer code and situation exactly. An empty or absent
 * list spares nobody.
 */
export interface OverdueExceptions {
  plano?: string[];
  bairro?: string[];
  cidade?: string[];
  cliente?: string[];
  situacao?: Situacao[];
}

export interface OverdueQuery {
  id_empresa: number;
  /** Days overdue at or above which a customer is found (at least 0). */
  minDays: number;
  exceptions?: OverdueExceptions;
}

export interface OverduePage {
  limit?: number;
  offset?: number;
  /** Keyset continuation: the rows after this one in overdue()'s order (offset is then ignored). */
  after?: Pick<Customer, 'dias_atraso' | 'nome_razaosocial' | 'id'>;
}

export interface OverdueCity {
  cidade: string | null;
  uf: string | null;
  total: number;
}
