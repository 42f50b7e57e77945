// Driving react-admin's autocomplete inputs (MUI Autocomplete) and selects in the UI tests.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';

export const combo = (label: RegExp) => screen.getByRole('combobox', { name: label }) as HTMLInputElement;

/**
 * The autocomplete once it can be used: one waiting for what it depends on (a campaign for its
 * provider) is disabled, and is drawn again when it is ready, so it is looked up again until then.
 */
const usable = (label: RegExp) =>
  waitFor(() => {
    const input = combo(label);
    // An input's disabled, or a select's aria-disabled.
    expect(input.disabled === true || input.getAttribute('aria-disabled') === 'true').toBe(false);
    return input;
  });

/** Opens an autocomplete and answers the names of its options (then closes it). */
export async function optionsOf(label: RegExp): Promise<string[]> {
  const input = await usable(label);
  fireEvent.mouseDown(input);
  fireEvent.keyDown(input, { key: 'ArrowDown' });
  const list = await screen.findByRole('listbox');
  await waitFor(() => expect(list.querySelectorAll('[role=option]').length).toBeGreaterThan(0));
  const names = [...list.querySelectorAll('[role=option]')].map((o) => o.textContent ?? '');
  fireEvent.keyDown(input, { key: 'Escape' });
  return names;
}

/** Opens an autocomplete and clicks the option of that name. */
export async function pickOption(label: RegExp, option: string) {
  const input = await usable(label);
  fireEvent.mouseDown(input);
  fireEvent.keyDown(input, { key: 'ArrowDown' });
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

/** The names of a select's choices (MUI Select: a listbox while open), then closes it. */
export async function choicesOf(label: RegExp): Promise<string[]> {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  const list = await screen.findByRole('listbox');
  const names = within(list).getAllByRole('option').map((o) => o.textContent ?? '');
  fireEvent.keyDown(list, { key: 'Escape' });
  await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
  return names;
}
