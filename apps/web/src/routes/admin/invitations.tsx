import { createFileRoute } from "@tanstack/react-router";
import { InvitationsScreen } from "../../admin/invitations/InvitationsScreen.tsx";

export const Route = createFileRoute("/admin/invitations")({ component: InvitationsScreen });
