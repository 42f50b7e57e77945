import './setup.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDataProvider, ROLE_HEADER } from '../../src/admin/dataProvider.js';
import { effectiveRole, setSession } from '../../src/admin/session.js';

afterEach(() => {
  setSession(null);
  vi.restoreAllMocks();
});

function captureFetch() {
  const calls: { url: string; headers: Headers }[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    calls.push({ url: String(input), headers: new Headers(init?.headers) });
    return new Response('[]', { status: 200, headers: { 'Content-Type': 'application/json', 'Content-Range': 'x 0-0/0' } });
  });
  return calls;
}

describe('data provider', () => {
  it('sends no credentials without a session', async () => {
    const calls = captureFetch();
    await createDataProvider('/api', { departments: 'rh' }).getList('departments', {
      pagination: { page: 1, perPage: 0 },
      sort: { field: 'nome', order: 'ASC' },
      filter: {},
    });
    expect(calls[0].headers.get('Authorization')).toBeNull();
    expect(calls[0].headers.get(ROLE_HEADER)).toBeNull();
    // Page size 0 ('Todos') asks for a range ending before it starts: every row.
    expect(decodeURIComponent(calls[0].url)).toContain('range=[0,-1]');
  });

  it("adds the bearer token and the effective role of the resource's module", async () => {
    const calls = captureFetch();
    setSession({ token: 'tok', roles: ['user', 'rh:leitor', 'vendas:gestor'] });
    const dp = createDataProvider('/api', { departments: 'rh', leads: 'vendas' });
    await dp.getOne('departments', { id: 1 }).catch(() => {});
    await dp.getHistory('leads', 3);
    expect(calls[0].headers.get('Authorization')).toBe('Bearer tok');
    expect(calls[0].headers.get(ROLE_HEADER)).toBe('rh:leitor');
    expect(calls[1].url).toBe('/api/leads/3/history?limit=100');
    expect(calls[1].headers.get(ROLE_HEADER)).toBe('vendas:gestor');
  });

  it('picks the effective role by priority', () => {
    expect(effectiveRole(['rh:leitor', 'users:superadmin'], 'rh')).toBe('users:superadmin');
    expect(effectiveRole(['rh:leitor', 'rh:solicitante'], 'rh')).toBe('rh:solicitante');
    expect(effectiveRole(['vendas:gestor', 'user'], 'rh')).toBe('user');
    expect(effectiveRole([], 'rh')).toBe('guest');
  });
});
