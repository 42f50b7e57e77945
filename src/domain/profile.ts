// The employee profile's rules (foundation document, sections 3 and 5): gender, marital status
// (stored upper case and gendered by the chosen gender), CNH types and the CNH rule, and how a
// profile image is shown (data URI for base64, default avatar when there is none). Pure: the server
// (hooks of the employee-profiles resource) and the browser (profile screen, header avatar) share it.

import type { EmployeeProfiles } from '../generated/entities.js';
import { IMAGE_REJECTED, MAX_UPLOAD_BYTES } from './format.js';

export { IMAGE_REJECTED, MAX_UPLOAD_BYTES };

// ------------------------------------------------------------------ gender

export type Gender = 'F' | 'M' | 'O';

/** Gender select: Feminino, Masculino, Outro, stored F, M, O. */
export const GENDER_OPTIONS: readonly { id: Gender; name: string }[] = [
  { id: 'F', name: 'Feminino' },
  { id: 'M', name: 'Masculino' },
  { id: 'O', name: 'Outro' },
];

export const GENDERS: readonly Gender[] = GENDER_OPTIONS.map((g) => g.id);

export const isGender = (value: unknown): value is Gender => typeof value === 'string' && (GENDERS as readonly string[]).includes(value);

export const genderLabel = (value: unknown) => GENDER_OPTIONS.find((g) => g.id === value)?.name ?? null;

// ------------------------------------------------------------------ marital status

/** The select's options (one per status, whatever the gender). */
export type MaritalOption = 'SOLTEIRO' | 'CASADO' | 'DIVORCIADO' | 'VIUVO' | 'UNIAO_ESTAVEL';

export const MARITAL_OPTIONS: readonly { id: MaritalOption; name: string }[] = [
  { id: 'SOLTEIRO', name: 'Solteiro(a)' },
  { id: 'CASADO', name: 'Casado(a)' },
  { id: 'DIVORCIADO', name: 'Divorciado(a)' },
  { id: 'VIUVO', name: 'Viúvo(a)' },
  { id: 'UNIAO_ESTAVEL', name: 'União Estável' },
];

/** A stored marital status (the schema's enum). */
export type MaritalStatus = EmployeeProfile['estado_civil'];

/** Stored forms of each option: [masculine, feminine]. União Estável has one form. */
const MARITAL_FORMS: Record<MaritalOption, readonly [MaritalStatus, MaritalStatus]> = {
  SOLTEIRO: ['SOLTEIRO', 'SOLTEIRA'],
  CASADO: ['CASADO', 'CASADA'],
  DIVORCIADO: ['DIVORCIADO', 'DIVORCIADA'],
  VIUVO: ['VIUVO', 'VIUVA'],
  UNIAO_ESTAVEL: ['UNIAO_ESTAVEL', 'UNIAO_ESTAVEL'],
};

/** Every stored value of estado_civil (the schema's enum). */
export const MARITAL_STATUSES: readonly string[] = [...new Set(Object.values(MARITAL_FORMS).flat())];

/**
 * The stored value of a marital option for a gender: the feminine form for F, the masculine form
 * for M and also for O ('Outro'), Portuguese's grammatical generic, so the stored set stays the
 * spec's nine values and reports count 'O' with the masculine form. A missing gender also gives the
 * masculine form.
 */
export function storedMaritalStatus(option: MaritalOption, gender: Gender | null | undefined): MaritalStatus {
  const [masculine, feminine] = MARITAL_FORMS[option];
  return gender === 'F' ? feminine : masculine;
}

/** The option of a stored value (either form, any case and accents), or null. */
export function maritalOptionOf(stored: unknown): MaritalOption | null {
  if (typeof stored !== 'string') return null;
  const key = stored
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toUpperCase()
    .replace(/[\s-]+/g, '_');
  for (const [option, forms] of Object.entries(MARITAL_FORMS) as [MaritalOption, readonly [string, string]][]) {
    if (forms.includes(key) || option === key) return option;
  }
  return null;
}

/** The select's label of a stored value ('CASADA' -> 'Casado(a)'), or null. */
export const maritalLabel = (stored: unknown) => MARITAL_OPTIONS.find((o) => o.id === maritalOptionOf(stored))?.name ?? null;

/** A stored value re-gendered for another gender ('CASADO' with F -> 'CASADA'); null stays null. */
export function regenderMaritalStatus(stored: unknown, gender: Gender | null | undefined): MaritalStatus | null {
  const option = maritalOptionOf(stored);
  return option ? storedMaritalStatus(option, gender) : null;
}

// ------------------------------------------------------------------ CNH

/** A CNH category as stored (the schema's enum). */
export type CnhCategory = EmployeeProfile['cnh_categoria'];

/** 'Não Possui' is stored NAO_POSSUI; the categories as they are. */
export const CNH_NONE = 'NAO_POSSUI' satisfies CnhCategory;

export const CNH_OPTIONS: readonly { id: CnhCategory; name: string }[] = [
  { id: CNH_NONE, name: 'Não Possui' },
  ...(['A', 'B', 'C', 'D', 'E', 'AB', 'AC', 'AD', 'AE'] as const).map((c) => ({ id: c, name: c })),
];

export const CNH_TYPES: readonly string[] = CNH_OPTIONS.map((o) => o.id);

