-- Uploaded files (POST /v1/files/). Metadata always here; the bytes here too (dados) with the
-- default storage, or in an S3-compatible bucket under chave.
CREATE SCHEMA IF NOT EXISTS storage;

CREATE TABLE storage.arquivo (
  id uuid PRIMARY KEY,
  bucket text NOT NULL,
  nome text NOT NULL,
  tipo text NOT NULL,
  tamanho integer NOT NULL CHECK (tamanho >= 0 AND tamanho <= 10485760),
  dados bytea,
  chave text,
  id_usuario integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((dados IS NULL) <> (chave IS NULL))
);
