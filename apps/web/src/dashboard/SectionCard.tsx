import { Badge, Box, Card, Flex, Heading, IconButton, Text } from "@chakra-ui/react";
import { accuracyPercent, contractSectionTitle, type SectionProgress, sectionCardPercent } from "@jcba/domain";
import { Link } from "@tanstack/react-router";
import { ArrowRight } from "lucide-react";
import { ProgressBar } from "../components/ProgressBar.tsx";
import { bandColor } from "../components/scoreBand.ts";

/** One section's card: its contract title, a link to study it, the bar and the accuracy. */
export function SectionCard({
  section,
  record,
  total,
}: {
  section: number;
  record: SectionProgress | undefined;
  total: number;
}) {
  const attempted = record?.questionsAttempted ?? 0;
  const accuracy = record ? accuracyPercent(record) : 0;
  const bar = sectionCardPercent(attempted);
  const title = contractSectionTitle(section);
  return (
    <Card.Root size="sm" h="full" data-testid={`section-card-${section}`}>
      <Card.Body gap="3">
        <Flex justify="space-between" align="flex-start" gap="2">
          <Box minW="0">
            <Badge colorPalette="brand" variant="subtle" mb="1">
              Section {section}
            </Badge>
            <Heading as="h3" size="sm" lineHeight="1.35">
              {title}
            </Heading>
          </Box>
          <IconButton asChild variant="ghost" colorPalette="brand" minW="44px" minH="44px" flexShrink={0}>
            <Link
              to="/study/$section"
              params={{ section: String(section) }}
              aria-label={`Continue Section ${section}`}
              title={`Continue Section ${section}: ${title}`}
            >
              <ArrowRight aria-hidden />
            </Link>
          </IconButton>
        </Flex>
        <ProgressBar value={bar} label={`Section ${section} progress`} />
        <Flex justify="space-between" gap="2" fontSize="sm" flexWrap="wrap">
          <Text color="fg.muted">
            {attempted} of {total} questions completed
          </Text>
          {attempted > 0 ? (
            <Text fontWeight="semibold" color={bandColor(accuracy)} data-testid="accuracy">
              {accuracy}% accuracy
            </Text>
          ) : (
            <Text color="fg.muted" data-testid="accuracy">
              {accuracy}% accuracy
            </Text>
          )}
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}
