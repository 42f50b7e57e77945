// The e-mail signature's HTML (src/domain/emailSignature.ts): what e-mail clients keep (tables,
// inline styles, absolute addresses), every value escaped, and its plain-text twin.
import { describe, expect, it } from 'vitest';
import { brandOf, DEFAULT_BRAND } from '../../src/domain/brands.js';
import { absoluteUrl, BANNER_HEIGHT, BANNER_WIDTH, escapeHtml, signatureHtml, signatureText, type SignatureData } from '../../src/domain/emailSignature.js';

const ANA: SignatureData = {
  nome: 'Ana Souza',
  cargo: 'Analista de Vendas',
  departamento: 'Comercial',
  provedor: 'Bitcom',
  telefone: '(31) 3333-4444',
  celular: '(31) 98765-4321',
  email: 'ana@bitcom.com.br',
  site: 'https://www.bitcom.com.br/',
};

describe('email signature', () => {
  it('is a table layout with inline styles only, in the provider colours, with the 460x80 banner', () => {
    const html = signatureHtml(ANA);
    expect(html.startsWith('<table')).toBe(true);
    expect(html).not.toMatch(/class=|<style|<script|<svg|data:/i);
    expect(html).toContain('Ana Souza');
    expect(html).toContain('Analista de Vendas &middot; Comercial');
    expect(html).toContain('href="tel:+553133334444"');
    expect(html).toContain('href="https://wa.me/5531987654321"');
    expect(html).toContain('href="mailto:ana@bitcom.com.br"');
    expect(html).toContain('href="https://www.bitcom.com.br/"');
    expect(html).toContain('>www.bitcom.com.br<');
    expect(html).toContain(`width="${BANNER_WIDTH}"`);
    expect(html).toContain(`height:${BANNER_HEIGHT}px`);
    expect(html).toContain(brandOf('Bitcom').color);
    // Only absolute addresses: no relative link or image.
    for (const [, url] of html.matchAll(/(?:href|src)="([^"]*)"/g)) expect(url).toMatch(/^(https?:\/\/|mailto:|tel:)/);
  });

  it('escapes every value, and never writes a script or relative address given as a site or image', () => {
    const html = signatureHtml(
      { ...ANA, nome: '<img src=x onerror=alert(1)>', cargo: 'R&D "chefe"', provedor: "O'Brien <b>", site: 'javascript:alert(1)', email: 'a"b@x.com' },
      { logoUrl: '/logo.png', bannerUrl: 'data:image/png;base64,AAAA' },
    );
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('R&amp;D &quot;chefe&quot;');
    expect(html).toContain('O&#39;Brien &lt;b&gt;');
    expect(html).not.toMatch(/javascript:|data:|src="\//);
    expect(html).toContain('a&quot;b@x.com');
    expect(escapeHtml(`<>&"'`)).toBe('&lt;&gt;&amp;&quot;&#39;');
  });

  it('uses the images given by absolute address, and leaves out what the profile lacks', () => {
    const html = signatureHtml({ nome: 'Bruno' }, { bannerUrl: 'https://intranet.example/banner.png', logoUrl: 'https://intranet.example/logo.png' });
    expect(html).toContain('src="https://intranet.example/banner.png"');
    expect(html).toContain('src="https://intranet.example/logo.png"');
    expect(html).not.toContain('mailto:');
    expect(html).not.toContain('tel:');
    const bare = signatureHtml({ nome: 'Bruno' });
    expect(bare).not.toContain(`width="${BANNER_WIDTH}"`);
    expect(absoluteUrl('www.vetorial.net')).toBe('https://www.vetorial.net/');
    expect(absoluteUrl('ftp://x')).toBeNull();
    expect(absoluteUrl('')).toBeNull();
  });

  it('answers the same lines as plain text', () => {
    expect(signatureText(ANA)).toBe(
      ['Ana Souza', 'Analista de Vendas | Comercial', 'Bitcom', 'Tel.: (31) 3333-4444 | Celular/WhatsApp: (31) 98765-4321', 'ana@bitcom.com.br', 'www.bitcom.com.br'].join('\n'),
    );
    expect(signatureText({ nome: '  Bruno  ' })).toBe('Bruno');
  });

  it('finds the brand by the provider name, accents and suffixes aside; others get the intranet colours', () => {
    expect(brandOf('Razão Info Telecom').color).toBe(brandOf('RazãoInfo').color);
    expect(brandOf('Vetorial Net').color).toBe('#2e7d32');
    expect(brandOf('Outro Provedor')).toEqual(DEFAULT_BRAND);
    expect(brandOf(null)).toEqual(DEFAULT_BRAND);
  });
});
