import { IconButton } from "@chakra-ui/react";
import { Moon, Sun } from "lucide-react";
import { ThemeProvider, useTheme } from "next-themes";
import type { ReactNode } from "react";

/** Light/dark saved in local storage under "theme", defaulting to the system preference. */
export function ColorModeProvider({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider attribute="class" storageKey="theme" defaultTheme="system" enableSystem disableTransitionOnChange>
      {children}
    </ThemeProvider>
  );
}

export function useColorMode() {
  const { resolvedTheme, setTheme } = useTheme();
  const colorMode = resolvedTheme === "dark" ? "dark" : "light";
  return { colorMode, toggleColorMode: () => setTheme(colorMode === "dark" ? "light" : "dark") };
}

export function ColorModeButton() {
  const { colorMode, toggleColorMode } = useColorMode();
  const next = colorMode === "dark" ? "light" : "dark";
  return (
    <IconButton
      variant="ghost"
      size="md"
      aria-label={`Switch to ${next} theme`}
      title={`Switch to ${next} theme`}
      onClick={toggleColorMode}
    >
      {colorMode === "dark" ? <Sun /> : <Moon />}
    </IconButton>
  );
}
