import { createFileRoute } from "@tanstack/react-router";
import { ApiTokensScreen } from "../account/ApiTokensScreen.tsx";

export const Route = createFileRoute("/account/tokens")({ component: ApiTokensScreen });
