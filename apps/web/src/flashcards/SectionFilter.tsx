import { createListCollection, Portal, Select } from "@chakra-ui/react";
import { SECTION_NUMBERS } from "@jcba/domain";
import { ALL_SECTIONS, flashcardSectionLabel, SECTION_FILTER_LABEL } from "@jcba/domain/first-paint";
import { useMemo } from "react";

const ALL = "all";

/** 'Filter by Section': All Sections (N cards), then '§n title' for the 32 sections. */
export function SectionFilter({
  value,
  total,
  onChange,
}: {
  value: number | null;
  total: number;
  onChange: (section: number | null) => void;
}) {
  const collection = useMemo(
    () =>
      createListCollection({
        items: [
          { value: ALL, label: `${ALL_SECTIONS} (${total} cards)` },
          ...SECTION_NUMBERS.map((n) => ({ value: String(n), label: flashcardSectionLabel(n) })),
        ],
      }),
    [total],
  );
  return (
    <Select.Root
      collection={collection}
      value={value === null ? [] : [String(value)]}
      onValueChange={(e) => {
        const picked = e.value[0];
        onChange(picked === undefined || picked === ALL ? null : Number(picked));
      }}
      width={{ base: "full", sm: "sm" }}
      size="lg"
      positioning={{ sameWidth: true }}
    >
      <Select.Label>{SECTION_FILTER_LABEL}</Select.Label>
      <Select.Control>
        <Select.Trigger _placeholderShown={{ color: "fg" }}>
          <Select.ValueText placeholder={ALL_SECTIONS} />
        </Select.Trigger>
        <Select.IndicatorGroup>
          <Select.Indicator />
        </Select.IndicatorGroup>
      </Select.Control>
      <Portal>
        <Select.Positioner>
          <Select.Content maxH="min(360px, 60dvh)">
            {collection.items.map((item) => (
              <Select.Item item={item} key={item.value} minH="44px">
                <Select.ItemText>{item.label}</Select.ItemText>
                <Select.ItemIndicator />
              </Select.Item>
            ))}
          </Select.Content>
        </Select.Positioner>
      </Portal>
    </Select.Root>
  );
}
