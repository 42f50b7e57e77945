// The header's top menu (foundation spec, sections 2 and 9): the areas the user may see, 2 to 10
// icons by window width, with arrows to page through the rest when fewer than 10 fit (and, so that
// no area is out of reach, also when a user has more than 10). Up to 500 px, where the header has no
// room for their buttons, calendar and contacts are items here. Fewer icons are shown when the
// header leaves the menu less room than the width's count needs (a manager's buttons at 1024 px).
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Box, IconButton, Tooltip, Typography } from '@mui/material';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { topMenuIconCount } from '../../domain/shell.js';
import { TOP_MENU, visibleEntries, type MenuEntry } from './menuItems.js';
import { useViewer, useWindowWidth } from './useViewer.js';

/** The width of an arrow button (small IconButton), with a margin. */
const ARROW_WIDTH = 36;

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

/**
 * How many icons to show: the width's count (section 9), fewer when the room measured cannot hold
 * them (with the arrows then needed), never fewer than one.
 */
export function fittingIconCount(byWidth: number, items: number, itemWidth: number, room: number): number {
  const count = Math.min(byWidth, items);
  if (!room) return count;
  const needed = count * itemWidth + (items > count ? 2 * ARROW_WIDTH : 0);
  if (needed <= room) return count;
  return Math.max(1, Math.min(count, Math.floor((room - 2 * ARROW_WIDTH) / itemWidth)));
}

export function TopMenu({ entries = TOP_MENU }: { entries?: MenuEntry[] }) {
  const viewer = useViewer();
  const width = useWindowWidth();
  const { pathname } = useLocation();
  const box = useRef<HTMLElement>(null);
  const room = useBoxWidth(box);
  const items = visibleEntries(entries, viewer, width);
  const itemWidth = width <= 900 ? 60 : 72;
  const count = fittingIconCount(topMenuIconCount(width), items.length, itemWidth, room);
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
        <IconButton size="small" color="inherit" aria-label="Itens anteriores do menu" disabled={start <= 0} onClick={() => setStart((s) => Math.max(0, s - 1))}>
          <ChevronLeftIcon />
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
              <Typography component="span" sx={{ fontSize: 10, lineHeight: 1.3, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', maxWidth: itemWidth - 4 }}>
                {label}
              </Typography>
            </Box>
          </Tooltip>
        );
      })}
      {arrows && (
        <IconButton size="small" color="inherit" aria-label="Próximos itens do menu" disabled={start >= maxStart} onClick={() => setStart((s) => Math.min(maxStart, s + 1))}>
          <ChevronRightIcon />
        </IconButton>
      )}
    </Box>
  );
}
