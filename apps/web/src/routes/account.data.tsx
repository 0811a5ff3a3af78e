import { createFileRoute } from "@tanstack/react-router";
import { MyDataScreen } from "../account/MyDataScreen.tsx";

export const Route = createFileRoute("/account/data")({ component: MyDataScreen });
