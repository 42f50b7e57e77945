// /sales/internal/home and /sales/external/home: a sales tree's cards (cards.ts), with a button to
// the mirrored tree.
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { Box, Button, Typography } from '@mui/material';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import { CardsMenu, TitleBar, useViewer } from '../../src/admin/pages.js';
import { salesSections, visibleSalesSections } from './cards.js';
import { homePath, TREE_TITLES, type Tree } from './trees.js';

function SalesHome({ tree }: { tree: Tree }) {
  const viewer = useViewer();
  const sections = useMemo(() => salesSections(tree), [tree]);
  const empty = visibleSalesSections(tree, viewer).length === 0;
  const other: Tree = tree === 'internal' ? 'external' : 'internal';
  return (
    <Box sx={{ px: 2, pb: 4 }}>
      <TitleBar
        title={TREE_TITLES[tree]}
        back="/"
        extra={
          <Button component={Link} to={homePath(other)} variant="outlined" startIcon={<SwapHorizIcon />}>
            {TREE_TITLES[other]}
          </Button>
        }
      />
      {empty ? <Typography>Nenhum módulo de vendas disponível para o seu perfil.</Typography> : <CardsMenu sections={sections} />}
    </Box>
  );
}

export const InternalSalesHome = () => <SalesHome tree="internal" />;
export const ExternalSalesHome = () => <SalesHome tree="external" />;
