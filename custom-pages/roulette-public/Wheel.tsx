// The prize wheel, drawn in SVG: one slice per prize, colours alternating between the campaign's two
// (slice and text), a prize at its minimum stock marked 'Esgotado'. The server decides the prize; the
// wheel only turns to it (`rotation` in degrees, animated with a CSS transition over `durationMs`).
// Used by the public page and by the wizard's live preview.
import type { TransitionEvent } from 'react';
import { Box } from '@mui/material';

export interface WheelColors {
  color_item: string;
  color_text: string;
  color_item_2: string;
  color_text2: string;
}

export interface WheelPrize {
  nome: string;
  esgotado?: boolean;
}

export interface WheelProps {
  prizes: readonly WheelPrize[];
  colors: WheelColors;
  /** Largest width and height in px (the wheel shrinks with a narrower parent). */
  size?: number;
  /** Clockwise turn of the wheel in degrees. */
  rotation?: number;
  /** Animate the turn to `rotation` (ms); 0 or absent: no animation. */
  durationMs?: number;
  onSpinEnd?: () => void;
  /** The accessible name of the picture. */
  label?: string;
}

/**
 * The rotation (degrees, several full turns plus the offset) that brings slice `index` of `count`
 * under the pointer at the top. Slice i spans [i, i + 1) × 360/count clockwise from the top, so
 * turning the wheel clockwise by 360 − its middle puts the middle at the top. `from` is the current
 * rotation: the result is always ahead of it, so the wheel keeps turning the same way.
 */
export function rotationFor(index: number, count: number, turns = 6, from = 0): number {
  const slice = 360 / count;
  const target = 360 - (index * slice + slice / 2);
  const base = from - (from % 360);
  return base + turns * 360 + target;
}

const EMPTY: readonly WheelPrize[] = [{ nome: '' }];
const R = 100;
const HUB = 14;
/** Gap between the rim and the first letter. */
const RIM_GAP = 7;
/** Room for a label along the radius, from the rim to the hub. */
const LABEL_ROOM = R - RIM_GAP - HUB - 5;
/** Average width of a bold Roboto letter, in font sizes. */
const CHAR_WIDTH = 0.58;

/** A prize name on one line, or two when long (broken at the space nearest the middle). */
export function labelLines(name: string): string[] {
  const text = name.trim();
  if (text.length <= 12 || !text.includes(' ')) return [text];
  let best = -1;
  for (let i = 0; i < text.length; i++) if (text[i] === ' ' && (best < 0 || Math.abs(i - text.length / 2) < Math.abs(best - text.length / 2))) best = i;
  return [text.slice(0, best), text.slice(best + 1)];
}

