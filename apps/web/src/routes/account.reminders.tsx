import { createFileRoute } from "@tanstack/react-router";
import { RemindersScreen } from "../account/RemindersScreen.tsx";

export const Route = createFileRoute("/account/reminders")({ component: RemindersScreen });
