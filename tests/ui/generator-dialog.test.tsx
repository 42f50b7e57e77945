import './setup.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { IntranetDialog } from '../../src/admin/generator/Dialog.js';
import { addRelativeNames, canConfirm, countdownLabel, textCounterMessage, type DialogOutput } from '../../src/domain/dialog.js';
import { renderAdmin, startServer, type UiServer } from './server.js';

describe('dialog rules (pure)', () => {
  it('counts characters and blocks confirm above 450', () => {
    expect(textCounterMessage(12)).toBe('Permitido no máximo 450 caracteres de 12');
    expect(canConfirm({ text: 'a'.repeat(450) })).toBe(true);
    expect(canConfirm({ text: 'a'.repeat(451) })).toBe(false);
    expect(canConfirm({ text: '  ', textRequired: true })).toBe(false);
    expect(canConfirm({ secondsLeft: 2 })).toBe(false);
    expect(countdownLabel('Confirmar', 3)).toBe('Confirmar (3)');
    expect(countdownLabel('Confirmar', 0)).toBe('Confirmar');
  });

  it('adds relatives: commas split, trimmed, empty dropped, duplicates removed', () => {
    expect(addRelativeNames(['Ana Souza'], ' João  Silva , ,ana souza,Maria,  João Silva ')).toEqual(['Ana Souza', 'João Silva', 'Maria']);
    expect(addRelativeNames([], ' , ')).toEqual([]);
  });
});

describe('dialog component', () => {
  it('shows the counter, turns red above 450 and disables Confirmar', () => {
    const onConfirm = vi.fn();
    render(<IntranetDialog open title="Justificativa" text="<p>Explique <b>por quê</b><script>alert(1)</script></p>" textArea onConfirm={onConfirm} onClose={() => {}} />);
    const dialog = screen.getByRole('dialog');
    // Sanitised text: the formatting stays, the script goes.
    expect(dialog.querySelector('b')?.textContent).toBe('por quê');
    expect(dialog.querySelector('script')).toBeNull();
    expect(within(dialog).getByText('Permitido no máximo 450 caracteres de 0')).toBeTruthy();
    const area = within(dialog).getByLabelText('Descrição');
    fireEvent.change(area, { target: { value: 'x'.repeat(451) } });
    const counter = within(dialog).getByText('Permitido no máximo 450 caracteres de 451');
    expect(counter.className).toMatch(/Mui-error/);
    const confirm = within(dialog).getByRole('button', { name: 'Confirmar' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.change(area, { target: { value: 'Motivo válido' } });
    expect(within(dialog).getByText('Permitido no máximo 450 caracteres de 13').className).not.toMatch(/Mui-error/);
    expect(confirm.disabled).toBe(false);
    fireEvent.click(confirm);
    expect(onConfirm).toHaveBeenCalledWith('Motivo válido');
  });

  it('a required field accepts OK only when filled', () => {
    render(<IntranetDialog open title="Nome" input={{ label: 'Nome', required: true }} primaryButtonLabel="OK" onConfirm={() => {}} onClose={() => {}} />);
    const ok = screen.getByRole('button', { name: 'OK' }) as HTMLButtonElement;
    expect(ok.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText(/Nome/, { selector: 'input' }), { target: { value: 'Ana' } });
    expect(ok.disabled).toBe(false);
  });

  it('counts down on the primary button, one second per tick', () => {
    vi.useFakeTimers();
    try {
      render(<IntranetDialog open title="Atenção" text="Leia antes" countdown={3} onConfirm={() => {}} onClose={() => {}} />);
      const button = () => screen.getByRole('button', { name: /^Confirmar/ }) as HTMLButtonElement;
      expect(button().textContent).toBe('Confirmar (3)');
      expect(button().disabled).toBe(true);
      act(() => vi.advanceTimersByTime(1000));
      expect(button().textContent).toBe('Confirmar (2)');
      act(() => vi.advanceTimersByTime(2000));
      expect(button().textContent).toBe('Confirmar');
      expect(button().disabled).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it("'Tem familiar?' enables the names input; Enter adds, commas split, duplicates go", () => {
    const onConfirm = vi.fn();
    render(<IntranetDialog open title="Desligamento" textArea familiar showToggle onConfirm={onConfirm} onClose={() => {}} />);
    const names = screen.getByLabelText('Nome completo da pessoa') as HTMLInputElement;
    expect(names.disabled).toBe(true);
    fireEvent.click(screen.getByLabelText('Tem familiar?'));
    expect(names.disabled).toBe(false);
    fireEvent.change(names, { target: { value: ' Ana Souza, João Silva ,, ana souza ' } });
    fireEvent.keyDown(names, { key: 'Enter' });
    expect(names.value).toBe('');
    fireEvent.change(names, { target: { value: 'João Silva' } });
    fireEvent.keyDown(names, { key: 'Enter' });
    const chips = within(screen.getByRole('list', { name: 'Familiares' })).getAllByRole('listitem').map((c) => c.textContent);
    expect(chips).toEqual(['Ana Souza', 'João Silva']);
    fireEvent.change(screen.getByLabelText('Descrição'), { target: { value: 'Motivo' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
    const output = onConfirm.mock.calls[0][0] as DialogOutput;
    expect(output).toEqual({ textArea: 'Motivo', familiar: ['Ana Souza', 'João Silva'], toggle: true });
  });

  it('modal and img types close with Fechar', () => {
    const onClose = vi.fn();
    const { unmount } = render(
      <IntranetDialog open type="modal" title="Regulamento" text="<p>Texto longo</p>" onClose={onClose}>
        <p>Mais conteúdo</p>
      </IntranetDialog>,
    );
    expect(screen.getByText('Texto longo')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Confirmar' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Fechar' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    unmount();
    render(<IntranetDialog open type="img" image="data:image/png;base64,iVBORw0KGgo=" imageAlt="Banner" onClose={onClose} />);
    expect((screen.getByRole('img', { name: 'Banner' }) as HTMLImageElement).src).toMatch(/^data:image\/png/);
    fireEvent.click(screen.getByRole('button', { name: 'Fechar' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});

describe('delete dialog on a generated list', () => {
  let ui: UiServer;
  beforeAll(async () => {
    ui = await startServer();
    const provider = await ui.api('POST', '/api/providers', { nome: 'Provedor Dialogo' });
    await ui.api('POST', '/api/departments', { nome: 'Depto Apagar', id_empresa: provider.json.id });
  });
  afterAll(async () => ui?.close());

  it('warns that deleting is irreversible and deletes on Excluir', async () => {
    renderAdmin(ui.baseUrl, '/departments/list');
    await screen.findByText('Depto Apagar');
    const row = screen.getByText('Depto Apagar').closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Excluir' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Essa ação é IRREVERSÍVEL e não permite a recuperação de dados.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    await waitFor(() => expect(screen.queryByText('Depto Apagar')).toBeNull());
    const left = await ui.api('GET', `/api/departments?filter=${encodeURIComponent(JSON.stringify({ nome: 'Depto Apagar' }))}`);
    expect(left.json).toEqual([]);
  });
});
