/** Old links of the form /#/departments/list become /departments/list (foundation spec, section 2). */
export function hashUrlTarget(hash: string): string | null {
  return hash.startsWith('#/') ? hash.slice(1) : null;
}

/**
 * Rewrites a '#/' address to its path when the app starts and whenever the address changes to one
 * while it is open (a clicked old link, a typed address). Answers the function that stops watching.
 */
export function watchHashUrls(win: Pick<Window, 'location' | 'history' | 'addEventListener' | 'removeEventListener' | 'dispatchEvent'>) {
  const rewrite = () => {
    const target = hashUrlTarget(win.location.hash);
    if (target) win.history.replaceState(win.history.state, '', target);
    return Boolean(target);
  };
  rewrite();
  const onHashChange = () => {
    // The router follows popstate only, and replaceState fires none: tell it the address changed.
    if (rewrite()) win.dispatchEvent(new PopStateEvent('popstate', { state: win.history.state }));
  };
  win.addEventListener('hashchange', onHashChange);
  return () => win.removeEventListener('hashchange', onHashChange);
}
