/**
 * The search palette (Ctrl/Cmd+K or the header's Search button): a dialog with one search box over
 * the bank, the deck and the sections. Loaded the first time it opens (AppShell imports it lazily).
 *
 * Keyboard and screen readers follow the WAI-ARIA combobox pattern with a listbox popup: focus stays
 * in the box, ArrowUp/ArrowDown move the active option (aria-activedescendant), Enter opens it, Esc
 * closes. Hand-written rather than Chakra's Combobox, which picks a value for a form field; here each
 * option is a grouped, multi-line result that navigates away.
 */
import {
  Box,
  Button,
  CloseButton,
  Dialog,
  Flex,
  Input,
  Kbd,
  Portal,
  Spinner,
  Text,
  useBreakpointValue,
} from "@chakra-ui/react";
import type { SearchResult } from "@jcba/domain";
import { SEARCH_HINT } from "@jcba/domain/first-paint";
import { useNavigate, useRouteContext } from "@tanstack/react-router";
import { Clock, Search, WifiOff } from "lucide-react";
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from "react";
import { errorMessage } from "../app/trpc.ts";
import { readRecentSearches, rememberSearch } from "./recent.ts";
import { groupBySection, groupLabel, ResultBody, resultTarget } from "./results.tsx";
import { useSearch } from "./useSearch.ts";

type Option = { kind: "recent"; query: string } | { kind: "result"; result: SearchResult };

