import { Heading, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { useTRPC } from "../app/trpc.ts";

export const Route = createFileRoute("/")({ component: Dashboard });

function Dashboard() {
  const trpc = useTRPC();
  const { user } = Route.useRouteContext();
  const me = useQuery(trpc.auth.user.queryOptions(undefined, { initialData: user }));
  return (
    <>
      <Heading as="h1" size="2xl">Welcome back, {me.data.firstName || me.data.email}!</Heading>
      <Text color="fg.muted">Continue your JCBA study journey.</Text>
    </>
  );
}
