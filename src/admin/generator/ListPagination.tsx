// Server-side paging with the spec's page sizes 20, 40, 60 and 'Todos' (page size 0: the server
// answers every row when the range ends before it starts).
import { TablePagination, useMediaQuery, type Theme } from '@mui/material';
import { useListPaginationContext } from 'react-admin';

export const PAGE_SIZES = [20, 40, 60, 0] as const;
export const DEFAULT_PAGE_SIZE = 20;

// MUI spells 'all' as -1; react-admin and the server as 0.
const ALL_MUI = -1;

export function ListPagination() {
  const { isPending, page, perPage, total, setPage, setPerPage } = useListPaginationContext();
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  if (isPending || !total) return null;
  const rowsPerPage = perPage === 0 ? ALL_MUI : perPage;
  return (
    <TablePagination
      component="div"
      count={total}
      page={perPage === 0 ? 0 : Math.max(page - 1, 0)}
      rowsPerPage={rowsPerPage}
      rowsPerPageOptions={PAGE_SIZES.map((size) => (size === 0 ? { label: 'Todos', value: ALL_MUI } : size))}
      onPageChange={(event, next) => {
        event?.stopPropagation();
        setPage(next + 1);
      }}
      onRowsPerPageChange={(event) => setPerPage(Number(event.target.value) === ALL_MUI ? 0 : Number(event.target.value))}
      labelRowsPerPage="Linhas por página:"
      labelDisplayedRows={({ from, to, count }) => `${from}-${to} de ${count}`}
      getItemAriaLabel={(type) =>
        ({ first: 'Ir para a primeira página', last: 'Ir para a última página', next: 'Ir para a próxima página', previous: 'Ir para a página anterior' })[type]
      }
      showFirstButton={!small}
      showLastButton={!small}
      sx={small ? { '& .MuiTablePagination-toolbar': { px: 1 }, '& .MuiTablePagination-actions': { ml: 1 } } : undefined}
    />
  );
}
