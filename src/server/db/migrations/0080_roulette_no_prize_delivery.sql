-- Roulettes (issue 31): "no prize" slots and the delivery of prizes.
--
-- roleta.premio.sem_premio: a slot of the wheel that gives nothing ('Tente de novo'). Landing on it
-- is recorded with the slot (id_premio, so the audit recomputes the pick) but not as a prize:
-- premiado false, no coupon, no ERP ticket, nothing to deliver, and its stock is not spent. Every
-- prize stored before this migration stays a prize (default false).
ALTER TABLE roleta.premio ADD COLUMN sem_premio boolean NOT NULL DEFAULT false;

-- A spin on a "no prize" slot names the slot without being a prize: premiado implies a slot, not the
-- other way round (the old check was premiado = (id_premio IS NOT NULL)).
ALTER TABLE roleta.historico DROP CONSTRAINT IF EXISTS historico_check;
ALTER TABLE roleta.historico ADD CONSTRAINT historico_premiado_check CHECK (NOT premiado OR id_premio IS NOT NULL);
ALTER TABLE roleta.historico ADD CONSTRAINT historico_cupom_check CHECK (premiado OR cupom IS NULL);

-- The delivery of a prize: a manager marks it (and may undo it); the engine's audit trigger records
-- each change in admin.log with who made it. Only a prize is delivered.
ALTER TABLE roleta.historico
  ADD COLUMN entregue boolean NOT NULL DEFAULT false,
  ADD COLUMN entregue_em timestamptz,
  ADD COLUMN entregue_por integer REFERENCES auth.usuario (id) ON DELETE SET NULL,
  ADD CONSTRAINT historico_entrega_check CHECK (premiado OR NOT entregue);
CREATE INDEX historico_roleta_entregue_por_idx ON roleta.historico (entregue_por);

-- A spin stays as it was written, in an open round as in a closed one, except its delivery: a closed
-- round's coupons are still prizes to deliver.
CREATE OR REPLACE FUNCTION roleta.preserve_trail() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'roleta: % de giros e sorteios não são apagados (a auditoria os mantém)', TG_TABLE_NAME USING ERRCODE = 'restrict_violation';
  END IF;
  IF TG_TABLE_NAME = 'historico'
     AND to_jsonb(NEW) - ARRAY['entregue', 'entregue_em', 'entregue_por'] = to_jsonb(OLD) - ARRAY['entregue', 'entregue_em', 'entregue_por'] THEN
    RETURN NEW;
  END IF;
  IF EXISTS (SELECT 1 FROM roleta.rodada r WHERE r.id_campanha = OLD.id_campanha AND r.rodada = OLD.rodada AND r.semente_revelada_em IS NOT NULL) THEN
    RAISE EXCEPTION 'roleta: a rodada % da campanha % está encerrada', OLD.rodada, OLD.id_campanha USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END
$$;

-- The participants' report reads this view: each spin with its wheel (grupo) and what there is to
-- deliver (entrega: entregue, a_entregar, or sem_premio for a "no prize" slot or a sold-out wheel).
CREATE VIEW roleta.historico_relatorio AS
SELECT h.*,
       CASE WHEN h.cliente THEN 'cliente' ELSE 'nao_cliente' END AS grupo,
       CASE WHEN NOT h.premiado THEN 'sem_premio' WHEN h.entregue THEN 'entregue' ELSE 'a_entregar' END AS entrega
  FROM roleta.historico h;
