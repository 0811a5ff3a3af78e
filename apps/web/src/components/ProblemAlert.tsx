import { Alert } from "@chakra-ui/react";
import type { ReactNode } from "react";

/** A titled alert with its detail below: "Couldn't start the test" and why, an offline note. */
export function ProblemAlert({
  title,
  description,
  children,
  status = "error",
  testId,
}: {
  title: ReactNode;
  description?: ReactNode;
  /** Below the description: an action such as Try Again. */
  children?: ReactNode;
  status?: "error" | "info" | "warning";
  testId?: string;
}) {
  return (
    <Alert.Root status={status} data-testid={testId}>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{title}</Alert.Title>
        {/* A long word (a file name, a path) breaks rather than widening the page on a phone. */}
        {description !== undefined && <Alert.Description overflowWrap="anywhere">{description}</Alert.Description>}
        {children}
      </Alert.Content>
    </Alert.Root>
  );
}
