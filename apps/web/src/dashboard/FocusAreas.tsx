import { Box, Button, Card, HStack, Stack, Text } from "@chakra-ui/react";
import { accuracyPercent, contractSectionTitle, type SectionProgress } from "@jcba/domain";
import { Link } from "@tanstack/react-router";
import { ArrowRight, CircleCheck, Target } from "lucide-react";
import { IconHeading } from "../components/IconHeading.tsx";
import { bandColor } from "../components/scoreBand.ts";

/** Focus Areas: the weak sections (below 60 %), each with Practice Now; or a word of praise. */
export function FocusAreas({ weak }: { weak: SectionProgress[] }) {
  return (
    <Card.Root as="section" aria-labelledby="focus-areas-heading" size="sm">
      <Card.Header>
        <IconHeading icon={Target} color="orange.fg" size="lg" id="focus-areas-heading">
          Focus Areas
        </IconHeading>
        <Text fontSize="sm" color="fg.muted">
          Sections where your accuracy is below 60%.
        </Text>
      </Card.Header>
      <Card.Body>
        {weak.length === 0 ? (
          <HStack
            align="flex-start"
            gap="3"
            p="3"
            rounded="md"
            bg="green.subtle"
            color="green.fg"
            data-testid="no-weak-areas"
          >
            <Box as="span" flexShrink={0} mt="0.5" aria-hidden>
              <CircleCheck size={20} />
            </Box>
            <Text fontSize="sm">Great job! No weak areas identified. Keep up the good work!</Text>
          </HStack>
        ) : (
          <Stack as="ul" gap="3" listStyleType="none" m="0" p="0">
            {weak.map((w) => {
              const accuracy = accuracyPercent(w);
              return (
                <Stack
                  as="li"
                  key={w.sectionNumber}
                  data-testid={`weak-area-${w.sectionNumber}`}
                  gap="2"
                  p="3"
                  rounded="md"
                  borderWidth="1px"
                  borderColor="border"
                >
                  <Box minW="0">
                    <Text fontWeight="semibold" fontSize="sm">
                      Section {w.sectionNumber}: {contractSectionTitle(w.sectionNumber)}
                    </Text>
                    <Text fontSize="sm" color={bandColor(accuracy)}>
                      {accuracy}% accuracy · {w.questionsCorrect} of {w.questionsAttempted} correct
                    </Text>
                  </Box>
                  <Button asChild size="sm" colorPalette="brand" minH="44px" alignSelf="flex-start">
                    <Link
                      to="/study/$section"
                      params={{ section: String(w.sectionNumber) }}
                      aria-label={`Practice Now: Section ${w.sectionNumber}`}
                    >
                      Practice Now <ArrowRight aria-hidden />
                    </Link>
                  </Button>
                </Stack>
              );
            })}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
