// What rich text ('html' fields) may hold, for both sanitisers: the server's on every write
// (sanitize-html, src/server/schemas/validation.ts) and the browser's on display and in the editor
// (DOMPurify, src/admin/generator/sanitize.ts). It is what the editor (RichTextInput) produces —
// bold, italic, underline, lists, links, the paragraphs and line breaks of typing — plus the simple
// formatting a paste may bring. No style, class or image: the editor sets none, and a style or a
// data: address is a way to disguise or smuggle content.
export const RICH_TEXT_TAGS = [
  'p', 'br', 'div', 'span', 'b', 'strong', 'i', 'em', 'u', 's', 'sub', 'sup', 'ul', 'ol', 'li', 'a',
  'h1', 'h2', 'h3', 'h4', 'blockquote', 'hr', 'pre', 'code',
] as const;

/** The only attributes kept, and only on links; target and rel are set by the sanitisers. */
export const RICH_TEXT_LINK_ATTRIBUTES = ['href', 'target', 'rel'] as const;

/** Link addresses allowed: absolute http(s) and mailto (no javascript:, data:, relative or protocol-relative). */
export const RICH_TEXT_HREF = /^(?:https?:|mailto:)/i;

/** Every link opens in a new tab without handing the opener or the address over. */
export const RICH_TEXT_LINK_TARGET = { target: '_blank', rel: 'noopener noreferrer' } as const;
