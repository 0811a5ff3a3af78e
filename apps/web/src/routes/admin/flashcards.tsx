import { createFileRoute } from "@tanstack/react-router";
import { FlashcardsManager } from "../../admin/FlashcardsManager.tsx";

export const Route = createFileRoute("/admin/flashcards")({ component: FlashcardsManager });
