import { createFileRoute } from "@tanstack/react-router";
import { QuestionsManager } from "../../admin/QuestionsManager.tsx";

export const Route = createFileRoute("/admin/questions")({ component: QuestionsManager });
