// The employee profile's pure rules (src/domain/profile.ts): gender and marital status maps (stored
// upper case and gendered, both ways), the CNH rule, and the image helpers (data URI, type by
// content, size, the upload check).
import { describe, expect, it } from 'vitest';
import {
  base64Size,
  CNH_NONE,
  CNH_OPTIONS,
  cnhLabel,
  cnhNumberFor,
  cnhNumberRequired,
  GENDER_OPTIONS,
  genderLabel,
  IMAGE_REJECTED,
  imageDataUri,
  imageTypeOfBytes,
  isBase64,
  isCnhNumber,
  isFileReference,
  MARITAL_OPTIONS,
  MARITAL_STATUSES,
  maritalLabel,
  maritalOptionOf,
  normalizeImageFormat,
  parseImageData,
  profileImageProblem,
  regenderMaritalStatus,
  storedMaritalStatus,
} from '../../src/domain/profile.js';

describe('gender', () => {
  it('offers Feminino, Masculino, Outro stored F, M, O', () => {
    expect(GENDER_OPTIONS.map((g) => [g.name, g.id])).toEqual([
      ['Feminino', 'F'],
      ['Masculino', 'M'],
      ['Outro', 'O'],
    ]);
    expect(genderLabel('O')).toBe('Outro');
    expect(genderLabel('X')).toBeNull();
  });
});

describe('marital status', () => {
  it("offers the spec's five options", () => {
    expect(MARITAL_OPTIONS.map((o) => o.name)).toEqual(['Solteiro(a)', 'Casado(a)', 'Divorciado(a)', 'Viúvo(a)', 'União Estável']);
  });

  it('stores upper case, gendered by the gender (O and no gender take the masculine form)', () => {
    const table = MARITAL_OPTIONS.map((o) => [o.id, storedMaritalStatus(o.id, 'F'), storedMaritalStatus(o.id, 'M'), storedMaritalStatus(o.id, 'O'), storedMaritalStatus(o.id, null)]);
    expect(table).toEqual([
      ['SOLTEIRO', 'SOLTEIRA', 'SOLTEIRO', 'SOLTEIRO', 'SOLTEIRO'],
      ['CASADO', 'CASADA', 'CASADO', 'CASADO', 'CASADO'],
      ['DIVORCIADO', 'DIVORCIADA', 'DIVORCIADO', 'DIVORCIADO', 'DIVORCIADO'],
      ['VIUVO', 'VIUVA', 'VIUVO', 'VIUVO', 'VIUVO'],
      ['UNIAO_ESTAVEL', 'UNIAO_ESTAVEL', 'UNIAO_ESTAVEL', 'UNIAO_ESTAVEL', 'UNIAO_ESTAVEL'],
    ]);
    expect(MARITAL_STATUSES).toHaveLength(9);
    expect(MARITAL_STATUSES.every((s) => s === s.toUpperCase())).toBe(true);
  });

  it('reads a stored value back to its option and label, whatever its form', () => {
    expect(maritalOptionOf('CASADA')).toBe('CASADO');
    expect(maritalOptionOf('viúva')).toBe('VIUVO');
    expect(maritalOptionOf('União Estável')).toBe('UNIAO_ESTAVEL');
    expect(maritalOptionOf('NOIVO')).toBeNull();
    expect(maritalOptionOf(null)).toBeNull();
    expect(maritalLabel('DIVORCIADA')).toBe('Divorciado(a)');
    expect(maritalLabel('VIUVO')).toBe('Viúvo(a)');
    for (const stored of MARITAL_STATUSES) for (const g of ['F', 'M', 'O'] as const) expect(maritalOptionOf(storedMaritalStatus(maritalOptionOf(stored)!, g))).toBe(maritalOptionOf(stored));
  });

  it('re-genders a stored value for another gender', () => {
    expect(regenderMaritalStatus('CASADO', 'F')).toBe('CASADA');
    expect(regenderMaritalStatus('SOLTEIRA', 'M')).toBe('SOLTEIRO');
    expect(regenderMaritalStatus('VIUVA', 'O')).toBe('VIUVO');
    expect(regenderMaritalStatus('UNIAO_ESTAVEL', 'F')).toBe('UNIAO_ESTAVEL');
    expect(regenderMaritalStatus(null, 'F')).toBeNull();
  });
});

