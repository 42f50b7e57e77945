// A person as the recruiters read them, in a panel on the right: contact, LinkedIn, salary
// expectation, about, the PDF resume and the resume's education, experience and certificates. The
// application drawer (ApplicationDrawer.tsx: the candidate of an application, with its step) and the
// resume database's drawer (ResumeDatabasePage.tsx: anyone who allowed it) both show it.
import { useState, type ReactNode } from 'react';
import { Box, Button, CircularProgress, Drawer, IconButton, Link, Stack, Tooltip, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import DownloadIcon from '@mui/icons-material/Download';
import { slugify } from '../../src/domain/careers.js';
import { EMPTY_TEXT, formatBRL } from '../../src/domain/format.js';
import { type Areas, downloadNamed, PhoneValue, saveBlob, useToasts } from '../../src/admin/pages.js';
import { Entry, SECTIONS } from '../resume/ResumePage.js';
import { linkedinHref } from './board.js';
import { TEXTS } from './texts.js';

type ResumeEntry = Record<string, any>;

/** The person part of the careers calls (candidatos/{id}/detalhes, banco/{id}). */
export interface PersonDetails {
  candidato: {
    id_usuario: number;
    nome: string | null;
    email: string | null;
    funcionario: boolean;
    telefone: string | null;
    cidade: string | null;
    uf: string | null;
    linkedin: string | null;
    apresentacao: string | null;
    pretensao_salarial: number | string | null;
    tem_curriculo: boolean;
  };
  curriculo: { formacao: ResumeEntry[]; experiencia: ResumeEntry[]; certificados: ResumeEntry[] };
}

const DRAWER_WIDTH = 520;

/** The resume's parts in the answer, in the resume page's sections (titles and how an entry reads). */
const RESUME_PARTS: { key: keyof PersonDetails['curriculo']; section: (typeof SECTIONS)[number] }[] = [
  { key: 'formacao', section: SECTIONS.find((s) => s.kind === 'education')! },
  { key: 'experiencia', section: SECTIONS.find((s) => s.kind === 'experience')! },
  { key: 'certificados', section: SECTIONS.find((s) => s.kind === 'certificate')! },
];

export function Info({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Box sx={{ typography: 'body2', overflowWrap: 'anywhere' }}>{children}</Box>
    </Box>
  );
}

/** Baixar currículo (PDF): the file under the name the server gives it. */
function ResumeDownload({ path, fallbackName, areas }: { path: string; fallbackName: string; areas: Areas }) {
  const toasts = useToasts();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const { blob, name } = await downloadNamed(path, fallbackName, areas);
      saveBlob(blob, name);
    } catch (error) {
      toasts.failure(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outlined" startIcon={busy ? <CircularProgress size={16} /> : <DownloadIcon />} disabled={busy} onClick={() => void download()}>
      {TEXTS.download}
    </Button>
  );
}

/**
 * The person: contact (with `extra` after the salary, e.g. an application's origin), about, the PDF
 * at `resumePath` (when they sent one) and the resume's sections.
 */
export function PersonView({ person, resumePath, areas, extra }: { person: PersonDetails; resumePath: string; areas: Areas; extra?: ReactNode }) {
  const { candidato, curriculo } = person;
  const linkedin = linkedinHref(candidato.linkedin);
  const place = [candidato.cidade, candidato.uf].filter(Boolean).join(' - ');
  const salary = candidato.pretensao_salarial;
  const name = candidato.nome || candidato.email || '';
  return (
    <Stack spacing={2}>
      <Stack spacing={1.5} component="section" aria-label={TEXTS.contact}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {TEXTS.contact}
        </Typography>
        <Info label={TEXTS.email}>{candidato.email ? <Link href={`mailto:${candidato.email}`}>{candidato.email}</Link> : EMPTY_TEXT}</Info>
        <Info label={TEXTS.phone}>{candidato.telefone ? <PhoneValue text={candidato.telefone} value={candidato.telefone} /> : EMPTY_TEXT}</Info>
        <Info label={TEXTS.city}>{place || EMPTY_TEXT}</Info>
        <Info label={TEXTS.linkedin}>
          {linkedin ? (
            <Link href={linkedin} target="_blank" rel="noopener noreferrer">
              {candidato.linkedin}
            </Link>
          ) : (
            EMPTY_TEXT
          )}
        </Info>
        <Info label={TEXTS.salary}>{salary === null || salary === undefined || salary === '' ? EMPTY_TEXT : formatBRL(salary)}</Info>
        {extra}
        <Info label={TEXTS.about}>
          <Box component="span" sx={{ whiteSpace: 'pre-line' }}>
            {candidato.apresentacao || EMPTY_TEXT}
          </Box>
        </Info>
        <Box>
          {candidato.tem_curriculo ? (
            <ResumeDownload path={resumePath} fallbackName={`curriculo-${slugify(name) || candidato.id_usuario}.pdf`} areas={areas} />
          ) : (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {TEXTS.noPdf}
            </Typography>
          )}
        </Box>
      </Stack>
      {RESUME_PARTS.map(({ key, section }) => {
        const entries = curriculo?.[key] ?? [];
        return (
          <Box key={key} component="section" aria-label={section.title}>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 0.5 }}>
              {section.title}
            </Typography>
            {entries.length === 0 ? (
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {EMPTY_TEXT}
              </Typography>
            ) : (
              <Box component="ul" sx={{ m: 0, p: 0 }}>
                {entries.map((entry, index) => (
                  <Entry key={index} section={section} row={{ id: index, ...entry }} editable={false} />
                ))}
              </Box>
            )}
          </Box>
        );
      })}
    </Stack>
  );
}

/** The panel on the right (a dialog named by its header's title, `titleId`). */
export function SidePanel({ open, onClose, titleId, children }: { open: boolean; onClose: () => void; titleId: string; children: ReactNode }) {
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: { xs: '100%', sm: DRAWER_WIDTH } }, role: 'dialog', 'aria-labelledby': titleId } }}
    >
      {children}
    </Drawer>
  );
}

/** The panel's header: the person's name (the dialog's name), what follows it, and Fechar. */
export function PanelHeader({ titleId, title, onClose, children }: { titleId: string; title: string; onClose: () => void; children?: ReactNode }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="h6" component="h2" id={titleId} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {title}
        </Typography>
        {children}
      </Box>
      <Tooltip title={TEXTS.close}>
        <IconButton aria-label={TEXTS.close} onClick={onClose} edge="end">
          <CloseIcon />
        </IconButton>
      </Tooltip>
    </Stack>
  );
}
