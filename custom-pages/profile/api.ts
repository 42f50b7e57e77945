// The profile screen's calls (src/server/v1/profile.ts): GET and PUT /v1/profile/{id}. The role
// header is the one the data provider uses for the employee-profiles resource: the user's role of
// the rh area, else of the users area (a manager of either may see others' profiles). Through
// v1Json: the same token refresh and retry after a 401 as every call.
import { v1Json } from '../../src/admin/pages.js';
import type { EmployeeProfile, EmployeeProfileBody } from '../../src/domain/profile.js';

export const PROFILE_AREAS = ['rh', 'users'] as const;
export { PROFILE_CHANGED_EVENT } from '../../src/admin/pages.js';

export interface Named {
  id: number;
  nome: string;
}

export interface UserProfile {
  usuarioId: number;
  userId: string;
  nome: string | null;
  email: string;
  roles: string[];
  employee: 'true' | 'false';
  ativo: boolean;
  provider: Named[];
  cargo: Named | null;
  setor: Named | null;
  departamento: Named | null;
}

export interface ProfileAnswer {
  usuario: UserProfile;
  perfil: (EmployeeProfile & { id: number; id_usuario: number }) | null;
  permissions: { edit: boolean; self: boolean };
}

const call = <T,>(path: string, init: RequestInit = {}) => v1Json<T>(path, { ...init, module: PROFILE_AREAS });

export const fetchProfile = (usuarioId: number | string) => call<ProfileAnswer>(`/v1/profile/${encodeURIComponent(String(usuarioId))}`);

export const saveProfile = (usuarioId: number | string, body: { nome?: string; perfil?: EmployeeProfileBody }) =>
  call<ProfileAnswer>(`/v1/profile/${encodeURIComponent(String(usuarioId))}`, { method: 'PUT', body: JSON.stringify(body) });
