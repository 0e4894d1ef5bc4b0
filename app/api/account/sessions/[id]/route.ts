import { z } from "zod";
import { apiRoute } from "@/lib/api/handler";
import { actorFor } from "@/lib/api/client";
import { AppError } from "@/lib/app-error";
import { revokeOwnSession } from "@/lib/auth/sessions";

export const dynamic = "force-dynamic";

/** Ends one of my sessions (this one included); another person's session id is simply not found. */
export const DELETE = apiRoute({ access: "signed-in" }, async ({ request, user, params }) => {
  const id = z.uuid().safeParse(params.id);
  if (!id.success || !(await revokeOwnSession(user.id, id.data, actorFor(request, user)))) throw new AppError("not_found", "session_not_found");
  return Response.json({ revoked: true });
});
