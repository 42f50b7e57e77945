// The e-mail signature of an employee (/emailsignature/list): built from their profile (name,
// position, department, provider, phones, e-mail) as HTML that e-mail clients keep when it is pasted
// into their signature settings (Gmail, Outlook): a table layout, inline styles only, no classes nor
// scripts, every value escaped, images only by absolute http(s) addresses. The provider's logo and the
// 460x80 footer banner are drawn with tables in the provider's colours (e-mail clients block SVG and
// data: images); a provider with image files of its own may pass their absolute addresses instead.
// Pure: no I/O, the same in the browser and in tests.
import { brandOf } from './brands.js';

export interface SignatureData {
  nome: string;
  cargo?: string | null;
  departamento?: string | null;
  provedor?: string | null;
  telefone?: string | null;
  celular?: string | null;
  email?: string | null;
  site?: string | null;
}

export interface SignatureImages {
  /** Absolute http(s) address of the provider's logo (drawn in place of its name block). */
  logoUrl?: string | null;
  /** Absolute http(s) address of a 460x80 footer banner (drawn in place of the coloured one). */
  bannerUrl?: string | null;
}

export const BANNER_WIDTH = 460;
export const BANNER_HEIGHT = 80;
const FONT = 'Arial, Helvetica, sans-serif';

/** Escapes a value for HTML text and attributes. */
export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

const clean = (v: string | null | undefined) => (v ?? '').replace(/\s+/g, ' ').trim();

/** An absolute http(s) address, or null (a relative, javascript: or data: address is never written). */
export function absoluteUrl(value: string | null | undefined): string | null {
  const v = clean(value);
  if (!v) return null;
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:/i.test(v) ? v : `https://${v}`);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The site as people read it: without scheme, 'www.' kept, no trailing slash. */
const siteLabel = (url: string) => url.replace(/^https?:\/\//i, '').replace(/\/$/, '');

/** The phone's digits with Brazil's code, for tel: and wa.me links. */
const phoneDigits = (phone: string) => {
  const d = phone.replace(/\D/g, '');
  return d.length === 10 || d.length === 11 ? `55${d}` : d;
};

/** The signature's lines as plain text (the clipboard's text/plain). */
export function signatureText(data: SignatureData): string {
  const role = [clean(data.cargo), clean(data.departamento)].filter(Boolean).join(' | ');
  const phones = [clean(data.telefone) && `Tel.: ${clean(data.telefone)}`, clean(data.celular) && `Celular/WhatsApp: ${clean(data.celular)}`].filter(Boolean).join(' | ');
  const site = absoluteUrl(data.site);
  return [clean(data.nome), role, clean(data.provedor), phones, clean(data.email), site ? siteLabel(site) : ''].filter(Boolean).join('\n');
}

/** The signature as e-mail-safe HTML (the clipboard's text/html and the preview). */
export function signatureHtml(data: SignatureData, images: SignatureImages = {}): string {
  const brand = brandOf(data.provedor);
  const provider = clean(data.provedor);
  const role = [clean(data.cargo), clean(data.departamento)].filter(Boolean).map(escapeHtml).join(' &middot; ');
  const site = absoluteUrl(data.site);
  const email = clean(data.email);
  const logo = absoluteUrl(images.logoUrl);
  const banner = absoluteUrl(images.bannerUrl);
  const text = `font-family:${FONT};font-size:13px;line-height:18px;color:#333333;`;
  const link = `color:${brand.color};text-decoration:none;`;

  const contact: string[] = [];
  const tel = clean(data.telefone);
  const cel = clean(data.celular);
  if (tel) contact.push(`<span style="color:#777777;">Tel.:</span> <a href="tel:+${escapeHtml(phoneDigits(tel))}" style="${link}">${escapeHtml(tel)}</a>`);
  if (cel) contact.push(`<span style="color:#777777;">WhatsApp:</span> <a href="https://wa.me/${escapeHtml(phoneDigits(cel))}" style="${link}">${escapeHtml(cel)}</a>`);
  const lines = [
    `<div style="font-family:${FONT};font-size:16px;line-height:22px;font-weight:bold;color:${brand.color};">${escapeHtml(clean(data.nome))}</div>`,
    role ? `<div style="${text}">${role}</div>` : '',
    contact.length ? `<div style="${text}">${contact.join(' &nbsp;|&nbsp; ')}</div>` : '',
    email ? `<div style="${text}"><a href="mailto:${escapeHtml(email)}" style="${link}">${escapeHtml(email)}</a></div>` : '',
    site ? `<div style="${text}"><a href="${escapeHtml(site)}" style="${link}">${escapeHtml(siteLabel(site))}</a></div>` : '',
  ].filter(Boolean);

  const logoCell = logo
    ? `<img src="${escapeHtml(logo)}" alt="${escapeHtml(provider)}" width="110" style="display:block;border:0;max-width:110px;" />`
    : `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse;"><tr>` +
      `<td width="6" bgcolor="${brand.accent}" style="width:6px;background-color:${brand.accent};font-size:0;line-height:0;">&nbsp;</td>` +
      `<td style="padding:4px 0 4px 8px;font-family:${FONT};font-size:18px;line-height:22px;font-weight:bold;color:${brand.color};">${escapeHtml(provider)}</td>` +
      `</tr></table>`;

  const bannerRow = banner
    ? `<img src="${escapeHtml(banner)}" alt="${escapeHtml(provider)}" width="${BANNER_WIDTH}" height="${BANNER_HEIGHT}" style="display:block;border:0;width:${BANNER_WIDTH}px;height:${BANNER_HEIGHT}px;" />`
    : `<table role="presentation" width="${BANNER_WIDTH}" cellpadding="0" cellspacing="0" border="0" bgcolor="${brand.color}" style="width:${BANNER_WIDTH}px;border-collapse:collapse;background-color:${brand.color};"><tr>` +
      `<td height="${BANNER_HEIGHT}" valign="middle" style="height:${BANNER_HEIGHT}px;padding:0 20px;font-family:${FONT};color:#ffffff;">` +
      `<div style="font-size:20px;line-height:26px;font-weight:bold;color:#ffffff;">${escapeHtml(provider)}</div>` +
      `<div style="font-size:12px;line-height:16px;color:#ffffff;">${site ? escapeHtml(siteLabel(site)) : 'Provedor de internet'}</div>` +
      `</td>` +
      `<td width="12" bgcolor="${brand.accent}" style="width:12px;background-color:${brand.accent};font-size:0;line-height:0;">&nbsp;</td>` +
      `</tr></table>`;

  return (
    `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse;font-family:${FONT};">` +
    `<tr>` +
    (provider || logo ? `<td valign="top" style="padding:0 14px 10px 0;border-right:2px solid ${brand.accent};">${logoCell}</td>` : '') +
    `<td valign="top" style="padding:0 0 10px ${provider || logo ? '14px' : '0'};">${lines.join('')}</td>` +
    `</tr>` +
    (provider || banner ? `<tr><td colspan="2" style="padding:4px 0 0 0;">${bannerRow}</td></tr>` : '') +
    `</table>`
  );
}
