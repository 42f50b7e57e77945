/** The permission editor of a user: employees at /settings/permission/edit/{id}, partners (non-employees) at /settings/permission/partner/profile/{id}. */
export const permissionPath = (user: { id?: unknown; funcionario?: unknown }) =>
  user.funcionario ? `/settings/permission/edit/${user.id}` : `/settings/permission/partner/profile/${user.id}`;

export const SETTINGS_HOME = '/settings/home';
