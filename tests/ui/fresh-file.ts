// Setup file of the UI project, run before each test file. The files of a worker share one process, one
// jsdom and the packages it loaded (react, MUI, react-admin: isolate: false in vitest.config.ts), which
// spares each file the import of the packages and the set-up of its page; what a file may have changed is
// put back here, so each file still starts as in a fresh page:
// - the product's and the tests' own modules are evaluated again (their state: the session, the identity
//   clients, the screens' caches), the packages are not;
// - the page is empty, its storage too, and its address is the start page.
import { vi } from 'vitest';
import { emotionCache, leanStyles } from './lean-styles.js';

vi.resetModules();
// The listeners the last file's screens left on the page (the modules they point to are gone).
for (const target of [window, document]) {
  const impl = Object.getOwnPropertySymbols(target).find((symbol) => symbol.description === 'impl');
  const internals = (impl ? (target as unknown as Record<symbol, { _eventListeners?: object }>)[impl] : undefined);
  if (internals?._eventListeners) internals._eventListeners = Object.create(null);
}
localStorage.clear();
sessionStorage.clear();
// MUI's styles: emotion's page-wide cache forgets what it inserted and takes its <style> tags out of the head.
// Left there, every file's styles would pile up (about 1,500 tags a file) and make each of jsdom's style
// lookups (getComputedStyle, under every query by role) slower than the last: the files late in a worker
// took two to five times as long. And the file's styles are lean (tests/ui/lean-styles.ts).
const styles = emotionCache();
if (styles) {
  styles.sheet.flush();
  for (const key of Object.keys(styles.inserted)) delete styles.inserted[key];
}
leanStyles();
document.head.querySelectorAll('title').forEach((node) => node.remove());
document.body.replaceChildren();
window.history.replaceState(null, '', '/');

