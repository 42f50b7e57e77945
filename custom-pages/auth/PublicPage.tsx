// The frame of the public pages: the public header (brands, 'Entrar', 'Cadastre-se') for visitors,
// the signed-in layout for users; the page title prefixed with the intranet's name.
import type { ReactNode } from 'react';
import { Box, Paper, Typography } from '@mui/material';
import { Layout, PublicHeader, usePageTitle, useSession } from '../../src/admin/pages.js';

export function PublicPage({ title, children, width = 440 }: { title: string; children: ReactNode; width?: number }) {
  usePageTitle(title);
  const session = useSession();
  const body = (
    <Box sx={{ display: 'flex', justifyContent: 'center', px: 2, py: { xs: 3, sm: 6 } }}>
      <Box sx={{ width: '100%', maxWidth: width }}>{children}</Box>
    </Box>
  );
  if (session) return <Layout>{body}</Layout>;
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: '#f4f6fa' }}>
      <PublicHeader />
      {body}
    </Box>
  );
}

/** A titled card holding a form. */
export function FormCard({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 }, borderRadius: 2 }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 600, mb: subtitle ? 0.5 : 2 }}>
        {title}
      </Typography>
      {subtitle && (
        <Typography sx={{ color: 'text.secondary', mb: 2 }} component="div">
          {subtitle}
        </Typography>
      )}
      {children}
    </Paper>
  );
}
