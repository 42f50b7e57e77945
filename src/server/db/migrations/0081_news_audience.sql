-- The audience of a news item (issue 32), in one place: who must read which item. The bell (the
-- announcement of an important or must-read item, NewsService) and the read-confirmation reports
-- (/reports/read-confirm and /reports/read-confirm-list/{id}) read this view; no other SQL says it.
--
-- An item's audience is every active user linked to its provider (auth.usuario.id_empresas) and,
-- when the item names a department, whose position is in that department (cargo -> setor). The
-- user's department (id_departamento, null without a position) comes along for the reports.
CREATE VIEW rh.novidade_publico AS
SELECT n.id AS id_novidade, u.id AS id_usuario, s.id_departamento
  FROM rh.novidade n
  JOIN auth.usuario u ON u.ativo AND n.provedor = ANY (u.id_empresas)
  LEFT JOIN rh.cargo c ON c.id = u.id_cargo
  LEFT JOIN rh.setor s ON s.id = c.id_setor
 WHERE n.departamento IS NULL OR s.id_departamento = n.departamento;

COMMENT ON VIEW rh.novidade_publico IS 'Quem deve ler cada novidade: os usuários ativos do provedor da novidade (e do seu departamento, quando ela tem um).';
