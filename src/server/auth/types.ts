// Who is signed in, as every layer sees it: the identity (built-in or Cognito) makes it, the access
// checks, the files and the services read it. A module of types alone, so that none of them needs the
// identity service to name its user.
import type { Stored, Users } from '../../generated/entities.js';

export interface AuthUser {
  id: number;
  userId: string;
  email: string;
  nome: string | null;
  roles: string[];
  providerIds: number[];
  employee: boolean;
  sid: string;
}

/** The fields of a user (auth.usuario) that sign-in and role checks read. */
export type UserRecord = Pick<Stored<Users>, 'id' | 'user_id' | 'email' | 'nome' | 'papeis' | 'id_empresas' | 'funcionario' | 'ativo'>;
