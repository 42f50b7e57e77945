-- The HR reports (src/server/hrReports, GET /v1/rh/relatorios/{relatorio}): the lists of employees
-- sorted by name (the general list, admissions, birthdays) read the users in name order and stop at
-- the page, instead of sorting every employee (scripts/bench-hr-reports.ts, 100,000 employees).
CREATE INDEX usuario_nome_idx ON auth.usuario (nome, id);
-- Birthdays of a month and anniversaries of admission in a month: read by the month's index.
CREATE INDEX perfil_funcionario_mes_nascimento_idx ON rh.perfil_funcionario ((extract(month FROM data_nascimento)));
CREATE INDEX funcionario_mes_admissao_idx ON rh.funcionario ((extract(month FROM data_admissao)));
