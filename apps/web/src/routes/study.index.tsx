import { createFileRoute } from "@tanstack/react-router";
import { StudyPicker } from "../study/StudyPicker.tsx";

export const Route = createFileRoute("/study/")({ component: StudyPicker });
