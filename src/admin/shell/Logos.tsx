// The logos of the shell (foundation spec, sections 1 and 2), drawn as SVG: the three group brands
// (Bitcom, RazãoInfo, Vetorial) on the public header, the intranet logo on the signed-in header and
// the careers logo candidates see instead.
import type { SVGProps } from 'react';
import { Box } from '@mui/material';
import { BRANDS, type BrandName } from '../../domain/brands.js';

export { BRANDS, type BrandName };

type LogoProps = SVGProps<SVGSVGElement> & { height?: number };

/** One brand: a mark (signal arcs) and its name. */
export function BrandLogo({ brand, height = 32, ...rest }: LogoProps & { brand: BrandName }) {
  const b = BRANDS.find((x) => x.name === brand) ?? BRANDS[0];
  const width = 34 + b.name.length * 11;
  return (
    <svg role="img" aria-label={b.name} viewBox={`0 0 ${width} 40`} height={height} width={(height * width) / 40} {...rest}>
      <title>{b.name}</title>
      <circle cx="14" cy="26" r="4" fill={b.color} />
      <path d="M6 18 a11 11 0 0 1 16 0" stroke={b.accent} strokeWidth="3" fill="none" strokeLinecap="round" />
      <path d="M2 13 a17 17 0 0 1 24 0" stroke={b.color} strokeWidth="3" fill="none" strokeLinecap="round" />
      <text x="32" y="29" fontFamily="Roboto, Arial, sans-serif" fontSize="19" fontWeight="700" fill={b.color}>
        {b.name}
      </text>
    </svg>
  );
}

/** The three brands side by side (or one, when `only` names it). */
export function BrandLogos({ only, height = 28 }: { only?: BrandName; height?: number }) {
  const list = only ? BRANDS.filter((b) => b.name === only) : BRANDS;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: { xs: 1, sm: 2 }, flexWrap: 'wrap' }}>
      {list.map((b) => (
        <BrandLogo key={b.name} brand={b.name} height={height} />
      ))}
    </Box>
  );
}

/** The intranet's own logo (white on the header). */
export function IntranetLogo({ height = 30, color = '#fff', compact = false, ...rest }: LogoProps & { color?: string; compact?: boolean }) {
  const w = compact ? 34 : 132;
  return (
    <svg role="img" aria-label="Intranet" viewBox={`0 0 ${w} 40`} height={height} width={(height * w) / 40} {...rest}>
      <title>Intranet</title>
      <rect x="2" y="6" width="28" height="28" rx="7" fill="none" stroke={color} strokeWidth="3" />
      <path d="M9 20h14M16 13v14" stroke={color} strokeWidth="3" strokeLinecap="round" />
      <text x="38" y="28" fontFamily="Roboto, Arial, sans-serif" fontSize="21" fontWeight="700" fill={color}>
        Intranet
      </text>
    </svg>
  );
}

/** The careers logo a candidate sees in place of the intranet's. */
export function CareersLogo({ height = 30, color = '#fff', compact = false, ...rest }: LogoProps & { color?: string; compact?: boolean }) {
  const w = compact ? 34 : 150;
  return (
    <svg role="img" aria-label="Carreiras" viewBox={`0 0 ${w} 40`} height={height} width={(height * w) / 40} {...rest}>
      <title>Carreiras</title>
      <rect x="2" y="13" width="28" height="20" rx="4" fill="none" stroke={color} strokeWidth="3" />
      <path d="M10 13v-4a3 3 0 0 1 3-3h6a3 3 0 0 1 3 3v4" fill="none" stroke={color} strokeWidth="3" />
      <text x="38" y="29" fontFamily="Roboto, Arial, sans-serif" fontSize="21" fontWeight="700" fill={color}>
        Carreiras
      </text>
    </svg>
  );
}
