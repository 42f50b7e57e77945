// /human-resources/vacancy/report (screen Vagas): the open vacancies (POST /v1/rh/relatorio/vaga/filtro).
import { useEffect, useState } from 'react';
import { useNotify } from 'react-admin';
import { Box, Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import { TitleBar } from '../../src/admin/pages.js';
import { formatDate } from '../../src/domain/format.js';
import { ONBOARDING_MSG } from '../../src/domain/onboarding.js';
import { TOAST, useApi } from './api.js';
import type { VacancyRow } from './types.js';

export default function VacancyReport() {
  const api = useApi();
  const notify = useNotify();
  const [rows, setRows] = useState<VacancyRow[] | null>(null);

  useEffect(() => {
    api<{ vagas_relatorio_rh: VacancyRow[] }>('POST', '/v1/rh/relatorio/vaga/filtro', { filtro: {} }, 'rh')
      .then((j) => setRows(j.vagas_relatorio_rh))
      .catch(() => {
        setRows([]);
        notify(ONBOARDING_MSG.vacanciesError, { type: 'error', ...TOAST });
      });
  }, [api, notify]);

  return (
    <Box sx={{ px: 2, pb: 4 }}>
      <TitleBar title={ONBOARDING_MSG.vacanciesTitle} back="/human-resources/home" />
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label={ONBOARDING_MSG.vacanciesTitle}>
          <TableHead>
            <TableRow>
              <TableCell>Título da vaga</TableCell>
              <TableCell align="right">Vagas</TableCell>
              <TableCell>Cidade</TableCell>
              <TableCell>Gestor da vaga</TableCell>
              <TableCell>Data de início</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows?.length === 0 && (
              <TableRow>
                <TableCell colSpan={5}>Nenhum resultado encontrado</TableCell>
              </TableRow>
            )}
            {rows?.map((r) => (
              <TableRow key={r.id}>
                <TableCell>{r.titulo_vaga}</TableCell>
                <TableCell align="right">{r.vagas}</TableCell>
                <TableCell>{r.cidade}</TableCell>
                <TableCell>{r.gestor_vaga}</TableCell>
                <TableCell>{r.data_inicio ? formatDate(r.data_inicio) : '-'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}
