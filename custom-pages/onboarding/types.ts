// Answers of the onboarding v1 calls (src/server/v1/onboarding.ts), as far as the screens read them.
export interface Named {
  id: number;
  nome: string;
}

export interface OnboardingTrailLink {
  id: number;
  id_onboarding: number;
  id_trilha: number;
  prioridade: number;
  trilha: Named;
}

export interface OnboardingRow {
  id: number;
  titulo: string;
  status: boolean;
  id_empresa: number;
  id_departamento: number | null;
  id_cargo: number | null;
  created_at: string;
  empresa: Named | null;
  departamento: Named | null;
  cargo: (Named & { id_setor: number }) | null;
  onboarding_trilhas: OnboardingTrailLink[];
}

export interface TrailRow {
  id: number;
  nome: string;
  trilha_conteudos: { id: number; id_trilha: number; id_conteudo: number; prioridade: number; conteudo: { id: number; titulo: string } }[];
}

export interface EmployeeContent {
  id_conteudo: number;
  id_onboarding: number;
  id_trilha: number;
  id_funcionario: number;
  titulo_conteudo: string;
  resumo: string;
  texto: string;
  id_imagem_capa: string | null;
  id_imagens_auxiliares: string[];
  hashtags: string[];
  data_inicio: string | null;
  data_fim: string | null;
  finalizado: boolean;
  prioridade: number;
  liberado: boolean;
}

export interface EmployeeTrail {
  id_trilha: number;
  prioridade: number;
  trilha: Named;
  total: number;
  finalizados: number;
  status: number;
  concluida: boolean;
  em_andamento: boolean;
  liberada: boolean;
  rota: string;
}

export interface EmployeeOnboarding {
  id: number;
  titulo: string;
  /** Names (the server answers them as strings). */
  empresa: string | Named | null;
  departamento: string | Named | null;
  cargo: string | Named | null;
  total: number;
  finalizados: number;
  status: number;
  concluido: boolean;
  inicio: string | null;
  conclusao: string | null;
  proximo: { id_trilha: number; id_conteudo: number; rota: string } | null;
  onboarding_trilhas: EmployeeTrail[];
}

export interface ReportRow {
  id_funcionario: number;
  funcionario: string;
  id_onboarding: number;
  onboarding: string;
  inicio: string | null;
  conclusao: string | null;
  total: number;
  finalizados: number;
  status: number;
  concluido: boolean;
}

export interface VacancyRow {
  id: number;
  titulo_vaga: string;
  vagas: number;
  cidade: string;
  gestor_vaga: string;
  data_inicio: string;
}
