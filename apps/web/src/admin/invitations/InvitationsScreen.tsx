import { Badge, Box, Button, Card, Flex, Heading, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { RotateCw } from "lucide-react";
import { useState } from "react";
import { errorMessage, type RouterOutputs, useTRPC } from "../../app/trpc.ts";
import { ErrorCard, LoadingSpinner } from "../../components/PageStates.tsx";
import { SelectField } from "../../components/SelectField.tsx";
import { notifyError, notifySuccess } from "../../components/ui/toaster.tsx";
import { AdminListRow, AdminPage, AdminRowButton, ConfirmDeleteDialog } from "../AdminUi.tsx";
import { Pager, usePage } from "../Pager.tsx";
import { InviteOne, InviteRoster } from "./InviteForms.tsx";

type Invitation = RouterOutputs["invitations"]["list"]["items"][number];
type State = Invitation["status"];

const PAGE_SIZE = 25;
const STATES: { value: State; label: string; color: string }[] = [
  { value: "queued", label: "Queued", color: "gray" },
  { value: "sent", label: "Sent", color: "blue" },
  { value: "failed", label: "Failed", color: "red" },
  { value: "accepted", label: "Accepted", color: "green" },
  { value: "expired", label: "Expired", color: "orange" },
  { value: "revoked", label: "Revoked", color: "gray" },
];
const STATE_OF = Object.fromEntries(STATES.map((s) => [s.value, s])) as Record<State, (typeof STATES)[number]>;
const date = (iso: string) => new Date(iso).toLocaleDateString("en-US", { dateStyle: "medium" });

/**
 * Admin → Invitations (/admin/invitations): invite one person or a roster, then each invitation's
 * state (queued, sent, failed, accepted, expired, revoked) with a filter and pages, and Resend or Revoke.
 */
export function InvitationsScreen() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<State | "all">("all");
  const countQuery = useQuery(trpc.invitations.list.queryOptions({ limit: 1 }, { staleTime: 0 }));
  const total = status === "all" ? (countQuery.data?.total ?? 0) : (countQuery.data?.counts[status] ?? 0);
  const [page, setPage, pageCount] = usePage(total, PAGE_SIZE, status);
  const list = useQuery(
    trpc.invitations.list.queryOptions(
      { ...(status === "all" ? {} : { status }), limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE },
      { staleTime: 0, placeholderData: (previous) => previous },
    ),
  );
  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.invitations.list.queryKey() });

  return (
    <AdminPage
      title="Invitations"
      description="Invite members by e-mail: each gets a link to set a password. Works with sign-up closed."
      action={
        <Button variant="outline" size="lg" onClick={refresh} loading={list.isFetching && !list.isPending}>
          <RotateCw aria-hidden /> Refresh
        </Button>
      }
      maxW="5xl"
    >
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4" alignItems="start">
        <InviteOne onInvited={refresh} />
        <InviteRoster onInvited={refresh} />
      </SimpleGrid>
      <Card.Root as="section" aria-labelledby="invitations-heading">
        <Card.Header>
          <Flex gap="4" direction={{ base: "column", sm: "row" }} justify="space-between" align={{ sm: "flex-end" }}>
            <Heading as="h2" size="lg" id="invitations-heading">
              Sent invitations
            </Heading>
            <SelectField
              label="Show"
              testId="invitation-status"
              value={status}
              onChange={(v) => setStatus(v as State | "all")}
              maxW={{ sm: "xs" }}
              w="full"
            >
              <option value="all">All ({(countQuery.data?.total ?? 0).toLocaleString("en-US")})</option>
              {STATES.map((s) => (
                <option key={s.value} value={s.value}>
                  {s.label} ({(countQuery.data?.counts[s.value] ?? 0).toLocaleString("en-US")})
                </option>
              ))}
            </SelectField>
          </Flex>
        </Card.Header>
        <Card.Body pt="2">
          {list.isError ? (
            <ErrorCard message={errorMessage(list.error)} onRetry={() => void list.refetch()} />
          ) : list.isPending ? (
            <LoadingSpinner label="Loading invitations" />
          ) : list.data.items.length === 0 ? (
            <Text color="fg.muted" data-testid="invitations-empty">
              {status === "all" ? "No invitations yet. Invite someone above." : "No invitations in this state."}
            </Text>
          ) : (
            <Stack gap="4">
              <Box as="ul" listStyleType="none" m="0" p="0" data-testid="invitations">
                {list.data.items.map((item) => (
                  <InvitationRow key={item.id} invitation={item} onChanged={refresh} />
                ))}
              </Box>
              {pageCount > 1 && (
                <Pager page={page} pageCount={pageCount} onChange={setPage} label="Pages of invitations" />
              )}
            </Stack>
          )}
        </Card.Body>
      </Card.Root>
    </AdminPage>
  );
}

