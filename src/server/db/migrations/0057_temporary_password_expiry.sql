-- Temporary passwords expire after 7 days (TEMPORARY_PASSWORD_DAYS in src/server/auth/identity.ts),
-- counted from auth.credencial.senha_alterada_em, which is now set when a temporary password is sent.
-- Those sent before this migration start their 7 days now.
UPDATE auth.credencial SET senha_alterada_em = now() WHERE estado = 'NOVA_SENHA' AND senha_alterada_em IS NULL;
