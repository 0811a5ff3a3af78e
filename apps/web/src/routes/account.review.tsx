import { createFileRoute } from "@tanstack/react-router";
import { ReviewSettingsScreen } from "../account/ReviewSettingsScreen.tsx";

export const Route = createFileRoute("/account/review")({ component: ReviewSettingsScreen });
