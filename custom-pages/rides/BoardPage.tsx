// /ride-employee/list and /ride-employee/search/{origem}/{destino}/{data}: the rides offered from today
// on, nearest first, open without signing in (the public header for visitors, the signed-in layout for
// users). The search lives in the address: an empty origin or destination goes as 'todos' and an empty
// date as 'todas' (/ride-employee/search/todos/Centro/todas), the date as AAAA-MM-DD. A visitor reads
// what the offer shows (origin, destination, date and time, seats, notes, provider); a signed-in
// employee also who offers it (first name) and a WhatsApp button (wa.me, country code 55; a phone
// without digits says 'Número de telefone inválido.').
import { useEffect, useState, type FormEvent } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router-dom';
import { Alert, Box, Button, Chip, CircularProgress, Link, Paper, Stack, TextField, Typography } from '@mui/material';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import CarIcon from '@mui/icons-material/DirectionsCarOutlined';
import SearchIcon from '@mui/icons-material/Search';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import { ADMIN_LOGIN_ROUTE, canAccessResource, DateTextField, TitleBar, useSession } from '../../src/admin/pages.js';
import { formatDateTime, INVALID_PHONE_TEXT, whatsappUrl } from '../../src/domain/format.js';
import { RIDE_LIST_PATH, RIDE_SEARCH_MAX, RIDE_TEXTS as T, rideSearchPath, segmentValue, type RideOffer } from '../../src/domain/rides.js';
import { withNext } from '../auth/forms.js';
import { PublicPage } from '../auth/PublicPage.js';
import { useRideBoard, type BoardFilter } from './api.js';

const isDay = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s);

function SearchForm({ current }: { current: BoardFilter }) {
  const navigate = useNavigate();
  const [origem, setOrigem] = useState(current.origem);
  const [destino, setDestino] = useState(current.destino);
  const [data, setData] = useState<string | null>(current.data || null);
  useEffect(() => {
    setOrigem(current.origem);
    setDestino(current.destino);
    setData(current.data || null);
  }, [current.origem, current.destino, current.data]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    navigate(rideSearchPath(origem, destino, data && isDay(data) ? data : ''));
  };
  const searching = Boolean(current.origem || current.destino || current.data);
  return (
    <Box component="form" role="search" onSubmit={submit} sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 1, mb: 3 }}>
      <TextField size="small" label={T.origin} value={origem} onChange={(e) => setOrigem(e.target.value.slice(0, RIDE_SEARCH_MAX))} sx={{ flex: '1 1 180px' }} />
      <TextField size="small" label={T.destination} value={destino} onChange={(e) => setDestino(e.target.value.slice(0, RIDE_SEARCH_MAX))} sx={{ flex: '1 1 180px' }} />
      <Box sx={{ flex: '0 1 200px' }}>
        <DateTextField label={T.date} value={data} onChange={setData} size="small" fullWidth />
      </Box>
      <Button type="submit" variant="contained" startIcon={<SearchIcon />} sx={{ height: 40 }}>
        {T.search}
      </Button>
      {searching && (
        <Button component={RouterLink} to={RIDE_LIST_PATH} sx={{ height: 40 }}>
          {T.clear}
        </Button>
      )}
    </Box>
  );
}

/** The WhatsApp button of an offer: a wa.me link, or, for a phone without digits, the spec's message. */
export function WhatsAppButton({ phone }: { phone: string | null | undefined }) {
  const [invalid, setInvalid] = useState(false);
  const url = whatsappUrl(phone);
  if (url) {
    return (
      <Button component="a" href={url} target="_blank" rel="noopener noreferrer" size="small" variant="outlined" startIcon={<WhatsAppIcon />} sx={{ color: '#128C7E', borderColor: '#128C7E' }}>
        {T.whatsapp}
      </Button>
    );
  }
  return (
    <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <Button size="small" variant="outlined" startIcon={<WhatsAppIcon />} onClick={() => setInvalid(true)} sx={{ color: '#128C7E', borderColor: '#128C7E' }}>
        {T.whatsapp}
      </Button>
      {invalid && (
        <Typography role="alert" variant="body2" color="error">
          {INVALID_PHONE_TEXT}
        </Typography>
      )}
    </Stack>
  );
}

