// UsersProfile (foundation spec, section 2): /users/profile/{id}/{jobId?}; the user and employee
// profile. The generated users and employee-profiles tables link to it, and show the employee
// profile's coded values by their labels.
import { lazy } from 'react';
import PersonIcon from '@mui/icons-material/PersonOutlined';
import { type CustomPage, type FieldView, ownOr, type RowLink } from '../../src/admin/pages.js';
import { cnhLabel, genderLabel, maritalLabel } from '../../src/domain/profile.js';

const Profile = lazy(() => import('./Profile.js'));

// One's own profile, or, as a manager of the rh or users area, a colleague's (GET v1/profile/{id}).
const access = { when: ownOr({ modules: ['rh', 'users'], right: 'manage' }) };

export const pages: CustomPage[] = [
  { path: '/users/profile/:id', component: Profile, access, title: 'Perfil' },
  { path: '/users/profile/:id/:jobId', component: Profile, access, title: 'Perfil' },
];

export const rowLinks: RowLink[] = [
  { resource: 'users', label: 'Ver perfil', icon: PersonIcon, to: (record) => `/users/profile/${record.id}`, right: 'get' },
  { resource: 'employee-profiles', label: 'Ver perfil', icon: PersonIcon, to: (record) => `/users/profile/${record.id_usuario}`, right: 'get' },
];

const label = (fn: (value: unknown) => string | null) =>
  function CodedValue({ value }: { value: unknown }) {
    return <>{fn(value) ?? (value === null || value === undefined || value === '' ? 'Não informado' : String(value))}</>;
  };

export const fieldViews: FieldView[] = [
  { resource: 'employee-profiles', field: 'genero', component: label(genderLabel) },
  { resource: 'employee-profiles', field: 'estado_civil', component: label(maritalLabel) },
  { resource: 'employee-profiles', field: 'cnh_categoria', component: label(cnhLabel) },
];
