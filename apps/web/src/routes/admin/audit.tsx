import { createFileRoute } from "@tanstack/react-router";
import { AuditScreen } from "../../admin/AuditScreen.tsx";

export const Route = createFileRoute("/admin/audit")({ component: AuditScreen });
