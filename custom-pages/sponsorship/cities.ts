// The municipalities of a state, for the public form's city. GET /v1/municipios needs a session, so
// the page reads the same IBGE list the server checks the city against (src/domain/municipalities.ts
// builds it from this library). Loaded apart (import('./cities.js')) and from the function's own
// module, not the library's root: the list (~50 KB gzip) stays out of the first bundle and out of
// the form's chunk.
import { getMunicipalities, type StateCode } from '@brazilian-utils/brazilian-utils/get-municipalities';

const collator = new Intl.Collator('pt-BR');

/** The state's municipality names, in alphabetical order. */
export const citiesOf = (uf: string): string[] =>
  getMunicipalities(uf as StateCode)
    .map((m) => m.name)
    .sort(collator.compare);
