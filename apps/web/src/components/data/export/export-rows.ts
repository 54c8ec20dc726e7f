import { toCsv } from './csv';
import { downloadBlob, exportFileBase } from './download';
import type { ExportColumn } from './export-types';

export type ExportFormat = 'csv' | 'xlsx';

/** Writes `rows` as a CSV or Excel file and downloads it. The Excel writer is loaded only now. */
export async function exportRows<T>(
  format: ExportFormat,
  name: string,
  columns: readonly ExportColumn<T>[],
  rows: readonly T[],
  sheetName?: string,
): Promise<void> {
  const base = exportFileBase(name);
  if (format === 'csv') {
    downloadBlob(new Blob([toCsv(columns, rows)], { type: 'text/csv;charset=utf-8' }), `${base}.csv`);
    return;
  }
  const { toXlsx } = await import('./xlsx');
  const bytes = toXlsx(columns, rows, sheetName ?? name);
  downloadBlob(
    new Blob([bytes as Uint8Array<ArrayBuffer>], {
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    }),
    `${base}.xlsx`,
  );
}
