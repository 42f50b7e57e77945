// Images of a content through GET /v1/files/{id} with the bearer token, shown from a blob URL; one
// that cannot be loaded or is not an image shows 'Arquivo com formato inválido ou não encontrado!'.
import { useEffect, useState } from 'react';
import { useNotify } from 'react-admin';
import { Box, Typography } from '@mui/material';
import BrokenImage from '@mui/icons-material/BrokenImage';
import { ONBOARDING_MSG } from '../../src/domain/onboarding.js';
import { TOAST, useFileBlob } from './api.js';

export function FileImage({ id, alt, height = 240, quiet = false }: { id: string; alt: string; height?: number; quiet?: boolean }) {
  const load = useFileBlob();
  const notify = useNotify();
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    let created: string | null = null;
    setFailed(false);
    setUrl(null);
    load(id)
      .then((blob) => {
        if (!live) return;
        if (!blob.type.startsWith('image/')) throw new Error('not an image');
        created = URL.createObjectURL(blob);
        setUrl(created);
      })
      .catch(() => {
        if (!live) return;
        setFailed(true);
        if (!quiet) notify(ONBOARDING_MSG.imageError, { type: 'error', ...TOAST });
      });
    return () => {
      live = false;
      if (created) URL.revokeObjectURL(created);
    };
  }, [id, load, notify, quiet]);

  if (failed)
    return (
      <Box role="img" aria-label={alt} sx={{ height, display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 1, bgcolor: 'grey.100', color: 'text.secondary', borderRadius: 1 }}>
        <BrokenImage />
        <Typography variant="body2">{ONBOARDING_MSG.imageError}</Typography>
      </Box>
    );
  if (!url) return <Box sx={{ height, bgcolor: 'grey.100', borderRadius: 1 }} />;
  return <Box component="img" src={url} alt={alt} onError={() => setFailed(true)} sx={{ width: '100%', height, objectFit: 'cover', borderRadius: 1, display: 'block' }} />;
}
