/** How a search result reads and where it leads; shared by the palette and the /search page. */
import { Badge, Box, Flex, Text } from "@chakra-ui/react";
import { citationLabel, type SearchResult, sectionLabel, snippetParts } from "@jcba/domain";
import { BookOpen, Hash, Layers } from "lucide-react";

/** Results grouped by section, in the order each section first appears (best first overall). */
export function groupBySection(results: readonly SearchResult[]): { section: number; items: SearchResult[] }[] {
  const groups = new Map<number, SearchResult[]>();
  for (const r of results) {
    const list = groups.get(r.sectionNumber);
    if (list) list.push(r);
    else groups.set(r.sectionNumber, [r]);
  }
  return [...groups.entries()].map(([section, items]) => ({ section, items }));
}

/** Where a result opens: the question in Study, the card in Flashcards, a section's study. */
export function resultTarget(r: SearchResult) {
  if (r.kind === "question")
    return { to: "/study/$section", params: { section: String(r.sectionNumber) }, search: { question: r.id } } as const;
  if (r.kind === "flashcard") return { to: "/flashcards", search: { section: r.sectionNumber, card: r.id } } as const;
  return { to: "/study/$section", params: { section: String(r.sectionNumber) } } as const;
}

export const groupLabel = (section: number) => sectionLabel(section);

const KIND = {
  question: { label: "Question", icon: BookOpen },
  flashcard: { label: "Flashcard", icon: Layers },
  section: { label: "Section", icon: Hash },
} as const;

/** The snippet with its hits marked, rendered as text (never as HTML). */
export function Snippet({ snippet }: { snippet: string }) {
  return (
    <>
      {snippetParts(snippet).map((part, i) =>
        part.hit ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one snippet never move.
          <Box as="mark" key={i} bg="yellow.subtle" color="fg" px="0.5" rounded="xs">
            {part.text}
          </Box>
        ) : (
          part.text
        ),
      )}
    </>
  );
}

/** One result: kind, title, citation badge and snippet. */
export function ResultBody({ result }: { result: SearchResult }) {
  const kind = KIND[result.kind];
  const Icon = kind.icon;
  const citation = citationLabel(result.citation);
  return (
    <Flex gap="3" align="flex-start" minW="0">
      <Box as="span" color="fg.muted" mt="0.5" flexShrink={0} aria-hidden>
        <Icon size={16} />
      </Box>
      <Box minW="0" flex="1">
        <Flex gap="2" align="center" wrap="wrap">
          <Text as="span" fontWeight="semibold" lineClamp={2}>
            {result.title}
          </Text>
        </Flex>
        <Flex gap="2" align="center" wrap="wrap" mt="1">
          <Badge size="sm" variant="outline">
            {kind.label}
          </Badge>
          {citation && (
            <Badge size="sm" colorPalette="brand" variant="subtle" data-testid="citation">
              {citation}
            </Badge>
          )}
        </Flex>
        {result.snippet && result.kind !== "section" && (
          <Text fontSize="sm" color="fg.muted" mt="1" lineClamp={3} data-testid="snippet">
            <Snippet snippet={result.snippet} />
          </Text>
        )}
      </Box>
    </Flex>
  );
}
