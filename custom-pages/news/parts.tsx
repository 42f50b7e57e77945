// Pieces shared by the feed and the reading page: the cover, the category chip and the item's marks.
import { Box, Chip, Stack } from '@mui/material';
import ImageIcon from '@mui/icons-material/ImageOutlined';
import PushPinIcon from '@mui/icons-material/PushPin';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import MarkReadIcon from '@mui/icons-material/MarkEmailUnreadOutlined';
import { NamedIcon, useFileUrl } from '../../src/admin/pages.js';

/** A stored image (GET /v1/files/{id} with the session), covering its box. */
export function Cover({ id, alt, height }: { id: string | null; alt: string; height: number | string | Record<string, number> }) {
  const { url, failed } = useFileUrl(id, 'rh');
  if (!url)
    return (
      <Box sx={{ height, bgcolor: 'grey.100', display: 'grid', placeItems: 'center', color: 'text.disabled' }} role={failed ? 'img' : undefined} aria-label={failed ? alt : undefined}>
        {failed && <ImageIcon />}
      </Box>
    );
  return <Box component="img" src={url} alt={alt} sx={{ width: '100%', height, objectFit: 'cover', display: 'block' }} />;
}

export function CategoryChip({ title, icon, color }: { title: string | null; icon: string | null; color: string | null }) {
  if (!title) return null;
  return (
    <Chip
      size="small"
      icon={<NamedIcon icon={icon} sx={{ color: 'inherit !important', fontSize: 16 }} />}
      label={title}
      sx={{ bgcolor: color ?? 'grey.300', color: color ? 'common.white' : 'text.primary', fontWeight: 600 }}
    />
  );
}

/** Importante (pinned), Leitura obrigatória / Leitura confirmada, Inativa (HR sees inactive items). */
export function Marks({ importante, requerLido, lido, ativo }: { importante: boolean; requerLido: boolean; lido: boolean; ativo: boolean }) {
  return (
    <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', rowGap: 0.5 }}>
      {importante && <Chip size="small" color="warning" icon={<PushPinIcon sx={{ fontSize: 16 }} />} label="Importante" />}
      {requerLido &&
        (lido ? (
          <Chip size="small" color="success" variant="outlined" icon={<TaskAltIcon sx={{ fontSize: 16 }} />} label="Leitura confirmada" />
        ) : (
          <Chip size="small" color="primary" variant="outlined" icon={<MarkReadIcon sx={{ fontSize: 16 }} />} label="Leitura obrigatória" />
        ))}
      {!ativo && <Chip size="small" label="Inativa" />}
    </Stack>
  );
}
