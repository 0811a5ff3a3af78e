import { Badge, Box, Card, Flex, Heading, Text } from "@chakra-ui/react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { errorMessage, type RouterOutputs, useTRPC } from "../app/trpc.ts";
import { notifyError, notifySuccess } from "../components/ui/toaster.tsx";
import { AdminListRow, AdminRowButton, ERROR_COLOR } from "./AdminListRow.tsx";

type FailedMessage = RouterOutputs["admin"]["failedMail"]["items"][number];

/**
 * 'E-mail not sent' on the admin dashboard: messages the server gave up on after its tries (a
 * password-reset link that never left, say), with the last error and a way to try again. The links
 * themselves are never shown: an admin may not use a member's reset link.
 */
export function FailedMail() {
  const trpc = useTRPC();
  const failed = useQuery(trpc.admin.failedMail.queryOptions({ limit: 20 }, { staleTime: 0 }));
  const total = failed.data?.total ?? 0;
  return (
    <Card.Root as="section" aria-labelledby="failed-mail-heading">
      <Card.Header>
        <Flex align="center" gap="2">
          <Heading as="h2" size="lg" id="failed-mail-heading">
            E-mail not sent
          </Heading>
          <Badge colorPalette={total > 0 ? "red" : "gray"} data-testid="failed-mail-count">
            {failed.isSuccess ? total.toLocaleString("en-US") : "…"}
          </Badge>
        </Flex>
        <Text color="fg.muted" fontSize="sm">
          Messages the server could not deliver after five tries. Fix the mail settings (SMTP_URL), then try again.
        </Text>
      </Card.Header>
      <Card.Body pt="2">
        {failed.isError ? (
          <Text color={ERROR_COLOR} role="alert">
            {errorMessage(failed.error)}
          </Text>
        ) : failed.isPending ? (
          <Text color="fg.muted">Loading…</Text>
        ) : total === 0 ? (
          <Text color="fg.muted">Every message was sent.</Text>
        ) : (
          <Box as="ul" listStyleType="none" m="0" p="0" data-testid="failed-mail">
            {failed.data.items.map((m) => (
              <FailedRow key={m.id} message={m} />
            ))}
          </Box>
        )}
      </Card.Body>
    </Card.Root>
  );
}

function FailedRow({ message: m }: { message: FailedMessage }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const retry = useMutation(
    trpc.admin.retryMail.mutationOptions({
      onSuccess: () => {
        void queryClient.invalidateQueries({ queryKey: trpc.admin.failedMail.queryKey() });
        notifySuccess(`Sending to ${m.to} again`);
      },
      onError: (error) => notifyError("The message was not sent again", errorMessage(error)),
    }),
  );
  return (
    <AdminListRow>
      <Box minW="0" flex="1 1 16rem">
        <Text fontWeight="medium" truncate>
          {m.subject}
        </Text>
        <Text fontSize="sm" color="fg.muted">
          To {m.to} · {new Date(m.createdAt).toLocaleString("en-US")} · {m.attempts} tries
        </Text>
        {m.lastError && (
          <Text fontSize="sm" color="fg.muted" truncate>
            {m.lastError}
          </Text>
        )}
      </Box>
      <AdminRowButton
        name={`Try again: ${m.subject} to ${m.to}`}
        loading={retry.isPending}
        onClick={() => retry.mutate({ id: m.id })}
      >
        Try again
      </AdminRowButton>
    </AdminListRow>
  );
}
