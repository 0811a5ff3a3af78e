/** The /search page: the same search as the palette, as a page whose address carries the query. */
import { Box, Card, Flex, Heading, Input, Spinner, Stack, Text } from "@chakra-ui/react";
import { SEARCH_HINT, SEARCH_TITLE } from "@jcba/domain/first-paint";
import { Link, useRouteContext } from "@tanstack/react-router";
import { Search, WifiOff } from "lucide-react";
import { useEffect, useState } from "react";
import { errorMessage } from "../app/trpc.ts";
import { rememberSearch } from "./recent.ts";
import { groupBySection, groupLabel, ResultBody, resultTarget } from "./results.tsx";
import { useSearch } from "./useSearch.ts";

export function SearchPage({ query, onQueryChange }: { query: string; onQueryChange: (q: string) => void }) {
  const { user } = useRouteContext({ from: "__root__" });
  const [text, setText] = useState(query);
  // Back and forward change the address: the box follows.
  useEffect(() => setText(query), [query]);
  const search = useSearch(text, { limit: 50 });
  // The address follows what was searched, once the typing settles (only then: an address changed by
  // Back must not be overwritten by the box's older text).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the settled query changes, only.
  useEffect(() => {
    if (search.query !== query) onQueryChange(search.query);
  }, [search.query]);

  const groups = groupBySection(search.results ?? []);
  const count = search.results?.length ?? 0;
  return (
    <Stack gap="5" maxW="3xl" mx="auto" w="full">
      {/* The server writes the heading, a box for the field and the hint into the page's frame too (@jcba/domain/first-paint). */}
      <Heading as="h1" size={{ base: "2xl", md: "3xl" }}>
        {SEARCH_TITLE}
      </Heading>
      <Flex as="form" role="search" align="center" gap="2" onSubmit={(e) => e.preventDefault()}>
        <Box as="span" color="fg.muted" aria-hidden>
          <Search size={20} />
        </Box>
        <Input
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder="Search questions, flashcards and sections…"
          aria-label="Search questions, flashcards, sections and contract references"
          autoComplete="off"
          maxLength={400}
          size="lg"
          bg="bg"
        />
        {search.pending && search.valid && <Spinner size="sm" color="fg.muted" />}
      </Flex>
      {search.fromDevice && (
        <Flex align="center" gap="2" fontSize="sm" px="3" py="2" rounded="md" bg="bg.muted" data-testid="device-note">
          <WifiOff size={16} aria-hidden /> You are offline: these results come from this device.
        </Flex>
      )}
      <Text color="fg.muted" role="status" aria-live="polite">
        {search.query !== text && text.trim() !== ""
          ? "Searching…"
          : !search.valid
            ? text.length > 200
              ? "That is too long to search: at most 200 characters."
              : SEARCH_HINT
            : search.loading
              ? "Searching…"
              : search.error
                ? `Search failed: ${errorMessage(search.error)}`
                : count === 0
                  ? `No results for “${search.query.trim()}”.`
                  : `${count} result${count === 1 ? "" : "s"}${search.fromDevice ? " from this device" : ""}`}
      </Text>
      {groups.map((group) => (
        <Card.Root key={group.section} as="section" aria-label={groupLabel(group.section)}>
          <Card.Body gap="1" p={{ base: "3", md: "4" }}>
            <Heading as="h2" size="sm" color="fg.muted" pb="1">
              {groupLabel(group.section)}
            </Heading>
            <Stack as="ul" gap="1" listStyleType="none" m="0" p="0">
              {group.items.map((result) => (
                <li key={`${result.kind}-${result.id}`}>
                  <Box
                    asChild
                    display="block"
                    px="3"
                    py="2"
                    rounded="md"
                    _hover={{ bg: "bg.muted" }}
                    data-testid="search-result"
                  >
                    <Link {...resultTarget(result)} onClick={() => rememberSearch(user.id, search.query)}>
                      <ResultBody result={result} />
                    </Link>
                  </Box>
                </li>
              ))}
            </Stack>
          </Card.Body>
        </Card.Root>
      ))}
    </Stack>
  );
}
