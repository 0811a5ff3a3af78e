import { createFileRoute } from "@tanstack/react-router";
import { editSearch } from "../../admin/editSearch.ts";
import { QuestionsManager } from "../../admin/QuestionsManager.tsx";

export const Route = createFileRoute("/admin/questions")({ component: QuestionsManager, validateSearch: editSearch });
