import './setup.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, ResourceContextProvider, SimpleForm, testDataProvider } from 'react-admin';
import { i18nProvider } from '../../src/admin/core/i18n/index.js';
import { DateRangeInput } from '../../src/admin/generator/DateRange.js';
import { toConfig, type EntitySchema } from '../../src/admin/core/schemas.js';
import { DATE_RANGE_MESSAGE } from '../../src/domain/dateRange.js';
import { renderAdmin, startServer, type UiServer } from './server.js';

const rows = () => screen.getAllByRole('row').slice(1);

describe('date-range list filter (departments by Criado em)', () => {
  let ui: UiServer;
  beforeAll(async () => {
    ui = await startServer();
    const provider = (await ui.api('POST', '/api/providers', { nome: 'Bitcom' })).json.id;
    for (const [nome, day] of [['Antigo', '2023-12-31'], ['Janeiro', '2024-01-15'], ['Fevereiro', '2024-02-01'], ['Março', '2024-03-10']]) {
      const id = (await ui.api('POST', '/api/departments', { nome, id_empresa: provider })).json.id;
      // Midday local time of that day.
      await ui.server.db.query('UPDATE rh.departamento SET created_at = $1 WHERE id = $2', [new Date(`${day}T12:00:00`).toISOString(), id]);
    }
  });
  afterAll(async () => ui?.close());

  it('dates typed DD/MM/YY send the first and last instant of those days as _gte and _lte', async () => {
    renderAdmin(ui.baseUrl, '/departments/list');
    await screen.findByText('Antigo');
    expect(rows()).toHaveLength(4);
    const from = screen.getByLabelText('Criado em: de') as HTMLInputElement;
    // A masked text box, not the browser's date input (mm/dd/yyyy in an en-US browser).
    expect(from.type).toBe('text');
    expect(from.placeholder).toBe('DD/MM/AA');
    fireEvent.change(from, { target: { value: '150124' } });
    expect(from.value).toBe('15/01/24');
    await waitFor(() => expect(screen.queryByText('Antigo')).toBeNull());
    expect(rows()).toHaveLength(3);
    // The last day counts whole: 01/02 at midday is inside 'até 01/02'.
    fireEvent.change(screen.getByLabelText('Criado em: até'), { target: { value: '01/02/24' } });
    await waitFor(() => expect(screen.queryByText('Março')).toBeNull());
    expect(rows().map((r) => r.textContent)).toEqual([expect.stringContaining('Fevereiro'), expect.stringContaining('Janeiro')]);
  });

  it("a date that does not exist says 'Data inválida' and filters nothing; a half-typed one waits", async () => {
    renderAdmin(ui.baseUrl, '/departments/list');
    await screen.findByText('Antigo');
    const from = screen.getByLabelText('Criado em: de') as HTMLInputElement;
    fireEvent.change(from, { target: { value: '15/01/24' } });
    await waitFor(() => expect(screen.queryByText('Antigo')).toBeNull());
    // Half typed: no message yet, and the filter it replaces is gone.
    fireEvent.change(from, { target: { value: '31/02' } });
    expect(screen.queryByText('Data inválida')).toBeNull();
    await screen.findByText('Antigo');
    expect(rows()).toHaveLength(4);
    fireEvent.change(from, { target: { value: '31/02/24' } });
    expect(await screen.findByText('Data inválida')).toBeTruthy();
    // Still every row: no filter was sent for it.
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(rows()).toHaveLength(4);
    // Left half typed: the message too.
    fireEvent.change(from, { target: { value: '1' } });
    expect(screen.queryByText('Data inválida')).toBeNull();
    fireEvent.blur(from);
    expect(await screen.findByText('Data inválida')).toBeTruthy();
    // Corrected: the message goes and the filter applies.
    fireEvent.change(from, { target: { value: '01/02/24' } });
    await waitFor(() => expect(screen.queryByText('Janeiro')).toBeNull());
    expect(screen.queryByText('Data inválida')).toBeNull();
  });

  it('an end before the start shows the range message and filters by the start alone until corrected', async () => {
    renderAdmin(ui.baseUrl, '/departments/list');
    await screen.findByText('Antigo');
    const from = screen.getByLabelText('Criado em: de') as HTMLInputElement;
    const to = screen.getByLabelText('Criado em: até') as HTMLInputElement;
    fireEvent.change(from, { target: { value: '01/02/24' } });
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.change(to, { target: { value: '15/01/24' } });
    expect((await screen.findByRole('alert')).textContent).toBe(DATE_RANGE_MESSAGE);
    expect(document.body.textContent).not.toContain('@@react-admin@@');
    // The start still applies: Fevereiro and Março, not every row and not none.
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(rows().map((r) => r.textContent)).toEqual([expect.stringContaining('Fevereiro'), expect.stringContaining('Março')]);
    // Corrected: both bounds apply and the message goes.
    fireEvent.change(to, { target: { value: '05/03/24' } });
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0].textContent).toContain('Fevereiro');
    expect(screen.queryByText(DATE_RANGE_MESSAGE)).toBeNull();
    // A start moved past the end brings the message back, and again the start alone filters.
    fireEvent.change(from, { target: { value: '10/03/24' } });
    expect(await screen.findByText(DATE_RANGE_MESSAGE)).toBeTruthy();
    await waitFor(() => expect(rows().map((r) => r.textContent)).toEqual([expect.stringContaining('Março')]));
  });

  it('a filter given in the address shows as DD/MM/YY', async () => {
    const filter = { created_at_gte: new Date('2024-02-01T00:00:00').toISOString() };
    renderAdmin(ui.baseUrl, `/departments/list?filter=${encodeURIComponent(JSON.stringify(filter))}`);
    await screen.findByText('Março');
    expect(rows()).toHaveLength(2);
    expect((screen.getByLabelText('Criado em: de') as HTMLInputElement).value).toBe('01/02/24');
  });
});

