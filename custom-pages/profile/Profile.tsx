// /users/profile/{id} and /users/profile/{id}/{jobId} (UsersProfile, foundation spec sections 2, 3,
// 4, 5 and 8): the user profile (image or default avatar, name, e-mail, roles, providers, and the
// department, sector and position of the user's id_cargo) and the employee profile in the generic
// form's look (sections with sub-headers, the required-fields banner, Cancel and Save, the spec's
// toasts and field messages). A user edits their own data ("My profile"), including a missing name
// (a user without a name is sent here by the SessionGuard); managers of the rh or users area edit
// the profiles of their providers' users. The rules (gendered marital status, the CNH rule, the
// image checks) are src/domain/profile.ts, also applied by the server.
import { useCallback, useEffect, useRef, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Divider,
  FormControlLabel,
  MenuItem,
  Paper,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import PhotoCameraIcon from '@mui/icons-material/PhotoCameraOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { MSG } from '../../src/domain/messages.js';
import { applyMask, MASKS } from '../../src/domain/format.js';
import { isCep, isCpf, isEmail, isHttpUrl, isIsoDate } from '../../src/domain/validators.js';
import {
  CNH_NONE,
  CNH_NUMBER_INVALID,
  CNH_OPTIONS,
  cnhNumberFor,
  cnhNumberRequired,
  GENDER_OPTIONS,
  IMAGE_REJECTED,
  isCnhNumber,
  MARITAL_OPTIONS,
  maritalOptionOf,
  profileImageProblem,
  PROFILE_PHOTO_BUCKET,
  storedMaritalStatus,
  type CnhCategory,
  type EmployeeProfileBody,
  type Gender,
  type MaritalOption,
} from '../../src/domain/profile.js';
import { ApiError, canAccessResource, CEP_CLEAR_BELOW, CEP_LOOKUP_LENGTH, CEP_NOT_FOUND, configByResource, DateTextField, FORM_MAX_WIDTH, getSession, HistoryPanel, lookupCep, PROFILE_CHANGED_EVENT, ProfileAvatar, REQUIRED_BANNER, RoleChip, setSession, TitleBar, uploadFile, useApiOrigin, useGoBack, useSession, useToasts, v1Json } from '../../src/admin/pages.js';
import { fetchProfile, saveProfile, type ProfileAnswer } from './api.js';

export const COMPLETE_PROFILE = 'Complete seu cadastro: informe seu nome.';
export const PROFILE_TITLE = 'Perfil';
export const EMPTY = 'Não informado';

/** The form's values: text inputs hold strings; the marital select holds its option. */
interface FormValues {
  nome: string;
  cpf: string;
  rg: string;
  genero: Gender | '';
  estado: MaritalOption | '';
  data_nascimento: string;
  nacionalidade: string;
  email_corp: string;
  linkedin: string;
  viagem: boolean;
  cep: string;
  rua: string;
  numero: string;
  complemento: string;
  bairro: string;
  id_cidade: number | null;
  cidade: string;
  cnh_categoria: string;
  cnh_numero: string;
  image_data: string | null;
  image_format: string | null;
}

type Errors = Partial<Record<keyof FormValues | 'image', string>>;

const TEXT_FIELDS = ['cpf', 'rg', 'data_nascimento', 'nacionalidade', 'email_corp', 'linkedin', 'cep', 'rua', 'numero', 'complemento', 'bairro', 'cnh_numero'] as const;

function valuesOf(answer: ProfileAnswer): FormValues {
  const p = answer.perfil;
  const s = (v: unknown) => (v === null || v === undefined ? '' : String(v));
  return {
    nome: s(p?.nome ?? answer.usuario.nome),
    cpf: s(p?.cpf),
    rg: s(p?.rg),
    genero: (p?.genero as Gender) ?? '',
    estado: maritalOptionOf(p?.estado_civil) ?? '',
    data_nascimento: s(p?.data_nascimento),
    nacionalidade: s(p?.nacionalidade),
    email_corp: s(p?.email_corp),
    linkedin: s(p?.linkedin),
    viagem: Boolean(p?.viagem),
    cep: s(p?.cep),
    rua: s(p?.rua),
    numero: s(p?.numero),
    complemento: s(p?.complemento),
    bairro: s(p?.bairro),
    id_cidade: p?.id_cidade ?? null,
    cidade: '',
    cnh_categoria: p?.cnh_categoria ?? CNH_NONE,
    cnh_numero: s(p?.cnh_numero),
    image_data: p?.image_data ?? null,
    image_format: p?.image_format ?? null,
  };
}

/** Whether the form holds employee-profile data to save (else only the user's name is saved). */
function profileTouched(values: FormValues, exists: boolean) {
  return (
    exists ||
    TEXT_FIELDS.some((f) => values[f].trim() !== '') ||
    values.genero !== '' ||
    values.estado !== '' ||
    values.viagem ||
    values.id_cidade !== null ||
    values.image_data !== null ||
    values.cnh_categoria !== CNH_NONE
  );
}

/** The field messages of the spec (section 5) for the values. */
export function validateProfile(values: FormValues, withProfile: boolean): Errors {
  const errors: Errors = {};
  const nome = values.nome.trim();
  if (!nome) errors.nome = MSG.required;
  else if (nome.length < 2) errors.nome = MSG.minLength(2);
  if (!withProfile) return errors;
  if (!values.cpf.trim()) errors.cpf = MSG.required;
  else if (!isCpf(values.cpf)) errors.cpf = MSG.cpf;
  if (!values.genero) errors.genero = MSG.required;
  if (!values.estado) errors.estado = MSG.required;
  if (!values.data_nascimento) errors.data_nascimento = MSG.required;
  // The date box holds the text typed while it is not a date: 'Data inválida', never sent.
  else if (!isIsoDate(values.data_nascimento)) errors.data_nascimento = MSG.date;
  if (values.email_corp.trim() && !isEmail(values.email_corp.trim())) errors.email_corp = MSG.email;
  if (values.linkedin.trim() && !isHttpUrl(values.linkedin.trim())) errors.linkedin = MSG.url;
  if (values.cep.trim() && !isCep(values.cep.trim())) errors.cep = MSG.cep;
  if (cnhNumberRequired(values.cnh_categoria)) {
    if (!values.cnh_numero.trim()) errors.cnh_numero = MSG.required;
    else if (!isCnhNumber(values.cnh_numero)) errors.cnh_numero = CNH_NUMBER_INVALID;
  }
  return errors;
}

/** The employee profile to send: the marital status gendered, the CNH number cleared on 'Não Possui'. */
export function profileBody(values: FormValues, initialImage: string | null): EmployeeProfileBody {
  const text = (v: string) => v.trim();
  const body: EmployeeProfileBody = {
    nome: text(values.nome),
    cpf: text(values.cpf),
    rg: text(values.rg),
    genero: values.genero || null,
    estado_civil: values.estado ? storedMaritalStatus(values.estado, values.genero || null) : null,
    data_nascimento: values.data_nascimento || null,
    nacionalidade: text(values.nacionalidade),
    email_corp: text(values.email_corp),
    linkedin: text(values.linkedin),
    viagem: values.viagem,
    cep: text(values.cep),
    rua: text(values.rua),
    numero: text(values.numero),
    complemento: text(values.complemento),
    bairro: text(values.bairro),
    id_cidade: values.id_cidade,
    cnh_categoria: values.cnh_categoria as CnhCategory,
    cnh_numero: cnhNumberFor(values.cnh_categoria, values.cnh_numero),
  };
  // The image goes only when it changed (a base64 image can be large).
  if (values.image_data !== initialImage) body.image_data = values.image_data;
  return body;
}

/** Server field names -> form field names. */
const SERVER_FIELDS: Record<string, keyof Errors> = { estado_civil: 'estado', image_data: 'image', image_format: 'image', id_cidade: 'cidade' };

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title} sx={{ width: '100%', mt: 2 }}>
      <Divider sx={{ mb: 2 }} />
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2, rowGap: 1 }}>{children}</Box>
    </Box>
  );
}

