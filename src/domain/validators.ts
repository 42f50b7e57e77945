// Brazilian data checks shared by the server (ajv formats) and the browser (form validators).
import { isValidCNPJ, isValidCPF } from '@brazilian-utils/brazilian-utils';

export const onlyDigits = (value: string) => value.replace(/\D/g, '');

export const isCnpj = (value: string) => onlyDigits(value).length === 14 && isValidCNPJ(onlyDigits(value));
export const isCpf = (value: string) => onlyDigits(value).length === 11 && isValidCPF(onlyDigits(value));

/** CEP as the spec masks it: exactly 9 characters, #####-###. */
export const isCep = (value: string) => /^\d{5}-\d{3}$/.test(value);

/** Phone as the spec masks it: exactly 15 characters, (##) #####-####. */
export const isPhone = (value: string) => /^\(\d{2}\) \d{5}-\d{4}$/.test(value);

/** 8+ characters with a digit, a lowercase, an uppercase and one of $*&@#! */
export const isStrongPassword = (value: string) =>
  value.length >= 8 && /\d/.test(value) && /[a-z]/.test(value) && /[A-Z]/.test(value) && /[$*&@#!]/.test(value);

export const isCode6 = (value: string) => /^\d{6}$/.test(value);

export const isHttpUrl = (value: string) => {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && Boolean(url.hostname);
  } catch {
    return false;
  }
};

export const isEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(value);

export const isColor = (value: string) => /^#(?:[0-9a-fA-F]{3}){1,2}$/.test(value);

/** Calendar date YYYY-MM-DD that exists. */
export const isIsoDate = (value: string) => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]));
  return d.getUTCFullYear() === +m[1] && d.getUTCMonth() === +m[2] - 1 && d.getUTCDate() === +m[3];
};

/** Month-day as holidays keep it: MM-DD. */
export const isMonthDay = (value: string) => /^\d{2}-\d{2}$/.test(value) && isIsoDate(`2000-${value}`);

export const isIsoDateTime = (value: string) =>
  /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/.test(value) &&
  !Number.isNaN(Date.parse(value)) &&
  isIsoDate(value.slice(0, 10));

/** The custom string formats of the schema format, with their checks. */
export const FORMAT_CHECKS: Record<string, (value: string) => boolean> = {
  cnpj: isCnpj,
  cpf: isCpf,
  cep: isCep,
  phone: isPhone,
  password: isStrongPassword,
  code6: isCode6,
  email: isEmail,
  uri: isHttpUrl,
  url: isHttpUrl,
  color: isColor,
  date: isIsoDate,
  'month-day': isMonthDay,
  'date-time': isIsoDateTime,
  uuid: (v) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v),
  // Rich text: any string; sanitised on write.
  html: () => true,
  // Reference to a stored file (GET /v1/files/{id}).
  file: (v) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v),
  time: (v) => /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/.test(v),
  // A role string (users:superadmin, user, guest, module:level), shown by its pt-BR name (roleLabel).
  role: (v) => /^(users:superadmin|user|guest|[a-z][a-z_]*:[a-z_*]+)$/.test(v),
};
