// The communication scale's messages are filled by a replacer function: a customer's data holding the
// characters of a replacement string ($`, $', $&, $1, $$) goes into the message as written.
import { describe, expect, it } from 'vitest';
import { placeholderValues, renderTemplate } from '../../src/server/communication/templates.js';

describe('renderTemplate', () => {
  it('fills every placeholder with the customer data literally', () => {
    const specials = "a$`b$'c$&d$1e$$f";
    const values = placeholderValues({ nome_razaosocial: `$& ${specials}`, plano: specials, cidade: specials, provedor: specials, data_nascimento: '1990-02-03' });
    const text = 'Olá {primeiro_nome} ({nome}), plano {plano} em {cidade} pela {provedor}: {data_nascimento}.';
    expect(renderTemplate(text, values)).toBe(`Olá $& ($& ${specials}), plano ${specials} em ${specials} pela ${specials}: 03/02/1990.`);
  });
});
