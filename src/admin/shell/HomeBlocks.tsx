// The blocks of the home page (Home.tsx) over GET /v1/inicio: what waits for the user, the news
// (unread must-read items first, each with its read state), and the month's birthdays and company
// anniversaries. Each block has its own empty state.
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import {
  Avatar,
  Box,
  Button,
  Card,
  CardActionArea,
  CardContent,
  Chip,
  List,
  ListItem,
  ListItemAvatar,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import MarkReadIcon from '@mui/icons-material/MarkEmailUnreadOutlined';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import PushPinIcon from '@mui/icons-material/PushPin';
import SchoolIcon from '@mui/icons-material/SchoolOutlined';
import ReportIcon from '@mui/icons-material/ReportProblemOutlined';
import AssignmentIcon from '@mui/icons-material/AssignmentOutlined';
import CakeIcon from '@mui/icons-material/CakeOutlined';
import EventIcon from '@mui/icons-material/WorkHistoryOutlined';
import ImageIcon from '@mui/icons-material/ImageOutlined';
import { formatDate, MONTH_NAMES } from '../../domain/format.js';
import { useFileUrl } from '../core/fileUrl.js';

export interface HomeNews {
  id: number;
  titulo: string;
  resumo: string;
  provedor_nome: string;
  categoria_titulo: string | null;
  categoria_color: string | null;
  imagem_capa_data: string | null;
  importante: boolean;
  requer_lido: boolean;
  lido_em: string | null;
  created_at: string;
  link: string;
}

export interface HomePending {
  tipo: 'leitura' | 'onboarding' | 'incidente_atribuido' | 'incidente_aberto';
  titulo: string;
  detalhe: string;
  link: string;
}

export interface HomePerson {
  id: string;
  nome: string;
  dia: number;
  provedor: string;
  departamento: string | null;
  anos?: number;
}

export interface HomeData {
  nome: string;
  hoje: string;
  novidades: HomeNews[];
  leituras_pendentes: number;
  pendencias: HomePending[];
  onboarding: boolean;
  aniversariantes: HomePerson[];
  tempo_de_casa: HomePerson[];
}

export const HOME_EMPTY = {
  pending: 'Nada pendente para você. Tudo em dia!',
  news: 'Nenhuma novidade publicada para você ainda.',
  birthdays: 'Nenhum aniversariante neste mês.',
  anniversaries: 'Nenhum aniversário de empresa neste mês.',
};

/** 'Bom dia' / 'Boa tarde' / 'Boa noite' by the hour of the user's clock. */
export function greeting(now = new Date()): string {
  const hour = now.getHours();
  return hour < 5 || hour >= 18 ? 'Boa noite' : hour < 12 ? 'Bom dia' : 'Boa tarde';
}

/** 'Dezembro' of an 'AAAA-MM-DD' date. */
export const monthName = (isoDate: string) => MONTH_NAMES[Number(isoDate.slice(5, 7)) - 1] ?? '';

/** A titled block of the home (a region named by its title). */
export function Block({ title, icon, action, children }: { title: string; icon?: ReactNode; action?: ReactNode; children: ReactNode }) {
  return (
    <Paper component="section" aria-label={title} variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, minWidth: 0 }}>
      <Stack direction="row" spacing={1} sx={{ mb: 1.5, alignItems: 'center' }}>
        {icon}
        <Typography variant="h6" component="h2" sx={{ fontWeight: 600, flexGrow: 1, minWidth: 0, fontSize: '1.15rem', lineHeight: 1.3 }}>
          {title}
        </Typography>
        {action}
      </Stack>
      {children}
    </Paper>
  );
}

const Empty = ({ text }: { text: string }) => (
  <Typography color="text.secondary" sx={{ py: 1 }}>
    {text}
  </Typography>
);

const PENDING_ICON = { leitura: MarkReadIcon, onboarding: SchoolIcon, incidente_atribuido: ReportIcon, incidente_aberto: AssignmentIcon } as const;

export function PendingBlock({ items }: { items: HomePending[] }) {
  return (
    <Block title="Para você" action={items.length ? <Chip size="small" color="secondary" label={items.length === 1 ? '1 pendência' : `${items.length} pendências`} /> : undefined}>
      {items.length === 0 ? (
        <Empty text={HOME_EMPTY.pending} />
      ) : (
        <List disablePadding dense>
          {items.map((item) => {
            const Icon = PENDING_ICON[item.tipo];
            return (
              <ListItemButton key={`${item.tipo}:${item.link}`} component={Link} to={item.link} sx={{ borderRadius: 1, px: 1 }}>
                <ListItemIcon sx={{ minWidth: 36 }}>
                  <Icon color="primary" />
                </ListItemIcon>
                <ListItemText primary={item.titulo} secondary={item.detalhe} slotProps={{ primary: { sx: { fontWeight: 600, overflowWrap: 'anywhere' } } }} />
              </ListItemButton>
            );
          })}
        </List>
      )}
    </Block>
  );
}

const COVER_HEIGHT = { xs: 72, sm: 110 };

function NewsCover({ id, alt }: { id: string | null; alt: string }) {
  const { url } = useFileUrl(id, 'rh');
  if (!url)
    return (
      <Box sx={{ height: COVER_HEIGHT, bgcolor: 'grey.100', display: 'grid', placeItems: 'center', color: 'text.disabled' }}>
        <ImageIcon />
      </Box>
    );
  return <Box component="img" src={url} alt={alt} sx={{ width: '100%', height: COVER_HEIGHT, objectFit: 'cover', display: 'block' }} />;
}

