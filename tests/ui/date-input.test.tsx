// The forms' date input (foundation spec, section 9: "Dates DD/MM/YYYY; with time DD/MM/YYYY -
// HH:MM"), as the generator draws a `date` and a `date-time` field: typed DD/MM/YYYY whatever the
// browser's language, saved as the ISO value, 'Data inválida' for a day that does not exist, a stored
// value shown DD/MM/YYYY, and the calendar button opening the browser's picker.
import './setup.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, ResourceContextProvider, SimpleForm, testDataProvider } from 'react-admin';
import { i18nProvider } from '../../src/admin/core/i18n/index.js';
import { CALENDAR_BUTTON_LABEL } from '../../src/admin/generator/DateInput.js';
import { SchemaInput } from '../../src/admin/generator/inputs.js';
import { toConfig, type EntitySchema } from '../../src/admin/core/schemas.js';
import { MSG } from '../../src/domain/messages.js';

// A record with a required day, an optional one and a date-time, as schemas declare them.
const config = toConfig(
  {
    title: 'Evento',
    properties: {
      id: { type: 'integer', title: 'ID', readOnly: true },
      dia: { type: 'string', format: 'date', title: 'Dia' },
      prazo: { type: ['string', 'null'], format: 'date', title: 'Prazo' },
      momento: { type: ['string', 'null'], format: 'date-time', title: 'Momento' },
    },
    required: ['dia'],
    'x-intranet': {
      resource: 'date-input-events',
      table: 'marketing.evento_data',
      module: 'marketing',
      labels: { singular: 'Evento', plural: 'Eventos' },
      search: [],
      list: { columns: ['dia'], sort: { field: 'dia', order: 'DESC' } },
      history: false,
      provider: null,
      access: { list: 'read', get: 'read', create: 'edit', update: 'edit', delete: 'manage' },
    },
  } as unknown as EntitySchema,
  'marketing',
);

function renderForm(record?: Record<string, unknown>) {
  const onSubmit = vi.fn();
  render(
    <AdminContext i18nProvider={i18nProvider} dataProvider={testDataProvider()}>
      <ResourceContextProvider value={config.resource}>
        <SimpleForm onSubmit={onSubmit} record={record}>
          <SchemaInput config={config} field="dia" />
          <SchemaInput config={config} field="prazo" />
          <SchemaInput config={config} field="momento" />
        </SimpleForm>
      </ResourceContextProvider>
    </AdminContext>,
  );
  return onSubmit;
}

const box = (label: RegExp) => screen.getByRole('textbox', { name: label }) as HTMLInputElement;
const saveButton = () => screen.getByRole('button', { name: /Salvar/ }) as HTMLButtonElement;
/** Clicks Salvar and waits for the form's submit to end (the button is disabled meanwhile), whether it saved or not. */
async function save() {
  fireEvent.click(saveButton());
  expect(saveButton().disabled).toBe(true);
  await waitFor(() => expect(saveButton().disabled).toBe(false));
}
/** The MUI form control of a field: its box, its calendar button and its message. */
const control = (label: RegExp) => box(label).closest('.MuiFormControl-root') as HTMLElement;

afterEach(() => vi.restoreAllMocks());

