/** Performance's hard items: questions the member has missed 6 times or more, by section, with why they said they missed each. */
import { Badge, Box, Card, Heading, Stack, Text } from "@chakra-ui/react";
import { contractSectionTitle, MISS_REASON_LABELS, plural } from "@jcba/domain";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "../app/trpc.ts";

export function HardItems() {
  const trpc = useTRPC();
  const hard = useQuery(trpc.review.hardItems.queryOptions());
  if (!hard.data) return null;
  const { sections, minimumLapses } = hard.data;
  return (
    <Card.Root as="section" aria-labelledby="hard-items-heading" data-testid="hard-items">
      <Card.Body gap="3">
        <Heading as="h2" size="lg" id="hard-items-heading">
          Hard items
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          Questions you have missed {minimumLapses} times or more. Review shows their explanation before asking again.
        </Text>
        {sections.length === 0 ? (
          <Text>None yet.</Text>
        ) : (
          sections.map((s) => (
            <Box key={s.sectionNumber}>
              <Heading as="h3" size="sm" mb="1">
                Section {s.sectionNumber}: {contractSectionTitle(s.sectionNumber)}
              </Heading>
              <Stack as="ul" gap="2" m="0" ps="5">
                {s.items.map((i) => (
                  <Box as="li" key={i.questionId}>
                    <Text>{i.questionText}</Text>
                    <Text fontSize="sm" color="fg.muted">
                      Missed {plural(i.lapses, "time")}
                      {i.lastReason && (
                        <>
                          {" · "}
                          <Badge variant="subtle">{MISS_REASON_LABELS[i.lastReason]}</Badge>
                        </>
                      )}
                    </Text>
                  </Box>
                ))}
              </Stack>
            </Box>
          ))
        )}
      </Card.Body>
    </Card.Root>
  );
}
