// Rich text shown or typed in the admin is sanitised in the browser too (the server sanitises every
// 'html' field on write), with the same allow-list (src/domain/richText.ts): formatting tags, links
// limited to http(s) and mailto.
import DOMPurify from 'dompurify';
import { RICH_TEXT_HREF, RICH_TEXT_LINK_ATTRIBUTES, RICH_TEXT_LINK_TARGET, RICH_TEXT_TAGS } from '../../domain/richText.js';

let hooked = false;

/** The HTML with everything but simple formatting and safe links removed. */
export function sanitizeHtml(html: string | null | undefined): string {
  if (!html) return '';
  if (!hooked) {
    // DOMPurify's attribute list is for every tag: href, target and rel stay on links only, and a
    // link keeps target and rel (new tab, no opener) only with an address.
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      const link = node.tagName === 'A' && RICH_TEXT_HREF.test((node.getAttribute('href') ?? '').trim());
      for (const name of RICH_TEXT_LINK_ATTRIBUTES) if (!link) node.removeAttribute(name);
      if (link) for (const [name, value] of Object.entries(RICH_TEXT_LINK_TARGET)) node.setAttribute(name, value);
    });
    hooked = true;
  }
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS: [...RICH_TEXT_TAGS],
    ALLOWED_ATTR: [...RICH_TEXT_LINK_ATTRIBUTES],
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    ALLOWED_URI_REGEXP: RICH_TEXT_HREF,
  });
}

/** The text of some HTML (for counters and empty checks). */
export function htmlText(html: string | null | undefined): string {
  if (!html) return '';
  const doc = new DOMParser().parseFromString(sanitizeHtml(html), 'text/html');
  return (doc.body.textContent ?? '').replace(/\u00a0/g, ' ');
}
