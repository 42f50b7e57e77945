// The header's notification and incident bells (foundation spec, section 4): a badge with the
// count, the list with age labels (Agora, Nm, Nh, Nd), unread items highlighted for 3 seconds once
// the list is shown, items appearing 50 ms apart, 'Marcar como lido' and 'Marcar tudo como lido'.
// The lists hold the unread notifications only: marking all read "clears the list" (spec), and a
// read notification leaves it.
import { useEffect, useRef, useState, type ComponentType, type MouseEvent } from 'react';
import { Badge, Box, Button, Divider, IconButton, Link, List, ListItem, Popover, Tooltip, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { keyframes } from '@mui/material/styles';
import NotificationsIcon from '@mui/icons-material/NotificationsOutlined';
import CampaignIcon from '@mui/icons-material/CampaignOutlined';
import { useNotify } from 'react-admin';
import { ageLabel, timeOf } from '../../domain/age.js';
import { incidentText, isIncident, NOTIFICATION_STAGGER_MS, notificationLink, notificationText, UNREAD_HIGHLIGHT_MS } from '../../domain/shell.js';
import { useApiBase } from '../core/auth/context.js';
import { MARK_READ_ERROR, markRead, useUnreadNotifications, type NotificationItem } from './notifications.js';

export const NO_NOTIFICATIONS = 'Nenhuma notificação';
export const NO_INCIDENTS = 'Nenhum Incidente';
export const UNKNOWN_NOTIFICATION = 'Notificação não reconhecida';
export const MARK_ONE = 'Marcar como lido';
export const MARK_ALL = 'Marcar tudo como lido';

const appear = keyframes`from { opacity: 0; transform: translateY(-4px); } to { opacity: 1; transform: none; }`;

export interface BellItem {
  id: number;
  text: string;
  date: string;
  from?: string | null;
  unread: boolean;
  /** The screen the notification leads to (its content's link): clicking the text opens it and marks it read. */
  to?: string | null;
}

/**
 * Ids of the unread items highlighted now: each for UNREAD_HIGHLIGHT_MS from when the open list
 * first shows it (at opening, or on arrival while open); closing the list starts over.
 */
export function useHighlighted(open: boolean, items: BellItem[]): Set<number> {
  const shownAt = useRef(new Map<number, number>());
  const [, tick] = useState(0);
  const now = Date.now();
  if (!open) shownAt.current.clear();
  else for (const i of items) if (i.unread && !shownAt.current.has(i.id)) shownAt.current.set(i.id, now);
  const ends = items.filter((i) => open && i.unread).map((i) => ({ id: i.id, end: (shownAt.current.get(i.id) ?? now) + UNREAD_HIGHLIGHT_MS }));
  const current = ends.filter((e) => e.end > now);
  const next = current.length ? Math.min(...current.map((e) => e.end)) : null;
  useEffect(() => {
    if (next === null) return;
    const timer = setTimeout(() => tick((n) => n + 1), next - Date.now());
    return () => clearTimeout(timer);
  }, [next]);
  return new Set(current.map((e) => e.id));
}

interface BellProps {
  label: string;
  icon: ComponentType;
  items: BellItem[];
  /** The badge (default: the unread items listed); the server's count when more are unread than listed. */
  count?: number;
  empty: string;
  onMarkOne?: (id: number) => void;
  onMarkAll?: () => void;
}

export function Bell({ label, icon: Icon, items, count: total, empty, onMarkOne, onMarkAll }: BellProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const open = Boolean(anchor);
  const highlighted = useHighlighted(open, items);
  const count = total ?? items.filter((i) => i.unread).length;
  return (
    <>
      <Tooltip title={label}>
        <IconButton color="inherit" aria-label={`${label} (${count})`} onClick={(e: MouseEvent<HTMLElement>) => setAnchor(e.currentTarget)}>
          <Badge badgeContent={count} color="error" max={99}>
            <Icon />
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        open={open}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { width: 360, maxWidth: 'calc(100vw - 16px)', maxHeight: 480 } } }}
      >
        <Box role="region" aria-label={label}>
          <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1 }}>
            <Typography sx={{ fontWeight: 600, flex: 1 }}>{label}</Typography>
            {onMarkAll && items.length > 0 && (
              <Button size="small" onClick={onMarkAll}>
                {MARK_ALL}
              </Button>
            )}
          </Box>
          <Divider />
          {items.length === 0 ? (
            <Typography sx={{ p: 3, textAlign: 'center', color: 'text.secondary' }}>{empty}</Typography>
          ) : (
            <List dense disablePadding>
              {items.map((item, index) => (
                <ListItem
                  key={item.id}
                  divider
                  data-highlighted={highlighted.has(item.id) ? 'true' : 'false'}
                  sx={{
                    alignItems: 'flex-start',
                    gap: 1,
                    bgcolor: highlighted.has(item.id) ? 'rgba(26, 86, 166, 0.12)' : 'transparent',
                    transition: 'background-color 600ms',
                    animation: `${appear} 200ms ease-out both`,
                    animationDelay: `${index * NOTIFICATION_STAGGER_MS}ms`,
                  }}
                >
                  <Box sx={{ flex: 1, minWidth: 0 }}>
                    {item.from && (
                      <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block' }}>
                        {item.from}
                      </Typography>
                    )}
                    <Typography variant="body2" sx={{ fontWeight: item.unread ? 600 : 400, wordBreak: 'break-word' }}>
                      {item.to ? (
                        <Link
                          component={RouterLink}
                          to={item.to}
                          color="inherit"
                          onClick={() => {
                            setAnchor(null);
                            if (item.unread) onMarkOne?.(item.id);
                          }}
                        >
                          {item.text}
                        </Link>
                      ) : (
                        item.text
                      )}
                    </Typography>
                    {onMarkOne && item.unread && (
                      <Button size="small" sx={{ px: 0, minWidth: 0 }} onClick={() => onMarkOne(item.id)}>
                        {MARK_ONE}
                      </Button>
                    )}
                  </Box>
                  <Typography variant="caption" sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }} title={Number.isFinite(timeOf(item.date)) ? new Date(timeOf(item.date)).toLocaleString('pt-BR') : undefined}>
                    {ageLabel(item.date)}
                  </Typography>
                </ListItem>
              ))}
            </List>
          )}
        </Box>
      </Popover>
    </>
  );
}

