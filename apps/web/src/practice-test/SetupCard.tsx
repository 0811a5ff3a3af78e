import { Card, type CardRootProps, Heading } from "@chakra-ui/react";
import type { ReactNode } from "react";

/** One card of the set-up: a section named by its heading, with the question it asks below. */
export function SetupCard({
  id,
  title,
  gap,
  children,
  ...root
}: { id: string; title: string; gap?: string; children: ReactNode } & Omit<CardRootProps, "id" | "title">) {
  return (
    <Card.Root as="section" aria-labelledby={id} {...root}>
      <Card.Header pb="2">
        <Heading as="h2" size="md" id={id}>
          {title}
        </Heading>
      </Card.Header>
      <Card.Body gap={gap}>{children}</Card.Body>
    </Card.Root>
  );
}
