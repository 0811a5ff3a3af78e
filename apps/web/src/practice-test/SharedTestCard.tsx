import { Button, Card, Center, Code, Heading, Stack, Text } from "@chakra-ui/react";
import { GraduationCap, Play } from "lucide-react";
import { ProblemAlert } from "../components/ProblemAlert.tsx";

/** /test?code=…: a test someone shared, offered as it is (same questions, same order). */
export function SharedTestCard({
  code,
  starting,
  error,
  onStart,
  onCancel,
}: {
  code: string;
  starting: boolean;
  error: string | null;
  onStart: (tutor: boolean) => void;
  onCancel: () => void;
}) {
  return (
    <Center py={{ base: "4", md: "10" }}>
      <Card.Root maxW="lg" w="full" data-testid="shared-test">
        <Card.Body gap="4">
          <Heading as="h1" size="xl">
            Shared practice test
          </Heading>
          <Text color="fg.muted">
            Everyone who opens this code takes the same questions in the same order, so a study group can compare
            results.
          </Text>
          <Text>
            Test code:{" "}
            <Code fontSize="md" wordBreak="break-all" data-testid="shared-code">
              {code}
            </Code>
          </Text>
          {error && <ProblemAlert title="Couldn't open this test" description={error} />}
          <Stack direction={{ base: "column", sm: "row" }} gap="3">
            <Button colorPalette="brand" minH="44px" loading={starting} onClick={() => onStart(false)}>
              <Play aria-hidden /> Start Shared Test
            </Button>
            <Button
              variant="outline"
              colorPalette="brand"
              minH="44px"
              disabled={starting}
              onClick={() => onStart(true)}
            >
              <GraduationCap aria-hidden /> Start in Tutor Mode
            </Button>
            <Button variant="ghost" minH="44px" onClick={onCancel}>
              Build my own test
            </Button>
          </Stack>
        </Card.Body>
      </Card.Root>
    </Center>
  );
}
