import { Button, Checkbox, CheckboxGroup, Flex, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { plural, SECTION_COUNT, SECTION_NUMBERS, sectionLabel } from "@jcba/domain";
import { choiceTile } from "../components/choiceTile.ts";
import { countIn, type PoolChoice, type PoolCounts } from "./setupModel.ts";

/** Choose sections: a box per section with its questions in the chosen pool, Select all and Clear. */
export function SectionPicker({
  picked,
  onPick,
  counts,
  pool,
}: {
  picked: number[];
  onPick: (picked: number[]) => void;
  counts: PoolCounts | undefined;
  pool: PoolChoice;
}) {
  return (
    <Stack gap="3" role="group" aria-labelledby="setup-pick-label">
      <Flex align="center" gap="2" wrap="wrap">
        <Text id="setup-pick-label" fontWeight="medium" mr="auto">
          {picked.length} of {SECTION_COUNT} sections selected
        </Text>
        <Button size="sm" minH="44px" variant="outline" onClick={() => onPick([...SECTION_NUMBERS])}>
          Select all
        </Button>
        <Button size="sm" minH="44px" variant="outline" onClick={() => onPick([])}>
          Clear
        </Button>
      </Flex>
      <CheckboxGroup value={picked.map(String)} onValueChange={(v) => onPick(v.map(Number))}>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="2">
          {SECTION_NUMBERS.map((n) => {
            const c = counts ? countIn(counts, n, pool) : undefined;
            return (
              <Checkbox.Root
                key={n}
                value={String(n)}
                colorPalette="brand"
                {...choiceTile({ py: "2", align: "center", checkedBorder: "brand.emphasized" })}
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label flex="1" display="flex" gap="2" alignItems="center" minW="0">
                  <Text as="span" flex="1" minW="0">
                    {sectionLabel(n)}
                  </Text>
                  <Text as="span" fontSize="xs" color="fg.muted" whiteSpace="nowrap">
                    {c === undefined ? "" : plural(c, "question")}
                  </Text>
                </Checkbox.Label>
              </Checkbox.Root>
            );
          })}
        </SimpleGrid>
      </CheckboxGroup>
    </Stack>
  );
}
