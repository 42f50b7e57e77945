// The group's brands (foundation spec, sections 1 and 2): each provider's colours, read by the shell's
// logos and by the e-mail signature (src/domain/emailSignature.ts).
export const BRANDS = [
  { name: 'Bitcom', color: '#e4572e', accent: '#f3a712' },
  { name: 'RazãoInfo', color: '#1a56a6', accent: '#2bb3c0' },
  { name: 'Vetorial', color: '#2e7d32', accent: '#8bc34a' },
] as const;

export type BrandName = (typeof BRANDS)[number]['name'];

export interface BrandColors {
  color: string;
  accent: string;
}

/** The intranet's own colours, for a provider that is none of the brands. */
export const DEFAULT_BRAND: BrandColors = { color: '#1f2a44', accent: '#2bb3c0' };

const key = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

/** The colours of a provider by its name: the brand its name starts with ('Bitcom Telecom' is Bitcom), else the intranet's. */
export function brandOf(providerName: string | null | undefined): BrandColors {
  const k = key(providerName ?? '');
  const found = BRANDS.find((b) => k.startsWith(key(b.name)));
  return found ? { color: found.color, accent: found.accent } : DEFAULT_BRAND;
}
