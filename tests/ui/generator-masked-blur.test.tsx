// A masked value that is incomplete is refused when the field is left, before any save: a 4-digit
// CEP says 'CEP invalido' under the field (and a short CNPJ its own text), and the message goes as
// soon as the value is right (or erased, on an optional field).
import './setup.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MSG } from '../../src/domain/messages.js';
import { renderAdmin, startServer, type UiServer } from './server.js';

let ui: UiServer;
beforeAll(async () => {
  ui = await startServer();
});
afterAll(async () => ui?.close());

describe('masked inputs of the contracting company form', () => {
  it("an incomplete CEP says 'CEP invalido' on leaving the field, before any save", async () => {
    renderAdmin(ui.baseUrl, '/contracting/companies/register');
    const cep = await screen.findByLabelText(/^CEP/);
    fireEvent.change(cep, { target: { value: '1234' } });
    expect(screen.queryByText(MSG.cep)).toBeNull();
    fireEvent.blur(cep);
    expect(await screen.findByText(MSG.cep)).toBeTruthy();
    expect(cep.getAttribute('aria-invalid')).toBe('true');
    // Still incomplete: still refused; erased (the CEP is optional): the message goes.
    fireEvent.change(cep, { target: { value: '12345-6' } });
    expect(screen.getByText(MSG.cep)).toBeTruthy();
    fireEvent.change(cep, { target: { value: '' } });
    await waitFor(() => expect(screen.queryByText(MSG.cep)).toBeNull());
    // Leaving an empty field says nothing (a required one waits for Save).
    fireEvent.blur(cep);
    expect(screen.queryByText(MSG.required)).toBeNull();
    // No save was tried: no toast.
    expect(screen.queryByText(MSG.failure)).toBeNull();
  });

  it('a short CNPJ says its text on leaving the field', async () => {
    renderAdmin(ui.baseUrl, '/contracting/companies/register');
    const cnpj = await screen.findByLabelText(/^CNPJ/);
    fireEvent.change(cnpj, { target: { value: '1234' } });
    fireEvent.blur(cnpj);
    expect(await screen.findByText(MSG.cnpj)).toBeTruthy();
  });
});
