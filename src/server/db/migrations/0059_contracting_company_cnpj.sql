-- A CNPJ is registered at most once as a contracting company of each provider
-- (x-intranet.unique of schemas/rh/contracting-companies.json: 409 with its text on cnpj). The CNPJ
-- is stored as typed, masked (11.222.333/0001-81) or digits only (11222333000181), so the index
-- compares its digits: the same CNPJ typed both ways is still a duplicate.
DO $$
DECLARE
  duplicates text;
BEGIN
  SELECT string_agg(format('provedor %s, CNPJ %s (ids %s)', id_empresa, digits, ids), '; ')
    INTO duplicates
    FROM (SELECT id_empresa, regexp_replace(cnpj, '[^0-9]', '', 'g') AS digits, string_agg(id::text, ', ' ORDER BY id) AS ids
            FROM rh.empresa_contratante
           GROUP BY 1, 2
          HAVING count(*) > 1) d;
  IF duplicates IS NOT NULL THEN
    RAISE EXCEPTION 'Empresas contratantes com o mesmo CNPJ no mesmo provedor: %. Exclua ou corrija as repetidas e inicie de novo.', duplicates;
  END IF;
END $$;

CREATE UNIQUE INDEX empresa_contratante_empresa_cnpj_key
  ON rh.empresa_contratante (id_empresa, (regexp_replace(cnpj, '[^0-9]', '', 'g')));
