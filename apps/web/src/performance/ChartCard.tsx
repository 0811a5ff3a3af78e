import { Card, Heading, Skeleton, Text } from "@chakra-ui/react";
import { Suspense } from "react";
import type { TitledBlockProps } from "../components/PageTitle.tsx";

/** A titled card around a chart, with a box of the chart's height while its module loads. */
export function ChartCard({ title, description, children }: TitledBlockProps) {
  return (
    <Card.Root as="section" aria-label={title} size="sm">
      <Card.Header>
        <Heading as="h2" size="md">
          {title}
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          {description}
        </Text>
      </Card.Header>
      <Card.Body>
        {/* A named box needs a role: a bare div may not carry aria-label (axe: aria-prohibited-attr). */}
        <Suspense fallback={<Skeleton h="250px" rounded="md" role="status" aria-label={`Loading ${title}`} />}>
          {children}
        </Suspense>
      </Card.Body>
    </Card.Root>
  );
}
