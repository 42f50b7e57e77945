import polyglotI18nProvider from 'ra-i18n-polyglot';
import ptBRMessages from './pt-BR.js';

export const LOCALE = 'pt-BR';

// Only pt-BR exists; a missing key shows the key itself, so plain pt-BR texts pass through translate().
export const i18nProvider = polyglotI18nProvider(() => ptBRMessages, LOCALE, [{ locale: LOCALE, name: 'Português (Brasil)' }], {
  allowMissing: true,
});
