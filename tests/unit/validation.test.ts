// Record validation from a schema: the spec's pt-BR messages per field, unknown fields refused,
// read-only fields ignored, defaults, trimming, rich text sanitised.
import { describe, expect, it } from 'vitest';
import { buildResource, type EntitySchema } from '../../src/server/schemas/registry.js';
import { validateRecord, ValidationError } from '../../src/server/schemas/validation.js';

const schema: EntitySchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  title: 'Exemplo',
  type: 'object',
  properties: {
    id: { type: 'integer', title: 'ID', readOnly: true },
    nome: { type: 'string', title: 'Nome', minLength: 2, maxLength: 10 },
    email: { type: ['string', 'null'], title: 'E-mail', format: 'email' },
    site: { type: ['string', 'null'], title: 'Site', format: 'uri' },
    cnpj: { type: ['string', 'null'], title: 'CNPJ', format: 'cnpj' },
    cpf: { type: ['string', 'null'], title: 'CPF', format: 'cpf' },
    cep: { type: ['string', 'null'], title: 'CEP', format: 'cep' },
    telefone: { type: ['string', 'null'], title: 'Telefone', format: 'phone' },
    senha: { type: ['string', 'null'], title: 'Senha', format: 'password' },
    codigo: { type: ['string', 'null'], title: 'Código', format: 'code6' },
    nascimento: { type: ['string', 'null'], title: 'Nascimento', format: 'date' },
    quando: { type: ['string', 'null'], title: 'Quando', format: 'date-time' },
    quantidade: { type: ['integer', 'null'], title: 'Quantidade', minimum: 1 },
    uf: { type: ['string', 'null'], title: 'UF', enum: ['MG', 'SP'] },
    texto: { type: ['string', 'null'], title: 'Texto', format: 'html' },
    ativo: { type: 'boolean', title: 'Status', default: true },
    created_at: { type: 'string', title: 'Criado em', format: 'date-time', readOnly: true },
  },
  required: ['nome'],
  additionalProperties: false,
  'x-intranet': {
    resource: 'exemplos',
    table: 'teste.exemplo',
    module: 'rh',
    labels: { singular: 'Exemplo', plural: 'Exemplos' },
    search: ['nome'],
    list: { columns: ['nome'], sort: { field: 'nome', order: 'ASC' } },
    history: true,
    provider: null,
    access: { list: 'read', get: 'read', create: 'edit', update: 'edit', delete: 'manage' },
  },
};
const def = buildResource(schema, 'teste/exemplos.json');

const errorsOf = (body: unknown, mode: 'create' | 'update' = 'create') => {
  try {
    validateRecord(def, body, mode, mode === 'update' ? { nome: 'Atual', ativo: true } : undefined);
  } catch (e) {
    expect(e).toBeInstanceOf(ValidationError);
    return { message: (e as ValidationError).message, errors: (e as ValidationError).errors };
  }
  return null;
};

describe('validateRecord', () => {
  it('answers the spec texts per field', () => {
    const r = errorsOf({
      nome: 'a',
      email: 'nao-e-email',
      site: 'ftp://x.com',
      cnpj: '11.111.111/1111-11',
      cep: '12345678',
      telefone: '(31) 9999-999',
      senha: 'abc',
      codigo: '12a456',
      nascimento: '2024-02-30',
      quando: 'ontem',
      quantidade: 0,
      uf: 'XX',
    });
    expect(r!.errors).toEqual({
      nome: 'Utilize no mínimo 2 caracteres.',
      email: 'E-mail inválido',
      site: 'Link inválido',
      cnpj: 'Ops! Parece que seu cnpj é inválido!',
      cep: 'CEP invalido',
      telefone: 'Número invalido',
      senha: 'A senha precisa ter 1 caracter maíusculo, 1 minúsculo e 1 caracter especial. Com no mínimo 8 caracteres.',
      codigo: 'Utilize 6 digitos',
      nascimento: 'Data inválida',
      quando: 'Data e hora inválidas',
      quantidade: 'O valor mínimo é 1',
      uf: 'Opção inválida',
    });
    expect(r!.message).toBe('Ops! Parece que algo errado aconteceu. Revise os dados e tente novamente!');
  });

  it('a missing, null or blank required field is "Campo obrigatório", and the message asks for all of them', () => {
    for (const body of [{}, { nome: null }, { nome: '   ' }, { nome: '' }]) {
      const r = errorsOf(body);
      expect(r!.errors).toEqual({ nome: 'Campo obrigatório' });
      expect(r!.message).toBe('Preencha todos os campos obrigatórios!');
    }
  });

  it('refuses unknown fields, wrong types and non-objects', () => {
    expect(errorsOf({ nome: 'Ok', hack: 1 })!.errors).toEqual({ hack: 'Campo não permitido' });
    expect(errorsOf({ nome: 12 })!.errors).toEqual({ nome: 'Informe um texto' });
    expect(errorsOf({ nome: 'Ok', quantidade: '3' })!.errors).toEqual({ quantidade: 'Informe um número inteiro' });
    expect(errorsOf({ nome: 'Ok', ativo: 'sim' })!.errors).toEqual({ ativo: 'Informe sim ou não' });
    expect(errorsOf({ nome: 'Nome grande demais' })!.errors).toEqual({ nome: 'Utilize no máximo 10 caracteres.' });
    for (const body of [null, [], 'texto', 3]) expect(errorsOf(body)).not.toBeNull();
  });

  it('accepts valid Brazilian data, fills defaults, trims, ignores read-only fields and nulls blank optional text', () => {
    const values = validateRecord(
      def,
      {
        id: 99,
        created_at: 'x',
        nome: '  Bitcom ',
        email: 'rh@bitcom.com.br',
        site: 'https://bitcom.com.br',
        cnpj: '11.222.333/0001-81',
        cpf: '529.982.247-25',
        cep: '30140-071',
        telefone: '(31) 99999-9999',
        senha: 'Segura@123',
        codigo: '123456',
        nascimento: '1990-05-17',
        quando: '2026-11-22T10:00:00Z',
        uf: 'MG',
        quantidade: null,
        texto: '',
      },
      'create',
    );
    expect(values).toMatchObject({ nome: 'Bitcom', ativo: true, texto: null, quantidade: null });
    expect(values).not.toHaveProperty('id');
    expect(values).not.toHaveProperty('created_at');
  });

  it('on update validates the merged record and writes only what was sent', () => {
    expect(validateRecord(def, { ativo: false }, 'update', { nome: 'Atual', ativo: true })).toEqual({ ativo: false });
    expect(errorsOf({ nome: null }, 'update')!.errors).toEqual({ nome: 'Campo obrigatório' });
  });

  it('sanitises rich text', () => {
    const v = validateRecord(def, { nome: 'Ok', texto: '<p onclick="x()">Olá<script>alert(1)</script><img src="javascript:alert(1)"></p>' }, 'create');
    expect(v.texto).toBe('<p>Olá</p>');
  });
});
