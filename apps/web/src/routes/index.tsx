import { createFileRoute } from "@tanstack/react-router";
import { Dashboard } from "../dashboard/Dashboard.tsx";

export const Route = createFileRoute("/")({
  component: function DashboardPage() {
    const { user } = Route.useRouteContext();
    return <Dashboard user={user} />;
  },
});
