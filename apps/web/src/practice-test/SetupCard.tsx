import { Card, type CardRootProps, Heading } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { ChoiceCards, type ChoiceCardsProps } from "./ChoiceCards.tsx";

/**
 * One card of the set-up: a section named by its heading, with the question it asks below, most
 * often a choice among cards (labelled by the heading), then anything else it needs.
 */
export function SetupCard<V extends string>({
  id,
  title,
  gap,
  pick,
  children,
  ...root
}: {
  id: string;
  title: string;
  gap?: string;
  pick?: Omit<ChoiceCardsProps<V>, "labelledBy">;
  children?: ReactNode;
} & Omit<CardRootProps, "id" | "title">) {
  return (
    <Card.Root as="section" aria-labelledby={id} {...root}>
      <Card.Header pb="2">
        <Heading as="h2" size="md" id={id}>
          {title}
        </Heading>
      </Card.Header>
      <Card.Body gap={gap}>
        {pick && <ChoiceCards labelledBy={id} {...pick} />}
        {children}
      </Card.Body>
    </Card.Root>
  );
}
