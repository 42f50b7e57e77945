// Organisation screens beyond the generated ones: a provider's cities (/providers/list/cities/{id},
// reached from the providers' table), the holiday form's state and cities inputs, and the city name
// inputs (provider cities, contracting companies' addresses) chosen from the municipality list.
import { lazy } from 'react';
import LocationCityIcon from '@mui/icons-material/LocationCity';
import type { CustomPage, FieldInput, FieldView, RowLink } from '../../src/admin/pages.js';

const holidayInputs = () => import('./HolidayInputs.js');

export const pages: CustomPage[] = [
  // The provider's cities are the cities register's rows (its readers: the rh area).
  { path: '/providers/list/cities/:id', component: lazy(() => import('./ProviderCities.js')), access: { resource: 'cities', operation: 'list' }, title: 'Cidades do provedor' },
];

export const rowLinks: RowLink[] = [
  { resource: 'providers', label: 'Cidades', icon: LocationCityIcon, to: (record) => `/providers/list/cities/${record.id}`, right: 'get' },
];

const CityName = lazy(() => import('./CityNameInput.js'));

export const fieldInputs: FieldInput[] = [
  { resource: 'cities', field: 'nome', component: CityName },
  { resource: 'contracting-companies', field: 'cidade', component: CityName },
  { resource: 'holidays', field: 'uf', component: lazy(() => holidayInputs().then((m) => ({ default: m.HolidayStateInput }))) },
  { resource: 'holidays', field: 'municipio', component: lazy(() => holidayInputs().then((m) => ({ default: m.HolidayCitiesInput }))) },
  { resource: 'holidays', field: 'ano', component: lazy(() => holidayInputs().then((m) => ({ default: m.HolidayYearInput }))) },
];

export const fieldViews: FieldView[] = [
  { resource: 'holidays', field: 'municipio', component: lazy(() => holidayInputs().then((m) => ({ default: m.HolidayCityNames }))) },
];
