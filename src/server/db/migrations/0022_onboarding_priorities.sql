-- One priority per position: within an onboarding no two trails share an order, within a trail no
-- two contents do. Checked at commit, so a reorder inside one transaction may pass through ties.
ALTER TABLE onboarding.onboarding_trilha
  ADD CONSTRAINT onboarding_trilha_prioridade_key UNIQUE (id_onboarding, prioridade) DEFERRABLE INITIALLY DEFERRED;
ALTER TABLE onboarding.trilha_conteudo
  ADD CONSTRAINT trilha_conteudo_prioridade_key UNIQUE (id_trilha, prioridade) DEFERRABLE INITIALLY DEFERRED;
