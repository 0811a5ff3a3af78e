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
import { Link, useRouteContext } from "@tanstack/react-router";
import { BookOpen, ChartBar, ClipboardList, Flag, HardDrive, History, Layers, MailPlus, Users } from "lucide-react";
import { lazy, type ReactNode, Suspense } from "react";
import { errorMessage, useTRPC } from "../app/trpc.ts";
import { ErrorCard } from "../components/PageStates.tsx";
import { PlatformUsers } from "./PlatformUsers.tsx";

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

/** Loaded once the totals are shown: the list of failed e-mail is not what an admin opens the dashboard for. */
const FailedMail = lazy(() => import("./FailedMail.tsx").then((m) => ({ default: m.FailedMail })));

/** The admin dashboard (/admin): the totals, Content Management and the platform users. */
/** The admin screens below the content managers and Reports, in the order the card lists them. */
const ADMIN_LINKS = [
  { to: "/admin/audit", icon: History, label: "Audit Trail" },
  { to: "/admin/item-analysis", icon: ChartBar, label: "Item Analysis" },
  { to: "/admin/backups", icon: HardDrive, label: "Backups" },
  { to: "/admin/invitations", icon: MailPlus, label: "Invitations" },
] as const;

export function AdminDashboard() {
  const trpc = useTRPC();
  const stats = useQuery(trpc.admin.stats.queryOptions());
  const openReports = useQuery(trpc.reports.openCount.queryOptions(undefined, { staleTime: 0 }));
  const { user } = useRouteContext({ from: "/admin" });

  if (stats.isPending) {
    return (
      <Center py="16" flexDirection="column" gap="4" role="status" aria-live="polite">
        <Spinner size="xl" color="brand.solid" borderWidth="4px" />
        <Text color="fg.muted">Loading admin dashboard...</Text>
      </Center>
    );
  }
  if (stats.isError) return <ErrorCard message={errorMessage(stats.error)} onRetry={() => void stats.refetch()} />;

  const s = stats.data;
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
              Add, edit and delete study questions and flashcards; answer reports; see who changed what.
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
                <Link to="/admin/reports">
                  <Flag aria-hidden /> Reports
                  <Badge
                    colorPalette={openReports.data?.open ? "orange" : "gray"}
                    ms="auto"
                    data-testid="open-reports"
                    aria-label={`${openReports.data?.open ?? 0} open`}
                  >
                    {openReports.data?.open ?? "…"} open
                  </Badge>
                </Link>
              </Button>
              {ADMIN_LINKS.map(({ to, icon: Icon, label }) => (
                <Button key={to} asChild variant="outline" size="lg" justifyContent="flex-start">
                  <Link to={to}>
                    <Icon aria-hidden /> {label}
                  </Link>
                </Button>
              ))}
            </Stack>
          </Card.Body>
        </Card.Root>

        <PlatformUsers selfId={user.id} />
      </SimpleGrid>

      <Suspense fallback={null}>
        <FailedMail />
      </Suspense>
    </Stack>
  );
}
