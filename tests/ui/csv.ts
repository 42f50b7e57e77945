// The CSV a list's Exportar button makes, as the browser would save it (file name and lines).
import { vi, expect } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';

/** Clicks Exportar (or the button named `button`) and answers the CSV the browser would save. */
export async function exportCsv(button = 'Exportar'): Promise<{ name: string; lines: string[] }> {
  let blob: Blob | undefined;
  let name = '';
  const create = vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
    blob = b as Blob;
    return 'blob:csv';
  });
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    name = this.getAttribute('download') ?? '';
  });
  try {
    fireEvent.click(await screen.findByRole('button', { name: button }));
    await waitFor(() => expect(blob).toBeTruthy(), { timeout: 30_000 });
    const text = await blob!.text();
    return { name, lines: text.replace(/^\uFEFF/, '').split('\r\n') };
  } finally {
    create.mockRestore();
    click.mockRestore();
  }
}
