-- Candidate self-registration: e-mailed codes now say what they are for, so a sign-up confirmation
-- code cannot reset a password and a reset code cannot confirm a sign-up.
ALTER TABLE auth.codigo ADD COLUMN finalidade text NOT NULL DEFAULT 'SENHA' CHECK (finalidade IN ('SENHA', 'CADASTRO'));
DROP INDEX auth.codigo_usuario_idx;
CREATE INDEX codigo_usuario_idx ON auth.codigo (id_usuario, finalidade, criado_em DESC);
