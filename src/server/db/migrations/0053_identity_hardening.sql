-- Identity hardening (issue 4).
-- Two-factor: a secret being set up waits in totp_pendente until a first right code enables it, so
-- starting a set-up never turns off the active secret; totp_ultimo_passo is the 30-second step of the
-- last code accepted, so a code cannot be used twice.
ALTER TABLE auth.credencial ADD COLUMN totp_pendente text;
ALTER TABLE auth.credencial ADD COLUMN totp_ultimo_passo bigint;

-- Throttling: the length of the last lock (1 s, 2 s, 4 s, ...), as decided when it was set.
ALTER TABLE auth.limite ADD COLUMN bloqueio_segundos integer;

-- Files: the providers of the uploader when the file was sent (NULL: uploaded by the superadmin or
-- the system, for every provider). Who may download: see src/server/files/routes.ts.
ALTER TABLE storage.arquivo ADD COLUMN id_empresas integer[];
UPDATE storage.arquivo a SET id_empresas = u.id_empresas
  FROM auth.usuario u
 WHERE u.id = a.id_usuario AND NOT ('users:superadmin' = ANY (u.papeis));
