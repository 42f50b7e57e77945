// MUI's styles in the UI files' page, lean: of each rule emotion inserts, only the declarations that decide what is
// shown and what takes a click (`display`, `visibility`, `pointer-events`: what testing-library's accessibility tree,
// an accessible name's spaces between blocks, and user-event's click check read). jsdom lays nothing out, so colours,
// sizes and spacing change nothing a test can see, but jsdom parses every inserted rule and matches every rule against
// an element on each getComputedStyle (under every query by role): with the styles whole the UI files took about 40%
// more processor time. A file that checks a computed colour or image calls keepMuiStyles() first.
// A setup file of both UI projects: `ui` calls leanStyles() from fresh-file.ts, `ui-isolated` (a worker per file) on import.
import { CacheProvider } from '@emotion/react';
import type { EmotionCache } from '@emotion/cache';

const LEAN = Symbol.for('intranet.tests.leanStyles');
const WHOLE = Symbol.for('intranet.tests.wholeStyles');
const flags = globalThis as typeof globalThis & { [WHOLE]?: boolean };

/** Emotion's page-wide cache (the one MUI inserts its styles through), once @emotion/react is loaded. */
export function emotionCache(): EmotionCache | undefined {
  const emotion = CacheProvider as unknown as { _currentValue?: EmotionCache; _context?: { _currentValue?: EmotionCache } };
  return emotion._context?._currentValue ?? emotion._currentValue;
}

/** Installs the lean insertion on emotion's page-wide sheet (once: the sheet outlives the files of a worker) and puts
 * the lean styles back for the file about to run. */
export function leanStyles() {
  flags[WHOLE] = false;
  const sheet = emotionCache()?.sheet;
  if (!sheet) return;
  const target = sheet as EmotionCache['sheet'] & { [LEAN]?: true };
  if (target[LEAN]) return;
  target[LEAN] = true;
  const insert = sheet.insert.bind(sheet);
  sheet.insert = (rule: string) => {
    const kept = flags[WHOLE] ? rule : leanRule(rule);
    if (kept) insert(kept);
  };
}

/** This file's page gets MUI's styles whole (call it at the top of a file that reads a computed colour or image). */
export function keepMuiStyles() {
  flags[WHOLE] = true;
}

const SHOWN = /^\s*(display|visibility|pointer-events)\s*:/i;

/** The rule with only the declarations SHOWN names, or null when none is left (animations and fonts: none). */
export function leanRule(rule: string): string | null {
  if (/^@(-webkit-)?(keyframes|font-face|import)/i.test(rule)) return null;
  let kept = false;
  const lean = rule.replace(/\{([^{}]*)\}/g, (_block, body: string) => {
    const declarations = body.split(';').filter((declaration) => SHOWN.test(declaration));
    if (declarations.length) kept = true;
    return `{${declarations.join(';')}}`;
  });
  return kept ? lean : null;
}

leanStyles();
