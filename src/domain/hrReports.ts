// The names of the HR reports' filter values, read by the server (checks and labels in the SQL) and
// by the report page (its selects): one list for both.

/** Which employees the general list shows. */
export const SITUATION_LABELS: Record<'ativos' | 'inativos' | 'todos', string> = { ativos: 'Ativos', inativos: 'Inativos', todos: 'Todos' };

/** A dismissal's type (the dismissals' register names the same values: schemas/rh/shutdowns.json). */
export const DISMISSAL_TYPES: Record<string, string> = {
  pedido_demissao: 'Pedido de demissão',
  sem_justa_causa: 'Dispensa sem justa causa',
  com_justa_causa: 'Dispensa por justa causa',
  acordo: 'Acordo entre as partes',
  fim_contrato: 'Término de contrato',
  aposentadoria: 'Aposentadoria',
  falecimento: 'Falecimento',
};

export const GENDERS: Record<string, string> = { M: 'Masculino', F: 'Feminino', O: 'Outro' };

/** Who of a must-read news item's audience the read-confirm list shows. */
export const READINGS: Record<string, string> = { lidos: 'Leram', pendentes: 'Não leram' };
