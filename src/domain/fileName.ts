// Names of uploaded files, cleaned when stored and again when served (rows stored before the
// cleaning). Pure.

export const MAX_FILE_NAME_LENGTH = 255;

/**
 * Characters that never belong in a file name: C0 and C1 controls; the bidirectional controls, with
 * which 'report\u202Eexe.png' reads 'reportgnp.exe'; zero-width characters and the byte order mark,
 * which hide a part of the name; line and paragraph separators.
 */
const HIDDEN = /[\p{Cc}\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff\u2028\u2029]/gu;

/** The name to keep: NFC (macOS sends NFD), nothing hidden, at most 255 characters, extension kept; 'arquivo' when nothing is left. */
export function cleanFileName(raw: string) {
  let name = raw.normalize('NFC').replace(HIDDEN, '').trim();
  if ([...name].length > MAX_FILE_NAME_LENGTH) {
    const ext = /\.[^.]{1,16}$/.exec(name)?.[0] ?? '';
    name = [...name.slice(0, name.length - ext.length)].slice(0, MAX_FILE_NAME_LENGTH - ext.length).join('') + ext;
  }
  return name || 'arquivo';
}
