// The UI files' lean styles (tests/ui/lean-styles.ts): what stays of a rule MUI inserts decides what is shown.
import { describe, expect, it } from 'vitest';
import { leanRule } from '../ui/lean-styles.js';

describe('leanRule', () => {
  it('keeps display, visibility and pointer-events, and nothing else of a rule', () => {
    expect(leanRule('.css-1{display:flex;color:red;padding:8px;visibility:hidden;pointer-events:none;}')).toBe('.css-1{display:flex;visibility:hidden;pointer-events:none}');
  });

  it('keeps a media query around what it shows or hides', () => {
    expect(leanRule('@media (min-width:600px){.css-2{display:none;margin:0;}}')).toBe('@media (min-width:600px){.css-2{display:none}}');
  });

  it('drops a rule left without a declaration, animations and fonts', () => {
    expect(leanRule('.css-3{color:red;background-image:url(data:image/png;base64,AAAA);}')).toBeNull();
    expect(leanRule('@keyframes spin{0%{display:block;}100%{transform:rotate(360deg);}}')).toBeNull();
    expect(leanRule('@font-face{font-family:Roboto;src:url(r.woff2);}')).toBeNull();
  });

  it('keeps each selector of a rule', () => {
    expect(leanRule('.a,.b:hover>span{display:inline-block;opacity:0.5;}')).toBe('.a,.b:hover>span{display:inline-block}');
  });
});
