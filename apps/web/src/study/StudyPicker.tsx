import { Badge, Box, Card, Flex, Heading, SimpleGrid, Skeleton, Stack, Text } from "@chakra-ui/react";
import { plural, SECTION_NUMBERS, sidebarSectionName } from "@jcba/domain";
import { STUDY_INTRO, STUDY_TITLE } from "@jcba/domain/first-paint";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { ChevronRight } from "lucide-react";
import { errorMessage, useTRPC } from "../app/trpc.ts";
import { ErrorCard } from "../components/PageStates.tsx";

/** /study without a section: the member picks one of the 32 sections (the sidebar's names). */
export function StudyPicker() {
  const trpc = useTRPC();
  const availability = useQuery(trpc.tests.availability.queryOptions());
  const progress = useQuery(trpc.progress.sections.queryOptions());
  // A failed refresh keeps the last data known (the device's copy) on screen.
  const failed =
    availability.isError && !availability.data ? availability : progress.isError && !progress.data ? progress : null;
  const attempted = new Map((progress.data ?? []).map((p) => [p.sectionNumber, p.questionsAttempted]));
  const counts = new Map((availability.data ?? []).map((a) => [a.sectionNumber, a.questions]));
  const loading = availability.isPending || progress.isPending;

  return (
    <Stack gap="6">
      <Box>
        {/* The server writes these two lines into the page's frame too (@jcba/domain/first-paint). */}
        <Heading as="h1" size={{ base: "xl", md: "2xl" }}>
          {STUDY_TITLE}
        </Heading>
        <Text color="fg.muted" mt="1">
          {STUDY_INTRO}
        </Text>
      </Box>
      {failed ? (
        <ErrorCard message={errorMessage(failed.error)} onRetry={() => void failed.refetch()} />
      ) : (
        <SimpleGrid
          as="ul"
          aria-label="Sections to study"
          aria-busy={loading || undefined}
          columns={{ base: 1, sm: 2, lg: 3, "2xl": 4 }}
          gap="3"
          listStyleType="none"
          m="0"
          p="0"
        >
          {SECTION_NUMBERS.map((n) => {
            const total = counts.get(n) ?? 0;
            const done = Math.min(attempted.get(n) ?? 0, total || Infinity);
            return (
              <li key={n}>
                <Card.Root
                  asChild
                  size="sm"
                  h="full"
                  variant="outline"
                  _hover={{ borderColor: "brand.solid", bg: "brand.subtle" }}
                  transition="background 0.15s"
                >
                  <Link to="/study/$section" params={{ section: String(n) }} data-testid={`study-section-${n}`}>
                    <Card.Body>
                      <Flex align="center" gap="3" minH="44px">
                        <Flex
                          flexShrink={0}
                          w="10"
                          h="10"
                          rounded="md"
                          bg="brand.muted"
                          color="brand.fg"
                          fontWeight="bold"
                          align="center"
                          justify="center"
                          aria-hidden
                        >
                          {n}
                        </Flex>
                        <Box flex="1" minW="0">
                          <Text fontWeight="semibold" lineHeight="1.3">
                            <Box as="span" srOnly>
                              Section {n}:{" "}
                            </Box>
                            {sidebarSectionName(n)}
                          </Text>
                          {loading ? (
                            // As tall as the line it stands for (its margin and the small text's 20 px), so no card grows.
                            <Flex h="5" mt="1" align="center">
                              <Skeleton h="3" w="24" />
                            </Flex>
                          ) : (
                            <Flex gap="2" mt="1" align="center" flexWrap="wrap">
                              <Text textStyle="sm" color="fg.muted">
                                {plural(total, "question")}
                              </Text>
                              {done > 0 && (
                                <Badge size="sm" colorPalette="brand" variant="subtle">
                                  {done} answered
                                </Badge>
                              )}
                            </Flex>
                          )}
                        </Box>
                        <Box as="span" color="fg.muted" aria-hidden>
                          <ChevronRight size={18} />
                        </Box>
                      </Flex>
                    </Card.Body>
                  </Link>
                </Card.Root>
              </li>
            );
          })}
        </SimpleGrid>
      )}
    </Stack>
  );
}
