import { createFileRoute } from "@tanstack/react-router";
import { PasskeysScreen } from "../account/PasskeysScreen.tsx";

export const Route = createFileRoute("/account/passkeys")({ component: PasskeysScreen });
