import { z } from "zod";
import { user } from "../services/directory/schemas.ts";
import { protectedProcedure, router } from "../trpc/procedures.ts";
import { restEndpoints } from "../trpc/rest.ts";

const rest = restEndpoints("Auth");

export const authRouter = router({
  user: protectedProcedure
    .meta(rest("GET", "/auth/user", "The signed-in user; 401 when signed out"))
    .input(z.void())
    .output(user)
    .query(({ ctx }) => ctx.user),
});
