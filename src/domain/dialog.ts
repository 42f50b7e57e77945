// The rules of the generic dialog (foundation document, sections 3, 4, 5 and 9): the 450-character
// free text with its counter message, the countdown on the primary button, the relatives' names
// input and what the dialog answers. Pure: no DOM, no React.

export type DialogType = 'dialog' | 'modal' | 'img';
/** Layout of the buttons: primary and secondary (default), primary only, or two primary buttons. */
export type DialogButtonsType = 'primary-secondary' | 'primary-only' | 'primary-primary';

export const DIALOG_DEFAULTS = {
  primaryButtonLabel: 'Confirmar',
  secondaryButtonLabel: 'Cancelar',
  toggleLabel: 'Tem familiar?',
  buttonsType: 'primary-secondary' as DialogButtonsType,
  closeLabel: 'Fechar',
  familiarLabel: 'Nome completo da pessoa',
} as const;

/** Most characters the dialog's free text accepts. */
export const DIALOG_TEXT_MAX = 450;

/** The counter under the free text: 'Permitido no máximo 450 caracteres de N' (N: characters typed). */
export function textCounterMessage(length: number, max = DIALOG_TEXT_MAX): string {
  return `Permitido no máximo ${max} caracteres de ${length}`;
}

/** Above the limit the counter turns red and Confirm is disabled. */
export const isTextTooLong = (text: string | null | undefined, max = DIALOG_TEXT_MAX) => (text ?? '').length > max;

export interface ConfirmState {
  /** Seconds left on the countdown (0 or undefined: none). */
  secondsLeft?: number;
  /** The free text, when the dialog has one. */
  text?: string | null;
  /** Whether the free text (or input) must be filled. */
  textRequired?: boolean;
  max?: number;
}

/** Whether the primary button can be pressed: no countdown running, text within the limit, required text filled. */
export function canConfirm({ secondsLeft = 0, text, textRequired = false, max = DIALOG_TEXT_MAX }: ConfirmState): boolean {
  if (secondsLeft > 0) return false;
  if (isTextTooLong(text, max)) return false;
  if (textRequired && (text ?? '').trim() === '') return false;
  return true;
}

/** The primary button's label while the countdown runs: 'Confirmar (5)'; the plain label at zero. */
export function countdownLabel(label: string, secondsLeft: number): string {
  return secondsLeft > 0 ? `${label} (${secondsLeft})` : label;
}

/** One tick of the countdown (one per second), never below zero. */
export const tick = (secondsLeft: number) => Math.max(0, Math.floor(secondsLeft) - 1);

const nameKey = (name: string) => name.normalize('NFC').toLocaleLowerCase('pt-BR');

/**
 * Adds what was typed in the relatives' names input to the names already there: commas split
 * several names, each is trimmed (inner runs of spaces become one), empty ones are dropped and
 * duplicates (ignoring case) removed, keeping the first spelling.
 */
export function addRelativeNames(existing: readonly string[], typed: string): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const raw of [...existing, ...typed.split(',')]) {
    const name = raw.replace(/\s+/g, ' ').trim();
    if (!name) continue;
    const key = nameKey(name);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(name);
  }
  return out;
}

export const removeRelativeName = (names: readonly string[], name: string) => names.filter((n) => n !== name);

/** What a dialog with free text, relatives or a toggle answers on Confirm. */
export interface DialogOutput {
  textArea: string;
  familiar: string[];
  toggle: boolean;
}

/**
 * The dialog's answer: the text alone for a plain dialog; with relatives or a toggle, the object
 * { textArea, familiar, toggle }. While the names input is disabled (toggle off), no relatives are answered.
 */
export function dialogOutput(options: {
  text?: string | null;
  familiar?: readonly string[];
  toggle?: boolean;
  /** Whether the names input is enabled (default: the toggle is on). */
  familiarEnabled?: boolean;
  withObject: boolean;
}): string | DialogOutput {
  const text = options.text ?? '';
  if (!options.withObject) return text;
  const toggle = Boolean(options.toggle);
  const enabled = options.familiarEnabled ?? toggle;
  return { textArea: text, familiar: enabled ? [...(options.familiar ?? [])] : [], toggle };
}
