import { createFileRoute } from "@tanstack/react-router";
import { StudyPlanScreen } from "../study-plan/StudyPlanScreen.tsx";

export const Route = createFileRoute("/plan")({ component: StudyPlanScreen });
