import { createFileRoute } from "@tanstack/react-router";
import { MyReportsScreen } from "../reports/MyReportsScreen.tsx";

export const Route = createFileRoute("/account/reports")({ component: MyReportsScreen });
