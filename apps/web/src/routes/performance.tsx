import { createFileRoute } from "@tanstack/react-router";
import { PerformanceScreen } from "../performance/PerformanceScreen.tsx";

export const Route = createFileRoute("/performance")({ component: PerformanceScreen });
