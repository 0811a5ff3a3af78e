import { Box, Button, Card, Center, Heading, Spinner, Text } from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { errorMessage } from "../app/trpc.ts";

export function LoadingSpinner({ label = "Loading" }: { label?: string }) {
  return (
    <Center py="16" role="status" aria-live="polite">
      <Spinner size="xl" color="brand.solid" borderWidth="4px" />
      <Box srOnly>{label}</Box>
    </Center>
  );
}

export function MessageCard({
  title,
  children,
  actions,
}: {
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Center py={{ base: "6", md: "12" }}>
      <Card.Root maxW="lg" w="full" textAlign="center">
        <Card.Body gap="3" alignItems="center">
          <Heading as="h1" size="xl">
            {title}
          </Heading>
          {children && <Text color="fg.muted">{children}</Text>}
          {actions && (
            <Box display="flex" gap="3" flexWrap="wrap" justifyContent="center" pt="2">
              {actions}
            </Box>
          )}
        </Card.Body>
      </Card.Root>
    </Center>
  );
}

/** A message whose one way on is back to the dashboard. */
function DashboardMessage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <MessageCard
      title={title}
      actions={
        <Button asChild colorPalette="brand">
          <Link to="/">Return to Dashboard</Link>
        </Button>
      }
    >
      {children}
    </MessageCard>
  );
}

export const NotFound = () => (
  <DashboardMessage title="404 Page Not Found">
    The page you are looking for does not exist or has moved.
  </DashboardMessage>
);

export const NotAuthorized = () => (
  <DashboardMessage title="Not authorized">
    This page is for union administrators. If you need access, ask your union's JCBA Study Hub admin.
  </DashboardMessage>
);

export function ErrorCard({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <MessageCard
      title="Something went wrong"
      actions={
        onRetry && (
          <Button colorPalette="brand" onClick={onRetry}>
            Try Again
          </Button>
        )
      }
    >
      {message}
    </MessageCard>
  );
}

/** A query's data once it has come (given to `children`), its error with Try Again, or a spinner meanwhile. */
export function QueryContent<T>({
  query,
  loading,
  children,
}: {
  query: { data: T | undefined; isError: boolean; error: unknown; refetch: () => unknown };
  /** What is loading, for a screen reader. */
  loading: string;
  children: (data: T) => ReactNode;
}) {
  if (query.data !== undefined) return children(query.data);
  if (query.isError) return <ErrorCard message={errorMessage(query.error)} onRetry={() => void query.refetch()} />;
  return <LoadingSpinner label={loading} />;
}
