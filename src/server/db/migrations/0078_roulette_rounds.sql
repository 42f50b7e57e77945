-- Roulette rounds (issue 29): Resetar Campanha closed a round by deleting its spins and draws, which
-- erased them from the public audit page and let the same person spin again at once. A reset now
-- closes the round (its seed revealed) and opens the next one with a seed of its own; spins and draws
-- are kept for good, numbered within their round.
--
-- roleta.rodada: one row per round of a campaign: the SHA-256 of its seed (published while the round
-- is open), the seed itself once revealed, when it opened and when it closed (the reveal: Encerrar e
-- revelar semente, or a reset). The campaign's current round is roleta.campanha.rodada; the campaign
-- is closed while that round is. The secret seeds stay apart in roleta.semente, now one per round.
CREATE TABLE roleta.rodada (
  id_campanha integer NOT NULL REFERENCES roleta.campanha (id) ON DELETE CASCADE,
  rodada integer NOT NULL CHECK (rodada >= 1),
  semente_hash text NOT NULL,
  semente text,
  iniciada_em timestamptz NOT NULL DEFAULT now(),
  semente_revelada_em timestamptz,
  PRIMARY KEY (id_campanha, rodada),
  CHECK ((semente IS NULL) = (semente_revelada_em IS NULL))
);

-- Every campaign's current round, from what the campaign row held (earlier rounds were deleted by the
-- old reset, and shared the current round's seed).
INSERT INTO roleta.rodada (id_campanha, rodada, semente_hash, semente, iniciada_em, semente_revelada_em)
SELECT c.id, c.rodada, c.semente_hash, c.semente,
       COALESCE((SELECT min(h.created_at) FROM roleta.historico h WHERE h.id_campanha = c.id AND h.rodada = c.rodada), c.created_at),
       c.semente_revelada_em
  FROM roleta.campanha c;

ALTER TABLE roleta.semente ADD COLUMN rodada integer;
UPDATE roleta.semente s SET rodada = c.rodada FROM roleta.campanha c WHERE c.id = s.id_campanha;
ALTER TABLE roleta.semente ALTER COLUMN rodada SET NOT NULL;
ALTER TABLE roleta.semente DROP CONSTRAINT semente_pkey;
ALTER TABLE roleta.semente ADD PRIMARY KEY (id_campanha, rodada);
ALTER TABLE roleta.semente ADD FOREIGN KEY (id_campanha, rodada) REFERENCES roleta.rodada (id_campanha, rodada) ON DELETE CASCADE;

-- The commitment and the reveal live with the round: the list's view reads the current one.
DROP VIEW roleta.campanha_lista;
ALTER TABLE roleta.campanha DROP COLUMN semente_hash, DROP COLUMN semente, DROP COLUMN semente_revelada_em;

-- The counters per round: the draw, the list and the reports work on the current round.
ALTER TABLE roleta.contagem ADD COLUMN rodada integer;
UPDATE roleta.contagem k SET rodada = c.rodada FROM roleta.campanha c WHERE c.id = k.id_campanha;
ALTER TABLE roleta.contagem ALTER COLUMN rodada SET NOT NULL;
ALTER TABLE roleta.contagem DROP CONSTRAINT contagem_pkey;
ALTER TABLE roleta.contagem ADD PRIMARY KEY (id_campanha, rodada, categoria);

