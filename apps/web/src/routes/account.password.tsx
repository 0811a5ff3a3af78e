import { createFileRoute } from "@tanstack/react-router";
import { ChangePasswordScreen } from "../account/ChangePasswordScreen.tsx";

export const Route = createFileRoute("/account/password")({ component: ChangePasswordScreen });
