// The texts of the events' calls that the document does not give (marketing document, section 7).
export const EVENT_MSG = {
  /** A city sent by name that names several of the caller's provider cities (each provider has its own row). */
  ambiguousCity: 'Mais de um resultado encontrado: informe o id da cidade.',
  /** DELETE's id_evento naming another event than the path. */
  otherId: 'O id_evento precisa ser o mesmo id do caminho.',
} as const;
