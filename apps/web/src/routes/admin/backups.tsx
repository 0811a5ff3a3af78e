import { createFileRoute } from "@tanstack/react-router";
import { BackupsScreen } from "../../admin/BackupsScreen.tsx";

export const Route = createFileRoute("/admin/backups")({ component: BackupsScreen });
