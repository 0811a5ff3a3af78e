/**
 * An invitee of an admin's roster (e-mail, first name, last name), shared by the server's roster check
 * and the admin's Invitations form. zod/mini, like the other rules the web bundle imports.
 */
import * as z from "zod/mini";
import { hasControlChars } from "./index.ts";

/** Most invitations one roster may hold: a whole union's. */
export const MAX_ROSTER_ROWS = 25_000;
/** A roster's largest text (CSV or JSON): 25,000 rows of ~100 characters, with room to spare. */
export const MAX_ROSTER_CHARS = 4_000_000;
/** The CSV columns, in order: a header row naming them is optional. */
export const ROSTER_COLUMNS = ["email", "firstName", "lastName"] as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const name = (what: string) =>
  z.string({ error: `Enter the ${what}.` }).check(
    z.trim(),
    z.minLength(1, `Enter the ${what}.`),
    z.maxLength(100, `The ${what} can have at most 100 characters.`),
    z.refine((v) => !hasControlChars(v, true), `The ${what} cannot contain control characters.`),
  );

export const invitee = z.object({
  email: z
    .string({ error: "Enter an e-mail address." })
    .check(
      z.trim(),
      z.toLowerCase(),
      z.maxLength(320, "The e-mail address can have at most 320 characters."),
      z.regex(EMAIL, "Enter a valid e-mail address."),
    ),
  firstName: name("first name"),
  lastName: name("last name"),
});
export type Invitee = z.infer<typeof invitee>;
