import { Button, Flex, Text } from "@chakra-ui/react";

/**
 * An item's editions on its card in the managers, and, when it is true for more than one, the action
 * that writes its text for one of them ('Revise for a new edition').
 */
export function ItemEditionsRow({
  editions,
  onRevise,
}: {
  editions: readonly string[];
  /** Absent when the item cannot be revised (it is true for one edition only). */
  onRevise: (() => void) | undefined;
}) {
  return (
    <Flex gap="2" align="center" justify="space-between" wrap="wrap">
      <Text fontSize="xs" color="fg.muted">
        {editions.length === 0 ? "In no edition" : `Editions: ${editions.join(", ")}`}
      </Text>
      {onRevise && (
        <Button variant="outline" size="sm" minH="44px" onClick={onRevise}>
          Revise for a new edition
        </Button>
      )}
    </Flex>
  );
}