function OfferCard({ offer }: { offer: RideOffer }) {
  const signedIn = offer.telefone !== undefined;
  const headingId = `carona-${offer.id}`;
  return (
    <Paper component="article" variant="outlined" aria-labelledby={headingId} sx={{ p: 2, borderRadius: 2 }}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 0.5 }}>
        <Typography id={headingId} variant="h6" component="h2" sx={{ fontWeight: 600, display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <span>{offer.origem}</span>
          <ArrowForwardIcon fontSize="small" aria-label="para" />
          <span>{offer.destino}</span>
        </Typography>
      </Stack>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <Typography sx={{ fontWeight: 500 }}>{formatDateTime(offer.data_hora)}</Typography>
        <Chip size="small" color="primary" label={T.seats(offer.vagas)} />
        <Chip size="small" variant="outlined" label={offer.empresa.nome} />
      </Stack>
      {offer.observacoes && <Typography sx={{ color: 'text.secondary', mb: 1, whiteSpace: 'pre-line' }}>{offer.observacoes}</Typography>}
      {signedIn && (
        <Stack direction="row" sx={{ alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          {offer.nome && <Typography variant="body2">{T.offeredBy(offer.nome)}</Typography>}
          <WhatsAppButton phone={offer.telefone} />
        </Stack>
      )}
    </Paper>
  );
}

export default function BoardPage() {
  const params = useParams();
  const filter: BoardFilter = { origem: segmentValue(params.origem), destino: segmentValue(params.destino), data: isDay(segmentValue(params.data)) ? segmentValue(params.data) : '' };
  const session = useSession();
  const location = useLocation();
  const roles = session?.roles ?? [];
  const { data, error, isPending, refetch } = useRideBoard(filter);
  const searching = Boolean(filter.origem || filter.destino || filter.data);
  return (
    <PublicPage title={T.title} width={960}>
      {session ? (
        <TitleBar
          title={T.title}
          back="/fleet/home"
          addLabel={T.offer}
          addTo="/ride/register"
          extra={
            canAccessResource(roles, 'rides', 'list') ? (
              <Button component={RouterLink} to="/ride/list" variant="outlined">
                {T.mine}
              </Button>
            ) : undefined
          }
        />
      ) : (
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1.5, mb: 2 }}>
          <CarIcon color="primary" sx={{ fontSize: 40 }} />
          <Box>
            <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
              {T.title}
            </Typography>
            <Typography sx={{ color: 'text.secondary' }}>{T.subtitle}</Typography>
          </Box>
        </Stack>
      )}
      <SearchForm current={filter} />
      {isPending ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label="Carregando" />
        </Box>
      ) : error ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void refetch()}>
              {T.retry}
            </Button>
          }
        >
          {error.message}
        </Alert>
      ) : (
        <>
          {searching && data.total > 0 && (
            <Typography role="status" sx={{ mb: 2, color: 'text.secondary' }}>
              {T.results(data.total)}
            </Typography>
          )}
          {data.total === 0 ? (
            <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
              <Typography role="status" sx={{ mb: searching ? 1 : 0 }}>
                {searching ? T.none : T.empty}
              </Typography>
              {searching && (
                <Link component={RouterLink} to={RIDE_LIST_PATH}>
                  {T.all}
                </Link>
              )}
            </Paper>
          ) : (
            <Stack sx={{ gap: 2 }}>
              {data.caronas.map((offer) => (
                <OfferCard key={offer.id} offer={offer} />
              ))}
            </Stack>
          )}
        </>
      )}
      {!session && (
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 2 }}>
          {T.signInLead}{' '}
          <Link component={RouterLink} to={withNext(ADMIN_LOGIN_ROUTE, location.pathname)}>
            {T.signInLink}
          </Link>{' '}
          {T.signIn}
        </Typography>
      )}
    </PublicPage>
  );
}
