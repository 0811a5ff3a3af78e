import { createFileRoute } from "@tanstack/react-router";
import { editSearch } from "../../admin/editSearch.ts";
import { FlashcardsManager } from "../../admin/FlashcardsManager.tsx";

export const Route = createFileRoute("/admin/flashcards")({ component: FlashcardsManager, validateSearch: editSearch });
