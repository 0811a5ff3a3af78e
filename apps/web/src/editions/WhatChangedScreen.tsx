import {
  Badge,
  Box,
  Button,
  Card,
  Field,
  Flex,
  Heading,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
} from "@chakra-ui/react";
import { encodeDeck } from "@jcba/domain";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { errorMessage, type RouterOutputs, useTRPC } from "../app/trpc.ts";
import { ErrorCard, LoadingSpinner, MessageCard } from "../components/PageStates.tsx";
import { PageTitle } from "../components/PageTitle.tsx";
import { EditionOptions } from "./EditionOptions.tsx";

type Edition = RouterOutputs["editions"]["list"][number];
type Changes = RouterOutputs["editions"]["changes"];
type ChangedItem = Changes["sections"][number]["items"][number];

const CHANGE_LABELS = { changed: "Changed", added: "New", removed: "Removed" } as const;

/**
 * The two editions compared: those asked for, else the newest edition and the one before it (the
 * contract that comes next against the one it replaces).
 */
export function comparedEditions(editions: readonly Edition[], from?: string, to?: string) {
  const slugs = editions.map((e) => e.slug);
  const later = to && slugs.includes(to) ? to : slugs.at(-1);
  const earlier = from && slugs.includes(from) ? from : slugs[Math.max(0, slugs.indexOf(later ?? "") - 1)];
  return { from: earlier, to: later };
}

/** What changed: the paragraphs whose items differ between two contract editions, old and new side by side. */
export function WhatChangedScreen({
  from,
  to,
  onChange,
}: {
  from?: string | undefined;
  to?: string | undefined;
  onChange: (next: { from: string; to: string }) => void;
}) {
  const trpc = useTRPC();
  const editions = useQuery(trpc.editions.list.queryOptions());
  const compared = comparedEditions(editions.data ?? [], from, to);
  const changes = useQuery({
    ...trpc.editions.changes.queryOptions({ a: compared.from ?? "", b: compared.to ?? "" }),
    enabled: Boolean(compared.from && compared.to && compared.from !== compared.to),
    placeholderData: keepPreviousData,
  });

  const title = (
    <PageTitle
      title="What Changed"
      description="The paragraphs whose questions and cards differ between two editions of the contract, old and new answers side by side."
    />
  );
  if (editions.isError)
    return (
      <Stack gap="6">
        {title}
        <ErrorCard message={errorMessage(editions.error)} onRetry={() => void editions.refetch()} />
      </Stack>
    );
  if (!editions.data) return <LoadingSpinner label="Loading the editions" />;
  if (editions.data.length < 2 || !compared.from || !compared.to)
    return (
      <Stack gap="6">
        {title}
        <MessageCard title="Only One Edition">
          There is one edition of the contract so far; when the next one is added, its changes show here.
        </MessageCard>
      </Stack>
    );

  const nameOf = (slug: string) => editions.data.find((e) => e.slug === slug)?.name ?? slug;
  return (
    <Stack gap="6" maxW="6xl">
      {title}
      <Flex gap="3" wrap="wrap" align="end">
        <EditionSelect
          label="From"
          editions={editions.data}
          value={compared.from}
          onChange={(v) => onChange({ from: v, to: compared.to! })}
        />
        <EditionSelect
          label="To"
          editions={editions.data}
          value={compared.to}
          onChange={(v) => onChange({ from: compared.from!, to: v })}
        />
      </Flex>
      {compared.from === compared.to ? (
        <MessageCard title="The Same Edition">Choose two different editions to compare.</MessageCard>
      ) : changes.isError ? (
        <ErrorCard message={errorMessage(changes.error)} onRetry={() => void changes.refetch()} />
      ) : !changes.data ? (
        <LoadingSpinner label="Loading what changed" />
      ) : changes.data.sections.length === 0 ? (
        <MessageCard title="Nothing Changed">
          Every question and card of {nameOf(compared.from)} is the same in {nameOf(compared.to)}.
        </MessageCard>
      ) : (
        <ChangeList changes={changes.data} fromName={nameOf(compared.from)} toName={nameOf(compared.to)} />
      )}
    </Stack>
  );
}

