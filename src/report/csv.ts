import { stringify } from 'csv-stringify/sync';
import type { Row } from '../core/format.js';

export type { Row };

/** Rows → CSV text with a header from the first row's keys. */
export function toCsv(rows: readonly Row[]): string {
  if (rows.length === 0) return '';
  return stringify(rows as Row[], { header: true, columns: Object.keys(rows[0]) });
}