describe('CNH', () => {
  it("offers Não Possui and the nine categories; the number is required except with 'Não Possui'", () => {
    expect(CNH_OPTIONS.map((o) => o.name)).toEqual(['Não Possui', 'A', 'B', 'C', 'D', 'E', 'AB', 'AC', 'AD', 'AE']);
    expect(cnhLabel(CNH_NONE)).toBe('Não Possui');
    expect(cnhNumberRequired(CNH_NONE)).toBe(false);
    expect(cnhNumberRequired('')).toBe(false);
    expect(cnhNumberRequired(null)).toBe(false);
    for (const c of ['A', 'B', 'AE']) expect(cnhNumberRequired(c)).toBe(true);
  });

  it("clears the number on 'Não Possui' and keeps it otherwise", () => {
    expect(cnhNumberFor(CNH_NONE, '01234567890')).toBeNull();
    expect(cnhNumberFor('B', ' 01234567890 ')).toBe('01234567890');
    expect(cnhNumberFor('B', '')).toBeNull();
    expect(isCnhNumber('01234567890')).toBe(true);
    expect(isCnhNumber('0123456789')).toBe(false);
    expect(isCnhNumber('0123456789a')).toBe(false);
  });
});

describe('image', () => {
  const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

  it('shows base64 with a data-URI prefix, JPEG by default; file references and nothing give null', () => {
    expect(imageDataUri(PNG, 'image/png')).toBe(`data:image/png;base64,${PNG}`);
    expect(imageDataUri(PNG, 'png')).toBe(`data:image/png;base64,${PNG}`);
    expect(imageDataUri('abcd')).toBe('data:image/jpeg;base64,abcd');
    expect(imageDataUri('abcd', 'gif')).toBe('data:image/jpeg;base64,abcd');
    expect(imageDataUri('data:image/png;base64,abcd', 'image/jpeg')).toBe('data:image/png;base64,abcd');
    expect(imageDataUri('0f8fad5b-d9cb-469f-a165-70867728950e')).toBeNull();
    expect(imageDataUri(null)).toBeNull();
    expect(imageDataUri('')).toBeNull();
    expect(isFileReference('0F8FAD5B-D9CB-469F-A165-70867728950E')).toBe(true);
    expect(isFileReference(PNG)).toBe(false);
  });

  it('reads formats, data URIs and types by content', () => {
    expect(normalizeImageFormat('JPG')).toBe('image/jpeg');
    expect(normalizeImageFormat('image/png')).toBe('image/png');
    expect(normalizeImageFormat('image/gif')).toBeNull();
    expect(parseImageData(`data:image/png;base64,${PNG}`)).toEqual({ format: 'image/png', base64: PNG });
    expect(parseImageData(PNG)).toEqual({ format: null, base64: PNG });
    expect(imageTypeOfBytes(Buffer.from(PNG, 'base64'))).toBe('image/png');
    expect(imageTypeOfBytes(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(imageTypeOfBytes(Buffer.from('GIF89a'))).toBeNull();
    expect(base64Size(PNG)).toBe(Buffer.from(PNG, 'base64').length);
    expect(isBase64(PNG)).toBe(true);
    expect(isBase64('não é')).toBe(false);
  });

  it("refuses files that are not PNG or JPEG or over 10485760 bytes with 'A imagem não atende aos paramêtros'", () => {
    expect(profileImageProblem({ type: 'image/png', size: 10_485_760 })).toBeNull();
    expect(profileImageProblem({ type: 'image/jpeg', size: 1 })).toBeNull();
    expect(profileImageProblem({ type: 'image/png', size: 10_485_761 })).toBe(IMAGE_REJECTED);
    expect(profileImageProblem({ type: 'image/gif', size: 10 })).toBe(IMAGE_REJECTED);
    expect(profileImageProblem({ type: 'image/png', size: 0 })).toBe(IMAGE_REJECTED);
    expect(IMAGE_REJECTED).toBe('A imagem não atende aos paramêtros');
  });
});
