// Rich text ('html' fields): a small editor over contentEditable with bold, italic, underline,
// lists and links. What it keeps is sanitised (src/admin/generator/sanitize.ts); the server
// sanitises again on write.
import { useEffect, useRef, type MouseEvent } from 'react';
import { Box, FormLabel, IconButton, Paper, Stack, Tooltip } from '@mui/material';
import BoldIcon from '@mui/icons-material/FormatBold';
import ItalicIcon from '@mui/icons-material/FormatItalic';
import UnderlineIcon from '@mui/icons-material/FormatUnderlined';
import BulletIcon from '@mui/icons-material/FormatListBulleted';
import NumberIcon from '@mui/icons-material/FormatListNumbered';
import LinkIcon from '@mui/icons-material/Link';
import ClearIcon from '@mui/icons-material/FormatClear';
import { useInput } from 'react-admin';
import { FieldMessage, useShownError } from './FieldMessage.js';
import { htmlText, sanitizeHtml } from './sanitize.js';
import type { Validator } from './validation.js';

const TOOLS = [
  { command: 'bold', label: 'Negrito', Icon: BoldIcon },
  { command: 'italic', label: 'Itálico', Icon: ItalicIcon },
  { command: 'underline', label: 'Sublinhado', Icon: UnderlineIcon },
  { command: 'insertUnorderedList', label: 'Lista', Icon: BulletIcon },
  { command: 'insertOrderedList', label: 'Lista numerada', Icon: NumberIcon },
  { command: 'createLink', label: 'Link', Icon: LinkIcon },
  { command: 'removeFormat', label: 'Limpar formatação', Icon: ClearIcon },
] as const;

/** An empty editor leaves '<br>' or '<p></p>' behind: that is no text at all. */
export const normaliseHtml = (html: string) => (htmlText(html).trim() === '' && !/<(img|hr)\b/i.test(html) ? '' : sanitizeHtml(html));

export function RichTextInput({ source, label, validate, helperText }: { source: string; label: string; validate?: Validator[]; helperText?: string | false }) {
  const { field, fieldState, isRequired } = useInput({ source, validate });
  const editor = useRef<HTMLDivElement>(null);
  const value = typeof field.value === 'string' ? field.value : '';

  // Only outside changes (loading the record) rewrite the editor; typing must keep the caret.
  useEffect(() => {
    const el = editor.current;
    if (el && normaliseHtml(el.innerHTML) !== normaliseHtml(value)) el.innerHTML = sanitizeHtml(value);
  }, [value]);

  const sync = () => {
    const el = editor.current;
    if (!el) return;
    const html = normaliseHtml(el.innerHTML);
    field.onChange(html === '' ? null : html);
  };

  const run = (command: string) => (event: MouseEvent) => {
    event.preventDefault();
    editor.current?.focus();
    if (command === 'createLink') {
      const url = window.prompt('Endereço do link (https://...)');
      if (!url || !/^(https?:|mailto:)/i.test(url.trim())) return;
      document.execCommand(command, false, url.trim());
    } else {
      document.execCommand(command);
    }
    sync();
  };

  const error = useShownError(fieldState);
  const labelId = `rich-${source}-label`;
  return (
    <Box sx={{ mb: 2 }}>
      <FormLabel id={labelId} required={isRequired} error={Boolean(error)} sx={{ display: 'block', mb: 0.5, fontSize: '0.85rem' }}>
        {label}
      </FormLabel>
      <Paper variant="outlined" sx={{ borderColor: error ? 'error.main' : undefined }}>
        <Stack direction="row" spacing={0.25} sx={{ borderBottom: 1, borderColor: 'divider', px: 0.5, flexWrap: 'wrap' }} role="toolbar" aria-label={`Formatação de ${label}`}>
          {TOOLS.map(({ command, label: toolLabel, Icon }) => (
            <Tooltip key={command} title={toolLabel}>
              <IconButton size="small" onMouseDown={run(command)} aria-label={toolLabel}>
                <Icon fontSize="small" />
              </IconButton>
            </Tooltip>
          ))}
        </Stack>
        <Box
          ref={editor}
          contentEditable
          suppressContentEditableWarning
          role="textbox"
          aria-multiline="true"
          aria-labelledby={labelId}
          aria-invalid={Boolean(error)}
          onInput={sync}
          onBlur={() => {
            sync();
            field.onBlur();
          }}
          sx={{ minHeight: 120, p: 1.5, outline: 'none', '& p': { my: 0.5 }, '&:focus': { bgcolor: 'action.hover' } }}
        />
      </Paper>
      <FieldMessage error={error} helperText={helperText} />
    </Box>
  );
}
