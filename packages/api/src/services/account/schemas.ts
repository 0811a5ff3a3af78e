/** zod schemas of a member's account: API tokens as listed (the inputs are shared with forms in @jcba/validators). */
import { TOKEN_SCOPES } from "@jcba/validators/api";
import { z } from "zod";

export const tokenInfo = z.object({
  id: z.number().int(),
  name: z.string(),
  scope: z.enum(TOKEN_SCOPES),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  expiresAt: z.string(),
});

export const passwordChanged = z.object({ changed: z.literal(true), otherSessionsEnded: z.literal(true) });

export const tokenRevoked = z.object({ id: z.number().int(), revoked: z.literal(true) });
