import { chakra, Text } from "@chakra-ui/react";
import { ExternalLink } from "lucide-react";

/**
 * Where a question's or card's facts come from: the label of the source it rests on ("AFA article,
 * Feb 6, 2019"), linking to it in a new tab, so members can check what they learn. Nothing for items
 * an admin wrote without a source. A plain styled anchor: Chakra's Link recipe is not registered
 * (app/theme.ts keeps to the recipes in use).
 */
export function SourceLink({ source, sourceLabel }: { source: string | null; sourceLabel: string | null }) {
  if (!source || !/^https?:\/\//.test(source)) return null;
  return (
    <Text fontSize="sm" color="fg.muted" data-testid="source">
      Source:{" "}
      <chakra.a
        href={source}
        target="_blank"
        rel="noopener noreferrer"
        color="brand.fg"
        textDecoration="underline"
        display="inline-flex"
        alignItems="center"
        gap="1"
        _focusVisible={{ outline: "2px solid", outlineColor: "brand.focusRing", outlineOffset: "2px" }}
      >
        {sourceLabel ?? "the article this rests on"}
        <ExternalLink size={14} aria-hidden />
        <Text as="span" srOnly>
          (opens in a new tab)
        </Text>
      </chakra.a>
    </Text>
  );
}
