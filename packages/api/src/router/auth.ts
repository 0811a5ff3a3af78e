import { z } from "zod";
import { user } from "../schemas.ts";
import { protectedProcedure, router } from "../trpc/procedures.ts";

export const authRouter = router({
  user: protectedProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/auth/user",
        tags: ["Auth"],
        summary: "The signed-in user; 401 when signed out",
        protect: true,
      },
    })
    .input(z.void())
    .output(user)
    .query(({ ctx }) => ctx.user),
});
