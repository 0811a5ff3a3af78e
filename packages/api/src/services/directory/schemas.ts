/** zod schemas of the directory of users as admins and members see it. */
import { idParam } from "@jcba/validators/api";
import { z } from "zod";

export const user = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  profileImageUrl: z.string().nullable(),
  isAdmin: z.boolean(),
});

export const adminUser = user.extend({
  createdAt: z.string(),
  /** A disabled account cannot sign in; its sessions and API tokens stop working. */
  disabled: z.boolean(),
});

export const adminStats = z.object({
  totalUsers: z.number().int(),
  totalQuestions: z.number().int(),
  totalFlashcards: z.number().int(),
  totalAttempts: z.number().int(),
});

/** A page of a long list: limit and offset, with their defaults. */
export const pageParams = (defaultLimit: number, maxLimit: number) => ({
  limit: z.coerce
    .number({ error: "limit must be a number." })
    .int("limit must be a whole number.")
    .min(1, "limit must be at least 1.")
    .max(maxLimit, `limit must be at most ${maxLimit}.`)
    .default(defaultLimit),
  offset: z.coerce
    .number({ error: "offset must be a number." })
    .int("offset must be a whole number.")
    .min(0, "offset cannot be negative.")
    .max(10_000_000, "offset is too large.")
    .default(0),
});

/**
 * The input of a paged list with its filters. No input reads as an empty one, so a client may call
 * the list bare and still get every default (the first page, at the default size).
 */
export const pagedInput = <Filters extends z.ZodRawShape>(filters: Filters, defaultLimit: number, maxLimit: number) => {
  const page = z.object({ ...filters, ...pageParams(defaultLimit, maxLimit) });
  return page.optional().transform((v) => v ?? page.parse({}));
};

export const searchText = z
  .string({ error: "query must be text." })
  .trim()
  .max(100, "query is too long (at most 100 characters).")
  .optional();

export const usersInput = pagedInput({ query: searchText }, 100, 500);

export const userChange = z
  .object({
    id: idParam,
    isAdmin: z.boolean({ error: "isAdmin must be true or false." }).optional(),
    disabled: z.boolean({ error: "disabled must be true or false." }).optional(),
  })
  .refine((v) => v.isAdmin !== undefined || v.disabled !== undefined, "Send isAdmin, disabled or both.");

export const userCountInput = z.object({ query: searchText }).optional();

export const userTotal = z.object({ total: z.number().int() });