export const cnhLabel = (value: unknown) => CNH_OPTIONS.find((o) => o.id === value)?.name ?? null;

/** Whether the CNH number is required: for every category but 'Não Possui' (and no category). */
export const cnhNumberRequired = (categoria: unknown) => typeof categoria === 'string' && categoria !== '' && categoria !== CNH_NONE;

/** The CNH number to keep for a category: cleared (null) with 'Não Possui'. */
export const cnhNumberFor = (categoria: unknown, numero: unknown): string | null =>
  cnhNumberRequired(categoria) && typeof numero === 'string' && numero.trim() !== '' ? numero.trim() : null;

/** A CNH number (registro) has 11 digits. */
export const isCnhNumber = (value: unknown) => typeof value === 'string' && /^\d{11}$/.test(value.trim());

export const CNH_NUMBER_INVALID = 'Utilize os 11 dígitos da CNH';

// ------------------------------------------------------------------ image

export type ImageFormat = 'image/png' | 'image/jpeg';
export const IMAGE_FORMATS: readonly ImageFormat[] = ['image/png', 'image/jpeg'];
/** Base64 images without a known format are shown as JPEG. */
export const DEFAULT_IMAGE_FORMAT: ImageFormat = 'image/jpeg';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The storage bucket a profile photo is uploaded to; image_data names only a file of it. */
export const PROFILE_PHOTO_BUCKET = 'perfil';

/** Whether image_data holds a file reference (the id of a file sent to POST /v1/files/). */
export const isFileReference = (value: unknown): boolean => typeof value === 'string' && UUID.test(value.trim());

/** A MIME type from a format as stored or sent ('png', 'jpg', 'image/jpeg', ...), or null. */
export function normalizeImageFormat(format: unknown): ImageFormat | null {
  if (typeof format !== 'string') return null;
  const f = format.trim().toLowerCase().replace(/^image\//, '');
  if (f === 'png') return 'image/png';
  if (f === 'jpeg' || f === 'jpg' || f === 'pjpeg') return 'image/jpeg';
  return null;
}

/**
 * The data URI of a base64 image: 'data:<format>;base64,<data>' (format default image/jpeg); a
 * value that already is a data URI is kept; null for a file reference or no data.
 */
export function imageDataUri(data: unknown, format?: unknown): string | null {
  if (typeof data !== 'string' || !data.trim() || isFileReference(data)) return null;
  const text = data.trim();
  if (text.startsWith('data:')) return text;
  return `data:${normalizeImageFormat(format) ?? DEFAULT_IMAGE_FORMAT};base64,${text}`;
}

/** Splits 'data:image/png;base64,xxx' into its format and base64 part; plain base64 has no format. */
export function parseImageData(data: string): { format: string | null; base64: string } {
  const m = /^data:([^;,]*)(;base64)?,(.*)$/s.exec(data.trim());
  if (!m) return { format: null, base64: data.trim() };
  return { format: m[1] || null, base64: m[3] };
}

/** The image type of some bytes by their magic numbers: PNG or JPEG, else null. */
export function imageTypeOfBytes(bytes: Uint8Array): ImageFormat | null {
  if (bytes.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => bytes[i] === b)) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  return null;
}

/** Bytes a base64 text decodes to (without decoding it). */
export function base64Size(base64: string): number {
  const clean = base64.replace(/\s/g, '');
  const padding = clean.endsWith('==') ? 2 : clean.endsWith('=') ? 1 : 0;
  return Math.floor((clean.length * 3) / 4) - padding;
}

export const isBase64 = (text: string) => /^[A-Za-z0-9+/\s]*={0,2}\s*$/.test(text) && text.replace(/\s/g, '').length % 4 === 0;

/** Why a chosen image file cannot be the profile image ('A imagem não atende aos paramêtros'), or null. */
export function profileImageProblem(file: { type: string; size: number }): string | null {
  if (!normalizeImageFormat(file.type) || !(IMAGE_FORMATS as readonly string[]).includes(file.type.toLowerCase())) return IMAGE_REJECTED;
  if (file.size <= 0 || file.size > MAX_UPLOAD_BYTES) return IMAGE_REJECTED;
  return null;
}

// ------------------------------------------------------------------ the record

/** The employee profile record, as its schema (schemas/rh/employee-profiles.json) says: generated, no twin. */
export type EmployeeProfile = EmployeeProfiles;

/** What the profile screen sends: any field of the record, a cleared one as null (the server answers its field error when it is required). */
export type EmployeeProfileBody = { [K in keyof EmployeeProfile]?: EmployeeProfile[K] | null };

/** The profile's fields in the order of the screen's sections. */
export const PROFILE_SECTIONS: readonly { title: string; fields: readonly (keyof EmployeeProfile)[] }[] = [
  { title: 'Dados Pessoais', fields: ['nome', 'cpf', 'rg', 'genero', 'estado_civil', 'data_nascimento', 'nacionalidade', 'email_corp', 'linkedin', 'viagem'] },
  { title: 'Endereço', fields: ['cep', 'rua', 'numero', 'complemento', 'bairro', 'id_cidade'] },
  { title: 'Habilitação', fields: ['cnh_categoria', 'cnh_numero'] },
];
