import { createFileRoute } from "@tanstack/react-router";
import { DevicesScreen } from "../account/DevicesScreen.tsx";

export const Route = createFileRoute("/account/devices")({ component: DevicesScreen });