// An event with a period, as the marketing document describes.
const config = toConfig(
  {
    title: 'Evento',
    properties: {
      id: { type: 'integer', title: 'ID', readOnly: true },
      data_inicio: { type: 'string', format: 'date', title: 'Início' },
      data_fim: { type: ['string', 'null'], format: 'date', title: 'Fim' },
    },
    required: ['data_inicio'],
    'x-intranet': {
      resource: 'events',
      table: 'marketing.evento',
      module: 'marketing',
      labels: { singular: 'Evento', plural: 'Eventos' },
      search: [],
      list: { columns: ['data_inicio'], sort: { field: 'data_inicio', order: 'DESC' } },
      dateRanges: [{ start: 'data_inicio', end: 'data_fim', title: 'Período' }],
      history: true,
      provider: null,
      access: { list: 'read', get: 'read', create: 'edit', update: 'edit', delete: 'manage' },
    },
  } as unknown as EntitySchema,
  'marketing',
);

describe('date-range form input (x-intranet.dateRanges)', () => {
  it('two dates under the range title; the end may not come before the start', async () => {
    const onSubmit = vi.fn();
    render(
      <AdminContext i18nProvider={i18nProvider} dataProvider={testDataProvider()}>
        <ResourceContextProvider value="events">
          <SimpleForm onSubmit={onSubmit}>
            <DateRangeInput config={config} range={config.dateRanges[0]} />
          </SimpleForm>
        </ResourceContextProvider>
      </AdminContext>,
    );
    expect(await screen.findByRole('group', { name: 'Período' })).toBeTruthy();
    // Typed DD/MM/YYYY, as the spec writes dates, whatever the browser's language.
    fireEvent.change(screen.getByLabelText(/^Início/), { target: { value: '10/05/2024' } });
    fireEvent.change(screen.getByLabelText(/^Fim/), { target: { value: '09052024' } });
    expect((screen.getByLabelText(/^Fim/) as HTMLInputElement).value).toBe('09/05/2024');
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('A data inicial não pode ser maior que a data final!')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    // Moving the start back clears the message at once.
    fireEvent.change(screen.getByLabelText(/^Início/), { target: { value: '01/05/2024' } });
    await waitFor(() => expect(screen.queryByText('A data inicial não pode ser maior que a data final!')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0]).toMatchObject({ data_inicio: '2024-05-01', data_fim: '2024-05-09' });
  });
});
