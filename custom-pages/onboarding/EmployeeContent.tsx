// /human-resources/onboarding/employee/content?idOnboarding&idTrail[&idContent]. Without idContent:
// the trail's content cards for the employee (locked until every content before is read). With it:
// the reading view (opening an unstarted content records its start; 'Marcar como lido e continuar'
// records completion, then POST /v1/onboarding/trilha/conteudos/funcionario/next gives the next
// content of the trail, else POST /v1/onboarding/trilha/funcionario/next the first content of the
// next trail, else the congratulations screen). A content typed ahead of the reading order shows
// the server's refusal.
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useNotify } from 'react-admin';
import { Alert, Box, Button, Card, CardActionArea, CardContent, Chip, Paper, Typography } from '@mui/material';
import Lock from '@mui/icons-material/Lock';
import CheckCircle from '@mui/icons-material/CheckCircle';
import { sanitizeHtml, TitleBar, useSession } from '../../src/admin/pages.js';
import { ONBOARDING_MSG } from '../../src/domain/onboarding.js';
import { ApiError, TOAST, useApi } from './api.js';
import { FileImage } from './images.js';
import { congratulationsPath, contentPath, EMPLOYEE_HOME } from './Employee.js';
import type { EmployeeContent as Content } from './types.js';


const message = (e: unknown) => (e instanceof ApiError || e instanceof Error ? e.message : String(e));

function useEmployeeId() {
  const session = useSession();
  return session?.user?.usuarioId || undefined;
}

function ContentCards({ idOnboarding, idTrail }: { idOnboarding: number; idTrail: number }) {
  const api = useApi();
  const navigate = useNavigate();
  const idEmployee = useEmployeeId();
  const [rows, setRows] = useState<Content[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    api<{ onboarding_funcionario_conteudo: Content[] }>('POST', '/v1/onboarding/trilha/conteudos/funcionario', {
      ...(idEmployee ? { id_funcionario: idEmployee } : {}),
      id_onboarding: idOnboarding,
      id_trilha: idTrail,
    })
      .then((j) => setRows(j.onboarding_funcionario_conteudo))
      .catch((e) => setError(message(e)));
  }, [api, idEmployee, idOnboarding, idTrail]);

  if (error) return <Alert severity="error">{error}</Alert>;
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))' }}>
      {rows?.length === 0 && <Typography>Esta trilha ainda não tem conteúdos.</Typography>}
      {rows?.map((c) => {
        const body = (
          <>
            {c.id_imagem_capa && <FileImage id={c.id_imagem_capa} alt={`Capa de ${c.titulo_conteudo}`} height={140} quiet />}
            <CardContent>
              <Typography variant="overline">Conteúdo {c.prioridade}</Typography>
              <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
                {c.titulo_conteudo}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {c.resumo}
              </Typography>
              {c.finalizado ? (
                <Chip size="small" color="success" icon={<CheckCircle />} label="Lido" />
              ) : c.liberado ? (
                <Chip size="small" color="warning" label={c.data_inicio ? 'Em leitura' : 'Não lido'} />
              ) : (
                <Chip size="small" icon={<Lock />} label="Bloqueado" />
              )}
            </CardContent>
          </>
        );
        return (
          <Card key={c.id_conteudo} variant="outlined" aria-label={c.titulo_conteudo} sx={{ opacity: c.liberado ? 1 : 0.6 }}>
            {c.liberado ? <CardActionArea onClick={() => navigate(contentPath(idOnboarding, idTrail, c.id_conteudo))}>{body}</CardActionArea> : body}
          </Card>
        );
      })}
    </Box>
  );
}