describe('date input of the generated forms', () => {
  it('is a masked DD/MM/YYYY text box, whatever the browser, and saves the ISO day (null when empty)', async () => {
    const onSubmit = renderForm();
    const dia = box(/^Dia/);
    // Not the browser's own date input (mm/dd/yyyy in an en-US browser).
    expect(dia.type).toBe('text');
    expect(dia.placeholder).toBe('DD/MM/AAAA');
    expect(dia.inputMode).toBe('numeric');
    expect(box(/^Momento/).placeholder).toBe('DD/MM/AAAA - HH:MM');
    fireEvent.change(dia, { target: { value: '15032024' } });
    expect(dia.value).toBe('15/03/2024');
    // An optional day typed and erased again is null.
    fireEvent.change(box(/^Prazo/), { target: { value: '01/04/2024' } });
    fireEvent.change(box(/^Prazo/), { target: { value: '' } });
    await save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0]).toMatchObject({ dia: '2024-03-15', prazo: null });
  });

  it("a day that does not exist says 'Data inválida' and is not saved; a half-typed one too, once left", async () => {
    const onSubmit = renderForm();
    // Half typed: no message while typing, the message once the box is left.
    const prazo = box(/^Prazo/);
    fireEvent.change(prazo, { target: { value: '15/03' } });
    expect(within(control(/^Prazo/)).queryByText(MSG.date)).toBeNull();
    fireEvent.blur(prazo);
    expect(within(control(/^Prazo/)).getByText(MSG.date)).toBeTruthy();
    // Complete but impossible: the message at once.
    const dia = box(/^Dia/);
    fireEvent.change(dia, { target: { value: '31/02/2024' } });
    expect(within(control(/^Dia/)).getByText(MSG.date)).toBeTruthy();
    await save();
    expect(onSubmit).not.toHaveBeenCalled();

    fireEvent.change(dia, { target: { value: '29/02/2024' } });
    fireEvent.change(prazo, { target: { value: '15/03/2024' } });
    await waitFor(() => expect(screen.queryByText(MSG.date)).toBeNull());
    await save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    // Only this save reached the form's submit: the first one, with the impossible day, did not.
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0][0]).toMatchObject({ dia: '2024-02-29', prazo: '2024-03-15' });
  });

  it("a date and time is typed DD/MM/YYYY - HH:MM and saved as the instant of that local time ('Data e hora inválidas' when wrong)", async () => {
    const onSubmit = renderForm();
    fireEvent.change(box(/^Dia/), { target: { value: '15/03/2024' } });
    const momento = box(/^Momento/);
    fireEvent.change(momento, { target: { value: '150320242500' } });
    expect(momento.value).toBe('15/03/2024 - 25:00');
    expect(within(control(/^Momento/)).getByText(MSG.dateTime)).toBeTruthy();
    await save();
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.change(momento, { target: { value: '15/03/2024 - 14:30' } });
    await waitFor(() => expect(screen.queryByText(MSG.dateTime)).toBeNull());
    await save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    // Only the second save reached the form's submit.
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0][0]).toMatchObject({ dia: '2024-03-15', momento: new Date(2024, 2, 15, 14, 30).toISOString() });
  });

  it('a stored value shows DD/MM/YYYY (and DD/MM/YYYY - HH:MM) and is saved unchanged', async () => {
    const momento = new Date(2024, 2, 15, 14, 30).toISOString();
    const onSubmit = renderForm({ id: 1, dia: '2024-03-15', prazo: null, momento });
    await waitFor(() => expect(box(/^Dia/).value).toBe('15/03/2024'));
    expect(box(/^Prazo/).value).toBe('');
    expect(box(/^Momento/).value).toBe('15/03/2024 - 14:30');
    fireEvent.change(box(/^Prazo/), { target: { value: '20/03/2024' } });
    await save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0]).toMatchObject({ dia: '2024-03-15', prazo: '2024-03-20', momento });
  });

  it("the calendar button, reached by keyboard, opens the browser's picker, whose choice fills the text", async () => {
    const showPicker = vi.fn();
    (HTMLInputElement.prototype as { showPicker?: () => void }).showPicker = showPicker;
    try {
      const onSubmit = renderForm({ id: 1, dia: '2024-03-15', prazo: null, momento: null });
      await waitFor(() => expect(box(/^Dia/).value).toBe('15/03/2024'));
      const button = within(control(/^Dia/)).getByRole('button', { name: CALENDAR_BUTTON_LABEL });
      expect(screen.getAllByRole('button', { name: CALENDAR_BUTTON_LABEL })).toHaveLength(3);
      expect(button.tabIndex).toBe(0);
      // The picker itself is out of the tab order and of the accessibility tree; it opens on the stored day.
      const picker = control(/^Dia/).querySelector('input[type=date]') as HTMLInputElement;
      expect(picker.tabIndex).toBe(-1);
      expect(picker.getAttribute('aria-hidden')).toBe('true');
      expect(picker.value).toBe('2024-03-15');
      fireEvent.click(button);
      expect(showPicker).toHaveBeenCalledTimes(1);
      expect(showPicker.mock.contexts[0]).toBe(picker);
      fireEvent.change(picker, { target: { value: '2024-04-20' } });
      expect(box(/^Dia/).value).toBe('20/04/2024');
      // The date-time field's picker is the browser's date and time one.
      const timePicker = control(/^Momento/).querySelector('input[type=datetime-local]') as HTMLInputElement;
      fireEvent.change(timePicker, { target: { value: '2024-04-20T08:05' } });
      expect(box(/^Momento/).value).toBe('20/04/2024 - 08:05');
      await save();
      await waitFor(() => expect(onSubmit).toHaveBeenCalled());
      expect(onSubmit.mock.calls[0][0]).toMatchObject({ dia: '2024-04-20', momento: new Date(2024, 3, 20, 8, 5).toISOString() });
    } finally {
      delete (HTMLInputElement.prototype as { showPicker?: () => void }).showPicker;
    }
  });
});
