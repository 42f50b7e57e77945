import './setup.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setApiOrigin } from '../../src/admin/core/api.js';
import { sanitizeHtml } from '../../src/admin/generator/sanitize.js';
import { uploadProblem } from '../../src/domain/format.js';
import { renderAdmin, startServer, type UiServer } from './server.js';
import { choicesOf } from './autocomplete.js';

let ui: UiServer;

beforeAll(async () => {
  ui = await startServer();
  setApiOrigin(ui.baseUrl);
});
afterAll(async () => {
  setApiOrigin('');
  await ui?.close();
});

describe('file checks', () => {
  it('images: PNG or JPEG only, at most 10 MB', () => {
    expect(uploadProblem({ name: 'capa.png', type: 'image/png', size: 1000 }, 'image')).toBeNull();
    expect(uploadProblem({ name: 'capa.JPG', type: 'image/jpeg', size: 10_485_760 }, 'image')).toBeNull();
    expect(uploadProblem({ name: 'capa.png', type: 'image/png', size: 10_485_761 }, 'image')).toBe('A imagem não atende aos paramêtros');
    expect(uploadProblem({ name: 'capa.gif', type: 'image/gif', size: 1000 }, 'image')).toBe('A imagem não atende aos paramêtros');
    expect(uploadProblem({ name: 'capa.png', type: 'image/webp', size: 1000 }, 'image')).toBe('A imagem não atende aos paramêtros');
    expect(uploadProblem({ name: 'relatorio.pdf', type: 'application/pdf', size: 11_000_000 }, 'file')).toMatch(/10 MB/);
  });

  it('the image input refuses a GIF and an oversized PNG before sending anything', async () => {
    renderAdmin(ui.baseUrl, '/human-resources/content/register');
    const input = (await screen.findByTestId('file-id_imagem_capa')) as HTMLInputElement;
    expect(input.accept).toBe('image/png,image/jpeg');
    const gif = new File([new Uint8Array([71, 73, 70, 56, 57, 97])], 'banner.gif', { type: 'image/gif' });
    fireEvent.change(input, { target: { files: [gif] } });
    expect(await screen.findByText('A imagem não atende aos paramêtros')).toBeTruthy();
    const big = new File([new Uint8Array(10_485_761)], 'grande.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [big] } });
    expect(await screen.findByText('A imagem não atende aos paramêtros')).toBeTruthy();
    // Nothing was kept as the field's value.
    expect(screen.queryByRole('button', { name: 'Trocar imagem' })).toBeNull();
  });
});

describe('rich text', () => {
  it('keeps formatting and drops scripts, handlers and javascript: links', () => {
    const clean = sanitizeHtml('<p onclick="x()">Olá <b>mundo</b><script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">a</a><a href="https://exemplo.com.br">b</a></p>');
    expect(clean).toContain('<b>mundo</b>');
    expect(clean).not.toMatch(/script|onerror|onclick|javascript:|<img/);
    expect(clean).toContain('href="https://exemplo.com.br"');
    expect(clean).toContain('rel="noopener noreferrer"');
  });

  it('the editor saves sanitised HTML and shows it again on edit', async () => {
    renderAdmin(ui.baseUrl, '/human-resources/content/register');
    fireEvent.change(await screen.findByLabelText(/^Título/), { target: { value: 'Boas-vindas' } });
    fireEvent.change(screen.getByLabelText(/^Resumo/), { target: { value: 'Primeiro dia na empresa' } });
    const editor = screen.getByRole('textbox', { name: /^Texto/ });
    expect(screen.getByRole('toolbar', { name: 'Formatação de Texto' })).toBeTruthy();
    editor.innerHTML = '<p>Bem-vindo <strong>à equipe</strong><script>alert(1)</script></p><ul><li>crachá</li></ul>';
    fireEvent.input(editor);
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Conteúdo cadastrado com sucesso!')).toBeTruthy();
    const list = await ui.api('GET', `/api/contents?filter=${encodeURIComponent(JSON.stringify({ titulo: 'Boas-vindas' }))}`);
    expect(list.json).toHaveLength(1);
    const texto: string = list.json[0].texto;
    expect(texto).toContain('<strong>à equipe</strong>');
    expect(texto).toContain('<li>crachá</li>');
    expect(texto).not.toContain('script');

    renderAdmin(ui.baseUrl, `/human-resources/content/edit/${list.json[0].id}`);
    await screen.findByDisplayValue('Boas-vindas');
    const shown = screen.getAllByRole('textbox', { name: /^Texto/ }).at(-1)!;
    await waitFor(() => expect(shown.querySelector('strong')?.textContent).toBe('à equipe'));
  });

  it('an empty editor is a missing required field', async () => {
    renderAdmin(ui.baseUrl, '/human-resources/content/register');
    await screen.findByLabelText(/^Título/);
    const editor = screen.getByRole('textbox', { name: /^Texto/ });
    editor.innerHTML = '<p><br></p>';
    fireEvent.input(editor);
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Preencha todos os campos obrigatórios!')).toBeTruthy();
  });
});

describe('enum selects', () => {
  it("a non-null one (a status with its default) offers no empty 'Não informado' choice", async () => {
    renderAdmin(ui.baseUrl, '/incidents/register');
    await screen.findByRole('combobox', { name: /^Situação/ }, { timeout: 15_000 });
    // Not in the schema's required list, but its type has no null: a value it must hold.
    expect(await choicesOf(/^Situação/)).toEqual(['Aberto', 'Em andamento', 'Resolvido']);
  });

  it("an optional one (a type with null) keeps 'Não informado'", async () => {
    renderAdmin(ui.baseUrl, '/contracting/companies/register');
    await screen.findByRole('combobox', { name: /^Estado/ }, { timeout: 15_000 });
    const choices = await choicesOf(/^Estado/);
    expect(choices[0]).toBe('Não informado');
    expect(choices).toHaveLength(28);
  });
});
