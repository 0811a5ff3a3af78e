import {
  Badge,
  Box,
  Button,
  Card,
  Center,
  Flex,
  Heading,
  SimpleGrid,
  Spinner,
  Stack,
  Stat,
  Text,
} from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { BookOpen, ChartBar, ClipboardList, Layers, Users } from "lucide-react";
import type { ReactNode } from "react";
import { errorMessage, useTRPC } from "../app/trpc.ts";
import { ErrorCard } from "../components/PageStates.tsx";

function StatCard({ label, value, icon }: { label: string; value: number; icon: ReactNode }) {
  return (
    <Card.Root>
      <Card.Body>
        <Flex justify="space-between" align="flex-start" gap="3">
          <Stat.Root>
            <Stat.Label>{label}</Stat.Label>
            <Stat.ValueText fontSize="3xl" data-testid={`stat-${label.toLowerCase().replace(/\s+/g, "-")}`}>
              {value.toLocaleString("en-US")}
            </Stat.ValueText>
          </Stat.Root>
          <Center
            boxSize="10"
            rounded="lg"
            bg="brand.muted"
            color="brand.fg"
            flexShrink={0}
            aria-hidden
            display={{ base: "none", sm: "flex" }}
          >
            {icon}
          </Center>
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}

/** The admin dashboard (/admin): the totals, Content Management and the platform users. */
export function AdminDashboard() {
  const trpc = useTRPC();
  const stats = useQuery(trpc.admin.stats.queryOptions());
  const users = useQuery(trpc.admin.users.queryOptions());

  if (stats.isPending || users.isPending) {
    return (
      <Center py="16" flexDirection="column" gap="4" role="status" aria-live="polite">
        <Spinner size="xl" color="brand.solid" borderWidth="4px" />
        <Text color="fg.muted">Loading admin dashboard...</Text>
      </Center>
    );
  }
  if (stats.isError) return <ErrorCard message={errorMessage(stats.error)} onRetry={() => void stats.refetch()} />;

  const s = stats.data;
  const userList = users.data ?? [];
  return (
    <Stack gap="6" maxW="6xl" mx="auto" w="full">
      <Box>
        <Heading as="h1" size={{ base: "2xl", md: "3xl" }}>
          Admin Dashboard
        </Heading>
        <Text color="fg.muted" mt="1">
          Manage study content and view platform statistics
        </Text>
      </Box>

      <SimpleGrid columns={{ base: 2, lg: 4 }} gap={{ base: "3", md: "4" }}>
        <StatCard label="Total Users" value={s?.totalUsers ?? 0} icon={<Users size={20} />} />
        <StatCard label="Total Questions" value={s?.totalQuestions ?? 0} icon={<BookOpen size={20} />} />
        <StatCard label="Total Flashcards" value={s?.totalFlashcards ?? 0} icon={<Layers size={20} />} />
        <StatCard label="Total Attempts" value={s?.totalAttempts ?? 0} icon={<ClipboardList size={20} />} />
      </SimpleGrid>

      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4" alignItems="start">
        <Card.Root>
          <Card.Header>
            <Heading as="h2" size="lg">
              Content Management
            </Heading>
            <Text color="fg.muted" fontSize="sm">
              Add, edit and delete study questions and flashcards.
            </Text>
          </Card.Header>
          <Card.Body>
            <Stack gap="3">
              <Button asChild colorPalette="brand" size="lg" justifyContent="flex-start">
                <Link to="/admin/questions">
                  <BookOpen aria-hidden /> Manage Questions
                </Link>
              </Button>
              <Button asChild variant="outline" size="lg" justifyContent="flex-start">
                <Link to="/admin/flashcards">
                  <Layers aria-hidden /> Manage Flashcards
                </Link>
              </Button>
              <Button asChild variant="outline" size="lg" justifyContent="flex-start">
                <Link to="/admin/item-analysis">
                  <ChartBar aria-hidden /> Item Analysis
                </Link>
              </Button>
            </Stack>
          </Card.Body>
        </Card.Root>

        <Card.Root>
          <Card.Header>
            <Heading as="h2" size="lg" id="platform-users-heading">
              Platform Users ({userList.length})
            </Heading>
          </Card.Header>
          <Card.Body pt="2">
            {users.isError ? (
              <Text color="fg.error" role="alert">
                {errorMessage(users.error)}
              </Text>
            ) : userList.length === 0 ? (
              <Text color="fg.muted">No users found</Text>
            ) : (
              <Box
                as="ul"
                maxH="300px"
                overflowY="auto"
                tabIndex={0}
                aria-labelledby="platform-users-heading"
                data-testid="platform-users"
                listStyleType="none"
                m="0"
                p="1"
                rounded="md"
                _focusVisible={{ outline: "2px solid", outlineColor: "brand.focusRing" }}
              >
                {userList.map((u) => {
                  const name = `${u.firstName} ${u.lastName}`.trim();
                  return (
                    <Flex
                      as="li"
                      key={u.id}
                      justify="space-between"
                      align="center"
                      gap="3"
                      py="2.5"
                      px="2"
                      borderBottomWidth="1px"
                      _last={{ borderBottomWidth: "0" }}
                    >
                      <Box minW="0">
                        <Text fontWeight="medium" truncate>
                          {name || "(no name)"}
                        </Text>
                        <Text fontSize="sm" color="fg.muted" truncate>
                          {u.email}
                        </Text>
                      </Box>
                      {u.isAdmin && (
                        <Badge colorPalette="brand" variant="solid" flexShrink={0}>
                          Admin
                        </Badge>
                      )}
                    </Flex>
                  );
                })}
              </Box>
            )}
          </Card.Body>
        </Card.Root>
      </SimpleGrid>
    </Stack>
  );
}
