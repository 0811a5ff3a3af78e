import { createFileRoute } from "@tanstack/react-router";
import { textParams } from "../components/textParams.ts";
import { WhatChangedScreen } from "../editions/WhatChangedScreen.tsx";

interface ChangesSearch {
  from?: string;
  to?: string;
}

export const Route = createFileRoute("/changes")({
  validateSearch: (search: Record<string, unknown>): ChangesSearch => textParams(search, ["from", "to"]),
  component: function WhatChangedPage() {
    const { from, to } = Route.useSearch();
    const navigate = Route.useNavigate();
    return <WhatChangedScreen from={from} to={to} onChange={(next) => void navigate({ search: next })} />;
  },
});
