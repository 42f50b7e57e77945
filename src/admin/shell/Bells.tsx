// The header's notification and incident bells (foundation spec, section 4): a badge with the
// count, the list with age labels (Agora, Nm, Nh, Nd), unread items highlighted for 3 seconds, items
// appearing 50 ms apart, 'Marcar como lido' and 'Marcar tudo como lido'.
import { useEffect, useRef, useState, type ComponentType, type MouseEvent } from 'react';
import { Badge, Box, Button, Divider, IconButton, List, ListItem, Popover, Tooltip, Typography } from '@mui/material';
import { keyframes } from '@mui/material/styles';
import NotificationsIcon from '@mui/icons-material/NotificationsOutlined';
import CampaignIcon from '@mui/icons-material/CampaignOutlined';
import { useNotify } from 'react-admin';
import { ageLabel } from '../../domain/age.js';
import { incidentText, isIncident, NOTIFICATION_STAGGER_MS, notificationText, UNREAD_HIGHLIGHT_MS } from '../../domain/shell.js';
import { useApiBase } from '../auth/context.js';
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
}

/** Ids first seen less than UNREAD_HIGHLIGHT_MS ago (re-renders when a highlight ends). */
function useRecentlySeen(items: BellItem[]): Set<number> {
  const seen = useRef(new Map<number, number>());
  const [, tick] = useState(0);
  const now = Date.now();
  for (const i of items) if (i.unread && !seen.current.has(i.id)) seen.current.set(i.id, now);
  const recent = new Set(items.filter((i) => i.unread && now - (seen.current.get(i.id) ?? 0) < UNREAD_HIGHLIGHT_MS).map((i) => i.id));
  useEffect(() => {
    if (!recent.size) return;
    const timer = setTimeout(() => tick((n) => n + 1), UNREAD_HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  });
  return recent;
}

interface BellProps {
  label: string;
  icon: ComponentType;
  items: BellItem[];
  empty: string;
  onMarkOne?: (id: number) => void;
  onMarkAll?: () => void;
}

export function Bell({ label, icon: Icon, items, empty, onMarkOne, onMarkAll }: BellProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const highlighted = useRecentlySeen(items);
  const open = Boolean(anchor);
  const count = items.filter((i) => i.unread).length;
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
                      {item.text}
                    </Typography>
                    {onMarkOne && item.unread && (
                      <Button size="small" sx={{ px: 0, minWidth: 0 }} onClick={() => onMarkOne(item.id)}>
                        {MARK_ONE}
                      </Button>
                    )}
                  </Box>
                  <Typography variant="caption" sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }} title={new Date(item.date).toLocaleString('pt-BR')}>
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

const toBellItem = (n: NotificationItem): BellItem => {
  const text = notificationText(n.data);
  return {
    id: n.id,
    text: text === null ? UNKNOWN_NOTIFICATION : isIncident(n.data) ? incidentText(text) : text,
    date: n.created_at,
    from: n.remetente_nome,
    unread: !n.lido,
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
  const { items, dismiss, restore } = useUnreadNotifications(apiBase);

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
  const bell = (list: NotificationItem[]) => ({
    items: list.map(toBellItem),
    onMarkOne: (id: number) => void mark(list.filter((n) => n.id === id)),
    onMarkAll: () => void mark(list),
  });
  const incidentItems = incidents ? items.filter((n) => isIncident(n.data)) : [];
  const others = incidents ? items.filter((n) => !isIncident(n.data)) : items;

  return (
    <>
      {incidents && <Bell label="Incidentes" icon={CampaignIcon} empty={NO_INCIDENTS} {...bell(incidentItems)} />}
      <Bell label="Notificações" icon={NotificationsIcon} empty={NO_NOTIFICATIONS} {...bell(others)} />
    </>
  );
}
