import { Flex, type FlexProps } from "@chakra-ui/react";

/** Chakra's fg.error is too light on white for small text (axe); these pass AA in both themes. */
export const ERROR_COLOR = { _light: "red.700", _dark: "red.300" } as const;

/** One item of a short admin list (a member, a failed e-mail): what it is on the left, its buttons on the right. */
export function AdminListRow(props: FlexProps) {
  return (
    <Flex
      as="li"
      justify="space-between"
      align="center"
      gap="2"
      py="2"
      borderBottomWidth="1px"
      _last={{ borderBottomWidth: "0" }}
      wrap="wrap"
      {...props}
    />
  );
}
