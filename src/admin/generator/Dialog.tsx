// The generic dialog (foundation document, sections 2, 3, 4 and 5), in three types:
// - dialog: icon, title, subhead, sanitised HTML text, optional free text (450 characters with its
//   counter) or one-line input, optional 'Tem familiar?' toggle with the relatives' names input,
//   Cancel/Confirm (or other layouts), and an optional countdown on the primary button;
// - modal: a large read-only panel with Close;
// - img: an image with Close.
// The rules live in src/domain/dialog.ts.
import { useEffect, useId, useState, type ReactNode } from 'react';
import {
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormHelperText,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import {
  addRelativeNames,
  canConfirm,
  countdownLabel,
  DIALOG_DEFAULTS,
  DIALOG_TEXT_MAX,
  dialogOutput,
  isTextTooLong,
  textCounterMessage,
  tick,
  type DialogButtonsType,
  type DialogOutput,
  type DialogType,
} from '../../domain/dialog.js';
import { sanitizeHtml } from './sanitize.js';
import { RelativeNamesInput } from './RelativeNamesInput.js';

export interface TextAreaOptions {
  label?: string;
  placeholder?: string;
  required?: boolean;
  /** Most characters (default 450). */
  max?: number;
}

export interface IntranetDialogProps {
  open: boolean;
  type?: DialogType;
  icon?: ReactNode;
  title?: string;
  subhead?: string;
  /** HTML text; sanitised before it is shown. */
  text?: string;
  /** A multi-line free text (true for the defaults). */
  textArea?: boolean | TextAreaOptions;
  /** A one-line input instead of the free text. */
  input?: { label: string; required?: boolean; placeholder?: string };
  /** Shows the relatives' names input ('Nome completo da pessoa'). */
  familiar?: boolean;
  /** Shows the toggle ('Tem familiar?'); when shown, it enables the names input. */
  showToggle?: boolean;
  toggleLabel?: string;
  primaryButtonLabel?: string;
  secondaryButtonLabel?: string;
  buttonsType?: DialogButtonsType;
  /** Seconds the primary button stays disabled, counting down once a second. */
  countdown?: number;
  /** The image of an 'img' dialog. */
  image?: string;
  imageAlt?: string;
  /** Content of a 'modal' (or extra content of a dialog, under the text). */
  children?: ReactNode;
  /** The primary action is running: spinner on its button. */
  loading?: boolean;
  /** Colour of the primary button (deletions use 'error'). */
  primaryColor?: 'primary' | 'error' | 'warning' | 'success';
  onConfirm?: (output: string | DialogOutput) => void;
  /** The second button's action; by default it closes the dialog. */
  onSecondary?: () => void;
  onClose: () => void;
}

export function IntranetDialog(props: IntranetDialogProps) {
  const { open, type = 'dialog', onClose } = props;
  const titleId = useId();
  if (type === 'img') {
    return (
      <Dialog open={open} onClose={onClose} maxWidth="md" aria-labelledby={props.title ? titleId : undefined} aria-label={props.title ? undefined : props.imageAlt ?? 'Imagem'}>
        {props.title && <DialogTitle id={titleId}>{props.title}</DialogTitle>}
        <DialogContent sx={{ display: 'flex', justifyContent: 'center' }}>
          {props.image && <Box component="img" src={props.image} alt={props.imageAlt ?? props.title ?? ''} sx={{ maxWidth: '100%', maxHeight: '70vh' }} />}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{DIALOG_DEFAULTS.closeLabel}</Button>
        </DialogActions>
      </Dialog>
    );
  }
  if (type === 'modal') {
    return (
      <Dialog open={open} onClose={onClose} maxWidth="lg" fullWidth aria-labelledby={titleId}>
        <DialogTitle id={titleId}>{props.title}</DialogTitle>
        <DialogContent dividers>
          {props.text && <Box className="dialog-html" dangerouslySetInnerHTML={{ __html: sanitizeHtml(props.text) }} />}
          {props.children}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{DIALOG_DEFAULTS.closeLabel}</Button>
        </DialogActions>
      </Dialog>
    );
  }
  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      {/* Remounted on each opening: the text, the names and the countdown start over. */}
      {open && <DialogBody {...props} titleId={titleId} />}
    </Dialog>
  );
}

