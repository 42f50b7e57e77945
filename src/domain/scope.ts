// x-intranet.scope, read alike by the server's registry (src/server/schemas/registry.ts) and the admin's
// schemas (src/admin/core/schemas.ts); documented in schemas/README.md.

/**
 * The screens of a register that lives under a parent record (x-intranet.scope): `field` (a reference
 * to the parent) takes the value of the route's `param`, read from the query string
 * (<path>/list?idCampaign=1, <path>/edit?idCampaign=1&idRule=2: the record's id from `idParam`) or
 * from the path (<path>/list/3, <path>/register/3, <path>/edit/3/7); `back` is the lists' back
 * target, '{field}' filled with the parent's id.
 */
export interface ScopeRule {
  field: string;
  param: string;
  in: 'query' | 'path';
  /** Query mode: the query parameter of the edit screen holding the record's id (default 'id'). */
  idParam?: string;
  /** Query mode: the list's query parameter naming the parent, when not `param` (the lead import's rows: list?id=1, edit?import_id=1&lead_id=2). */
  listParam?: string;
  back?: string;
  /**
   * The parent may be left out: the list then shows every parent's rows (with `allList`'s columns
   * and expanded fields), the register offers the parent's select, and edit/{id} returns where the
   * user came from.
   */
  optional?: boolean;
  /** The register and edit titles name the parent by its label ('Resultado de campanha · Black Friday'). */
  titleParent?: boolean;
  /** Path mode: register/{param}/{labelParam} opens the register too (a readable name of the parent after its id, only for the address). */
  labelParam?: string;
  /** The columns and expanded fields of the list under one parent, instead of list's. */
  parentList?: { columns?: string[]; expand?: string[] };
  /** Optional scope: the columns and expanded fields of the list of every parent's rows, instead of list's. */
  allList?: { columns?: string[]; expand?: string[] };
}
