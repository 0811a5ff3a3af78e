/**
 * Words for screen readers when something changes without focus moving (a card's answer shown, an
 * option chosen with a digit key). The region is always mounted, so the change inside it is what
 * gets announced; an empty text says nothing.
 */
import { Box } from "@chakra-ui/react";
import { type RefObject, useEffect, useRef, useState } from "react";

export function LiveAnnouncement({ text, testId }: { text: string; testId?: string }) {
  return (
    <Box srOnly aria-live="polite" aria-atomic="true" data-testid={testId}>
      {text}
    </Box>
  );
}

/**
 * 'Chosen: …' when the choice changed while focus was elsewhere (a digit key): a click or an arrow
 * key in the group is already spoken by the radio itself, so nothing is added then. Moving to another
 * question (`item`) with its answer already given says nothing either: the question is spoken.
 */
export function useChoiceAnnouncement(
  value: string | null | undefined,
  group: RefObject<HTMLElement | null>,
  item: unknown,
) {
  const [said, setSaid] = useState<{ item: unknown; value: string } | null>(null);
  const shownItem = useRef(item);
  useEffect(() => {
    const sameItem = shownItem.current === item;
    shownItem.current = item;
    const inGroup = group.current?.contains(document.activeElement) ?? false;
    setSaid(value && sameItem && !inGroup ? { item, value } : null);
  }, [value, group, item]);
  // Checked at render too, so a new question never shows the last one's words for a frame.
  return said && said.item === item && said.value === value ? `Chosen: ${value}` : "";
}
