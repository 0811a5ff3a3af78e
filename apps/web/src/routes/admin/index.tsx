import { createFileRoute } from "@tanstack/react-router";
import { AdminDashboard } from "../../admin/AdminDashboard.tsx";

export const Route = createFileRoute("/admin/")({ component: AdminDashboard });
