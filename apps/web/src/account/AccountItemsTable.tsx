import { Box, Button, Table, Text } from "@chakra-ui/react";
import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { ErrorCard, LoadingSpinner } from "../components/PageStates.tsx";

/**
 * The list of things a member keeps on their account (passkeys, API tokens, signed-in devices): one
 * table with its loading, empty and error states and an Actions column of buttons at the end.
 */

/** One column: its heading and what each row shows under it. */
export interface ItemColumn<T> {
  heading: string;
  cell: (item: T) => ReactNode;
  /** Dates and short values stay on one line. */
  nowrap?: boolean;
  /** The column that names the row. */
  strong?: boolean;
  /** Left out on a phone, where the screen repeats its value inside another column. */
  hideOnPhone?: boolean;
}

/** What the table needs of a list query (TanStack Query's result fits). */
interface ListQuery<T> {
  data: readonly T[] | undefined;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

export function AccountItemsTable<T extends { id: string | number }>({
  query,
  errorText,
  columns,
  actions,
  loadingLabel,
  empty,
  testId,
}: {
  query: ListQuery<T>;
  /** The failed query's error in words. */
  errorText: (error: unknown) => string;
  columns: readonly ItemColumn<T>[];
  actions: (item: T) => ReactNode;
  loadingLabel: string;
  empty: string;
  /** Names the test ids: `${testId}s-table`, `${testId}-row` and `no-${testId}s`. */
  testId: string;
}) {
  if (query.isError) return <ErrorCard message={errorText(query.error)} onRetry={() => void query.refetch()} />;
  if (!query.data) return <LoadingSpinner label={loadingLabel} />;
  if (query.data.length === 0)
    return (
      <Text color="fg.muted" data-testid={`no-${testId}s`}>
        {empty}
      </Text>
    );
  const phoneHidden = (column: ItemColumn<T>) => (column.hideOnPhone ? ({ hideBelow: "md" } as const) : {});
  return (
    <Box overflowX="auto">
      <Table.Root size="sm" data-testid={`${testId}s-table`}>
        <Table.Header>
          <Table.Row bg="transparent">
            {columns.map((column) => (
              <Table.ColumnHeader key={column.heading} {...phoneHidden(column)}>
                {column.heading}
              </Table.ColumnHeader>
            ))}
            <Table.ColumnHeader textAlign="end">Actions</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {query.data.map((item) => (
            <Table.Row key={item.id} bg="transparent" data-testid={`${testId}-row`}>
              {columns.map((column) => (
                <Table.Cell
                  key={column.heading}
                  fontWeight={column.strong ? "medium" : undefined}
                  whiteSpace={column.nowrap ? "nowrap" : undefined}
                  {...phoneHidden(column)}
                >
                  {column.cell(item)}
                </Table.Cell>
              ))}
              <Table.Cell textAlign="end">{actions(item)}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

/** A row's red action (remove, revoke, sign out), a 44-pixel target named for its row. */
export function RowActionButton({
  icon: Icon,
  label,
  ariaLabel,
  loading,
  onClick,
}: {
  icon: LucideIcon;
  label: string;
  ariaLabel: string;
  loading?: boolean;
  onClick: () => void;
}) {
  return (
    <Button
      size="sm"
      variant="outline"
      colorPalette="red"
      minH="44px"
      aria-label={ariaLabel}
      loading={loading}
      onClick={onClick}
    >
      <Icon aria-hidden size={16} /> {label}
    </Button>
  );
}

/** A day as "Nov 27, 2026" in the member's locale, or "Never". */
export const dayOf = (iso: string | null) =>
  iso ? new Date(iso).toLocaleDateString(undefined, { year: "numeric", month: "short", day: "numeric" }) : "Never";

/** A moment as "Nov 27, 2026, 6:05 AM" in the member's locale. */
export const momentOf = (iso: string) =>
  new Date(iso).toLocaleString(undefined, {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
  });
