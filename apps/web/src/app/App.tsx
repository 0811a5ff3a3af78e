/** The signed-in app: providers, the router and the shell. Loaded only after sign-in is known. */
import { ChakraProvider } from "@chakra-ui/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { createRouter, RouterProvider } from "@tanstack/react-router";
import { createRoot } from "react-dom/client";
import { ColorModeProvider } from "../components/ui/color-mode.tsx";
import { routeTree } from "../routeTree.gen.ts";
import type { SessionUser } from "./session.ts";
import { system } from "./theme.ts";
import { makeQueryClient, makeTrpcClient, TRPCProvider } from "./trpc.ts";

function makeRouter(user: SessionUser) {
  return createRouter({ routeTree, context: { user }, defaultPreload: "intent", scrollRestoration: true });
}

declare module "@tanstack/react-router" {
  interface Register {
    router: ReturnType<typeof makeRouter>;
  }
}

export function mountApp(element: HTMLElement, user: SessionUser) {
  const root = createRoot(element);
  const queryClient = makeQueryClient();
  const trpcClient = makeTrpcClient();
  const router = makeRouter(user);
  root.render(
    <ChakraProvider value={system}>
      <ColorModeProvider>
        <QueryClientProvider client={queryClient}>
          <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
            <RouterProvider router={router} />
          </TRPCProvider>
        </QueryClientProvider>
      </ColorModeProvider>
    </ChakraProvider>,
  );
}
