// Rich text shown or typed in the admin is sanitised in the browser too (the server sanitises every
// 'html' field on write): an allow-list of formatting tags, links limited to http(s) and mailto.
import DOMPurify from 'dompurify';

const ALLOWED_TAGS = [
  'p', 'br', 'b', 'strong', 'i', 'em', 'u', 's', 'ul', 'ol', 'li', 'a', 'h1', 'h2', 'h3', 'h4',
  'blockquote', 'span', 'div', 'sub', 'sup', 'hr', 'pre', 'code',
];
const ALLOWED_ATTR = ['href', 'target', 'rel'];

let hooked = false;

/** The HTML with everything but simple formatting and safe links removed. */
export function sanitizeHtml(html: string | null | undefined): string {
  if (!html) return '';
  if (!hooked) {
    // Links open in a new tab without handing the opener over.
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A' && node.getAttribute('href')) {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer');
      }
    });
    hooked = true;
  }
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    ALLOWED_URI_REGEXP: /^(?:https?:|mailto:)/i,
  });
}

/** The text of some HTML (for counters and empty checks). */
export function htmlText(html: string | null | undefined): string {
  if (!html) return '';
  const doc = new DOMParser().parseFromString(sanitizeHtml(html), 'text/html');
  return (doc.body.textContent ?? '').replace(/\u00a0/g, ' ');
}
