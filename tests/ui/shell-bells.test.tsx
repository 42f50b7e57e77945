// The bells' list (foundation spec, section 4), on a fake clock: unread items highlighted for
// 3 seconds from when the list is shown (not from when they arrived), the highlight's end, an item
// arriving while the list is open, 'Notificação não reconhecida', the badge past the listed items,
// and age labels of ISO and epoch-millisecond timestamps.
import './setup.js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import NotificationsIcon from '@mui/icons-material/NotificationsOutlined';
import { Bell, toBellItem, UNKNOWN_NOTIFICATION, type BellItem } from '../../src/admin/shell/Bells.js';
import { ageLabel, timeOf } from '../../src/domain/age.js';
import { UNREAD_HIGHLIGHT_MS } from '../../src/domain/shell.js';

const T0 = Date.parse('2026-03-10T12:00:00Z');

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  vi.setSystemTime(T0);
});

afterEach(() => {
  vi.useRealTimers();
});

const item = (id: number, text: string, minutesAgo = 0): BellItem => ({ id, text, date: new Date(T0 - minutesAgo * 60_000).toISOString(), unread: true });

const advance = (ms: number) => act(() => void vi.advanceTimersByTime(ms));

function renderBell(items: BellItem[], count?: number) {
  const view = render(<Bell label="Notificações" icon={NotificationsIcon} items={items} count={count} empty="Nenhuma notificação" />);
  return {
    ...view,
    rerenderWith: (next: BellItem[]) => view.rerender(<Bell label="Notificações" icon={NotificationsIcon} items={next} count={count} empty="Nenhuma notificação" />),
  };
}

const button = () => screen.getByRole('button', { name: /^Notificações \(\d+\)$/, hidden: true });
const region = () => screen.getByRole('region', { name: 'Notificações' });
const highlighted = () =>
  [...region().querySelectorAll('li')].filter((li) => li.getAttribute('data-highlighted') === 'true').map((li) => li.textContent);
const open = () => fireEvent.click(button());
const close = () => {
  fireEvent.keyDown(region(), { key: 'Escape' });
  advance(1000);
};

describe('highlight of unread notifications', () => {
  it('starts when the list is shown, lasts 3 seconds, and starts again at the next opening', () => {
    renderBell([item(1, 'Reunião geral', 5), item(2, 'Novo benefício', 1)]);
    // The items arrived long before the user opens the list.
    advance(10 * 60_000);
    open();
    expect(highlighted()).toHaveLength(2);
    advance(UNREAD_HIGHLIGHT_MS - 1);
    expect(highlighted()).toHaveLength(2);
    advance(1);
    expect(highlighted()).toEqual([]);
    // Open for a long time: still over.
    advance(60_000);
    expect(highlighted()).toEqual([]);

    close();
    open();
    expect(highlighted()).toHaveLength(2);
    advance(UNREAD_HIGHLIGHT_MS);
    expect(highlighted()).toEqual([]);
  });

  it('highlights an item arriving while the list is open for 3 seconds from its arrival', () => {
    const first = item(1, 'Primeira', 2);
    const view = renderBell([first]);
    open();
    advance(2000);
    view.rerenderWith([item(2, 'Chegou agora'), first]);
    expect(highlighted()).toHaveLength(2);
    // The first one's 3 seconds end; the new one stays highlighted until its own end.
    advance(1000);
    expect(highlighted()).toHaveLength(1);
    expect(highlighted()[0]).toContain('Chegou agora');
    advance(UNREAD_HIGHLIGHT_MS - 1000 - 1);
    expect(highlighted()).toHaveLength(1);
    advance(1);
    expect(highlighted()).toEqual([]);
  });

  it('does not highlight read items', () => {
    renderBell([{ ...item(1, 'Lida'), unread: false }]);
    open();
    expect(highlighted()).toEqual([]);
  });
});

describe('bell contents', () => {
  it("shows 'Notificação não reconhecida' for content that is not { modulo, msg }", () => {
    const unknown = toBellItem({ id: 7, id_mensagem: 7, lido: false, created_at: new Date(T0).toISOString(), remetente_nome: 'Sistema', data: { tipo: 'x' } });
    expect(unknown.text).toBe(UNKNOWN_NOTIFICATION);
    expect(toBellItem({ id: 8, id_mensagem: 8, lido: false, created_at: '', remetente_nome: null, data: 'texto solto' }).text).toBe(UNKNOWN_NOTIFICATION);
    expect(toBellItem({ id: 9, id_mensagem: 9, lido: false, created_at: '', remetente_nome: null, data: { modulo: 'rh', msg: '  ' } }).text).toBe(UNKNOWN_NOTIFICATION);
    renderBell([unknown]);
    open();
    expect(within(region()).getByText(UNKNOWN_NOTIFICATION)).toBeTruthy();
    expect(within(region()).getByText('Sistema')).toBeTruthy();
  });

  it("counts the server's unread total in the badge, past the items listed", () => {
    const items = Array.from({ length: 50 }, (_, i) => item(i + 1, `Aviso ${i + 1}`));
    renderBell(items, 120);
    expect(button().getAttribute('aria-label')).toBe('Notificações (120)');
    // MUI's badge caps the digits shown.
    expect(within(button()).getByText('99+')).toBeTruthy();
  });

  it('labels ages of ISO and epoch-millisecond timestamps alike', () => {
    const fiveMinutesAgo = T0 - 5 * 60_000;
    renderBell([
      { id: 1, text: 'ISO', date: new Date(fiveMinutesAgo).toISOString(), unread: true },
      { id: 2, text: 'Epoch', date: String(T0 - 3 * 3_600_000), unread: true },
      { id: 3, text: 'PostgreSQL', date: '2026-03-08 09:00:00-03', unread: true },
    ]);
    open();
    const labels = [...region().querySelectorAll('li')].map((li) => li.lastElementChild?.textContent);
    expect(labels).toEqual(['5m', '3h', '2d']);
    expect(ageLabel(String(fiveMinutesAgo), T0)).toBe('5m');
    expect(ageLabel(fiveMinutesAgo, T0)).toBe('5m');
    expect(ageLabel('2026-03-10T11:59:30.000Z', T0)).toBe('Agora');
    expect(ageLabel('não é data', T0)).toBe('Agora');
    expect(timeOf('1773144000000')).toBe(T0);
    expect(timeOf('2026-03-10 12:00:00+00')).toBe(T0);
  });
});
