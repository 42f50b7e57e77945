// Which uploads are accepted: the type is read from the content (magic numbers), and the file name's
// extension must agree with it. Text formats have no magic number: they must read as text, in UTF-8 or
// in the Windows-1252 that spreadsheet programs still save CSV in on Brazilian machines.
import { fileTypeFromBuffer } from 'file-type';

export const MAX_FILE_BYTES = 10 * 1024 * 1024;

const BINARY: Record<string, { mime: string; extensions: string[] }> = {
  png: { mime: 'image/png', extensions: ['png'] },
  jpg: { mime: 'image/jpeg', extensions: ['jpg', 'jpeg'] },
  gif: { mime: 'image/gif', extensions: ['gif'] },
  webp: { mime: 'image/webp', extensions: ['webp'] },
  pdf: { mime: 'application/pdf', extensions: ['pdf'] },
  docx: { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', extensions: ['docx'] },
  xlsx: { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', extensions: ['xlsx'] },
  pptx: { mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', extensions: ['pptx'] },
  // Old Office files are OLE compound documents.
  cfb: { mime: 'application/vnd.ms-excel', extensions: ['xls', 'doc'] },
  mp4: { mime: 'video/mp4', extensions: ['mp4'] },
};

const TEXT: Record<string, string> = { csv: 'text/csv', txt: 'text/plain' };

export const ACCEPTED_EXTENSIONS = [...Object.values(BINARY).flatMap((b) => b.extensions), ...Object.keys(TEXT)];

const extensionOf = (name: string) => /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? '';

// Control characters other than tab, line feed, form feed and carriage return never occur in text.
const BINARY_BYTE = /[\x00-\x08\x0b\x0e-\x1f\x7f]/;

function textCharset(bytes: Buffer): 'utf-8' | 'windows-1252' | null {
  if (bytes.length === 0) return null;
  let text: string;
  let charset: 'utf-8' | 'windows-1252' = 'utf-8';
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = bytes.toString('latin1');
    charset = 'windows-1252';
  }
  return BINARY_BYTE.test(text) ? null : charset;
}

/**
 * The type a file of this extension ('.png' or 'png', any case) is stored with once its content
 * confirms it (without a text format's charset), or null for an extension never accepted.
 */
export function typeOfExtension(extension: string): string | null {
  const ext = extension.replace(/^\./, '').toLowerCase();
  // Old Word and Excel files are both OLE compound documents: the extension tells them apart.
  if (ext === 'doc') return 'application/msword';
  return Object.values(BINARY).find((b) => b.extensions.includes(ext))?.mime ?? TEXT[ext] ?? null;
}

/** Whether a stored type ('text/csv; charset=utf-8') is one of the extensions' types; any type without extensions. */
export function typeAccepted(storedType: string, extensions?: readonly string[]): boolean {
  if (!extensions) return true;
  const type = storedType.split(';')[0].trim().toLowerCase();
  return extensions.some((ext) => typeOfExtension(ext) === type);
}

/** The content type to store, or null when the file is not accepted. */
export async function detectType(name: string, bytes: Buffer): Promise<string | null> {
  const ext = extensionOf(name);
  const detected = await fileTypeFromBuffer(bytes);
  if (detected) {
    const entry = BINARY[detected.ext];
    if (!entry || !entry.extensions.includes(ext)) return null;
    return typeOfExtension(ext);
  }
  const charset = TEXT[ext] ? textCharset(bytes) : null;
  return charset ? `${TEXT[ext]}; charset=${charset}` : null;
}
