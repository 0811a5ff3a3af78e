import type { RouterOutputs } from "../../app/trpc.ts";

export type RosterReport = RouterOutputs["invitations"]["invite"];

/**
 * Sends a roster as the CSV file itself (POST /api/admin/invitations, text/csv): the server reads it a
 * slice at a time, and no JSON copy of 25,000 rows is built in the browser.
 */
export async function postRoster(csv: string, dryRun: boolean): Promise<RosterReport> {
  const res = await fetch(`/api/admin/invitations?dryRun=${dryRun}`, {
    method: "POST",
    headers: { "content-type": "text/csv" },
    body: csv,
    credentials: "same-origin",
  });
  const body = (await res.json().catch(() => null)) as (RosterReport & { message?: string }) | null;
  if (!res.ok || !body) throw new Error(`${res.status}: ${body?.message ?? res.statusText}`);
  return body;
}
