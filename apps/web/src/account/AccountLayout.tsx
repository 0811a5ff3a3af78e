import { Box, Card, Flex, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { Link, useRouterState } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { useTRPC } from "../app/trpc.ts";
import { activeLinkStyle } from "../components/activeLinkStyle.ts";
import { PageTitle, type TitledBlockProps } from "../components/PageTitle.tsx";

const TABS = [
  { to: "/account/password", label: "Change Password" },
  { to: "/account/tokens", label: "API Tokens" },
  { to: "/account/review", label: "Review Settings" },
  { to: "/account/reports", label: "My Reports" },
  { to: "/account/passkeys", label: "Passkeys" },
  { to: "/account/reminders", label: "Reminders" },
  { to: "/account/data", label: "My Data" },
  { to: "/account/devices", label: "Signed-in Devices" },
  { to: "/account/edition", label: "Edition" },
] as const;

/** The frame of the account screens: a title and links between them. */
export function AccountLayout({ title, description, children }: TitledBlockProps) {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  // Without password sign-in (PASSWORD_SIGNIN=false) there is no password to change.
  const methods = useQuery(useTRPC().account.signInMethods.queryOptions(undefined, { staleTime: 5 * 60_000 }));
  const tabs = TABS.filter((tab) => tab.to !== "/account/password" || methods.data?.passwords !== false);
  return (
    <Stack gap="6" maxW="4xl">
      <PageTitle title={title} description={description} />
      <Flex as="nav" aria-label="Account" gap="2" borderBottomWidth="1px" pb="2" wrap="wrap">
        {tabs.map((tab) => {
          const active = pathname === tab.to;
          return (
            <Link key={tab.to} to={tab.to} aria-current={active ? "page" : undefined}>
              <Box
                as="span"
                display="inline-flex"
                alignItems="center"
                minH="44px"
                px="3"
                rounded="md"
                {...activeLinkStyle(active)}
              >
                {tab.label}
              </Box>
            </Link>
          );
        })}
      </Flex>
      {children}
    </Stack>
  );
}

/** Chakra's fg.error is too light on white for small text (axe); these pass AA in both themes. */
export const ERROR_COLOR = { _light: "red.700", _dark: "red.300" } as const;

/** Field errors by name from a server message such as "newPassword: That password is on a list…". */
export function fieldOf(message: string, fields: readonly string[]): { field: string | null; text: string } {
  const match = /^(\w+): (.*)$/s.exec(message);
  if (match && fields.includes(match[1]!)) return { field: match[1]!, text: match[2]! };
  return { field: null, text: message };
}

/** One titled card of an account screen, a labelled section for screen readers. */
export function AccountSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card.Root as="section" aria-labelledby={id}>
      <Card.Header>
        <Text as="h2" id={id} fontWeight="semibold" fontSize="lg">
          {title}
        </Text>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}
