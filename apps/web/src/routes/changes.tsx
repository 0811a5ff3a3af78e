import { createFileRoute } from "@tanstack/react-router";
import { WhatChangedScreen } from "../editions/WhatChangedScreen.tsx";

interface ChangesSearch {
  from?: string;
  to?: string;
}

const slug = (v: unknown) => (typeof v === "string" && v.trim() !== "" ? v.trim() : undefined);

export const Route = createFileRoute("/changes")({
  validateSearch: (search: Record<string, unknown>): ChangesSearch => {
    const from = slug(search.from);
    const to = slug(search.to);
    return { ...(from ? { from } : {}), ...(to ? { to } : {}) };
  },
  component: function WhatChangedPage() {
    const { from, to } = Route.useSearch();
    const navigate = Route.useNavigate();
    return <WhatChangedScreen from={from} to={to} onChange={(next) => void navigate({ search: next })} />;
  },
});
