import { createFileRoute, Navigate, Outlet } from "@tanstack/react-router";
import { NotAuthorized } from "../../components/PageStates.tsx";
import { useSecondFactorState } from "../../second-factor/useSecondFactorState.ts";

/**
 * Admin pages: members see a clear 'not authorized' card (the server also refuses them); an admin
 * whose session has not passed the second factor goes to enrol or enter a code first.
 */
export const Route = createFileRoute("/admin")({
  component: function AdminGate() {
    const { user } = Route.useRouteContext();
    return user.isAdmin ? <SecondFactorGate /> : <NotAuthorized />;
  },
});

function SecondFactorGate() {
  const state = useSecondFactorState();
  if (state.data?.required && !state.data.verified) return <Navigate to="/second-factor" />;
  // Offline the state cannot be read: the screens show what the device has, and the server decides.
  return state.isPending ? null : <Outlet />;
}
