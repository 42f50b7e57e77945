-- A provider serves each city once (foundation document: the city inputs choose from the built-in
-- municipality list). The write hook of the cities resource compares names without accents or case
-- and stores the IBGE spelling; this index backs it against concurrent writes. Duplicates left by
-- earlier versions (same provider, state and name) keep their oldest row; nothing references
-- rh.cidade_provedor rows by id.
DELETE FROM rh.cidade_provedor a
 USING rh.cidade_provedor b
 WHERE a.id > b.id AND a.id_empresa = b.id_empresa AND a.uf = b.uf AND a.nome = b.nome;

CREATE UNIQUE INDEX cidade_provedor_empresa_uf_nome_key ON rh.cidade_provedor (id_empresa, uf, nome);

-- The departments list filters by creation date (a date-range filter).
CREATE INDEX IF NOT EXISTS departamento_created_at_idx ON rh.departamento (created_at);
