// The role header for resources of several areas (x-intranet.alsoModules).
import { describe, expect, it } from 'vitest';
import { roleForAreas } from '../../src/admin/dataProvider.js';

describe('roleForAreas', () => {
  it('acts with the role of the first area where the user has one', () => {
    expect(roleForAreas(['rh:gestor', 'user'], ['onboarding', 'rh'])).toBe('rh:gestor');
    expect(roleForAreas(['onboarding:leitor', 'rh:gestor'], ['onboarding', 'rh'])).toBe('onboarding:leitor');
    expect(roleForAreas(['users:superadmin'], ['onboarding', 'rh'])).toBe('users:superadmin');
    expect(roleForAreas(['user'], ['onboarding', 'rh'])).toBe('user');
    expect(roleForAreas([], 'rh')).toBe('guest');
  });
});
