// Title-header bar (foundation spec, section 2): back arrow, upper-case title, optional extra
// button, and the add button. Also sets the page title, prefixed with the intranet's name. The add
// button of a generated register shows only to who may create in it (canAccess rules).
import { useEffect, type MouseEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Box, Button, IconButton, Tooltip, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import AddIcon from '@mui/icons-material/Add';
import { resourceSummaries } from '../core/resources.js';
import { canAccessResource } from '../core/authProvider.js';
import { useSession } from '../core/session.js';

export const APP_NAME = 'Intranet';

export function usePageTitle(title: string) {
  useEffect(() => {
    document.title = title ? `${APP_NAME} - ${title}` : APP_NAME;
  }, [title]);
}

export interface TitleBarProps {
  title: string;
  back?: string;
  /** What the back arrow does instead of following `back` (going back in the history); `back` stays its address. */
  onBack?: () => void;
  addLabel?: string;
  addTo?: string;
  extra?: ReactNode;
}

/** The generated resource whose register screen `to` is, if any. */
const resourceOfRegister = (to: string) => resourceSummaries.find((c) => `${c.path}/register` === to)?.resource;

export function TitleBar({ title, back, onBack, addLabel, addTo, extra }: TitleBarProps) {
  usePageTitle(title);
  const session = useSession();
  const resource = addTo ? resourceOfRegister(addTo) : undefined;
  const mayAdd = !resource || canAccessResource(session?.roles ?? [], resource, 'create');
  return (
    <Box
      component="header"
      sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 2, flexWrap: 'wrap' }}
    >
      {back && (
        <Tooltip title="Voltar">
          <IconButton
            component={Link}
            to={back}
            aria-label="Voltar"
            edge="start"
            onClick={
              onBack
                ? (e: MouseEvent) => {
                    e.preventDefault();
                    onBack();
                  }
                : undefined
            }
          >
            <ArrowBackIcon />
          </IconButton>
        </Tooltip>
      )}
      <Typography variant="h5" component="h1" sx={{ textTransform: 'uppercase', fontWeight: 600, flex: 1, letterSpacing: 0.5 }}>
        {title}
      </Typography>
      {extra}
      {addLabel && addTo && mayAdd && (
        <Button component={Link} to={addTo} variant="contained" startIcon={<AddIcon />} sx={{ fontWeight: 600 }}>
          {addLabel}
        </Button>
      )}
    </Box>
  );
}