function InvitationRow({ invitation: i, onChanged }: { invitation: Invitation; onChanged: () => void }) {
  const trpc = useTRPC();
  const [confirming, setConfirming] = useState(false);
  const resend = useMutation(
    trpc.invitations.resend.mutationOptions({
      onSuccess: (r) => {
        notifySuccess("Invitation sent again", r.message);
        onChanged();
      },
      onError: (error) => notifyError("The invitation was not sent again", errorMessage(error)),
    }),
  );
  const revoke = useMutation(
    trpc.invitations.revoke.mutationOptions({
      onSuccess: (r) => {
        setConfirming(false);
        notifySuccess("Invitation revoked", r.message);
        onChanged();
      },
      onError: (error) => notifyError("The invitation was not revoked", errorMessage(error)),
    }),
  );
  const state = STATE_OF[i.status];
  const open = i.status !== "accepted" && i.status !== "revoked";
  const name = `${i.firstName} ${i.lastName}`.trim();
  return (
    <AdminListRow data-testid="invitation-row" data-status={i.status}>
      <Box minW="0" flex="1 1 16rem">
        <Flex gap="2" align="center" wrap="wrap">
          <Text fontWeight="medium" overflowWrap="anywhere">
            {i.email}
          </Text>
          <Badge colorPalette={state.color} data-testid="invitation-status-badge">
            {state.label}
          </Badge>
        </Flex>
        <Text fontSize="sm" color="fg.muted">
          {name && `${name} · `}
          {i.status === "accepted" && i.acceptedAt
            ? `Accepted ${date(i.acceptedAt)}`
            : i.status === "revoked" && i.revokedAt
              ? `Revoked ${date(i.revokedAt)}`
              : `Sent ${date(i.sentAt)} · ${i.status === "expired" ? "expired" : "expires"} ${date(i.expiresAt)}`}
        </Text>
        {i.lastError && (
          <Text fontSize="sm" color="fg.muted" truncate>
            {i.lastError}
          </Text>
        )}
      </Box>
      {open && (
        <Flex gap="2">
          <AdminRowButton
            name={`Resend the invitation of ${i.email}`}
            size="sm"
            loading={resend.isPending}
            onClick={() => resend.mutate({ id: i.id })}
          >
            Resend
          </AdminRowButton>
          <AdminRowButton
            name={`Revoke the invitation of ${i.email}`}
            size="sm"
            danger
            onClick={() => setConfirming(true)}
          >
            Revoke
          </AdminRowButton>
        </Flex>
      )}
      <ConfirmDeleteDialog
        open={confirming}
        title="Revoke invitation"
        confirmLabel="Revoke"
        message={`Revoke the invitation of ${i.email}? Its link stops working; you can invite the address again later.`}
        pending={revoke.isPending}
        onConfirm={() => revoke.mutate({ id: i.id })}
        onClose={() => setConfirming(false)}
      />
    </AdminListRow>
  );
}
