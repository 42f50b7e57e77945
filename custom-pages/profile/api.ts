// The profile screen's calls (src/server/v1/profile.ts): GET and PUT /v1/profile/{id}. The role
// header is the one the data provider uses for the employee-profiles resource: the user's role of
// the rh area, else of the users area (a manager of either may see others' profiles).
import { apiUrl, ApiError } from '../../src/admin/generator/api.js';
import { roleForAreas, ROLE_HEADER } from '../../src/admin/dataProvider.js';
import { freshSession } from '../../src/admin/session.js';
import { MSG } from '../../src/domain/messages.js';
import type { EmployeeProfile } from '../../src/domain/profile.js';

export const PROFILE_AREAS = ['rh', 'users'] as const;
export { PROFILE_CHANGED_EVENT } from '../../src/admin/shell/ProfileMenu.js';

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

async function call<T>(path: string, init: RequestInit = {}): Promise<T> {
  const session = await freshSession();
  const headers = new Headers(init.headers);
  if (session) {
    headers.set('Authorization', `Bearer ${session.token}`);
    headers.set(ROLE_HEADER, roleForAreas(session.roles, PROFILE_AREAS));
  }
  if (init.body) headers.set('Content-Type', 'application/json');
  const response = await fetch(apiUrl(path), { ...init, headers });
  let body: any = null;
  try {
    body = await response.json();
  } catch {
    // not JSON
  }
  if (!response.ok) throw new ApiError(body?.message || MSG.failure, response.status, body);
  return body as T;
}

export const fetchProfile = (usuarioId: number | string) => call<ProfileAnswer>(`/v1/profile/${encodeURIComponent(String(usuarioId))}`);

export const saveProfile = (usuarioId: number | string, body: { nome?: string; perfil?: Partial<EmployeeProfile> }) =>
  call<ProfileAnswer>(`/v1/profile/${encodeURIComponent(String(usuarioId))}`, { method: 'PUT', body: JSON.stringify(body) });