function Info({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Box>
      <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block' }}>
        {label}
      </Typography>
      <Typography variant="body2">{value || EMPTY}</Typography>
    </Box>
  );
}

export function ProfilePage() {
  const { id } = useParams();
  useApiOrigin();
  const session = useSession();
  const toasts = useToasts();
  const goBack = useGoBack('/');
  const roles = session?.roles ?? [];
  const [answer, setAnswer] = useState<ProfileAnswer | null>(null);
  const [failed, setFailed] = useState(false);
  const [values, setValues] = useState<FormValues | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [cepBusy, setCepBusy] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const initialImage = useRef<string | null>(null);
  /** The complemento the last CEP lookup wrote: cleared when the CEP changes, unlike one the user typed. */
  const lookedUpComplemento = useRef<string | null>(null);

  const install = useCallback((a: ProfileAnswer) => {
    setAnswer(a);
    const v = valuesOf(a);
    initialImage.current = v.image_data;
    setValues(v);
    setErrors({});
    if (v.id_cidade) {
      v1Json<{ municipios: { label: string; uf: string }[] }>(`/v1/municipios?ibge=${v.id_cidade}`)
        .then((r) => {
          const m = r.municipios?.[0];
          if (m) setValues((cur) => (cur && cur.id_cidade === v.id_cidade ? { ...cur, cidade: `${m.label} - ${m.uf}` } : cur));
        })
        .catch(() => undefined);
    }
  }, []);

  useEffect(() => {
    if (!id) return;
    let cancelled = false;
    setFailed(false);
    fetchProfile(id)
      .then((a) => !cancelled && install(a))
      .catch((e) => {
        // Errors of the profile fetch are only logged (spec section 8).
        console.warn('perfil:', e);
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
    };
  }, [id, install]);

  const set = <K extends keyof FormValues>(field: K, value: FormValues[K]) => {
    setValues((cur) => (cur ? { ...cur, [field]: value } : cur));
    setErrors((cur) => (cur[field as keyof Errors] ? { ...cur, [field]: undefined } : cur));
  };

  const onCep = async (raw: string) => {
    const cep = applyMask(MASKS.cep, raw);
    set('cep', cep);
    const written = lookedUpComplemento.current;
    if (written !== null) {
      lookedUpComplemento.current = null;
      setValues((cur) => (cur && cur.complemento === written ? { ...cur, complemento: '' } : cur));
    }
    if (cep.length < CEP_CLEAR_BELOW) {
      setValues((cur) => (cur ? { ...cur, rua: '', bairro: '', id_cidade: null, cidade: '' } : cur));
      return;
    }
    if (cep.length !== CEP_LOOKUP_LENGTH) return;
    setCepBusy(true);
    try {
      const address = await lookupCep(cep, 'rh');
      if (!address) {
        setErrors((cur) => ({ ...cur, cep: CEP_NOT_FOUND }));
        return;
      }
      setValues((cur) => {
        if (!cur) return cur;
        if (!cur.complemento && address.complemento) lookedUpComplemento.current = address.complemento;
        return {
          ...cur,
          rua: address.endereco ?? cur.rua,
          bairro: address.bairro ?? cur.bairro,
          complemento: cur.complemento || address.complemento || '',
          id_cidade: address.ibge ?? null,
          cidade: address.cidade ? `${address.cidade}${address.estado ? ` - ${address.estado}` : ''}` : '',
        };
      });
    } catch (e) {
      setErrors((cur) => ({ ...cur, cep: (e as Error).message || MSG.failure }));
    } finally {
      setCepBusy(false);
    }
  };

  const onImage = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    const problem = profileImageProblem(file);
    if (problem) {
      setErrors((cur) => ({ ...cur, image: problem }));
      toasts.failure({ message: problem });
      return;
    }
    setUploading(true);
    try {
      const stored = await uploadFile(file, PROFILE_PHOTO_BUCKET, 'rh');
      setValues((cur) => (cur ? { ...cur, image_data: stored.id, image_format: stored.type } : cur));
      setErrors((cur) => ({ ...cur, image: undefined }));
    } catch (err) {
      setErrors((cur) => ({ ...cur, image: IMAGE_REJECTED }));
      toasts.failure(err);
    } finally {
      setUploading(false);
    }
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!answer || !values || saving) return;
    const withProfile = profileTouched(values, Boolean(answer.perfil));
    const found = validateProfile(values, withProfile);
    setErrors(found);
    const messages = Object.values(found).filter(Boolean);
    if (messages.length) {
      toasts.failure({ message: messages.includes(MSG.required) ? MSG.requiredForm : MSG.failure });
      return;
    }
    const nome = values.nome.trim();
    const user = answer.usuario;
    // The user's name follows: when it is missing, when there is no profile yet, or when it was the
    // profile's name (a different display name set by HR is kept).
    const syncName = !user.nome?.trim() || !answer.perfil || user.nome === answer.perfil.nome;
    const body: { nome?: string; perfil?: EmployeeProfileBody } = {};
    if (syncName && nome !== user.nome) body.nome = nome;
    if (withProfile) body.perfil = profileBody(values, initialImage.current);
    setSaving(true);
    try {
      const saved = await saveProfile(user.usuarioId, body);
      install(saved);
      const current = getSession();
      if (saved.permissions.self && current?.user) setSession({ ...current, user: { ...current.user, nome: saved.usuario.nome } });
      window.dispatchEvent(new Event(PROFILE_CHANGED_EVENT));
      toasts.success();
    } catch (err) {
      const fieldErrors = (err instanceof ApiError ? (err.body as { errors?: Record<string, string> } | null)?.errors : null) ?? {};
      const mapped: Errors = {};
      for (const [field, message] of Object.entries(fieldErrors)) mapped[SERVER_FIELDS[field] ?? (field as keyof Errors)] = message;
      setErrors(mapped);
      toasts.failure(err);
    } finally {
      setSaving(false);
    }
  };

  const usuario = answer?.usuario;
  const own = Boolean(answer?.permissions.self);
  const mayEditUser = canAccessResource(roles, 'users', 'update');
  const historyConfig = configByResource.get('employee-profiles');

  const text = (field: keyof FormValues & (typeof TEXT_FIELDS)[number] | 'nome', label: string, extra: Record<string, unknown> = {}) => (
    <TextField
      label={label}
      value={values?.[field] ?? ''}
      onChange={(ev) => set(field, ev.target.value)}
      error={Boolean(errors[field])}
      helperText={errors[field] || ' '}
      fullWidth
      {...extra}
    />
  );

  return (
    <Box sx={{ maxWidth: FORM_MAX_WIDTH, width: '100%', mx: 'auto', px: { xs: 1, sm: 2 }, pb: 4 }}>
      <TitleBar title={PROFILE_TITLE} back="/" />
      {!usuario || !values ? (
        failed ? <Alert severity="warning">{MSG.notFound}</Alert> : <CircularProgress aria-label="Carregando" />
      ) : (
        <>
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 }, borderRadius: 2 }} aria-label="Dados do usuário" component="section">
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ alignItems: { sm: 'center' } }}>
              <ProfileAvatar image={values} name={usuario.nome} email={usuario.email} size={96} alt={usuario.nome ?? 'Foto do perfil'} />
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography variant="h5" component="h2" sx={{ fontWeight: 600 }}>
                  {usuario.nome || EMPTY}
                </Typography>
                <Typography sx={{ color: 'text.secondary' }}>{usuario.email}</Typography>
                <Typography variant="body2" sx={{ mt: 0.5 }}>
                  {usuario.employee === 'true' ? 'Colaborador' : 'Candidato'}
                </Typography>
                <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', mt: 1 }} aria-label="Perfis de acesso">
                  {usuario.roles.map((r) => (
                    <RoleChip key={r} role={r} />
                  ))}
                </Box>
              </Box>
              {mayEditUser && !own && (
                <Button component={Link} to={`/users/edit/${usuario.usuarioId}`} variant="outlined" startIcon={<EditIcon />}>
                  Editar
                </Button>
              )}
            </Stack>
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(4, 1fr)' }, gap: 2, mt: 3 }}>
              <Info label="Provedores" value={usuario.provider.map((p) => p.nome).join(', ')} />
              <Info label="Departamento" value={usuario.departamento?.nome} />
              <Info label="Setor" value={usuario.setor?.nome} />
              <Info label="Cargo" value={usuario.cargo?.nome} />
            </Box>
          </Paper>

          {!usuario.nome?.trim() && own && (
            <Alert severity="info" sx={{ mt: 2 }}>
              {COMPLETE_PROFILE}
            </Alert>
          )}

          {answer.permissions.edit && (
            <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 }, borderRadius: 2, mt: 2 }}>
              <Box component="form" noValidate onSubmit={onSubmit} aria-label={own ? 'Meu perfil' : 'Perfil do funcionário'}>
                <Typography variant="caption" sx={{ color: 'text.secondary', fontWeight: 600, letterSpacing: 0.5 }}>
                  {REQUIRED_BANNER}
                </Typography>

                <Section title="Foto">
                  <Stack direction="row" spacing={2} sx={{ alignItems: 'center', gridColumn: '1 / -1' }}>
                    <ProfileAvatar image={values} name={values.nome} email={usuario.email} size={64} alt="Foto do perfil" />
                    <input ref={fileInput} type="file" accept="image/png,image/jpeg,.png,.jpg,.jpeg" hidden onChange={onImage} aria-label="Arquivo da foto" />
                    <Button variant="outlined" startIcon={uploading ? <CircularProgress size={16} /> : <PhotoCameraIcon />} onClick={() => fileInput.current?.click()} disabled={uploading}>
                      Enviar foto
                    </Button>
                    {values.image_data && (
                      <Button color="inherit" startIcon={<DeleteIcon />} onClick={() => setValues({ ...values, image_data: null, image_format: null })}>
                        Remover foto
                      </Button>
                    )}
                  </Stack>
                  <Typography variant="caption" sx={{ color: errors.image ? 'error.main' : 'text.secondary', gridColumn: '1 / -1' }} role={errors.image ? 'alert' : undefined}>
                    {errors.image || 'PNG ou JPEG, até 10 MB.'}
                  </Typography>
                </Section>

                <Section title="Dados Pessoais">
                  {text('nome', 'Nome completo', { required: true, autoComplete: 'name' })}
                  {text('cpf', 'CPF', {
                    required: true,
                    placeholder: '000.000.000-00',
                    onChange: (ev: ChangeEvent<HTMLInputElement>) => set('cpf', applyMask(MASKS.cpf, ev.target.value)),
                    slotProps: { htmlInput: { inputMode: 'numeric', maxLength: MASKS.cpf.length } },
                  })}
                  {text('rg', 'RG')}
                  <TextField
                    select
                    label="Gênero"
                    required
                    value={values.genero}
                    onChange={(ev) => set('genero', ev.target.value as Gender)}
                    error={Boolean(errors.genero)}
                    helperText={errors.genero || ' '}
                    fullWidth
                  >
                    {GENDER_OPTIONS.map((g) => (
                      <MenuItem key={g.id} value={g.id}>
                        {g.name}
                      </MenuItem>
                    ))}
                  </TextField>
                  <TextField
                    select
                    label="Estado civil"
                    required
                    value={values.estado}
                    onChange={(ev) => set('estado', ev.target.value as MaritalOption)}
                    error={Boolean(errors.estado)}
                    helperText={errors.estado || ' '}
                    fullWidth
                  >
                    {MARITAL_OPTIONS.map((o) => (
                      <MenuItem key={o.id} value={o.id}>
                        {o.name}
                      </MenuItem>
                    ))}
                  </TextField>
                  <DateTextField
                    label="Data de nascimento"
                    required
                    value={values.data_nascimento}
                    onChange={(day) => set('data_nascimento', day ?? '')}
                    error={errors.data_nascimento}
                    helperText=" "
                    fullWidth
                  />
                  {text('nacionalidade', 'Nacionalidade')}
                  {text('email_corp', 'E-mail corporativo', { type: 'email' })}
                  {text('linkedin', 'LinkedIn', { type: 'url', placeholder: 'https://www.linkedin.com/in/...' })}
                  <FormControlLabel
                    control={<Switch checked={values.viagem} onChange={(ev) => set('viagem', ev.target.checked)} />}
                    label="Disponível para viagens"
                  />
                </Section>

                <Section title="Endereço">
                  {text('cep', 'CEP', {
                    placeholder: '00000-000',
                    onChange: (ev: ChangeEvent<HTMLInputElement>) => void onCep(ev.target.value),
                    slotProps: { htmlInput: { inputMode: 'numeric', maxLength: MASKS.cep.length }, input: { endAdornment: cepBusy ? <CircularProgress size={16} /> : undefined } },
                  })}
                  {text('rua', 'Rua')}
                  {text('numero', 'Número')}
                  {text('complemento', 'Complemento')}
                  {text('bairro', 'Bairro')}
                  <TextField
                    label="Cidade"
                    value={values.cidade || (values.id_cidade ? String(values.id_cidade) : '')}
                    error={Boolean(errors.cidade)}
                    helperText={errors.cidade || 'Preenchida pelo CEP'}
                    fullWidth
                    slotProps={{ input: { readOnly: true } }}
                  />
                </Section>

                <Section title="Habilitação">
                  <TextField
                    select
                    label="Categoria da CNH"
                    value={values.cnh_categoria}
                    onChange={(ev) => {
                      const categoria = ev.target.value;
                      // 'Não Possui' clears the number, which is then not required.
                      setValues({ ...values, cnh_categoria: categoria, cnh_numero: categoria === CNH_NONE ? '' : values.cnh_numero });
                      setErrors((cur) => ({ ...cur, cnh_numero: undefined }));
                    }}
                    helperText=" "
                    fullWidth
                  >
                    {CNH_OPTIONS.map((o) => (
                      <MenuItem key={o.id} value={o.id}>
                        {o.name}
                      </MenuItem>
                    ))}
                  </TextField>
                  {text('cnh_numero', 'Número da CNH', {
                    required: cnhNumberRequired(values.cnh_categoria),
                    disabled: !cnhNumberRequired(values.cnh_categoria),
                    onChange: (ev: ChangeEvent<HTMLInputElement>) => set('cnh_numero', ev.target.value.replace(/\D/g, '').slice(0, 11)),
                    slotProps: { htmlInput: { inputMode: 'numeric', maxLength: 11 } },
                  })}
                </Section>

                <Stack direction="row" spacing={2} sx={{ justifyContent: 'flex-end', mt: 2 }}>
                  <Button variant="outlined" onClick={goBack}>
                    Cancelar
                  </Button>
                  <Button type="submit" variant="contained" disabled={saving} startIcon={saving ? <CircularProgress size={16} /> : undefined}>
                    Salvar
                  </Button>
                </Stack>
              </Box>
            </Paper>
          )}
          {answer.perfil && historyConfig && <HistoryPanel config={historyConfig} id={answer.perfil.id} />}
        </>
      )}
    </Box>
  );
}

export default ProfilePage;
