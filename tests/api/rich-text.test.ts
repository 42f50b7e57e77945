// Rich text ('html' fields) is reduced on every write to what the editor produces: formatting tags,
// links to http(s) and mailto opening in a new tab. Styles, classes, images, data: and javascript:
// addresses, handlers and embedded documents are dropped; the editor's own output is kept as it is.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app.js';

let t: TestApp;

beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t?.close());

/** The text as stored by POST /api/contents (an onboarding content's 'texto'). */
async function stored(texto: string) {
  const r = await t.inject({ method: 'POST', url: '/api/contents', payload: { titulo: 'Texto formatado', resumo: 'Resumo', texto } });
  expect(r.statusCode, r.body).toBe(201);
  const { rows } = await t.db.query<{ texto: string }>('SELECT texto FROM onboarding.conteudo WHERE id = $1', [r.json().id]);
  expect(rows[0].texto).toBe(r.json().texto);
  return rows[0].texto;
}

describe('rich text sanitiser', () => {
  it('keeps what the editor produces', async () => {
    const editor =
      '<p>Olá <b>negrito</b>, <i>itálico</i>, <u>sublinhado</u> e <strong>forte</strong></p><div>linha<br /></div>' +
      '<ul><li>um</li></ul><ol><li>dois</li></ol><h2>Seção</h2><blockquote>citação</blockquote>' +
      '<p><a href="https://exemplo.com.br/pagina?x=1" target="_blank" rel="noopener noreferrer">site</a> <a href="mailto:rh@exemplo.com.br" target="_blank" rel="noopener noreferrer">e-mail</a></p>';
    expect(await stored(editor)).toBe(editor);
  });

  it('drops style, class, id and every other attribute, on every tag', async () => {
    expect(await stored('<p style="position:fixed;top:0;left:0;width:100%;height:100%;background:url(https://x.example/a.png)" class="x" id="y" title="t" data-a="1" aria-label="l">Texto</p>')).toBe(
      '<p>Texto</p>',
    );
    expect(await stored('<span style="color:red">vermelho</span><div style="text-align:center">centro</div>')).toBe('<span>vermelho</span><div>centro</div>');
  });

  it('links only to http(s) and mailto; they open in a new tab without the opener', async () => {
    for (const href of ['data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==', 'javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'java&#x09;script:alert(1)', ' javascript:alert(1)', 'vbscript:x', '//evil.example/', '/v1/auth/logout', 'ftp://x.example/']) {
      expect(await stored(`<p><a href="${href}">clique</a></p>`), href).toBe('<p><a>clique</a></p>');
    }
    expect(await stored('<a href="https://exemplo.com.br" target="_self" rel="opener" onclick="x()">ok</a>')).toBe(
      '<a href="https://exemplo.com.br" target="_blank" rel="noopener noreferrer">ok</a>',
    );
    expect(await stored('<a href="  HTTPS://exemplo.com.br  ">ok</a>')).toBe('<a href="HTTPS://exemplo.com.br" target="_blank" rel="noopener noreferrer">ok</a>');
  });

  it('drops images, media, frames, forms, SVG and scripts (keeping their text where there is some)', async () => {
    expect(await stored('<p>a<img src="data:image/png;base64,iVBORw0KGgo=" onerror="alert(1)" />b<img src="https://x.example/a.png" /></p>')).toBe('<p>ab</p>');
    expect(await stored('<iframe src="https://x.example"></iframe><object data="x.swf"></object><embed src="x" /><video src="x"></video><p>fim</p>')).toBe('<p>fim</p>');
    expect(await stored('<form action="https://x.example"><input name="senha" /><button>Enviar</button></form>')).toBe('Enviar');
    expect(await stored('<svg><script>alert(1)</script><a href="javascript:alert(1)">x</a></svg><style>p{display:none}</style><script>alert(2)</script><p>texto</p>')).toBe('<a>x</a><p>texto</p>');
    expect(await stored('<table><tr><td>célula</td></tr></table><h5>título</h5>')).toBe('célulatítulo');
  });

  it('sanitises updates too', async () => {
    const id = (await t.inject({ method: 'POST', url: '/api/contents', payload: { titulo: 'Atualizado', resumo: 'Resumo', texto: '<p>a</p>' } })).json().id;
    const r = await t.inject({ method: 'PUT', url: `/api/contents/${id}`, payload: { texto: '<p style="color:red">b<a href="data:text/html,x">c</a></p>' } });
    expect(r.statusCode).toBe(200);
    expect(r.json().texto).toBe('<p>b<a>c</a></p>');
  });

  it('checks the text once cleaned: a required text that is nothing without its image is refused, on create and update alike', async () => {
    for (const texto of ['<img src="javascript:alert(1)">', '<script>alert(1)</script>']) {
      const created = await t.inject({ method: 'POST', url: '/api/contents', payload: { titulo: 'Só imagem', resumo: 'Resumo', texto } });
      expect(created.statusCode, `${texto} -> ${created.body}`).toBe(400);
      expect(created.json().errors).toEqual({ texto: 'Campo obrigatório' });
    }
    const id = (await t.inject({ method: 'POST', url: '/api/contents', payload: { titulo: 'Com texto', resumo: 'Resumo', texto: '<p>a</p>' } })).json().id;
    const updated = await t.inject({ method: 'PUT', url: `/api/contents/${id}`, payload: { texto: '<img src="javascript:alert(1)">' } });
    expect(updated.statusCode).toBe(400);
    expect(updated.json().errors).toEqual({ texto: 'Campo obrigatório' });
    expect((await t.inject(`/api/contents/${id}`)).json().texto).toBe('<p>a</p>');
  });
});
