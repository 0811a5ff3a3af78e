import { flashcardInput } from "@jcba/validators/api";
import { flashcard } from "../services/content/schemas.ts";
import { contentItemRouter } from "./content-items.ts";

export const flashcardsRouter = contentItemRouter({
  kind: "flashcard",
  tag: "Flashcards",
  path: "/flashcards",
  item: flashcard,
  input: flashcardInput,
  changes: flashcardInput.partial(),
});
