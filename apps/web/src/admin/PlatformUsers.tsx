import { Badge, Box, Button, Card, Field, Flex, Heading, Input, Text } from "@chakra-ui/react";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ChevronLeft, ChevronRight, Search } from "lucide-react";
import { useEffect, useState } from "react";
import { errorMessage, type RouterOutputs, useTRPC } from "../app/trpc.ts";
import { notifyError, notifySuccess } from "../components/ui/toaster.tsx";
import { AdminListRow, AdminRowButton } from "./AdminListRow.tsx";

type User = RouterOutputs["admin"]["users"][number];
const PAGE_SIZE = 50;

/** The text after the admin stops typing for a moment, so each keystroke is not a request. */
function useSettled(value: string, ms = 250): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * 'Platform Users (count)': the true total, a search by name or e-mail, the list a page at a time
 * (the server pages it, so 25,000 members load as fast as 25), and each member's role and access.
 */
export function PlatformUsers({ selfId }: { selfId: number }) {
  const trpc = useTRPC();
  const [typed, setTyped] = useState("");
  const query = useSettled(typed.trim());
  const [page, setPage] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new search starts at the first page
  useEffect(() => setPage(0), [query]);
  const search = query ? { query } : {};
  const total = useQuery(trpc.admin.usersCount.queryOptions({}, { staleTime: 0 }));
  const matching = useQuery(trpc.admin.usersCount.queryOptions(search, { enabled: query !== "", staleTime: 0 }));
  const users = useQuery(
    trpc.admin.users.queryOptions(
      { ...search, limit: PAGE_SIZE, offset: page * PAGE_SIZE },
      { staleTime: 0, placeholderData: keepPreviousData },
    ),
  );
  const found = query ? (matching.data?.total ?? 0) : (total.data?.total ?? 0);
  const pageCount = Math.max(1, Math.ceil(found / PAGE_SIZE));
  const list = users.data ?? [];

  return (
    <Card.Root>
      <Card.Header gap="3">
        <Heading as="h2" size="lg" id="platform-users-heading">
          Platform Users ({total.data?.total ?? "…"})
        </Heading>
        <Field.Root>
          <Field.Label srOnly>Search users by name or e-mail</Field.Label>
          <Box position="relative" w="full">
            <Box position="absolute" insetStart="3" top="50%" transform="translateY(-50%)" color="fg.muted" aria-hidden>
              <Search size={16} />
            </Box>
            <Input
              type="search"
              ps="9"
              size="lg"
              placeholder="Search by name or e-mail"
              value={typed}
              onChange={(e) => setTyped(e.currentTarget.value)}
              maxLength={100}
              data-testid="user-search"
            />
          </Box>
        </Field.Root>
        {query && matching.isSuccess && (
          <Text fontSize="sm" color="fg.muted" role="status" data-testid="user-matches">
            {found.toLocaleString("en-US")} match{found === 1 ? "" : "es"}
          </Text>
        )}
      </Card.Header>
      <Card.Body pt="2">
        {users.isError || total.isError ? (
          // The count heads the list and sets its pages: a list without it would page wrongly.
          <Text color={{ _light: "red.700", _dark: "red.300" }} role="alert">
            {errorMessage(users.error ?? total.error)}
          </Text>
        ) : users.isPending ? (
          <Text color="fg.muted">Loading users…</Text>
        ) : list.length === 0 ? (
          <Text color="fg.muted">No users found</Text>
        ) : (
          <Box
            as="ul"
            maxH="300px"
            overflowY="auto"
            tabIndex={0}
            aria-labelledby="platform-users-heading"
            data-testid="platform-users"
            listStyleType="none"
            m="0"
            p="1"
            rounded="md"
            _focusVisible={{ outline: "2px solid", outlineColor: "brand.focusRing" }}
          >
            {list.map((u) => (
              <UserRow key={u.id} user={u} self={u.id === selfId} />
            ))}
          </Box>
        )}
        {pageCount > 1 && (
          <Flex as="nav" aria-label="User pages" justify="space-between" align="center" mt="3" gap="2">
            <Button
              variant="outline"
              size="sm"
              minH="44px"
              onClick={() => setPage(page - 1)}
              disabled={page === 0}
              aria-label="Previous users"
            >
              <ChevronLeft aria-hidden /> Previous
            </Button>
            <Text fontSize="sm" color="fg.muted" aria-live="polite">
              Page {page + 1} of {pageCount}
            </Text>
            <Button
              variant="outline"
              size="sm"
              minH="44px"
              onClick={() => setPage(page + 1)}
              disabled={page + 1 >= pageCount}
              aria-label="Next users"
            >
              Next <ChevronRight aria-hidden />
            </Button>
          </Flex>
        )}
      </Card.Body>
    </Card.Root>
  );
}

function UserRow({ user: u, self }: { user: User; self: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const update = useMutation(
    trpc.admin.updateUser.mutationOptions({
      onSuccess: (changed) => {
        void queryClient.invalidateQueries({ queryKey: trpc.admin.users.queryKey() });
        notifySuccess(
          `${changed.email} ${changed.disabled ? "is disabled" : changed.isAdmin ? "is an admin" : "is a member"}`,
        );
      },
      onError: (error) => notifyError("The account was not changed", errorMessage(error)),
    }),
  );
  // The member gets a link by e-mail; the admin never sees it nor the password.
  const reset = useMutation(
    trpc.admin.sendPasswordReset.mutationOptions({
      onSuccess: (sent) => notifySuccess(sent.message),
      onError: (error) => notifyError("No password reset was sent", errorMessage(error)),
    }),
  );
  const name = `${u.firstName} ${u.lastName}`.trim();
  return (
    <AdminListRow px="2" data-testid="platform-user">
      <Box minW="0" flex="1 1 12rem">
        <Text fontWeight="medium" truncate>
          {name || "(no name)"}
        </Text>
        <Text fontSize="sm" color="fg.muted" truncate>
          {u.email}
        </Text>
      </Box>
      <Flex gap="1.5" align="center" flexShrink={0} wrap="wrap">
        {u.isAdmin && (
          <Badge colorPalette="brand" variant="solid">
            Admin
          </Badge>
        )}
        {u.disabled && <Badge colorPalette="red">Disabled</Badge>}
        <AdminRowButton
          name={`${u.isAdmin ? "Remove admin from" : "Make admin:"} ${u.email}`}
          loading={update.isPending}
          onClick={() => update.mutate({ id: u.id, isAdmin: !u.isAdmin })}
        >
          {u.isAdmin ? "Remove Admin" : "Make Admin"}
        </AdminRowButton>
        {!self && (
          <AdminRowButton
            name={`${u.disabled ? "Enable" : "Disable"} ${u.email}`}
            danger={!u.disabled}
            loading={update.isPending}
            onClick={() => update.mutate({ id: u.id, disabled: !u.disabled })}
          >
            {u.disabled ? "Enable" : "Disable"}
          </AdminRowButton>
        )}
        {!u.disabled && (
          <AdminRowButton
            name={`Send password reset to ${u.email}`}
            loading={reset.isPending}
            onClick={() => reset.mutate({ id: u.id })}
          >
            Send password reset
          </AdminRowButton>
        )}
      </Flex>
    </AdminListRow>
  );
}
