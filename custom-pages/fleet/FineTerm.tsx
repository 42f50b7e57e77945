// /fleet/fines/term/{id}/{idDriver}/{vehiclePlate} (Termo de responsabilidade): the driver's fine
// responsibility term, with the fine's, the vehicle's and the driver's data and places to sign, as a
// page styled for printing (Imprimir prints the term alone) and as a PDF (Baixar PDF: GET
// v1/multas/{id}/termo/{idMotorista}/{placa}/pdf). Both say the words of fineTerm() (src/domain/fleet.ts).
// A fine whose driver or plate is not the address's answers 'Termo não encontrado...'.
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { Alert, Box, Button, CircularProgress, GlobalStyles, Paper, Stack, Typography } from '@mui/material';
import Print from '@mui/icons-material/Print';
import PictureAsPdf from '@mui/icons-material/PictureAsPdf';
import { fineTerm, fineTermFileName, type FineTermData } from '../../src/domain/fleet.js';
import { downloadNamed, saveBlob, TitleBar, useApiOrigin, useToasts, v1Json } from '../../src/admin/pages.js';

const TERM_ID = 'fine-term';

/** Printing shows the term alone, on white, without the shell. */
const PRINT_STYLES = (
  <GlobalStyles
    styles={{
      '@media print': {
        'body *': { visibility: 'hidden' },
        [`#${TERM_ID}, #${TERM_ID} *`]: { visibility: 'visible' },
        [`#${TERM_ID}`]: { position: 'absolute', left: 0, top: 0, width: '100%', border: 'none !important', boxShadow: 'none !important' },
        '@page': { size: 'A4', margin: '18mm' },
      },
    }}
  />
);

export function TermDocument({ data }: { data: FineTermData }) {
  const term = fineTerm(data);
  return (
    <Paper id={TERM_ID} variant="outlined" sx={{ p: { xs: 2, sm: 5 }, maxWidth: 820, mx: 'auto', fontFamily: 'Georgia, "Times New Roman", serif' }}>
      <Typography component="h2" variant="h6" sx={{ textAlign: 'center', fontWeight: 700, mb: 3, fontFamily: 'inherit' }}>
        {term.title}
      </Typography>
      {term.blocks.map((block) => (
        <Box key={block.title} component="section" aria-label={block.title} sx={{ mb: 2.5 }}>
          <Typography component="h3" sx={{ fontWeight: 700, textTransform: 'uppercase', fontSize: 14, borderBottom: 1, borderColor: 'divider', mb: 1, fontFamily: 'inherit' }}>
            {block.title}
          </Typography>
          <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '200px 1fr' }, columnGap: 2, rowGap: 0.5, m: 0 }}>
            {block.rows.map(([label, value]) => (
              <Box key={label} sx={{ display: 'contents' }}>
                <Typography component="dt" sx={{ fontWeight: 700, fontSize: 14, fontFamily: 'inherit' }}>
                  {label}
                </Typography>
                <Typography component="dd" sx={{ m: 0, fontSize: 14, fontFamily: 'inherit' }}>
                  {value}
                </Typography>
              </Box>
            ))}
          </Box>
        </Box>
      ))}
      {term.paragraphs.map((p) => (
        <Typography key={p} sx={{ textAlign: 'justify', mb: 1.5, fontSize: 15, fontFamily: 'inherit' }}>
          {p}
        </Typography>
      ))}
      <Typography sx={{ mt: 3, fontSize: 15, fontFamily: 'inherit' }}>{term.place}</Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 6, mt: 9 }}>
        {term.signatures.map((caption) => (
          <Box key={caption} sx={{ borderTop: '1px solid #000', pt: 1, textAlign: 'center' }}>
            <Typography sx={{ fontSize: 14, fontFamily: 'inherit' }}>{caption}</Typography>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}

export default function FineTerm() {
  useApiOrigin();
  const toasts = useToasts();
  const { id = '', idDriver = '', vehiclePlate = '' } = useParams();
  const path = `/v1/multas/${encodeURIComponent(id)}/termo/${encodeURIComponent(idDriver)}/${encodeURIComponent(vehiclePlate)}`;
  const query = useQuery({ queryKey: ['fleet', 'term', id, idDriver, vehiclePlate], queryFn: () => v1Json<FineTermData>(path, { module: 'frota' }) });

  const download = async () => {
    try {
      const { blob, name } = await downloadNamed(`${path}/pdf`, fineTermFileName(Number(id), vehiclePlate), 'frota');
      saveBlob(blob, name);
      toasts.success('Termo baixado com sucesso!');
    } catch (e) {
      toasts.failure(e);
    }
  };

  return (
    <Box sx={{ px: 2, pb: 4 }}>
      {PRINT_STYLES}
      <TitleBar title="Termo de responsabilidade" back="/fleet/fines/list" />
      {query.isError ? (
        <Alert severity="error">{(query.error as Error).message}</Alert>
      ) : !query.data ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
          <CircularProgress aria-label="Carregando" />
        </Box>
      ) : (
        <>
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', maxWidth: 820, mx: 'auto', mb: 2 }}>
            <Button variant="outlined" startIcon={<PictureAsPdf />} onClick={() => void download()}>
              Baixar PDF
            </Button>
            <Button variant="contained" startIcon={<Print />} onClick={() => window.print()}>
              Imprimir
            </Button>
          </Stack>
          <TermDocument data={query.data} />
        </>
      )}
    </Box>
  );
}