/** A notification as a bell lists it ('Notificação não reconhecida' when its content is not { modulo, msg }). */
export const toBellItem = (n: NotificationItem): BellItem => {
  const text = notificationText(n.data);
  return {
    id: n.id,
    text: text === null ? UNKNOWN_NOTIFICATION : isIncident(n.data) ? incidentText(text) : text,
    date: n.created_at,
    from: n.remetente_nome,
    unread: !n.lido,
    to: notificationLink(n.data),
  };
};

/**
 * The header's bells over one live list of the signed-in user's unread notifications: those of the
 * incident module ({ modulo: 'incidentes' }) go to the incident bell when it is shown (employees),
 * every other one to the notification bell. Marking read works the same in both.
 */
export function HeaderBells({ incidents }: { incidents: boolean }) {
  const apiBase = useApiBase();
  const notify = useNotify();
  const { items, count, dismiss, restore } = useUnreadNotifications(apiBase);

  const mark = async (list: NotificationItem[]) => {
    if (!list.length) return;
    dismiss(list.map((n) => n.id));
    try {
      await markRead(apiBase, list);
    } catch {
      restore(list);
      notify(MARK_READ_ERROR, { type: 'error', autoHideDuration: 5000, messageArgs: { _: MARK_READ_ERROR } });
    }
  };
  const bell = (list: NotificationItem[], badge = list.length) => ({
    items: list.map(toBellItem),
    count: badge,
    onMarkOne: (id: number) => void mark(list.filter((n) => n.id === id)),
    onMarkAll: () => void mark(list),
  });
  const incidentItems = incidents ? items.filter((n) => isIncident(n.data)) : [];
  const others = incidents ? items.filter((n) => !isIncident(n.data)) : items;

  return (
    <>
      {incidents && <Bell label="Incidentes" icon={CampaignIcon} empty={NO_INCIDENTS} {...bell(incidentItems)} />}
      {/* Only the newest are listed: the rest of the server's count is the notification bell's. */}
      <Bell label="Notificações" icon={NotificationsIcon} empty={NO_NOTIFICATIONS} {...bell(others, Math.max(others.length, count - incidentItems.length))} />
    </>
  );
}
