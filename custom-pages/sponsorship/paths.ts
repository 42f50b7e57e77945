// The public sponsorship addresses (foundation document, section 2: /patrocinios/{provedor?},
// /patrocinios/sucesso) and what the form hands the thank-you page.
export const FORM_PATH = '/patrocinios';
export const SUCCESS_PATH = '/patrocinios/sucesso';

/** The router state of the thank-you page: the request's protocol and where its confirmation went. */
export interface SuccessState {
  protocolo: string;
  email: string;
}

export function successStateOf(state: unknown): SuccessState | null {
  const s = state as Partial<SuccessState> | null | undefined;
  return s && typeof s.protocolo === 'string' && s.protocolo ? { protocolo: s.protocolo, email: typeof s.email === 'string' ? s.email : '' } : null;
}