function EditionSelect({
  label,
  editions,
  value,
  onChange,
}: {
  label: string;
  editions: readonly Edition[];
  value: string;
  onChange: (slug: string) => void;
}) {
  return (
    <Field.Root w={{ base: "full", sm: "xs" }}>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root size="lg">
        <NativeSelect.Field value={value} onChange={(e) => onChange(e.target.value)}>
          <EditionOptions editions={editions} />
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

function ChangeList({ changes, fromName, toName }: { changes: Changes; fromName: string; toName: string }) {
  const count = changes.sections.reduce((n, s) => n + s.items.length, 0);
  return (
    <Stack gap="6">
      <Card.Root>
        <Card.Body>
          <Flex gap="3" wrap="wrap" align="center" justify="space-between">
            <Text>
              {count} {count === 1 ? "item differs" : "items differ"} in {changes.sections.length}{" "}
              {changes.sections.length === 1 ? "section" : "sections"}: {changes.questionIds.length} questions and{" "}
              {changes.flashcardIds.length} cards to study in {toName}.
            </Text>
            <Flex gap="3" wrap="wrap">
              {changes.testCode && (
                <Button asChild colorPalette="brand" size="lg">
                  <Link to="/test" search={{ code: changes.testCode }}>
                    Study the changed questions
                  </Link>
                </Button>
              )}
              {changes.flashcardIds.length > 0 && (
                <Button asChild variant="outline" size="lg">
                  <Link to="/flashcards" search={{ deck: encodeDeck(changes.flashcardIds) }}>
                    Study the changed cards
                  </Link>
                </Button>
              )}
            </Flex>
          </Flex>
        </Card.Body>
      </Card.Root>
      {changes.sections.map((section) => (
        <Stack as="section" key={section.sectionNumber} gap="3" aria-labelledby={`changes-${section.sectionNumber}`}>
          <Heading as="h2" size="lg" id={`changes-${section.sectionNumber}`}>
            Section {section.sectionNumber}: {section.title}
          </Heading>
          {section.items.map((item) => (
            <ChangedItemCard
              key={`${item.kind}-${item.old?.id}-${item.new?.id}`}
              item={item}
              fromName={fromName}
              toName={toName}
            />
          ))}
        </Stack>
      ))}
    </Stack>
  );
}

function ChangedItemCard({ item, fromName, toName }: { item: ChangedItem; fromName: string; toName: string }) {
  return (
    <Card.Root size="sm" data-testid="changed-item">
      <Card.Header>
        <Flex gap="2" align="center" wrap="wrap">
          <Text fontWeight="semibold">{item.citation ? `¶ ${item.citation}` : "No paragraph cited"}</Text>
          <Badge colorPalette={item.change === "removed" ? "red" : item.change === "added" ? "green" : "orange"}>
            {CHANGE_LABELS[item.change]}
          </Badge>
          <Badge variant="outline">{item.kind === "question" ? "Question" : "Flashcard"}</Badge>
          {item.change === "changed" && !item.answerChanged && <Badge variant="subtle">Same answer</Badge>}
        </Flex>
      </Card.Header>
      <Card.Body>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <Side title={fromName} side={item.old} kind={item.kind} />
          <Side title={toName} side={item.new} kind={item.kind} />
        </SimpleGrid>
      </Card.Body>
    </Card.Root>
  );
}

function Side({ title, side, kind }: { title: string; side: ChangedItem["old"]; kind: ChangedItem["kind"] }) {
  return (
    <Box borderWidth="1px" rounded="md" p="3" bg="bg.subtle">
      <Text fontSize="sm" color="fg.muted" mb="1">
        {title}
      </Text>
      {side ? (
        <Stack gap="1">
          <Text>{side.text}</Text>
          <Text fontWeight="semibold">
            {kind === "question" ? "Answer" : "Definition"}: {side.answer}
          </Text>
        </Stack>
      ) : (
        <Text color="fg.muted">Not in this edition.</Text>
      )}
    </Box>
  );
}
