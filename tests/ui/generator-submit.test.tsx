import './setup.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, renderHook, screen, waitFor } from '@testing-library/react';
import { MSG } from '../../src/domain/messages.js';
import { SUBMIT_HOLD_MS, useSubmitLock } from '../../src/admin/generator/SubmitButton.js';
import { renderAdmin, startServer, type UiServer } from './server.js';

describe('Save stays disabled about 1 s after its action settles', () => {
  it('locks while busy and for SUBMIT_HOLD_MS after a save ran', () => {
    vi.useFakeTimers();
    try {
      const { result, rerender } = renderHook(({ submitting, saving }) => useSubmitLock(submitting, saving), {
        initialProps: { submitting: false, saving: false },
      });
      expect(result.current).toBe(false);
      rerender({ submitting: true, saving: false });
      expect(result.current).toBe(true);
      rerender({ submitting: true, saving: true });
      expect(result.current).toBe(true);
      rerender({ submitting: false, saving: false });
      expect(result.current).toBe(true);
      act(() => vi.advanceTimersByTime(SUBMIT_HOLD_MS - 1));
      expect(result.current).toBe(true);
      act(() => vi.advanceTimersByTime(1));
      expect(result.current).toBe(false);
      // A submission the form's validation refused ran nothing: free at once.
      rerender({ submitting: true, saving: false });
      expect(result.current).toBe(true);
      rerender({ submitting: false, saving: false });
      expect(result.current).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the generated form against the server', () => {
  let ui: UiServer;
  let providerId: number;
  beforeAll(async () => {
    ui = await startServer();
    providerId = (await ui.api('POST', '/api/providers', { nome: 'Bitcom' })).json.id;
  });
  afterAll(async () => ui?.close());

  const save = () => screen.getByRole('button', { name: 'Salvar' }) as HTMLButtonElement;

  it('a double click on Save creates one record', async () => {
    renderAdmin(ui.baseUrl, '/microrregions/register');
    fireEvent.change(await screen.findByLabelText(/^Nome/), { target: { value: 'Zona da Mata' } });
    const provider = screen.getByRole('combobox', { name: /^Provedor/ });
    fireEvent.mouseDown(provider);
    fireEvent.keyDown(provider, { key: 'ArrowDown' });
    fireEvent.click(await screen.findByRole('option', { name: 'Bitcom' }));
    fireEvent.click(save());
    fireEvent.click(save());
    fireEvent.click(save());
    expect(await screen.findByText('Microrregião cadastrada com sucesso!')).toBeTruthy();
    const rows = await ui.api('GET', `/api/microregions?filter=${encodeURIComponent(JSON.stringify({ nome: 'Zona da Mata', id_empresa: providerId }))}`);
    expect(rows.json).toHaveLength(1);
  });

  it('is disabled while saving and after a refusal, then enabled again', async () => {
    renderAdmin(ui.baseUrl, '/providers/register');
    fireEvent.change(await screen.findByLabelText(/^Nome/), { target: { value: 'bitcom' } });
    expect(save().disabled).toBe(false);
    fireEvent.click(save());
    await waitFor(() => expect(save().disabled).toBe(true));
    // The server refuses the duplicate: the message shows, then Save can be used again.
    expect((await screen.findAllByText(MSG.duplicate)).length).toBeGreaterThanOrEqual(1);
    await waitFor(() => expect(save().disabled).toBe(false));
  });
});
