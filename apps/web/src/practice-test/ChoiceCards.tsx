import { RadioCard, SimpleGrid } from "@chakra-ui/react";
import type { ReactNode } from "react";

export interface Choice<V extends string> {
  value: V;
  label: ReactNode;
  description?: ReactNode;
  disabled?: boolean;
  testId?: string;
}

/**
 * One set-up question answered by picking a card (sections, pool, mode, length): a radio group
 * labelled by its heading, laid out in a grid, each card at least 44 px tall for a finger.
 */
export interface ChoiceCardsProps<V extends string> {
  labelledBy: string;
  value: V;
  onChange: (value: V) => void;
  choices: readonly Choice<V>[];
  columns: { base: number; sm: number };
  size?: "sm";
}

export function ChoiceCards<V extends string>({
  labelledBy,
  value,
  onChange,
  choices,
  columns,
  size,
}: ChoiceCardsProps<V>) {
  return (
    <RadioCard.Root
      value={value}
      onValueChange={(e) => onChange(e.value as V)}
      colorPalette="brand"
      aria-labelledby={labelledBy}
      size={size}
    >
      <SimpleGrid columns={columns} gap="3">
        {choices.map((c) => (
          <RadioCard.Item key={c.value} value={c.value} disabled={c.disabled} data-testid={c.testId}>
            <RadioCard.ItemHiddenInput />
            {c.description === undefined ? (
              <RadioCard.ItemControl minH="44px" alignItems="center">
                <RadioCard.ItemText>{c.label}</RadioCard.ItemText>
                <RadioCard.ItemIndicator />
              </RadioCard.ItemControl>
            ) : (
              <RadioCard.ItemControl minH="44px">
                <RadioCard.ItemContent>
                  <RadioCard.ItemText>{c.label}</RadioCard.ItemText>
                  <RadioCard.ItemDescription>{c.description}</RadioCard.ItemDescription>
                </RadioCard.ItemContent>
                <RadioCard.ItemIndicator />
              </RadioCard.ItemControl>
            )}
          </RadioCard.Item>
        ))}
      </SimpleGrid>
    </RadioCard.Root>
  );
}
