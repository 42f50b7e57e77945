-- The year of a one-off holiday (recorrencia_anual false): it happens only then. Before, such a
-- holiday fell in the year of its created_at, so one registered in December for January never fell;
-- existing rows keep that year. Recurring holidays have no year.
ALTER TABLE rh.feriado ADD COLUMN ano integer CHECK (ano BETWEEN 1900 AND 2200);
UPDATE rh.feriado SET ano = extract(year FROM created_at)::int WHERE NOT recorrencia_anual;
