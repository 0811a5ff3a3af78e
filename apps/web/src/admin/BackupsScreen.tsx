import { Box, Button, Card, Code, Stack, Text } from "@chakra-ui/react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Download, HardDriveDownload } from "lucide-react";
import { errorMessage, type RouterOutputs, useTRPC } from "../app/trpc.ts";
import { ErrorCard, LoadingSpinner } from "../components/PageStates.tsx";
import { notifyError, notifySuccess } from "../components/ui/toaster.tsx";
import { AdminListRow, AdminPage, ERROR_COLOR } from "./AdminUi.tsx";

type Listing = RouterOutputs["backups"]["list"];

const sizeOf = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/**
 * Admin → Backups: the embedded database's backups in BACKUP_DIR (newest first, with size and time),
 * 'Take a backup now' and a download for each. On PostgreSQL backups are the database's job, and the
 * screen says so with the runbook's pointer.
 */
export function BackupsScreen() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  // While one is being written, the list is read again every two seconds until it is listed.
  const listing = useQuery(
    trpc.backups.list.queryOptions(undefined, {
      staleTime: 0,
      refetchInterval: (query) => (query.state.data?.running ? 2000 : false),
    }),
  );
  const take = useMutation(
    trpc.backups.take.mutationOptions({
      onSuccess: ({ name }) => {
        void queryClient.invalidateQueries({ queryKey: trpc.backups.list.queryKey() });
        notifySuccess(`Writing ${name}`, "Members keep studying meanwhile; it is listed once complete.");
      },
      onError: (error) => notifyError("No backup was taken", errorMessage(error)),
    }),
  );
  const embedded = listing.data?.mode === "embedded";
  return (
    <AdminPage
      title="Backups"
      description="Copies of the database the server takes while members study, to restore after a mistake or a lost disk"
      action={
        embedded ? (
          <Button
            colorPalette="brand"
            size="lg"
            loading={take.isPending}
            disabled={Boolean(listing.data?.running)}
            onClick={() => take.mutate()}
          >
            <HardDriveDownload aria-hidden /> Take a backup now
          </Button>
        ) : null
      }
      maxW="4xl"
    >
      {listing.isError ? (
        <ErrorCard message={errorMessage(listing.error)} onRetry={() => void listing.refetch()} />
      ) : listing.isPending ? (
        <LoadingSpinner label="Loading backups" />
      ) : (
        <BackupsCard listing={listing.data} />
      )}
    </AdminPage>
  );
}

function BackupsCard({ listing }: { listing: Listing }) {
  if (listing.mode !== "embedded")
    return (
      <Card.Root>
        <Card.Body>
          <Stack gap="3">
            <Text>
              {listing.mode === "postgres"
                ? "This server runs on PostgreSQL: backups are the database's job (pg_dump, or your provider's point-in-time recovery), not the app's."
                : "Backups are off. Set BACKUP_DIR to a directory on another disk and restart the server: it then takes one every day and keeps the last seven."}
            </Text>
            <Text color="fg.muted" fontSize="sm">
              How to take and restore them: the server's README, 'Running it for a union', 'Backups and restore'
              {listing.mode === "postgres" ? (
                <>
                  {" "}
                  (for a quick copy: <Code>pnpm cli backup --out FILE</Code>)
                </>
              ) : null}
              .
            </Text>
          </Stack>
        </Card.Body>
      </Card.Root>
    );
  return (
    <Card.Root as="section" aria-label="Backups">
      <Card.Header>
        <Text color="fg.muted" fontSize="sm">
          {listing.everyHours ? `One every ${listing.everyHours} hours` : "Only when an admin asks"}; the newest{" "}
          {listing.keep} are kept. Restore one with <Code>pnpm cli restore --from FILE</Code> on the stopped server.
        </Text>
        {listing.lastError && (
          <Text color={ERROR_COLOR} role="alert" fontSize="sm">
            The last backup failed: {listing.lastError}
          </Text>
        )}
      </Card.Header>
      <Card.Body pt="2">
        {listing.running && (
          <Text color="fg.muted" role="status" mb="3" data-testid="backup-running">
            Writing {listing.running}…
          </Text>
        )}
        {listing.backups.length === 0 ? (
          <Text color="fg.muted">No backup yet.</Text>
        ) : (
          <Box as="ul" listStyleType="none" m="0" p="0" data-testid="backups">
            {listing.backups.map((b) => (
              <AdminListRow as="li" key={b.name}>
                <Box minW="0" flex="1 1 16rem">
                  <Text fontWeight="medium">{new Date(b.takenAt).toLocaleString("en-US")}</Text>
                  <Text fontSize="sm" color="fg.muted" truncate>
                    {b.name} · {sizeOf(b.bytes)}
                  </Text>
                </Box>
                <Button asChild size="sm" variant="outline" minH="44px">
                  <a href={`/api/admin/backups/${encodeURIComponent(b.name)}`} download={b.name}>
                    <Download aria-hidden /> Download
                  </a>
                </Button>
              </AdminListRow>
            ))}
          </Box>
        )}
      </Card.Body>
    </Card.Root>
  );
}
