import { createFileRoute, Outlet } from "@tanstack/react-router";
import { NotAuthorized } from "../../components/PageStates.tsx";

/** Admin pages: members see a clear 'not authorized' card (the server also refuses them). */
export const Route = createFileRoute("/admin")({
  component: function AdminGate() {
    const { user } = Route.useRouteContext();
    return user.isAdmin ? <Outlet /> : <NotAuthorized />;
  },
});