-- A spin's and a draw's numbers restart with each round (the audit's messages are giro:<campaign>:<round>:<n>).
ALTER TABLE roleta.historico DROP CONSTRAINT historico_id_campanha_seq_key;
ALTER TABLE roleta.historico ADD CONSTRAINT historico_rodada_seq_key UNIQUE (id_campanha, rodada, seq);
ALTER TABLE roleta.historico DROP CONSTRAINT historico_id_campanha_categoria_seq_categoria_key;
ALTER TABLE roleta.historico ADD CONSTRAINT historico_rodada_categoria_seq_key UNIQUE (id_campanha, rodada, categoria, seq_categoria);
ALTER TABLE roleta.historico ADD FOREIGN KEY (id_campanha, rodada) REFERENCES roleta.rodada (id_campanha, rodada);
ALTER TABLE roleta.sorteio DROP CONSTRAINT sorteio_id_campanha_seq_key;
ALTER TABLE roleta.sorteio ADD CONSTRAINT sorteio_rodada_seq_key UNIQUE (id_campanha, rodada, seq);
ALTER TABLE roleta.sorteio ADD FOREIGN KEY (id_campanha, rodada) REFERENCES roleta.rodada (id_campanha, rodada);

-- The audit trail is never erased: a spin or a draw is not deleted (a campaign is deleted only while
-- it has none), and nothing of a closed round changes. The refusals are restrict_violation (23001),
-- which the server answers 409 'Este registro faz parte da auditoria e não pode ser alterado nem
-- excluído.' (src/server/errors.ts).
CREATE FUNCTION roleta.preserve_trail() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'roleta: % de giros e sorteios não são apagados (a auditoria os mantém)', TG_TABLE_NAME USING ERRCODE = 'restrict_violation';
  END IF;
  IF EXISTS (SELECT 1 FROM roleta.rodada r WHERE r.id_campanha = OLD.id_campanha AND r.rodada = OLD.rodada AND r.semente_revelada_em IS NOT NULL) THEN
    RAISE EXCEPTION 'roleta: a rodada % da campanha % está encerrada', OLD.rodada, OLD.id_campanha USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER preserve_trail BEFORE UPDATE OR DELETE ON roleta.historico FOR EACH ROW EXECUTE FUNCTION roleta.preserve_trail();
CREATE TRIGGER preserve_trail BEFORE UPDATE OR DELETE ON roleta.sorteio FOR EACH ROW EXECUTE FUNCTION roleta.preserve_trail();

CREATE FUNCTION roleta.closed_round_fixed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.semente_revelada_em IS NOT NULL THEN
    RAISE EXCEPTION 'roleta: a rodada % da campanha % está encerrada', OLD.rodada, OLD.id_campanha USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER closed_round_fixed BEFORE UPDATE ON roleta.rodada FOR EACH ROW EXECUTE FUNCTION roleta.closed_round_fixed();

-- The list: each campaign with its owner's name ('Sem Responsável' without one), its period as the
-- table shows it, its current round's commitment (and seed, once revealed), its participants of the
-- current round (customers and non-customers) and of every round (a campaign that ever had one is
-- never deleted: its audit page stays).
CREATE VIEW roleta.campanha_lista AS
SELECT c.id, c.nome, c.ativo, c.data_inicio_campanha, c.data_fim_campanha, c.motivo_aplicacao, c.descricao, c.sistema,
       c.api_erp, c.intervalo_votacao, c.id_usuario_intranet, c.id_empresa, c.slug, c.url_campanha, r.semente_hash,
       r.semente, r.semente_revelada_em, c.rodada, c.created_at,
       c.url_campanha || '/auditoria' AS url_auditoria,
       COALESCE(u.nome, 'Sem Responsável') AS responsavel,
       to_char(c.data_inicio_campanha, 'DD/MM/YYYY') || ' a ' || to_char(c.data_fim_campanha, 'DD/MM/YYYY') AS periodo,
       COALESCE(k.cliente, 0) AS cliente,
       COALESCE(k.nao_cliente, 0) AS nao_cliente,
       COALESCE(k.cliente, 0) + COALESCE(k.nao_cliente, 0) AS participantes,
       COALESCE(k.todas, 0) AS participantes_total
  FROM roleta.campanha c
  JOIN roleta.rodada r ON r.id_campanha = c.id AND r.rodada = c.rodada
  LEFT JOIN auth.usuario u ON u.id = c.id_usuario_intranet
  LEFT JOIN LATERAL (
    SELECT (COALESCE(sum(total) FILTER (WHERE rodada = c.rodada AND categoria < 2), 0))::integer AS cliente,
           (COALESCE(sum(total) FILTER (WHERE rodada = c.rodada AND categoria >= 2), 0))::integer AS nao_cliente,
           (COALESCE(sum(total), 0))::integer AS todas
      FROM roleta.contagem WHERE id_campanha = c.id
  ) k ON true;
