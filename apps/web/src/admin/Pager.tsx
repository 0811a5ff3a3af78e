import { Button, Flex, Text } from "@chakra-ui/react";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { useEffect, useState } from "react";

/** The current page (1-based) for `total` items; back to page 1 when `resetKey` changes, clamped when items go away. */
export function usePage(total: number, pageSize: number, resetKey: unknown): [number, (page: number) => void, number] {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const [page, setPage] = useState(1);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new resetKey (another filter) starts again at page 1
  useEffect(() => setPage(1), [resetKey]);
  const current = Math.min(page, pageCount);
  return [current, setPage, pageCount];
}

export function Pager({
  page,
  pageCount,
  onChange,
  label,
}: {
  page: number;
  pageCount: number;
  onChange: (page: number) => void;
  label: string;
}) {
  const go = (p: number) => {
    onChange(p);
    window.scrollTo({ top: 0 });
  };
  return (
    <Flex as="nav" aria-label={label} justify="center" align="center" gap="3">
      <Button variant="outline" size="lg" onClick={() => go(page - 1)} disabled={page <= 1} aria-label="Previous page">
        <ChevronLeft aria-hidden /> Previous
      </Button>
      <Text aria-live="polite" fontSize="sm" color="fg.muted" whiteSpace="nowrap">
        Page {page} of {pageCount}
      </Text>
      <Button
        variant="outline"
        size="lg"
        onClick={() => go(page + 1)}
        disabled={page >= pageCount}
        aria-label="Next page"
      >
        Next <ChevronRight aria-hidden />
      </Button>
    </Flex>
  );
}
