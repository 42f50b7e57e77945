// The contacts' data (GET v1/company/users, GET v1/company/users/{id}).
import type { ProfileImage } from '../../src/admin/pages.js';

export interface Contact {
  id: number;
  nome: string | null;
  email: string;
  email_corp: string | null;
  linkedin: string | null;
  cargo: string | null;
  setor: string | null;
  departamento: string | null;
  empresas: string[];
  id_empresas: number[];
  genero: string | null;
  /** Birthday as MM-DD. */
  aniversario: string | null;
  tem_foto: boolean;
}

export interface ContactList {
  total: number;
  usuarios: Contact[];
  empresas: { id: number; nome: string }[];
}

export type ContactDetail = Contact & ProfileImage;

export const CONTACTS_PAGE_SIZE = 60;

/** The list path of a search: /contacts/list/{nome?}/{empresa?} ('-' holds an empty name before a provider). */
export function contactsPath(nome: string, empresa: string): string {
  const n = nome.trim();
  if (!n && !empresa) return '/contacts/list';
  return `/contacts/list/${encodeURIComponent(n || '-')}${empresa ? `/${encodeURIComponent(empresa)}` : ''}`;
}
