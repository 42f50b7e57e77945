import './setup.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDataProvider, ROLE_HEADER } from '../../src/admin/core/dataProvider.js';
import { effectiveRole, getSession, setRefresher, setSession } from '../../src/admin/core/session.js';
import { ApiError, downloadFile, uploadFile, v1Fetch, v1Json } from '../../src/admin/core/api.js';

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

  it('a user holding no role of the area names none: signed in, not a visitor (the guest role is a choice)', async () => {
    const calls = captureFetch();
    setSession({ token: 'tok', roles: [] });
    await createDataProvider('/api', { compliments: 'rh' }).getOne('compliments', { id: 1 }).catch(() => {});
    await v1Json('/v1/faq', { module: 'rh' });
    for (const call of calls) {
      expect(call.headers.get('Authorization')).toBe('Bearer tok');
      expect(call.headers.get(ROLE_HEADER)).toBeNull();
    }
    expect(calls).toHaveLength(2);
  });

  it('picks the effective role by priority', () => {
    expect(effectiveRole(['rh:leitor', 'users:superadmin'], 'rh')).toBe('users:superadmin');
    expect(effectiveRole(['rh:leitor', 'rh:solicitante'], 'rh')).toBe('rh:solicitante');
    expect(effectiveRole(['vendas:gestor', 'user'], 'rh')).toBe('user');
    expect(effectiveRole([], 'rh')).toBe('guest');
  });
});

// The refresh rule every call shares (session.ts withSession): the data provider over /api and the
// v1 calls of the custom pages (v1Fetch, v1Json, uploadFile, downloadFile) alike.
describe('expired and refused tokens', () => {
  afterEach(() => setRefresher(null));

  /** A server that accepts only `valid` tokens (401 otherwise), recording each call. */
  function server(valid: string[]) {
    const calls: { url: string; method: string; token: string | null; role: string | null; body: unknown }[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const headers = new Headers(init?.headers);
      const token = headers.get('Authorization')?.replace(/^Bearer /, '') ?? null;
      calls.push({ url: String(input), method: init?.method ?? 'GET', token, role: headers.get(ROLE_HEADER), body: init?.body });
      if (!token || !valid.includes(token)) return Response.json({ message: 'Sua sessão expirou. Entre novamente.' }, { status: 401 });
      if (String(input).includes('/v1/files/') && init?.method === 'POST') return Response.json({ processedFiles: [{ id: 'f1', name: 'a.txt', type: 'text/plain' }] });
      if (String(input).includes('/v1/files/')) return new Response('conteúdo', { headers: { 'Content-Type': 'text/plain' } });
      return new Response('[]', { status: 200, headers: { 'Content-Type': 'application/json', 'Content-Range': 'x 0-0/0' } });
    });
    return calls;
  }

  /** Each refresh hands out the next token (and rotates the refresh token). */
  function refresher() {
    let n = 0;
    const refreshed: string[] = [];
    setRefresher(async (s) => {
      n += 1;
      refreshed.push(s.refreshToken!);
      return { ...s, token: `novo${n}`, refreshToken: `r${n}`, expiresAt: Date.now() + 900_000 };
    });
    return refreshed;
  }

  const session = (token: string, expiresIn = 900_000) => setSession({ token, refreshToken: 'r0', expiresAt: Date.now() + expiresIn, roles: ['rh:gestor', 'user'] });

  it('v1Fetch refreshes a token about to expire before calling', async () => {
    const calls = server(['novo1']);
    const refreshed = refresher();
    session('velho', 10_000);
    expect(await v1Json('/v1/profile/me')).toEqual([]);
    expect(calls.map((c) => c.token)).toEqual(['novo1']);
    expect(calls[0].role).toBe('rh:gestor');
    expect(refreshed).toEqual(['r0']);
    expect(getSession()?.refreshToken).toBe('r1');
  });

  it('v1Fetch and uploadFile retry once with a refreshed token after a 401', async () => {
    const calls = server(['novo1', 'novo2']);
    refresher();
    session('revogado');
    await v1Fetch('/v1/profile/1', { method: 'PUT', body: JSON.stringify({ nome: 'Ana' }) });
    expect(calls.map((c) => [c.method, c.token])).toEqual([
      ['PUT', 'revogado'],
      ['PUT', 'novo1'],
    ]);
    expect(calls[1].body).toBe('{"nome":"Ana"}');

    calls.length = 0;
    session('revogado2');
    // The first refresh's token is gone with this new session: one more refresh.
    const stored = await uploadFile(new File(['abc'], 'a.txt', { type: 'text/plain' }), 'perfil');
    expect(stored.id).toBe('f1');
    expect(calls.map((c) => c.token)).toEqual(['revogado2', 'novo2']);
    // The same multipart body, sent again.
    expect(calls[1].body).toBeInstanceOf(FormData);
    expect((calls[1].body as FormData).get('bucket-id')).toBe('perfil');
  });

  it('downloadFile retries too, and a second 401 is thrown with its status (no endless loop)', async () => {
    const calls = server(['novo1']);
    refresher();
    session('revogado');
    expect(await (await downloadFile('abc')).text()).toBe('conteúdo');
    expect(calls.map((c) => c.token)).toEqual(['revogado', 'novo1']);

    calls.length = 0;
    const never = server([]);
    session('revogado');
    const error = await v1Json('/v1/profile/me').catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(401);
    expect(error.message).toBe('Sua sessão expirou. Entre novamente.');
    expect(never).toHaveLength(2);
  });

  it('the data provider follows the same rule', async () => {
    const calls = server(['novo1']);
    refresher();
    session('revogado');
    await createDataProvider('/api', { departments: 'rh' }).getList('departments', {
      pagination: { page: 1, perPage: 20 },
      sort: { field: 'nome', order: 'ASC' },
      filter: {},
    });
    expect(calls.map((c) => c.token)).toEqual(['revogado', 'novo1']);
  });

  it('without a refresh token a 401 is thrown at once', async () => {
    const calls = server([]);
    refresher();
    setSession({ token: 'tok', roles: ['user'] });
    const error = await v1Fetch('/v1/profile/me').catch((e) => e);
    expect(error.status).toBe(401);
    expect(calls).toHaveLength(1);
  });
});
