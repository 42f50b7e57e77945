// Answers of the onboarding v1 calls (src/server/v1/onboarding.ts), as far as the screens read them:
// the schemas' records (generated types) with the names the calls join to them.
import type { Contents, Onboardings, OnboardingTrails, Stored, TrailContents, Trails, Vacancies } from '../../src/generated/entities.js';

export interface Named {
  id: number;
  nome: string;
}

export type OnboardingTrailLink = Pick<Stored<OnboardingTrails>, 'id' | 'id_onboarding' | 'id_trilha' | 'prioridade'> & { trilha: Named };

export type OnboardingRow = Pick<Stored<Onboardings>, 'id' | 'titulo' | 'status' | 'id_empresa' | 'id_departamento' | 'id_cargo' | 'created_at'> & {
  empresa: Named | null;
  departamento: Named | null;
  cargo: (Named & { id_setor: number }) | null;
  onboarding_trilhas: OnboardingTrailLink[];
};

export type TrailRow = Pick<Stored<Trails>, 'id' | 'nome'> & {
  trilha_conteudos: (Pick<Stored<TrailContents>, 'id' | 'id_trilha' | 'id_conteudo' | 'prioridade'> & { conteudo: Pick<Stored<Contents>, 'id' | 'titulo'> })[];
};

export interface EmployeeContent {
  id_conteudo: number;
  id_onboarding: number;
  id_trilha: number;
  id_funcionario: number;
  titulo_conteudo: string;
  resumo: string;
  /** Null (and no images) while the employee may not open the content (liberado false). */
  texto: string | null;
  id_imagem_capa: string | null;
  id_imagens_auxiliares: string[];
  hashtags: string[];
  data_inicio: string | null;
  data_fim: string | null;
  finalizado: boolean;
  /** Priority of the content in its trail, and of the trail in the onboarding. */
  prioridade: number;
  prioridade_trilha: number;
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

export type VacancyRow = Pick<Stored<Vacancies>, 'id' | 'titulo_vaga' | 'vagas' | 'cidade' | 'gestor_vaga' | 'data_inicio'>;