/** The item's read state: must-read unread or confirmed; the rest just important or not. */
function ReadState({ item }: { item: HomeNews }) {
  return (
    <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', rowGap: 0.5 }}>
      {item.requer_lido &&
        (item.lido_em ? (
          <Chip size="small" color="success" variant="outlined" icon={<TaskAltIcon sx={{ fontSize: 16 }} />} label="Leitura confirmada" />
        ) : (
          <Chip size="small" color="primary" icon={<MarkReadIcon sx={{ fontSize: 16 }} />} label="Leitura obrigatória" />
        ))}
      {item.importante && <Chip size="small" color="warning" icon={<PushPinIcon sx={{ fontSize: 16 }} />} label="Importante" />}
    </Stack>
  );
}

export function NewsBlock({ items }: { items: HomeNews[] }) {
  return (
    <Block
      title="Novidades"
      action={
        <Typography component={Link} to="/news/list" variant="body2" sx={{ color: 'primary.main', fontWeight: 600 }}>
          Ver todas
        </Typography>
      }
    >
      {items.length === 0 ? (
        <Empty text={HOME_EMPTY.news} />
      ) : (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 220px), 1fr))' }}>
          {items.map((item) => (
            <Card key={item.id} variant="outlined" component="article" aria-label={item.titulo} sx={{ borderColor: item.requer_lido && !item.lido_em ? 'primary.main' : undefined }}>
              <CardActionArea component={Link} to={item.link} sx={{ height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'stretch', justifyContent: 'flex-start' }}>
                <NewsCover id={item.imagem_capa_data} alt={item.titulo} />
                <CardContent sx={{ p: 1.5, display: 'flex', flexDirection: 'column', gap: 0.75 }}>
                  <ReadState item={item} />
                  <Typography sx={{ fontWeight: 600, lineHeight: 1.3, overflowWrap: 'anywhere' }}>{item.titulo}</Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}>
                    {item.resumo}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {item.provedor_nome} · {formatDate(item.created_at)}
                  </Typography>
                </CardContent>
              </CardActionArea>
            </Card>
          ))}
        </Box>
      )}
    </Block>
  );
}

const initials = (nome: string) =>
  nome
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');

/** How many people a list shows folded (before 'Mostrar todos do mês'). */
export const PEOPLE_SHOWN = 6;

function PeopleList({ people, today, detail, todayLabel }: { people: HomePerson[]; today: number; detail: (p: HomePerson) => string; todayLabel: string }) {
  const [all, setAll] = useState(false);
  // Folded: today's and the coming days' (the month's first ones when none is left); unfolded: the whole month by day.
  const coming = people.filter((p) => p.dia >= today);
  const shown = all ? people : (coming.length ? coming : people).slice(0, PEOPLE_SHOWN);
  return (
    <>
      <List disablePadding dense>
        {shown.map((p) => (
          <ListItem key={p.id} disableGutters sx={{ px: 0.5 }}>
            <ListItemAvatar sx={{ minWidth: 48 }}>
              <Avatar sx={{ width: 36, height: 36, fontSize: 14, bgcolor: p.dia === today ? 'secondary.main' : 'primary.light' }}>{initials(p.nome)}</Avatar>
            </ListItemAvatar>
            <ListItemText
              primary={
                <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
                  <span>{p.nome}</span>
                  {p.dia === today && <Chip size="small" color="secondary" label={todayLabel} />}
                </Stack>
              }
              secondary={`${detail(p)} · ${[p.provedor, p.departamento].filter(Boolean).join(' · ')}`}
              slotProps={{ primary: { component: 'div', sx: { fontWeight: 600, overflowWrap: 'anywhere' } } }}
            />
          </ListItem>
        ))}
      </List>
      {people.length > shown.length || all ? (
        <Button size="small" onClick={() => setAll(!all)} sx={{ mt: 0.5 }}>
          {all ? 'Mostrar menos' : `Mostrar todos do mês (${people.length})`}
        </Button>
      ) : null}
    </>
  );
}

const dayOf = (dia: number, month: string) => `${String(dia).padStart(2, '0')} de ${month.toLowerCase()}`;

export function BirthdaysBlock({ people, hoje }: { people: HomePerson[]; hoje: string }) {
  const month = monthName(hoje);
  return (
    <Block title={`Aniversariantes de ${month.toLowerCase()}`} icon={<CakeIcon color="secondary" />}>
      {people.length === 0 ? <Empty text={HOME_EMPTY.birthdays} /> : <PeopleList people={people} today={Number(hoje.slice(8, 10))} detail={(p) => dayOf(p.dia, month)} todayLabel="Hoje!" />}
    </Block>
  );
}

export function AnniversariesBlock({ people, hoje }: { people: HomePerson[]; hoje: string }) {
  const month = monthName(hoje);
  return (
    <Block title={`Tempo de casa em ${month.toLowerCase()}`} icon={<EventIcon color="primary" />}>
      {people.length === 0 ? (
        <Empty text={HOME_EMPTY.anniversaries} />
      ) : (
        <PeopleList people={people} today={Number(hoje.slice(8, 10))} detail={(p) => `${dayOf(p.dia, month)}, ${p.anos === 1 ? '1 ano' : `${p.anos} anos`} de casa`} todayLabel="Hoje!" />
      )}
    </Block>
  );
}
