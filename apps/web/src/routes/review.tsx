import { createFileRoute } from "@tanstack/react-router";
import { ReviewScreen } from "../review/ReviewScreen.tsx";

export const Route = createFileRoute("/review")({ component: ReviewScreen });
