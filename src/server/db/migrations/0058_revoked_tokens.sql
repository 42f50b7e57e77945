-- Identity tokens signed out before they expire (Cognito mode: Cognito cannot revoke its ID tokens,
-- so the server refuses them by their jti until their expiry; src/server/auth/cognito.ts).
CREATE TABLE auth.token_revogado (
  jti text PRIMARY KEY,
  expira_em timestamptz NOT NULL
);
CREATE INDEX token_revogado_expira_em ON auth.token_revogado (expira_em);
