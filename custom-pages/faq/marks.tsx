// Showing the words of a search: in plain text as React parts (<mark> around each match), and in
// sanitised rich text by wrapping the matches of its text nodes in <mark> elements built with the DOM
// (never by writing HTML), so an answer's markup stays the sanitised one.
import { useLayoutEffect, useRef } from 'react';
import { Box, type SxProps, type Theme } from '@mui/material';
import { sanitizeHtml } from '../../src/admin/pages.js';
import { markWords } from '../../src/domain/faq.js';

export const MARK_SX = { '& mark': { bgcolor: '#ffe082', color: 'inherit', borderRadius: '2px', px: '1px' } } as const;

/** A text with the words marked. */
export function Marked({ text, words }: { text: string; words: readonly string[] }) {
  return (
    <>
      {markWords(text, words).map((part, i) => (part.match ? <mark key={i}>{part.text}</mark> : <span key={i}>{part.text}</span>))}
    </>
  );
}

/** Wraps the words found in the text nodes under `root` in <mark> elements. */
export function markInDom(root: HTMLElement, words: readonly string[]) {
  if (!words.length) return;
  const walker = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const nodes: Text[] = [];
  for (let n = walker.nextNode(); n; n = walker.nextNode()) nodes.push(n as Text);
  for (const node of nodes) {
    const parts = markWords(node.data, words);
    if (parts.length === 1 && !parts[0].match) continue;
    const fragment = root.ownerDocument.createDocumentFragment();
    for (const part of parts) {
      if (!part.match) fragment.appendChild(root.ownerDocument.createTextNode(part.text));
      else {
        const mark = root.ownerDocument.createElement('mark');
        mark.textContent = part.text;
        fragment.appendChild(mark);
      }
    }
    node.replaceWith(fragment);
  }
}

/** Sanitised rich text with the words marked. */
export function RichText({ html, words, sx }: { html: string; words: readonly string[]; sx?: SxProps<Theme> }) {
  const ref = useRef<HTMLDivElement>(null);
  const key = words.join('\u0000');
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.innerHTML = sanitizeHtml(html);
    markInDom(el, words);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [html, key]);
  return <Box ref={ref} sx={[MARK_SX, { '& p': { my: 1 }, '& a': { color: 'primary.main' } }, ...(Array.isArray(sx) ? sx : [sx])]} />;
}
