/** A statistics table: the figures behind a chart, with a caption, a header row and a row header per line. */
import { Table } from '@mantine/core';

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
    <Table.ScrollContainer minWidth={320}>
      <Table striped withTableBorder data-testid={testId}>
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column, index) => (
              <Table.Th key={column} scope="col" ta={index === 0 ? 'start' : 'end'}>
                {column}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.key}>
              {row.cells.map((cell, index) =>
                index === 0 ? (
                  <Table.Th key={index} scope="row" fw={600}>
                    {cell}
                  </Table.Th>
                ) : (
                  <Table.Td key={index} ta="end" style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {cell}
                  </Table.Td>
                ),
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
