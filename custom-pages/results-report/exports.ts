// A report table as a spreadsheet: CSV (';', UTF-8 with BOM, as the generated lists export) and
// XLSX (@e965/xlsx, imported only when asked for). The values are the ones the table shows. The HR
// reports (custom-pages/hr-reports) use them too, with the foundation's file name (table-export).
import { spreadsheetRows, toCsv } from '../../src/domain/format.js';
import { saveBlob } from '../../src/admin/pages.js';

export type Sheet = { name: string; rows: string[][] };

/** A file name from a table's title: 'resultado-campanha-semanal-consolidado-geral'. */
export const fileBase = (title: string) =>
  `resultado-campanha-${title}`
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** The CSV file; `base` names it (without extension) instead of the table's title. */
export function exportCsv(sheet: Sheet, base = fileBase(sheet.name)) {
  saveBlob(new Blob([toCsv(sheet.rows)], { type: 'text/csv;charset=utf-8' }), `${base}.csv`);
}

export async function exportXlsx(sheet: Sheet, base = fileBase(sheet.name)) {
  const XLSX = await import('@e965/xlsx');
  const book = XLSX.utils.book_new();
  // Sheet names: at most 31 characters, none of : \ / ? * [ ].
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(spreadsheetRows(sheet.rows)), sheet.name.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31));
  const data = XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer;
  saveBlob(new Blob([data], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }), `${base}.xlsx`);
}
