/**
 * A thin progress bar, drawn as Chakra's Progress draws it (the outline variant, fully rounded), with
 * the value's words written here rather than by a number format.
 *
 * Chakra's Progress formats its value with Intl.NumberFormat on every render, and a page's first
 * number or date format loads the browser's locale data: 130–190 ms of main thread in one piece on a
 * phone (4× CPU). Study, Review, the practice test and the dashboard all show a bar on their first
 * screen, and the rest of those screens formats nothing, so the bar alone made every first visit pay
 * for it (docs/decisions/0023).
 */
import { Box, type BoxProps } from "@chakra-ui/react";
import { progressBarValue } from "./progressBarValue.ts";

const HEIGHT = { xs: "1.5", sm: "2" } as const;

export function ProgressBar({
  value,
  label,
  size = "sm",
  trackBg = "bg.emphasized",
  ...rest
}: {
  /** Percent, 0–100. */
  value: number;
  /** What the bar measures, read by screen readers with its value. */
  label: string;
  size?: keyof typeof HEIGHT;
  trackBg?: BoxProps["bg"];
} & Omit<BoxProps, "children" | "role">) {
  const { now, text } = progressBarValue(value);
  return (
    <Box
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={now}
      aria-valuetext={text}
      position="relative"
      overflow="hidden"
      h={HEIGHT[size]}
      rounded="full"
      shadow="inset"
      bg={trackBg}
      {...rest}
    >
      {/* The width as an inline style: one class for every bar, not one per percentage. */}
      <Box
        h="full"
        bg="brand.solid"
        transitionProperty="width"
        transitionDuration="slow"
        style={{ width: `${now}%` }}
      />
    </Box>
  );
}
