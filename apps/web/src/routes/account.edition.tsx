import { createFileRoute } from "@tanstack/react-router";
import { StudyEditionScreen } from "../account/StudyEditionScreen.tsx";

export const Route = createFileRoute("/account/edition")({ component: StudyEditionScreen });