function Reading({ idOnboarding, idTrail, idContent }: { idOnboarding: number; idTrail: number; idContent: number }) {
  const api = useApi();
  const notify = useNotify();
  const navigate = useNavigate();
  const idEmployee = useEmployeeId();
  const [content, setContent] = useState<Content | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    setContent(null);
    setError(null);
    const ids = { id_conteudo: idContent, id_onboarding: idOnboarding, id_trilha: idTrail };
    api<{ onboarding_funcionario_conteudo: Content[] }>('POST', '/v1/rh/onboarding/funcionario/conteudo', {
      filtro: { ...ids, ...(idEmployee ? { id_funcionario: idEmployee } : {}) },
    })
      .then(async (j) => {
        const row = j.onboarding_funcionario_conteudo[0];
        if (!live) return;
        if (!row) return setError(ONBOARDING_MSG.notYours);
        setContent(row);
        if (!row.data_inicio) {
          try {
            await api('POST', '/v1/onboarding/conteudo/inicio', {
              ...ids,
              ...(idEmployee ? { id_usuario_onboarding: idEmployee } : {}),
              data_inicio: new Date().toISOString(),
            });
          } catch {
            notify(ONBOARDING_MSG.readingStartError, { type: 'error', ...TOAST });
          }
        }
      })
      .catch((e) => live && setError(message(e)));
    return () => {
      live = false;
    };
  }, [api, idContent, idEmployee, idOnboarding, idTrail, notify]);

  const finish = async () => {
    if (!content) return;
    setBusy(true);
    const employee = idEmployee ? { id_funcionario: idEmployee } : {};
    try {
      await api('POST', '/v1/onboarding/conteudo/concluir', {
        id_conteudo: idContent,
        id_onboarding: idOnboarding,
        id_trilha: idTrail,
        ...(idEmployee ? { id_usuario_onboarding: idEmployee } : {}),
        data_fim: new Date().toISOString(),
      });
      notify(ONBOARDING_MSG.contentRead, { type: 'success', ...TOAST });
    } catch {
      notify(ONBOARDING_MSG.contentReadError, { type: 'error', ...TOAST });
      setBusy(false);
      return;
    }
    // Section 4: the next content of the trail by priority; when the trail has none left, the next
    // trail from its first content; when there is no next trail, the congratulations screen.
    try {
      const sameTrail = await api<{ onboarding_funcionario_conteudo: Content[] }>('POST', '/v1/onboarding/trilha/conteudos/funcionario/next', {
        prioridade: content.prioridade,
        id_onboarding: idOnboarding,
        id_trilha: idTrail,
        ...employee,
      });
      const nextContent = sameTrail.onboarding_funcionario_conteudo[0];
      if (nextContent) return navigate(contentPath(idOnboarding, idTrail, nextContent.id_conteudo));
      const nextTrail = await api<{ onboarding_onboarding_trilha: { id_trilha: number; id_conteudo: number }[] }>('POST', '/v1/onboarding/trilha/funcionario/next', {
        ...employee,
        id_onboarding: idOnboarding,
        prioridade: content.prioridade_trilha,
      });
      const trail = nextTrail.onboarding_onboarding_trilha[0];
      navigate(trail ? contentPath(idOnboarding, trail.id_trilha, trail.id_conteudo) : congratulationsPath(idOnboarding));
    } catch {
      notify(ONBOARDING_MSG.loadError, { type: 'error', ...TOAST });
      navigate(EMPLOYEE_HOME);
    } finally {
      setBusy(false);
    }
  };

  if (error)
    return (
      <Box>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {error}
        </Alert>
        <Button variant="outlined" onClick={() => navigate(EMPLOYEE_HOME)}>
          Voltar para o onboarding
        </Button>
      </Box>
    );
  if (!content) return null;
  return (
    <Paper variant="outlined" sx={{ p: 3, maxWidth: 960, mx: 'auto' }} component="article" aria-label={content.titulo_conteudo}>
      {content.id_imagem_capa && <FileImage id={content.id_imagem_capa} alt={`Capa de ${content.titulo_conteudo}`} height={280} />}
      <Typography variant="h4" component="h2" sx={{ mt: 2, fontWeight: 600 }}>
        {content.titulo_conteudo}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', my: 1 }}>
        {content.hashtags.map((h) => (
          <Chip key={h} size="small" label={`#${h}`} />
        ))}
      </Box>
      <Typography variant="subtitle1" color="text.secondary" sx={{ mb: 2 }}>
        {content.resumo}
      </Typography>
      {/* The server sanitises the content's HTML before answering it. */}
      <Box className="onboarding-text" sx={{ lineHeight: 1.7 }} dangerouslySetInnerHTML={{ __html: sanitizeHtml(content.texto) }} />
      {content.id_imagens_auxiliares.length > 0 && (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))', mt: 3 }}>
          {content.id_imagens_auxiliares.map((f, i) => (
            <FileImage key={f} id={f} alt={`Imagem auxiliar ${i + 1}`} height={180} />
          ))}
        </Box>
      )}
      <Box sx={{ display: 'flex', justifyContent: 'space-between', mt: 4, gap: 2, flexWrap: 'wrap' }}>
        <Button variant="outlined" onClick={() => navigate(contentPath(idOnboarding, idTrail))}>
          Voltar
        </Button>
        <Button variant="contained" onClick={() => void finish()} disabled={busy}>
          {ONBOARDING_MSG.markAsRead}
        </Button>
      </Box>
    </Paper>
  );
}

export default function EmployeeContent() {
  const [params] = useSearchParams();
  const idOnboarding = Number(params.get('idOnboarding'));
  const idTrail = Number(params.get('idTrail'));
  const rawContent = params.get('idContent');
  const idContent = rawContent ? Number(rawContent) : undefined;
  const valid = Number.isInteger(idOnboarding) && idOnboarding > 0 && Number.isInteger(idTrail) && idTrail > 0 && (idContent === undefined || (Number.isInteger(idContent) && idContent > 0));
  return (
    <Box sx={{ px: 2, pb: 4 }}>
      <TitleBar title="Onboarding" back={idContent && valid ? contentPath(idOnboarding, idTrail) : EMPLOYEE_HOME} />
      {!valid ? (
        <Alert severity="error">{ONBOARDING_MSG.notYours}</Alert>
      ) : idContent ? (
        <Reading key={`${idTrail}:${idContent}`} idOnboarding={idOnboarding} idTrail={idTrail} idContent={idContent} />
      ) : (
        <ContentCards idOnboarding={idOnboarding} idTrail={idTrail} />
      )}
    </Box>
  );
}
