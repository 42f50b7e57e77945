// The role header and the browser's access rule for resources of several areas (x-intranet.alsoModules).
import { describe, expect, it } from 'vitest';
import { roleForAreas } from '../../src/admin/core/dataProvider.js';
import { canAccessResource } from '../../src/admin/core/authProvider.js';
import { rightsOf } from '../../src/admin/core/access.js';
import { resourceConfigs } from '../../src/admin/generator/registry.js';

describe('roleForAreas', () => {
  it('acts with the best role the user holds in the areas, the first area winning a tie', () => {
    expect(roleForAreas(['rh:gestor', 'user'], ['onboarding', 'rh'])).toBe('rh:gestor');
    // The buttons a mixed user sees (rh:gestor's) are the ones the call may use.
    expect(roleForAreas(['onboarding:leitor', 'rh:gestor'], ['onboarding', 'rh'])).toBe('rh:gestor');
    expect(roleForAreas(['onboarding:gestor', 'rh:gestor'], ['onboarding', 'rh'])).toBe('onboarding:gestor');
    expect(roleForAreas(['users:superadmin'], ['onboarding', 'rh'])).toBe('users:superadmin');
    expect(roleForAreas(['user'], ['onboarding', 'rh'])).toBe('user');
    expect(roleForAreas([], 'rh')).toBe('guest');
  });
});

// react-admin's canAccess and the generated screens' rights are one rule (rightsOf), so menus, cards
// and screens agree, also for the roles of x-intranet.alsoModules (HR managers on onboarding data).
describe('canAccessResource', () => {
  it('honours alsoModules: an rh:gestor on the onboarding registers', () => {
    const hr = ['rh:gestor', 'user'];
    expect(canAccessResource(hr, 'onboardings', 'list')).toBe(true);
    expect(canAccessResource(hr, 'onboardings', 'create')).toBe(true);
    expect(canAccessResource(hr, 'onboardings', 'edit')).toBe(true);
    // Deleting an onboarding is the superadmin's.
    expect(canAccessResource(hr, 'onboardings', 'delete')).toBe(false);
    expect(canAccessResource(hr, 'trails', 'delete')).toBe(true);
    // A role of another area gives nothing here.
    expect(canAccessResource(['vendas:gestor', 'user'], 'onboardings', 'list')).toBe(false);
    expect(canAccessResource(['rh:leitor'], 'trails', 'create')).toBe(false);
    expect(canAccessResource(['users:superadmin'], 'outbox', 'list')).toBe(true);
    expect(canAccessResource(['rh:gestor'], 'outbox', 'list')).toBe(false);
  });

  it('agrees with rightsOf on every resource, operation and a spread of roles', () => {
    const roleSets = [[], ['user'], ['rh:leitor'], ['rh:solicitante'], ['rh:gestor'], ['onboarding:leitor'], ['onboarding:gestor'], ['users:gestor'], ['vendas:gestor'], ['users:superadmin']];
    const actions: Record<string, keyof ReturnType<typeof rightsOf>> = { list: 'list', show: 'get', create: 'create', edit: 'update', delete: 'delete' };
    for (const config of resourceConfigs)
      for (const roles of roleSets)
        for (const [action, op] of Object.entries(actions))
          expect(canAccessResource(roles, config.resource, action), `${config.resource} ${action} ${roles}`).toBe(rightsOf(config, roles)[op]);
  });
});
