import { Badge, Box, Button, Card, Field, Flex, Input, NativeSelect, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { AUDIT_GROUPS, AUDIT_KINDS } from "@jcba/domain";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { errorMessage, type RouterOutputs, useTRPC } from "../app/trpc.ts";
import { ErrorCard, LoadingSpinner } from "../components/PageStates.tsx";
import { AdminPage } from "./AdminUi.tsx";
import { Pager } from "./Pager.tsx";

type AuditEvent = RouterOutputs["admin"]["audit"]["events"][number];
const PAGE_SIZE = 25;

interface Filters {
  actor: string;
  kind: string;
  from: string;
  to: string;
}
const NO_FILTERS: Filters = { actor: "", kind: "", from: "", to: "" };

/** The audit trail for admins: who did what and when, with the item before and after. Read-only. */
export function AuditScreen() {
  const trpc = useTRPC();
  const [draft, setDraft] = useState<Filters>(NO_FILTERS);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const input = {
    limit: PAGE_SIZE,
    offset: (page - 1) * PAGE_SIZE,
    ...(filters.actor ? { actor: filters.actor } : {}),
    ...(filters.kind ? { kind: filters.kind } : {}),
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
  };
  const audit = useQuery(trpc.admin.audit.queryOptions(input, { staleTime: 0, placeholderData: keepPreviousData }));
  const pageCount = Math.max(1, Math.ceil((audit.data?.total ?? 0) / PAGE_SIZE));
  const apply = (e: FormEvent) => {
    e.preventDefault();
    setFilters(draft);
    setPage(1);
  };
  const set = (key: keyof Filters) => (e: { currentTarget: { value: string } }) =>
    setDraft({ ...draft, [key]: e.currentTarget.value });

  return (
    <AdminPage
      title="Audit Trail"
      description="Who changed what, and when: every admin change, role change, report decision and sign-in"
      maxW="6xl"
    >
      <Card.Root as="form" onSubmit={apply} aria-label="Filter the audit trail">
        <Card.Body>
          <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="3" alignItems="end">
            <Field.Root>
              <Field.Label>Who (e-mail)</Field.Label>
              <Input value={draft.actor} onChange={set("actor")} placeholder="admin@…" size="lg" maxLength={254} />
            </Field.Root>
            <Field.Root>
              <Field.Label>Kind</Field.Label>
              <NativeSelect.Root size="lg">
                <NativeSelect.Field value={draft.kind} onChange={set("kind")} data-testid="audit-kind">
                  <option value="">All kinds</option>
                  {/* Groups first, then each kind. */}
                  {AUDIT_GROUPS.map((g) => (
                    <option key={g} value={g}>
                      All {g} events
                    </option>
                  ))}
                  {AUDIT_KINDS.map((k) => (
                    <option key={k} value={k}>
                      {k}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
            <Field.Root>
              <Field.Label>From</Field.Label>
              <Input type="date" value={draft.from} onChange={set("from")} size="lg" />
            </Field.Root>
            <Field.Root>
              <Field.Label>To</Field.Label>
              <Input type="date" value={draft.to} onChange={set("to")} size="lg" />
            </Field.Root>
          </SimpleGrid>
          <Flex gap="3" mt="4" justify="flex-end">
            <Button
              variant="outline"
              size="lg"
              type="button"
              onClick={() => {
                setDraft(NO_FILTERS);
                setFilters(NO_FILTERS);
                setPage(1);
              }}
            >
              Clear
            </Button>
            <Button colorPalette="brand" size="lg" type="submit">
              Apply Filters
            </Button>
          </Flex>
        </Card.Body>
      </Card.Root>

      {audit.isPending ? (
        <LoadingSpinner label="Loading the audit trail" />
      ) : audit.isError ? (
        <ErrorCard message={errorMessage(audit.error)} onRetry={() => void audit.refetch()} />
      ) : (
        <Stack gap="4">
          <Text color="fg.muted" role="status" data-testid="audit-total">
            {audit.data.total.toLocaleString("en-US")} event{audit.data.total === 1 ? "" : "s"}
          </Text>
          {audit.data.events.length === 0 ? (
            <Text color="fg.muted">No events match these filters.</Text>
          ) : (
            <Stack as="ul" gap="3" listStyleType="none" m="0" p="0" aria-label="Audit events">
              {audit.data.events.map((e) => (
                <EventRow key={e.id} event={e} />
              ))}
            </Stack>
          )}
          {pageCount > 1 && <Pager page={page} pageCount={pageCount} onChange={setPage} label="Audit pages" />}
        </Stack>
      )}
    </AdminPage>
  );
}

function EventRow({ event: e }: { event: AuditEvent }) {
  const who = e.actor
    ? `${`${e.actor.firstName} ${e.actor.lastName}`.trim()} (${e.actor.email})`
    : "Operator or unknown";
  const hasDetail = e.before !== null || e.after !== null;
  return (
    <Card.Root as="li" size="sm" data-testid="audit-event">
      <Card.Body gap="2">
        <Flex gap="2" wrap="wrap" align="center">
          <Badge colorPalette="brand" fontFamily="mono">
            {e.kind}
          </Badge>
          {e.targetType && (
            <Text fontSize="sm">
              {e.targetType} {e.targetId}
            </Text>
          )}
          <Text fontSize="sm" color="fg.muted" ms="auto">
            <time dateTime={e.createdAt}>{new Date(e.createdAt).toLocaleString("en-US")}</time>
          </Text>
        </Flex>
        <Text fontSize="sm">
          By {who}
          {e.ip ? ` from ${e.ip}` : ""}
        </Text>
        {hasDetail && (
          <Box as="details" fontSize="sm">
            <Box as="summary" cursor="pointer" minH="32px" py="1" fontWeight="medium">
              Before and after
            </Box>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="3" mt="2">
              <Snapshot label="Before" value={e.before} />
              <Snapshot label="After" value={e.after} />
            </SimpleGrid>
          </Box>
        )}
      </Card.Body>
    </Card.Root>
  );
}

function Snapshot({ label, value }: { label: string; value: unknown }) {
  return (
    <Box minW="0">
      <Text fontWeight="semibold" mb="1">
        {label}
      </Text>
      <Box
        as="pre"
        bg="bg.muted"
        rounded="md"
        p="2"
        fontSize="xs"
        whiteSpace="pre-wrap"
        wordBreak="break-word"
        maxH="240px"
        overflow="auto"
        tabIndex={0}
      >
        {value === null || value === undefined ? "—" : JSON.stringify(value, null, 2)}
      </Box>
    </Box>
  );
}
