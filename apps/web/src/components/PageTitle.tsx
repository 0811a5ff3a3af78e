import { Box, type BoxProps, Heading, type HeadingProps, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";

/** A titled block of a page (an account screen, a chart's card): its title, the line below it, its content. */
export interface TitledBlockProps {
  title: string;
  description: string;
  children: ReactNode;
}

/** A page's h1 with its one-line description below. */
export function PageTitle({
  title,
  description,
  size = { base: "2xl", md: "3xl" },
  ...box
}: { title: string; description: ReactNode; size?: HeadingProps["size"] } & Omit<BoxProps, "title">) {
  return (
    <Box {...box}>
      <Heading as="h1" size={size}>
        {title}
      </Heading>
      <Text color="fg.muted" mt="1">
        {description}
      </Text>
    </Box>
  );
}
