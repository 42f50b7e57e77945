// The WhatsApp link of a phone (foundation spec: country code 55 for WhatsApp links; opening WhatsApp
// with no digits says 'Número de telefone inválido.').
import { describe, expect, it } from 'vitest';
import { INVALID_PHONE_TEXT, whatsappUrl } from '../../src/domain/format.js';

describe('whatsappUrl', () => {
  it('links a masked or bare Brazilian phone with the country code 55', () => {
    expect(whatsappUrl('(31) 98765-4321')).toBe('https://wa.me/5531987654321');
    expect(whatsappUrl('3132221000')).toBe('https://wa.me/553132221000');
  });
  it('keeps a country code the number already carries once', () => {
    expect(whatsappUrl('+55 (31) 98765-4321')).toBe('https://wa.me/5531987654321');
    expect(whatsappUrl('5531987654321')).toBe('https://wa.me/5531987654321');
  });
  it('answers null for a phone without digits (the screen then says the spec text)', () => {
    for (const v of [null, undefined, '', '()', ' - ']) expect(whatsappUrl(v)).toBeNull();
    expect(INVALID_PHONE_TEXT).toBe('Número de telefone inválido.');
  });
});
