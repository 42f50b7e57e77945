// The header's top menu (foundation spec, sections 2 and 9): the areas the user may see, 2 to 10
// icons by window width, with arrows to page through the rest when fewer than 10 fit (and, so that
// no area is out of reach, also when a user has more than 10). Up to 500 px, where the header has no
// room for their buttons, calendar and contacts are items here. When the header leaves the menu less
// room than the width's count needs at full width (a manager's buttons at 1024 px, the bells and the
// avatar on a phone), the items narrow, their labels go below 44 px, and fewer are shown only when
// even bare icons do not fit, never fewer than 2: at 320 px, two bare icons between the arrows.
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Box, IconButton, Tooltip, Typography } from '@mui/material';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { topMenuIconCount } from '../../domain/shell.js';
import { TOP_MENU, visibleEntries, type MenuEntry } from './menuItems.js';
import { useViewer, useWindowWidth } from '../core/useViewer.js';

/** The width of an arrow button (its chevron, 20 px, without padding: at 320 px the menu has ~100 px). */
const ARROW_WIDTH = 20;
/** The narrowest item that still draws its label under the icon (a longer label is cut with '…'). */
const LABELLED_ITEM_WIDTH = 44;
/** The narrowest item at all: the icon alone (its name stays in the tooltip and the aria-label). */
const ICON_ITEM_WIDTH = 28;
/** The fewest icons the menu shows (section 9: 2 at the narrowest widths). */
const MIN_ICONS = 2;

/** The element's width, followed as it changes (0 where nothing is laid out, as in jsdom). */
function useBoxWidth(box: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    setWidth(element.clientWidth);
    return () => observer.disconnect();
  }, [box]);
  return width;
}

export interface TopMenuFit {
  /** Icons shown at once. */
  count: number;
  /** The width of each. */
  itemWidth: number;
  /** Whether the labels fit under the icons. */
  labels: boolean;
}

/**
 * How many icons to show and how wide: the width's count (section 9), the items narrowed to share
 * the room measured (without their labels below 44 px); fewer only when even bare icons do not fit,
 * never fewer than 2 (at 320 px, two bare icons between the arrows). `room` 0 (nothing laid out, as
 * in jsdom) means the width's count at full width.
 */
export function fitTopMenu(byWidth: number, items: number, fullWidth: number, room: number): TopMenuFit {
  const count = Math.min(byWidth, items);
  if (!room) return { count, itemWidth: fullWidth, labels: true };
  const each = (shown: number) => Math.floor((room - (items > shown ? 2 * ARROW_WIDTH : 0)) / Math.max(1, shown));
  let shown = count;
  while (shown > Math.min(MIN_ICONS, count) && each(shown) < ICON_ITEM_WIDTH) shown--;
  const itemWidth = Math.min(fullWidth, Math.max(ICON_ITEM_WIDTH, each(shown)));
  return { count: shown, itemWidth, labels: itemWidth >= LABELLED_ITEM_WIDTH };
}

// Narrow but as tall as the items, so still easy to tap.
const ARROW_SX = { p: 0, width: ARROW_WIDTH, height: 40, borderRadius: 1, flexShrink: 0 } as const;

export function TopMenu({ entries = TOP_MENU }: { entries?: MenuEntry[] }) {
  const viewer = useViewer();
  const width = useWindowWidth();
  const { pathname } = useLocation();
  const box = useRef<HTMLElement>(null);
  const room = useBoxWidth(box);
  const items = visibleEntries(entries, viewer, width);
  const { count, itemWidth, labels } = fitTopMenu(topMenuIconCount(width), items.length, width <= 900 ? 60 : 72, room);
  const [start, setStart] = useState(0);
  const maxStart = Math.max(0, items.length - count);
  useEffect(() => {
    if (start > maxStart) setStart(maxStart);
  }, [start, maxStart]);
  const arrows = items.length > count;
  const shown = items.slice(Math.min(start, maxStart), Math.min(start, maxStart) + count);

  return (
    <Box
      ref={box}
      component="nav"
      aria-label="Menu principal"
      sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', width: '100%', minWidth: 0, overflow: 'hidden' }}
    >
      {arrows && (
        <IconButton size="small" color="inherit" sx={ARROW_SX} aria-label="Itens anteriores do menu" disabled={start <= 0} onClick={() => setStart((s) => Math.max(0, s - 1))}>
          <ChevronLeftIcon fontSize="small" />
        </IconButton>
      )}
      {shown.map(({ key, label, to, icon: Icon }) => {
        const active = to === '/' ? pathname === '/' : pathname.startsWith(to);
        return (
          <Tooltip key={key} title={label}>
            <Box
              component={Link}
              to={to}
              aria-label={label}
              data-menu-item={key}
              sx={{
                display: 'flex',
                flexDirection: 'column',
                alignItems: 'center',
                width: itemWidth,
                flexShrink: 0,
                py: 0.25,
                color: 'inherit',
                textDecoration: 'none',
                borderRadius: 1,
                opacity: active ? 1 : 0.85,
                borderBottom: '2px solid',
                borderColor: active ? 'common.white' : 'transparent',
                '&:hover': { opacity: 1, bgcolor: 'rgba(255,255,255,0.1)' },
              }}
            >
              <Icon />
              {labels && (
                <Typography component="span" sx={{ fontSize: 10, lineHeight: 1.3, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', maxWidth: itemWidth - 4 }}>
                  {label}
                </Typography>
              )}
            </Box>
          </Tooltip>
        );
      })}
      {arrows && (
        <IconButton size="small" color="inherit" sx={ARROW_SX} aria-label="Próximos itens do menu" disabled={start >= maxStart} onClick={() => setStart((s) => Math.min(maxStart, s + 1))}>
          <ChevronRightIcon fontSize="small" />
        </IconButton>
      )}
    </Box>
  );
}
