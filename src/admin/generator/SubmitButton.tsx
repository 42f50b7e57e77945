// The generic form's Save (foundation document, section 4): "the submit button shows a spinner while
// its action runs and re-enables about 1 second after". It stays clickable on a pristine form (so
// Save tells what is missing), is disabled from the click until SUBMIT_HOLD_MS after the action
// settles, and a second click before React has redrawn it is ignored: no double submit.
import { useCallback, useEffect, useRef, useState, type MouseEvent } from 'react';
import { useFormState } from 'react-hook-form';
import { SaveButton, useSaveContext, type SaveButtonProps } from 'react-admin';
import { useTimers } from './timers.js';

/** How long Save stays disabled after its action settled (spec section 9: button loading state 1 second). */
export const SUBMIT_HOLD_MS = 1000;

/**
 * True while the form submits, and for SUBMIT_HOLD_MS after a submission whose action (the save)
 * ran. A submission refused by the form's own validation ran nothing: Save is free again at once,
 * so the user can correct the fields and save.
 */
export function useSubmitLock(submitting: boolean, saving: boolean): boolean {
  const [held, setHeld] = useState(false);
  const busyBefore = useRef(false);
  const ran = useRef(false);
  const busy = submitting || saving;
  useEffect(() => {
    if (busy) {
      busyBefore.current = true;
      if (saving) ran.current = true;
      setHeld(false);
      return;
    }
    if (!busyBefore.current) return;
    busyBefore.current = false;
    if (!ran.current) return;
    ran.current = false;
    setHeld(true);
    const timer = setTimeout(() => setHeld(false), SUBMIT_HOLD_MS);
    return () => clearTimeout(timer);
  }, [busy, saving]);
  return busy || held;
}

/** `type="button"` with `mutationOptions`: a second save button with its own outcome (Salvar e Continuar). */
export function SubmitButton({ label = 'Salvar', type, mutationOptions }: { label?: string; type?: 'button' | 'submit'; mutationOptions?: SaveButtonProps['mutationOptions'] }) {
  const { isSubmitting } = useFormState();
  const saving = useSaveContext()?.saving ?? false;
  const locked = useSubmitLock(isSubmitting, saving);
  // Set by the click itself, before any redraw: a double click submits once.
  const clicked = useRef(false);
  const lockedNow = useRef(locked);
  lockedNow.current = locked;
  const timers = useTimers();
  useEffect(() => {
    if (!locked) clicked.current = false;
  }, [locked]);

  const onClick = useCallback((event: MouseEvent<HTMLButtonElement>) => {
    if (clicked.current || lockedNow.current) {
      event.preventDefault();
      return;
    }
    clicked.current = true;
    // A click that started no submission (nothing to submit) does not lock the button for good.
    timers.later(() => {
      if (!lockedNow.current) clicked.current = false;
    }, SUBMIT_HOLD_MS);
  }, [timers]);

  // alwaysEnable: Save works on a pristine form; while locked, react-admin's own rule is replaced by ours.
  return <SaveButton label={label} alwaysEnable={!locked} disabled={locked} onClick={onClick} type={type} mutationOptions={mutationOptions} />;
}
