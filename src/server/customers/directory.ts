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
}
