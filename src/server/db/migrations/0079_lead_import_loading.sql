-- A lead import is written in steps (issue 30): the import row first, then its rows a thousand at a
-- time, each step a transaction of its own, so that a 200,000-row file never holds the database (the
-- embedded PGlite runs one transaction at a time: one long transaction made every other request
-- wait for minutes). While the rows are being written the import has a row here, touched at each
-- step; the last step removes it with the counters written. An import whose load failed is deleted
-- by the server that loaded it; one whose server stopped midway (no step for 10 minutes) is deleted by
-- the next import or the next start. No audit: the import's own entries stand for its load.
-- etapa 'leads': the same while Criar Novas Leads makes more than 2,000 leads of an import in steps.
CREATE TABLE vendas.lead_importacao_carga (
  id_importacao integer PRIMARY KEY REFERENCES vendas.lead_importacao (id) ON DELETE CASCADE,
  etapa text NOT NULL DEFAULT 'linhas' CHECK (etapa IN ('linhas', 'leads')),
  iniciada_em timestamptz NOT NULL DEFAULT now(),
  atualizada_em timestamptz NOT NULL DEFAULT now()
);
