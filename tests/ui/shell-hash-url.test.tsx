// '#/' addresses become paths (foundation spec, section 2: "URLs beginning with '#/' are rewritten to
// normal paths"): the one the app opens with, and one reached while it is open (an old link clicked,
// an address typed), followed by the browser router.
import './setup.js';
import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { BrowserRouter, Link, Route, Routes, useLocation } from 'react-router-dom';
import { watchHashUrls } from '../../src/admin/shell/hashUrl.js';

function Where() {
  const location = useLocation();
  return (
    <>
      <p data-testid="where">{location.pathname + location.hash}</p>
      <Link to="/users/list">Usuários</Link>
      <a href="#/positions/list">Link antigo</a>
      <a href="#secao">Âncora</a>
    </>
  );
}

let stop = () => {};
afterEach(() => {
  stop();
  window.history.replaceState(null, '', '/');
});

describe("'#/' addresses", () => {
  it('are rewritten at start and whenever the address changes to one while the app is open', async () => {
    window.history.replaceState(null, '', '/#/departments/list');
    stop = watchHashUrls(window);
    expect(window.location.pathname).toBe('/departments/list');
    expect(window.location.hash).toBe('');
    render(
      <BrowserRouter>
        <Routes>
          <Route path="*" element={<Where />} />
        </Routes>
      </BrowserRouter>,
    );
    expect(screen.getByTestId('where').textContent).toBe('/departments/list');

    // An old link clicked inside the app.
    await act(async () => {
      screen.getByText('Link antigo').click();
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(await screen.findByText('/positions/list')).toBeTruthy();
    expect(window.location.pathname).toBe('/positions/list');
    expect(window.location.hash).toBe('');

    // A typed address; the router keeps working after it.
    await act(async () => {
      window.location.hash = '#/sectors/list';
    });
    expect(await screen.findByText('/sectors/list')).toBeTruthy();
    expect(window.location.href).toBe(`${window.location.origin}/sectors/list`);
    await act(async () => screen.getByText('Usuários').click());
    expect(await screen.findByText('/users/list')).toBeTruthy();

    // Other fragments are left alone.
    await act(async () => {
      window.location.hash = '#secao';
    });
    expect(window.location.pathname).toBe('/users/list');
    expect(window.location.hash).toBe('#secao');
  });
});
