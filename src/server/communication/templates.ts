// The placeholders of the communication scale's messages: {nome}, {primeiro_nome}, {plano},
// {data_nascimento}, {data_ativacao}, {data_contratacao} (dd/mm/yyyy), {cidade} and {provedor}, filled
// from the customer when the dispatcher writes the send log. One pass: a value that itself looks like
// a placeholder is not filled again; an unknown name in braces stays as written; a missing value
// becomes empty text.
export const PLACEHOLDERS = ['nome', 'primeiro_nome', 'plano', 'data_nascimento', 'data_ativacao', 'data_contratacao', 'cidade', 'provedor'] as const;
export type Placeholder = (typeof PLACEHOLDERS)[number];

/** What the placeholders are filled from: the customer's row and the provider's name. */
export interface TemplateCustomer {
  nome_razaosocial: string | null;
  plano?: string | null;
  cidade?: string | null;
  data_nascimento?: string | null;
  data_ativacao?: string | null;
  data_contratacao?: string | null;
  provedor?: string | null;
}

/** 'YYYY-MM-DD' as dd/mm/yyyy; anything else as it is. */
const brDate = (iso: string | null | undefined) => {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso ?? '');
  return m ? `${m[3]}/${m[2]}/${m[1]}` : (iso ?? '');
};

export function placeholderValues(c: TemplateCustomer): Record<Placeholder, string> {
  const nome = (c.nome_razaosocial ?? '').trim();
  return {
    nome,
    primeiro_nome: nome.split(/\s+/)[0] ?? '',
    plano: c.plano ?? '',
    data_nascimento: brDate(c.data_nascimento),
    data_ativacao: brDate(c.data_ativacao),
    data_contratacao: brDate(c.data_contratacao),
    cidade: c.cidade ?? '',
    provedor: c.provedor ?? '',
  };
}

const PATTERN = /\{\s*([a-z_]+)\s*\}/g;

/** The text with its placeholders filled (null stays null). */
export function renderTemplate(text: string | null | undefined, values: Record<Placeholder, string>): string | null {
  if (text === null || text === undefined) return null;
  return text.replace(PATTERN, (whole, name: string) => ((PLACEHOLDERS as readonly string[]).includes(name) ? values[name as Placeholder] : whole));
}
