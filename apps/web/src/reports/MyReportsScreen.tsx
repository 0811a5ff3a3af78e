import { Badge, Box, Card, Flex, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { AccountLayout } from "../account/AccountLayout.tsx";
import { errorMessage, useTRPC } from "../app/trpc.ts";
import { ErrorCard, LoadingSpinner } from "../components/PageStates.tsx";
import { CATEGORY_LABELS, formatDate, STATUS_LABELS, STATUS_PALETTE } from "./reportLabels.ts";

/** My Reports: the problems the member reported, with their status and the admin's reply. */
export function MyReportsScreen() {
  const trpc = useTRPC();
  const reports = useQuery(trpc.reports.mine.queryOptions());
  return (
    <AccountLayout
      title="My Reports"
      description="Problems you reported with questions and flashcards, and the answers"
    >
      {reports.isPending ? (
        <LoadingSpinner label="Loading your reports" />
      ) : reports.isError ? (
        <ErrorCard message={errorMessage(reports.error)} onRetry={() => void reports.refetch()} />
      ) : reports.data.length === 0 ? (
        <Text color="fg.muted">
          You have not reported any problems. Use “Report a problem” after answering a question or on a flashcard.
        </Text>
      ) : (
        <Stack as="ul" gap="3" listStyleType="none" m="0" p="0" aria-label="My reports">
          {reports.data.map((r) => (
            <Card.Root as="li" key={r.id} data-testid="my-report">
              <Card.Body gap="2">
                <Flex gap="2" wrap="wrap" align="center">
                  <Badge colorPalette={STATUS_PALETTE[r.status]} data-testid="report-status">
                    {STATUS_LABELS[r.status]}
                  </Badge>
                  <Badge variant="outline">{CATEGORY_LABELS[r.category]}</Badge>
                  <Text fontSize="sm" color="fg.muted" ms="auto">
                    {r.itemType === "question" ? "Question" : "Flashcard"}
                    {r.item ? ` · Section ${r.item.sectionNumber}` : ""} · {formatDate(r.createdAt)}
                  </Text>
                </Flex>
                <Text fontWeight="semibold">{r.item?.text ?? "This item has been removed."}</Text>
                {r.comment && <Text fontSize="sm">Your comment: {r.comment}</Text>}
                {r.reply && (
                  <Box bg="bg.muted" rounded="md" p="3" fontSize="sm" data-testid="report-reply">
                    <Text fontWeight="semibold">Reply from the admins</Text>
                    <Text>{r.reply}</Text>
                  </Box>
                )}
              </Card.Body>
            </Card.Root>
          ))}
        </Stack>
      )}
    </AccountLayout>
  );
}
