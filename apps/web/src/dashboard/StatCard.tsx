import { Card, Flex, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";

export function StatCard({
  label,
  value,
  icon,
  help,
  children,
}: {
  label: string;
  value: string;
  icon: ReactNode;
  help: string;
  children?: ReactNode;
}) {
  return (
    <Card.Root size="sm" data-testid={`stat-${label}`}>
      <Card.Body>
        <Flex justify="space-between" align="center" gap="3">
          <Text fontSize="sm" fontWeight="medium" color="fg.muted">
            {label}
          </Text>
          <Flex as="span" aria-hidden color="brand.fg" bg="brand.subtle" rounded="md" p="1.5">
            {icon}
          </Flex>
        </Flex>
        <Text fontSize="3xl" fontWeight="bold" lineHeight="1.2" mt="1" data-testid="stat-value">
          {value}
        </Text>
        <Text fontSize="xs" color="fg.muted">
          {help}
        </Text>
        {children}
      </Card.Body>
    </Card.Root>
  );
}
