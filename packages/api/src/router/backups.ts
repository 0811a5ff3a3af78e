import { TRPCError } from "@trpc/server";
import { z } from "zod";
import * as backups from "../services/backups/schemas.ts";
import { adminProcedure, router } from "../trpc/procedures.ts";
import { restEndpoints } from "../trpc/rest.ts";

const rest = restEndpoints("Admin");

/** Without the server's backup services (an in-process caller): nothing to list or take. */
const noBackups: backups.BackupListing = {
  mode: "unconfigured",
  everyHours: null,
  keep: null,
  running: null,
  lastError: null,
  backups: [],
};

export const backupsRouter = router({
  list: adminProcedure
    .meta(
      rest(
        "GET",
        "/admin/backups",
        "The embedded database's backups in BACKUP_DIR, newest first, with their size and time, and the one being written (admin). On PostgreSQL (mode postgres) backups are the database's job: see README's runbook.",
      ),
    )
    .input(z.void())
    .output(backups.backupListing)
    .query(({ ctx }) => ctx.backups?.list() ?? noBackups),

  take: adminProcedure
    .meta(
      rest(
        "POST",
        "/admin/backups",
        "Take a backup of the embedded database now (admin): it is written in the background while requests keep being answered; the answer is 202 with the file's name, listed once complete. 409 while another backup is being written; 412 when the server takes no backups (no BACKUP_DIR, or PostgreSQL).",
        { successStatus: 202 },
      ),
    )
    .input(z.void())
    .output(backups.backupStarted)
    .mutation(async ({ ctx }) => {
      const result = await ctx.backups?.take(ctx.user.id);
      if (!result) throw new TRPCError({ code: "PRECONDITION_FAILED", message: "This server takes no backups." });
      if ("refused" in result)
        throw new TRPCError({
          code: result.refused === "running" ? "CONFLICT" : "PRECONDITION_FAILED",
          message: result.message,
        });
      return result;
    }),
});