export default function SearchPalette({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const navigate = useNavigate();
  const { user } = useRouteContext({ from: "__root__" });
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(-1);
  const [recent, setRecent] = useState(() => readRecentSearches(user.id));
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const baseId = useId();
  const listboxId = `${baseId}-listbox`;
  const optionId = (i: number) => `${baseId}-option-${i}`;
  const search = useSearch(query);
  // Full screen on phones, a panel from 768 px (responsive slot sizes would mix the full height in).
  const size = useBreakpointValue({ base: "full", md: "lg" } as const) ?? "lg";

  // Each opening starts with an empty box and the recent searches.
  useEffect(() => {
    if (open) {
      setQuery("");
      setActive(-1);
      setRecent(readRecentSearches(user.id));
    }
  }, [open, user.id]);

  const showRecent = query.trim() === "";
  const groups = useMemo(() => groupBySection(search.results ?? []), [search.results]);
  const options: Option[] = showRecent
    ? recent.map((q) => ({ kind: "recent", query: q }))
    : groups.flatMap((g) => g.items.map((result) => ({ kind: "result" as const, result })));

  // A new list: nothing active until the member moves.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the results change.
  useEffect(() => setActive(-1), [search.results, showRecent]);

  useEffect(() => {
    if (active < 0) return;
    document.getElementById(optionId(active))?.scrollIntoView({ block: "nearest" });
  });

  const choose = (option: Option | undefined) => {
    if (!option) return;
    if (option.kind === "recent") {
      setQuery(option.query);
      inputRef.current?.focus();
      return;
    }
    setRecent(rememberSearch(user.id, query));
    onOpenChange(false);
    void navigate(resultTarget(option.result));
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      if (options.length === 0) return;
      const step = e.key === "ArrowDown" ? 1 : -1;
      setActive((i) => (i < 0 ? (step > 0 ? 0 : options.length - 1) : (i + step + options.length) % options.length));
    } else if (e.key === "Home" && active >= 0) {
      e.preventDefault();
      setActive(0);
    } else if (e.key === "End" && active >= 0) {
      e.preventDefault();
      setActive(options.length - 1);
    } else if (e.key === "Enter") {
      e.preventDefault();
      if (e.nativeEvent.isComposing) return;
      if (active >= 0) choose(options[active]);
      else if (!showRecent && search.valid) {
        setRecent(rememberSearch(user.id, query));
        onOpenChange(false);
        void navigate({ to: "/search", search: { q: query.trim() } });
      }
    }
  };

  const count = search.results?.length ?? 0;
  const status = showRecent
    ? recent.length > 0
      ? "Recent searches"
      : SEARCH_HINT
    : search.query !== query
      ? "Searching…"
      : !search.valid
        ? query.length > 200
          ? "That is too long to search: at most 200 characters."
          : "Type words to search for."
        : search.loading
          ? "Searching…"
          : search.error
            ? `Search failed: ${errorMessage(search.error)}`
            : search.results === null
              ? ""
              : count === 0
                ? `No results for “${search.query.trim()}”.`
                : `${count} result${count === 1 ? "" : "s"}${search.fromDevice ? " from this device" : ""}`;

  let index = -1;
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(e) => onOpenChange(e.open)}
      placement="top"
      size={size}
      initialFocusEl={() => inputRef.current}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content aria-label="Search the contract" data-testid="search-palette">
            <Dialog.Header pb="2" pe="12">
              <Flex align="center" gap="2" w="full">
                <Box as="span" color="fg.muted" aria-hidden>
                  <Search size={18} />
                </Box>
                <Input
                  ref={inputRef}
                  value={query}
                  onChange={(e) => setQuery(e.target.value)}
                  onKeyDown={onKeyDown}
                  placeholder="Search questions, flashcards and sections…"
                  aria-label="Search questions, flashcards, sections and contract references"
                  role="combobox"
                  aria-autocomplete="list"
                  aria-expanded={options.length > 0}
                  aria-controls={listboxId}
                  aria-activedescendant={active >= 0 ? optionId(active) : undefined}
                  autoComplete="off"
                  spellCheck={false}
                  maxLength={400}
                  variant="flushed"
                  size="lg"
                />
                {search.pending && !showRecent && search.valid && <Spinner size="sm" color="fg.muted" />}
              </Flex>
            </Dialog.Header>
            <Dialog.Body pt="0" pb="3" px={{ base: "2", md: "3" }}>
              {search.fromDevice && (
                <Flex
                  align="center"
                  gap="2"
                  fontSize="sm"
                  px="3"
                  py="2"
                  mb="2"
                  rounded="md"
                  bg="bg.muted"
                  data-testid="device-note"
                >
                  <WifiOff size={16} aria-hidden /> You are offline: these results come from this device.
                </Flex>
              )}
              <Text fontSize="sm" color="fg.muted" px="3" py="1" role="status" aria-live="polite" aria-atomic>
                {status}
              </Text>
              <Box
                ref={listRef}
                id={listboxId}
                role="listbox"
                aria-label={showRecent ? "Recent searches" : "Search results"}
                maxH={{ base: "none", md: "60vh" }}
                overflowY="auto"
              >
                {showRecent
                  ? recent.map((q, i) => (
                      <Flex
                        key={q}
                        id={optionId(i)}
                        role="option"
                        aria-selected={active === i}
                        onMouseDown={(e) => e.preventDefault()}
                        onClick={() => choose({ kind: "recent", query: q })}
                        onMouseMove={() => setActive(i)}
                        align="center"
                        gap="3"
                        px="3"
                        py="2"
                        minH="44px"
                        rounded="md"
                        cursor="pointer"
                        bg={active === i ? "bg.emphasized" : undefined}
                      >
                        <Clock size={16} aria-hidden />
                        <Text as="span">{q}</Text>
                      </Flex>
                    ))
                  : groups.map((group) => {
                      const headingId = `${baseId}-section-${group.section}`;
                      return (
                        <Box key={group.section} role="group" aria-labelledby={headingId} mb="2">
                          <Text
                            id={headingId}
                            px="3"
                            pt="2"
                            pb="1"
                            fontSize="xs"
                            fontWeight="semibold"
                            color="fg.muted"
                            textTransform="uppercase"
                          >
                            {groupLabel(group.section)}
                          </Text>
                          {group.items.map((result) => {
                            index++;
                            const i = index;
                            return (
                              <Box
                                key={`${result.kind}-${result.id}`}
                                id={optionId(i)}
                                role="option"
                                aria-selected={active === i}
                                data-testid="search-result"
                                onMouseDown={(e) => e.preventDefault()}
                                onClick={() => choose({ kind: "result", result })}
                                onMouseMove={() => setActive(i)}
                                px="3"
                                py="2"
                                rounded="md"
                                cursor="pointer"
                                bg={active === i ? "bg.emphasized" : undefined}
                                outline={active === i ? "2px solid" : undefined}
                                outlineColor="brand.focusRing"
                              >
                                <ResultBody result={result} />
                              </Box>
                            );
                          })}
                        </Box>
                      );
                    })}
              </Box>
            </Dialog.Body>
            <Dialog.Footer
              justifyContent="space-between"
              borderTopWidth="1px"
              py="2"
              fontSize="xs"
              color="fg.muted"
              display={{ base: "none", md: "flex" }}
            >
              <Text>
                <Kbd size="sm">↑</Kbd> <Kbd size="sm">↓</Kbd> to move, <Kbd size="sm">Enter</Kbd> to open,{" "}
                <Kbd size="sm">Esc</Kbd> to close
              </Text>
              {!showRecent && search.valid && (
                <Button
                  variant="plain"
                  size="xs"
                  onClick={() => {
                    setRecent(rememberSearch(user.id, query));
                    onOpenChange(false);
                    void navigate({ to: "/search", search: { q: query.trim() } });
                  }}
                >
                  See all results
                </Button>
              )}
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close search" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
