import { createRootRouteWithContext, Outlet } from "@tanstack/react-router";
import type { RouterContext } from "../app/session.ts";
import { AppShell } from "../components/AppShell.tsx";
import { NotFound } from "../components/PageStates.tsx";

export const Route = createRootRouteWithContext<RouterContext>()({
  component: function Root() {
    const { user } = Route.useRouteContext();
    return (
      <AppShell user={user}>
        <Outlet />
      </AppShell>
    );
  },
  notFoundComponent: NotFound,
});
