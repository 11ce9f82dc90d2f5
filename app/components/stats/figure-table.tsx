/**
 * A statistics table: the figures behind a chart, with a caption, a header row and a row header per line. A
 * plain table styled like the roads' (Mantine's Table would bring its ScrollArea script into the page); the
 * section puts it in a scrolling box when it is shown.
 */
import tables from '../public/plain-table.module.css';
import classes from './figure-table.module.css';

export function FigureTable({
  caption,
  columns,
  rows,
  testId,
}: {
  caption: string;
  columns: string[];
  /** The first cell of each row names it (a challenge, a year, a country...). */
  rows: { key: string; cells: string[] }[];
  testId?: string;
}) {
  return (
    <table className={`${tables.table} ${classes.figures}`} data-testid={testId}>
      <caption>{caption}</caption>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column} scope="col">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            {row.cells.map((cell, index) =>
              index === 0 ? (
                <th key={index} scope="row">
                  {cell}
                </th>
              ) : (
                <td key={index}>{cell}</td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
