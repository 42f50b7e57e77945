import './setup.js';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, ResourceContextProvider, SimpleForm, testDataProvider } from 'react-admin';
import { formatMoneyInput, isMoney, parseMoneyInput } from '../../src/domain/format.js';
import { i18nProvider } from '../../src/admin/core/i18n/index.js';
import { displayText } from '../../src/admin/generator/fields.js';
import { SchemaInput } from '../../src/admin/generator/inputs.js';
import { csvExporter } from '../../src/admin/generator/ResourceList.js';
import { toConfig, type EntitySchema } from '../../src/admin/core/schemas.js';

// A schema with a money field and a number whose name looks like money but is not declared so.
const schema = {
  title: 'Plano',
  properties: {
    id: { type: 'integer', title: 'ID', readOnly: true },
    nome: { type: 'string', title: 'Nome' },
    preco: { type: 'number', format: 'money', title: 'Preço' },
    valor_megas: { type: 'number', title: 'Velocidade' },
  },
  required: ['nome', 'preco'],
  'x-intranet': {
    resource: 'plans',
    table: 'vendas.plano',
    module: 'vendas',
    labels: { singular: 'Plano', plural: 'Planos' },
    search: ['nome'],
    list: { columns: ['nome', 'preco', 'valor_megas'], sort: { field: 'nome', order: 'ASC' } },
    history: true,
    provider: null,
    access: { list: 'read', get: 'read', create: 'edit', update: 'edit', delete: 'manage' },
  },
} as unknown as EntitySchema;
const config = toConfig(schema, 'vendas');
const nbsp = (s: string) => s.replace(/\u00a0/g, ' ');

describe('money (format money)', () => {
  it('is typed as cents and shown in reais', () => {
    expect(parseMoneyInput('123456')).toBe(1234.56);
    expect(parseMoneyInput('R$ 1.234,56')).toBe(1234.56);
    expect(parseMoneyInput('0,05')).toBe(0.05);
    expect(parseMoneyInput('-10,00')).toBe(-10);
    expect(parseMoneyInput('')).toBeNull();
    expect(formatMoneyInput(1234.5)).toBe('1.234,50');
    expect(formatMoneyInput(null)).toBe('');
    expect(isMoney(10.25)).toBe(true);
    expect(isMoney(10.255)).toBe(false);
    // Large amounts whose double is not exactly cents (the fuzz test's 147552960.05) are still money.
    expect(isMoney(147552960.05)).toBe(true);
    expect(isMoney(999999999999.99)).toBe(true);
    expect(isMoney(147552960.051)).toBe(false);
    expect(isMoney(Number.NaN)).toBe(false);
  });

  it('tables and the CSV show the declared money field in BRL, and only that one', async () => {
    expect(nbsp(displayText(config, 'preco', 99.9))).toBe('R$ 99,90');
    expect(displayText(config, 'valor_megas', 500)).toBe('500');
    let blob: Blob | undefined;
    const create = vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
      blob = b as Blob;
      return 'blob:csv';
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    try {
      await csvExporter(config)([{ id: 1, nome: 'Fibra 500', preco: 1234.5, valor_megas: 500 }], async () => ({}), testDataProvider(), 'plans');
    } finally {
      create.mockRestore();
      click.mockRestore();
    }
    const csv = await blob!.text();
    expect(nbsp(csv).replace(/^\uFEFF/, '')).toBe('Nome;Preço;Velocidade\r\nFibra 500;R$ 1.234,50;500');
  });

  it('the form input has R$ and saves the number', async () => {
    const onSubmit = vi.fn();
    render(
      <AdminContext i18nProvider={i18nProvider} dataProvider={testDataProvider()}>
        <ResourceContextProvider value="plans">
          <SimpleForm record={{ id: 1, nome: 'Fibra', preco: 1234.5 }} onSubmit={onSubmit}>
            <SchemaInput config={config} field="preco" />
          </SimpleForm>
        </ResourceContextProvider>
      </AdminContext>,
    );
    const input = (await screen.findByLabelText(/^Preço/)) as HTMLInputElement;
    expect(input.value).toBe('1.234,50');
    expect(screen.getByText('R$')).toBeTruthy();
    fireEvent.change(input, { target: { value: '98765' } });
    expect(input.value).toBe('987,65');
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0].preco).toBe(987.65);
  });
});
