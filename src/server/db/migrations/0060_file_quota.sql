-- Upload quotas (src/server/files/routes.ts): each upload sums the sizes of the files its sender
-- has stored.
CREATE INDEX arquivo_usuario_idx ON storage.arquivo (id_usuario);
