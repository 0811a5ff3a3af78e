import { createFileRoute } from "@tanstack/react-router";
import { SecondFactorScreen } from "../second-factor/SecondFactorScreen.tsx";

export const Route = createFileRoute("/second-factor")({ component: SecondFactorScreen });
