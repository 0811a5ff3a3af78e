import { createFileRoute } from "@tanstack/react-router";
import { ReportsQueue } from "../../admin/ReportsQueue.tsx";

export const Route = createFileRoute("/admin/reports")({ component: ReportsQueue });
