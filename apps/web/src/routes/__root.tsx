import { createRootRouteWithContext, Outlet } from "@tanstack/react-router";
import type { RouterContext } from "../app/session.ts";
import { NotFound } from "../components/PageStates.tsx";
import { AppShell } from "../shell/AppShell.tsx";

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
