// @vitest-environment jsdom
// The two rich-text sanitisers, the server's (sanitize-html, on write) and the browser's (DOMPurify, on
// display and in the editor), share one allow-list (src/domain/richText.ts): on the same input they
// keep the same tags, attributes and links.
import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from '../../src/admin/generator/sanitize.js';
import { sanitizeRichText } from '../../src/server/schemas/validation.js';

/** The HTML as the browser serialises it (sanitize-html writes <br />, DOMPurify <br>). */
const normalised = (html: string) => {
  const template = document.createElement('template');
  template.innerHTML = html;
  return template.innerHTML;
};

const CASES = [
  '<p>Olá <b>negrito</b>, <i>itálico</i>, <u>sublinhado</u>, <s>riscado</s>, <em>ênfase</em> e <strong>forte</strong></p>',
  '<div>linha<br></div><div><br></div><ul><li>um</li><li>dois</li></ul><ol><li>três</li></ol>',
  '<h1>T1</h1><h2>T2</h2><h3>T3</h3><h4>T4</h4><blockquote>cit</blockquote><pre><code>x = 1</code></pre><hr><p>a<sub>2</sub>b<sup>3</sup></p>',
  '<p><a href="https://exemplo.com.br/a?b=1">site</a> <a href="http://exemplo.com.br">http</a> <a href="mailto:rh@exemplo.com.br">mail</a></p>',
  '<p style="color:red" class="destaque" id="x" title="t" data-x="1" aria-hidden="true" dir="rtl" lang="en">atributos</p>',
  '<span style="font-size:40px">grande</span><div style="text-align:center">centro</div>',
  '<a href="javascript:alert(1)">js</a><a href="data:text/html,oi">data</a><a href="//evil.example">rel</a><a href="/v1/x">local</a><a href="#topo">âncora</a>',
  '<a href="https://exemplo.com.br" target="_self" rel="opener" onclick="x()">alvo</a><a>sem endereço</a>',
  '<p>a<img src="data:image/png;base64,iVBORw0KGgo=">b<img src="https://x.example/i.png" onerror="alert(1)"></p>',
  '<p onclick="alert(1)" onmouseover="alert(2)">eventos</p><script>alert(3)</script><style>p{}</style>',
  '<font color="red">fonte</font><center>centro</center><marquee>texto</marquee><custom-tag>c</custom-tag>',
  '<p href="https://exemplo.com.br" target="_blank">parágrafo com href</p>',
];

describe('server and browser rich-text sanitisers', () => {
  it.each(CASES)('agree on %s', (html) => {
    expect(normalised(sanitizeRichText(html))).toBe(normalised(sanitizeHtml(html)));
  });

  it('both keep the editor output and drop styles, images and unsafe links', () => {
    for (const clean of [sanitizeRichText(CASES.join('')), sanitizeHtml(CASES.join(''))]) {
      expect(clean).not.toMatch(/style=|class=|<img|javascript:|data:|onclick|onerror|<script|evil|\/v1\/x|target="_self"|opener"/);
      expect(clean).toContain('<a href="https://exemplo.com.br/a?b=1" target="_blank" rel="noopener noreferrer">site</a>');
      expect(clean).toContain('<b>negrito</b>');
    }
  });
});