function DialogBody(props: IntranetDialogProps & { titleId: string }) {
  const {
    icon,
    title,
    subhead,
    text,
    textArea,
    input,
    familiar,
    showToggle,
    toggleLabel = DIALOG_DEFAULTS.toggleLabel,
    primaryButtonLabel = DIALOG_DEFAULTS.primaryButtonLabel,
    secondaryButtonLabel = DIALOG_DEFAULTS.secondaryButtonLabel,
    buttonsType = DIALOG_DEFAULTS.buttonsType,
    countdown = 0,
    loading,
    primaryColor = 'primary',
    onConfirm,
    onSecondary,
    onClose,
    titleId,
  } = props;
  const areaOptions: TextAreaOptions | undefined = textArea ? (textArea === true ? {} : textArea) : undefined;
  const max = areaOptions?.max ?? DIALOG_TEXT_MAX;
  const [value, setValue] = useState('');
  const [secondsLeft, setSecondsLeft] = useState(Math.max(0, Math.floor(countdown)));
  const [toggle, setToggle] = useState(false);
  const [names, setNames] = useState<string[]>([]);
  const [typedName, setTypedName] = useState('');

  // One tick a second while the countdown runs.
  const counting = secondsLeft > 0;
  useEffect(() => {
    if (!counting) return;
    const timer = setInterval(() => setSecondsLeft(tick), 1000);
    return () => clearInterval(timer);
  }, [counting]);

  const hasText = Boolean(areaOptions || input);
  const textRequired = Boolean(areaOptions?.required || input?.required);
  const familiarEnabled = Boolean(familiar) && (!showToggle || toggle);
  const tooLong = Boolean(areaOptions) && isTextTooLong(value, max);
  const enabled = !loading && canConfirm({ secondsLeft, text: hasText ? value : undefined, textRequired, max: areaOptions ? max : Infinity });

  const confirm = () => {
    if (!enabled) return;
    // A name still typed in the input counts as if Enter had been pressed.
    const allNames = familiarEnabled ? addRelativeNames(names, typedName) : names;
    onConfirm?.(dialogOutput({ text: value, familiar: allNames, toggle, familiarEnabled, withObject: Boolean(familiar || showToggle) }));
  };

  return (
    <>
      <DialogTitle id={titleId} component="div">
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          {icon}
          <Box>
            <Typography variant="h6" component="h2">
              {title}
            </Typography>
            {subhead && (
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {subhead}
              </Typography>
            )}
          </Box>
        </Stack>
      </DialogTitle>
      <DialogContent>
        {text && <Box className="dialog-html" sx={{ '& p': { mt: 0 } }} dangerouslySetInnerHTML={{ __html: sanitizeHtml(text) }} />}
        {props.children}
        {areaOptions && (
          <Box sx={{ mt: 2 }}>
            <TextField
              label={areaOptions.label ?? 'Descrição'}
              placeholder={areaOptions.placeholder}
              required={areaOptions.required}
              value={value}
              onChange={(e) => setValue(e.target.value)}
              multiline
              minRows={4}
              fullWidth
              error={tooLong}
              slotProps={{ htmlInput: { 'aria-describedby': `${titleId}-counter` } }}
            />
            <FormHelperText id={`${titleId}-counter`} error={tooLong} data-too-long={tooLong || undefined}>
              {textCounterMessage(value.length, max)}
            </FormHelperText>
          </Box>
        )}
        {input && !areaOptions && (
          <TextField
            sx={{ mt: 2 }}
            label={input.label}
            placeholder={input.placeholder}
            required={input.required}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            fullWidth
          />
        )}
        {showToggle && (
          <FormControlLabel sx={{ mt: 1, display: 'flex' }} control={<Switch checked={toggle} onChange={(e) => setToggle(e.target.checked)} />} label={toggleLabel} />
        )}
        {familiar && <RelativeNamesInput names={names} onChange={setNames} typed={typedName} onTypedChange={setTypedName} disabled={!familiarEnabled} />}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        {buttonsType !== 'primary-only' && (
          <Button variant={buttonsType === 'primary-primary' ? 'contained' : 'outlined'} onClick={onSecondary ?? onClose} disabled={loading}>
            {secondaryButtonLabel}
          </Button>
        )}
        <Button
          variant="contained"
          color={primaryColor}
          onClick={confirm}
          disabled={!enabled}
          startIcon={loading ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {countdownLabel(primaryButtonLabel, secondsLeft)}
        </Button>
      </DialogActions>
    </>
  );
}
