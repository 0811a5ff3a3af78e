import { Table } from "@chakra-ui/react";

/** A table's header row; the Actions column is aligned to the end, over its buttons. */
export function TableHeadings({ headings }: { headings: readonly string[] }) {
  return (
    <Table.Header>
      <Table.Row bg="transparent">
        {headings.map((h) => (
          <Table.ColumnHeader key={h} textAlign={h === "Actions" ? "end" : undefined}>
            {h}
          </Table.ColumnHeader>
        ))}
      </Table.Row>
    </Table.Header>
  );
}
