import { Card, type CardRootProps, Heading, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";

/**
 * A part of a screen in a card, named by its heading (the landmark's label): the heading and a line on
 * what it is for above, the content below.
 */
export function SectionCard({
  id,
  title,
  description,
  children,
  ...card
}: {
  /** The heading's id, which labels the section. */
  id: string;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
} & Omit<CardRootProps, "id" | "title" | "children">) {
  return (
    <Card.Root as="section" aria-labelledby={id} {...card}>
      <Card.Header>
        <Heading as="h2" size="lg" id={id}>
          {title}
        </Heading>
        {description && (
          <Text color="fg.muted" fontSize="sm">
            {description}
          </Text>
        )}
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}