const rgbOf = (hex: string): [number, number, number] | null => {
  let h = hex.trim().replace(/^#/, '');
  if (h.length === 3) h = h.replace(/./g, '$&$&');
  if (!/^[0-9a-fA-F]{6}$/.test(h)) return null;
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
};

/** The colour halfway between two #rrggbb colours (the first when either is not one). */
export function mixColors(a: string, b: string): string {
  const [x, y] = [rgbOf(a), rgbOf(b)];
  if (!x || !y) return a;
  return `#${x.map((v, i) => Math.round((v + y[i]) / 2).toString(16).padStart(2, '0')).join('')}`;
}

/** Relative luminance (WCAG) of a #rrggbb colour; 0 when it is not one. */
export function luminance(hex: string): number {
  const rgb = rgbOf(hex);
  if (!rgb) return 0;
  const [r, g, b] = rgb.map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

const contrast = (a: string, b: string) => {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
};

/** Of the candidate text colours, the one that reads best on `background`. */
export function readableOn(background: string, ...candidates: string[]): string {
  return candidates.reduce((best, c) => (contrast(background, c) > contrast(background, best) ? c : best));
}

export function Wheel({ prizes, colors, size = 360, rotation = 0, durationMs = 0, onSpinEnd, label = 'Roleta de prêmios' }: WheelProps) {
  const items = prizes.length ? prizes : EMPTY;
  const slice = (2 * Math.PI) / items.length;
  const point = (angle: number, radius = R) => [radius * Math.sin(angle), -radius * Math.cos(angle)];
  const baseFont = items.length > 6 ? 9 : items.length > 4 ? 10 : 11;
  const ended = (event: TransitionEvent) => {
    if (event.target === event.currentTarget) onSpinEnd?.();
  };
  return (
    <Box sx={{ position: 'relative', width: '100%', maxWidth: size, aspectRatio: '1 / 1', mx: 'auto' }}>
      {/* The turning square's corners would reach past the circle (and widen a narrow page): the disc
          clips them; its shadow is drawn outside the clip and takes no room. */}
      <Box sx={{ width: '100%', height: '100%', borderRadius: '50%', overflow: 'hidden', filter: 'drop-shadow(0 4px 12px rgba(0,0,0,.35))' }}>
        <Box
          component="svg"
          role="img"
          aria-label={label}
          viewBox="-105 -105 210 210"
          onTransitionEnd={ended}
          sx={{
            display: 'block',
            width: '100%',
            height: '100%',
            transformOrigin: '50% 50%',
            transform: `rotate(${rotation}deg)`,
            transition: durationMs ? `transform ${durationMs}ms cubic-bezier(0.17, 0.67, 0.12, 0.99)` : 'none',
          }}
        >
          <circle r={104} fill="#fff" />
          {items.map((prize, i) => {
            const a0 = i * slice;
            const a1 = a0 + slice;
            const [x0, y0] = point(a0);
            const [x1, y1] = point(a1);
            const even = i % 2 === 0;
            // With an odd count the first and last slices would share a colour side by side: the last takes a blend of both.
            const blend = items.length > 2 && items.length % 2 === 1 && i === items.length - 1;
            const fill = blend ? mixColors(colors.color_item, colors.color_item_2) : even ? colors.color_item : colors.color_item_2;
            const text = blend ? readableOn(fill, colors.color_text, colors.color_text2) : even ? colors.color_text : colors.color_text2;
            const mid = ((a0 + a1) / 2) * (180 / Math.PI);
            const large = slice > Math.PI ? 1 : 0;
            const d = items.length === 1 ? `M 0 -${R} A ${R} ${R} 0 1 1 -0.01 -${R} Z` : `M 0 0 L ${x0} ${y0} A ${R} ${R} 0 ${large} 1 ${x1} ${y1} Z`;
            const lines = labelLines(prize.nome);
            const longest = Math.max(1, ...lines.map((l) => l.length));
            const fontSize = Math.max(5, Math.min(baseFont, LABEL_ROOM / (longest * CHAR_WIDTH)));
            const rows = prize.esgotado ? [...lines.map((t) => ({ t, size: fontSize, bold: true })), { t: 'Esgotado', size: Math.min(fontSize, 7), bold: false }] : lines.map((t) => ({ t, size: fontSize, bold: true }));
            const lineHeight = fontSize * 1.1;
            // The label starts at the rim and reads toward the centre: in the slice's frame (its middle
            // pointing up) the text's baseline is turned 90° clockwise, pointing down at the hub.
            const y = -R + RIM_GAP;
            return (
              <g key={i}>
                <path d={d} fill={fill} opacity={prize.esgotado ? 0.45 : 1} stroke="#fff" strokeWidth={0.8} />
                <g transform={`rotate(${mid}) rotate(90 0 ${y})`}>
                  <text x={0} y={y} fill={text} textAnchor="start" dominantBaseline="central" fontFamily="Roboto, Arial, sans-serif">
                    {rows.map((row, k) => (
                      <tspan key={k} x={0} y={y + (k - (rows.length - 1) / 2) * lineHeight} fontSize={row.size} fontWeight={row.bold ? 700 : 400}>
                        {row.t}
                      </tspan>
                    ))}
                  </text>
                </g>
              </g>
            );
          })}
          <circle r={103} fill="none" stroke="rgba(255,255,255,.9)" strokeWidth={2} />
          <circle r={HUB} fill="#fff" stroke="rgba(0,0,0,.15)" strokeWidth={1} />
          <circle r={HUB / 3} fill={colors.color_item} />
        </Box>
      </Box>
      {/* The pointer, fixed at the top. */}
      <Box
        aria-hidden
        sx={{
          position: 'absolute',
          top: -6,
          left: '50%',
          transform: 'translateX(-50%)',
          width: 0,
          height: 0,
          borderLeft: '14px solid transparent',
          borderRight: '14px solid transparent',
          borderTop: '28px solid #e53935',
          filter: 'drop-shadow(0 2px 2px rgba(0,0,0,.4))',
        }}
      />
    </Box>
  );
}
