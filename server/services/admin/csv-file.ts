/**
 * The admin area's CSV files, one way for all: a byte order mark lets spreadsheet programs read the accents as
 * UTF-8, and a text cell that begins with = + - @ tab or carriage return gets a leading quote (OWASP's CSV injection
 * advice), so that a name like =HYPERLINK(…) is shown, never run. `delimiter` is the spreadsheet's of the admin's
 * language (candidates-csv.ts). Number cells are left as they are; `decimals`
 * writes them with a fixed number of decimals (amounts in euros) and still unquoted, a negative one included, with a
 * decimal comma when `decimalComma` (the languages whose spreadsheets split on semicolons).
 */
import { stringify } from 'csv-stringify/sync';

export type CsvCell = string | number | null;

export function csvFile(
  rows: readonly (readonly CsvCell[])[],
  options: { decimals?: number; delimiter?: ',' | ';'; decimalComma?: boolean } = {},
): string {
  const { decimals, delimiter = ',', decimalComma = false } = options;
  const written = (value: number) => {
    const fixed = value.toFixed(decimals);
    return decimalComma ? fixed.replace('.', ',') : fixed;
  };
  return (
    '\uFEFF' +
    stringify(rows as CsvCell[][], {
      delimiter,
      escape_formulas: true,
      ...(decimals === undefined ? {} : { cast: { number: written } }),
    })
  );
}
