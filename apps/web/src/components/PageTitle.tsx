import { Box, type BoxProps, Heading, Text } from "@chakra-ui/react";

/** A page's h1 with its one-line description below. */
export function PageTitle({ title, description, ...box }: { title: string; description: string } & BoxProps) {
  return (
    <Box {...box}>
      <Heading as="h1" size={{ base: "2xl", md: "3xl" }}>
        {title}
      </Heading>
      <Text color="fg.muted" mt="1">
        {description}
      </Text>
    </Box>
  );
}
