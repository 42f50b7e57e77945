-- Refresh rotation (issue 11): when refresh_anterior was replaced. For a few seconds after it, the
-- replaced token answers the same successor (two tabs refreshing at once) instead of ending the
-- session as a reuse (src/server/auth/identity.ts, refresh).
ALTER TABLE auth.sessao ADD COLUMN rotacionado_em timestamptz;
