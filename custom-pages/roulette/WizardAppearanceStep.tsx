// Step 3 of the roulette wizard, Aparência da roleta: the slices' two colours and their texts, the
// page's colour and background image (jpg/jpeg/png up to 10 MB, uploaded to the 'roletas' bucket),
// beside a live preview of the customers' wheel over that background (the public page's Wheel).
import { useId, useState, type ChangeEvent } from 'react';
import { Box, Button, CircularProgress, FormHelperText, FormLabel, InputAdornment, Stack, TextField, Typography } from '@mui/material';
import UploadIcon from '@mui/icons-material/UploadFile';
import DeleteIcon from '@mui/icons-material/Delete';
import ImageIcon from '@mui/icons-material/ImageOutlined';
import { uploadFile, useFileUrl, useToasts } from '../../src/admin/pages.js';
import { Wheel } from '../roulette-public/Wheel.js';
import { AREA } from './routes.js';
import { imageProblem, IMAGE_ACCEPT, normalizeHex, shownColor, type AppearanceValues, type ColorField, type Errors } from './wizardRules.js';
import { WIZARD_TEXTS as T } from './wizardTexts.js';

const BUCKET = 'roletas';

export type AppearanceField = ColorField | 'url_background' | 'base_html_content';

function ColorInput({ label, value, onChange, error, disabled }: { label: string; value: string; onChange(value: string): void; error?: string; disabled?: boolean }) {
  const valid = normalizeHex(value);
  return (
    <TextField
      variant="filled"
      size="small"
      margin="dense"
      fullWidth
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      // '#FFF' or 'ffffff' typed: kept as the #rrggbb the server stores.
      onBlur={() => valid && valid !== value && onChange(valid)}
      disabled={disabled}
      error={Boolean(error)}
      helperText={error ?? ' '}
      slotProps={{
        htmlInput: { maxLength: 7, spellCheck: false, autoComplete: 'off' },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <Box
                component="input"
                type="color"
                aria-label={T.pickColor(label)}
                value={valid ?? '#000000'}
                onChange={(e: ChangeEvent<HTMLInputElement>) => onChange(e.target.value)}
                disabled={disabled}
                sx={{ width: 32, height: 26, p: 0, border: 1, borderColor: 'divider', borderRadius: 0.5, bgcolor: 'transparent', cursor: 'pointer' }}
              />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

export interface AppearanceStepProps {
  values: AppearanceValues;
  onChange(patch: Partial<AppearanceValues>): void;
  errors: Errors<AppearanceField>;
  /** The customers' prize names (step 2), drawn on the preview. */
  prizeNames: string[];
  /** Tells the wizard an upload is under way (Salvar waits for it). */
  onUploading(busy: boolean): void;
  disabled?: boolean;
}

export function AppearanceStep({ values, onChange, errors, prizeNames, onUploading, disabled }: AppearanceStepProps) {
  const toasts = useToasts();
  const inputId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const image = useFileUrl(values.url_background, AREA);

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const refused = imageProblem(file);
    if (refused) {
      setProblem(refused);
      toasts.failure({ message: refused });
      return;
    }
    setProblem(null);
    setBusy(true);
    onUploading(true);
    try {
      const stored = await uploadFile(file, BUCKET, AREA);
      onChange({ url_background: stored.id });
    } catch (error) {
      setProblem((error as Error).message);
      toasts.failure(error);
    } finally {
      setBusy(false);
      onUploading(false);
    }
  };

  const colors = {
    color_item: shownColor(values, 'color_item'),
    color_text: shownColor(values, 'color_text'),
    color_item_2: shownColor(values, 'color_item_2'),
    color_text2: shownColor(values, 'color_text2'),
  };
  const imageError = problem ?? errors.url_background;
  const color = (field: ColorField, label: string) => (
    <ColorInput label={label} value={values[field]} onChange={(v) => onChange({ [field]: v })} error={errors[field]} disabled={disabled} />
  );

  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) minmax(0, 1fr)' }, gap: 3, alignItems: 'start' }}>
      <Box component="section" aria-label={T.colors}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 0.5 }}>
          {T.colors}
        </Typography>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
          {color('color_item', T.color1)}
          {color('color_text', T.text1)}
          {color('color_item_2', T.color2)}
          {color('color_text2', T.text2)}
          <Box sx={{ gridColumn: '1 / -1' }}>{color('base_background', T.pageBackground)}</Box>
        </Box>
        <FormLabel htmlFor={inputId} error={Boolean(imageError)} sx={{ display: 'block', mt: 1, mb: 1, fontSize: '0.85rem' }}>
          {T.image}
        </FormLabel>
        <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          {values.url_background &&
            (image.url ? (
              <Box component="img" src={image.url} alt={T.image} sx={{ width: 120, height: 68, objectFit: 'cover', borderRadius: 1, border: 1, borderColor: 'divider' }} />
            ) : image.failed ? (
              <ImageIcon sx={{ fontSize: 48, color: 'text.disabled' }} aria-label={T.image} />
            ) : (
              <CircularProgress size={24} />
            ))}
          <Button
            variant="outlined"
            size="small"
            component="label"
            htmlFor={inputId}
            startIcon={busy ? <CircularProgress size={16} /> : <UploadIcon />}
            disabled={disabled || busy}
          >
            {values.url_background ? T.changeImage : T.chooseImage}
          </Button>
          <input id={inputId} data-testid="roulette-background-file" type="file" hidden accept={[...IMAGE_ACCEPT, 'image/jpeg', 'image/png'].join(',')} onChange={(e) => void pick(e)} aria-label={T.image} />
          {values.url_background && (
            <Button size="small" color="inherit" startIcon={<DeleteIcon />} onClick={() => onChange({ url_background: null })} disabled={disabled || busy}>
              {T.removeImage}
            </Button>
          )}
        </Stack>
        <Typography variant="caption" sx={{ display: 'block', color: 'text.secondary', mt: 0.5 }}>
          {T.imageHint} · {T.imageTypes}
        </Typography>
        {imageError && (
          <FormHelperText error role="alert" sx={{ mx: 0 }}>
            {imageError}
          </FormHelperText>
        )}
      </Box>
      <Box component="section" aria-label={T.preview} sx={{ position: { md: 'sticky' }, top: { md: 16 } }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
          {T.preview}
        </Typography>
        <Box
          data-testid="roulette-preview"
          sx={{
            bgcolor: shownColor(values, 'base_background'),
            backgroundImage: image.url && values.url_background ? `url("${image.url}")` : 'none',
            backgroundSize: 'cover',
            backgroundPosition: 'center',
            borderRadius: 2,
            border: 1,
            borderColor: 'divider',
            px: 3,
            py: 4,
          }}
        >
          <Wheel prizes={prizeNames.map((nome) => ({ nome }))} colors={colors} size={320} label={T.previewWheel} />
        </Box>
      </Box>
    </Box>
  );
}
