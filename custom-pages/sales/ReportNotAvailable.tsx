// /sales/{tree}/reports/...: the sales reports come in a later issue; until then each report's
// route says so, under the report's title, with the back arrow to the tree's home.
import { useLocation } from 'react-router-dom';
import { Box, Typography } from '@mui/material';
import ConstructionIcon from '@mui/icons-material/ConstructionOutlined';
import { TitleBar } from '../../src/admin/pages.js';
import { homePath, reportOf, treeOf } from './trees.js';

export const REPORT_NOT_AVAILABLE = 'Este relatório ainda não está disponível.';

export default function ReportNotAvailable() {
  const { pathname } = useLocation();
  const tree = treeOf(pathname);
  const rest = pathname.replace(/^\/sales\/(internal|external)\/reports\/?/, '');
  const title = reportOf(rest)?.title ?? 'Relatórios';
  return (
    <Box sx={{ maxWidth: 983, width: '100%', mx: 'auto', px: { xs: 1, sm: 2 }, pb: 4 }}>
      <TitleBar title={title} back={homePath(tree)} />
      <Box role="status" sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1, py: 6, color: 'text.secondary', textAlign: 'center' }}>
        <ConstructionIcon sx={{ fontSize: 48 }} />
        <Typography>{REPORT_NOT_AVAILABLE}</Typography>
      </Box>
    </Box>
  );
}
