import { Box, Heading, type HeadingProps, HStack } from "@chakra-ui/react";
import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

/** A card's h2 after its icon in a colour of its own (the icon is decoration: hidden from screen readers). */
export function IconHeading({
  icon: Icon,
  color = "brand.fg",
  id,
  size = "md",
  children,
}: {
  icon: LucideIcon;
  color?: string;
  /** The heading's id, which labels its card. */
  id: string;
  size?: HeadingProps["size"];
  children: ReactNode;
}) {
  return (
    <HStack gap="2">
      <Box as="span" color={color} aria-hidden>
        <Icon size={20} />
      </Box>
      <Heading as="h2" size={size} id={id}>
        {children}
      </Heading>
    </HStack>
  );
}
