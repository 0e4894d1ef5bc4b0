import { apiRoute } from "@/lib/api/handler";
import { actorFor } from "@/lib/api/actor";
import { AppError } from "@/lib/app-error";
import { revokeOwnSession } from "@/lib/auth/sessions";
import { sessionParamsSchema } from "@/lib/contracts/account";

export const dynamic = "force-dynamic";

/** Ends one of my sessions (this one included); another person's session id is simply not found. */
export const DELETE = apiRoute({ access: "signed-in" }, async ({ request, user, params }) => {
  const parsed = sessionParamsSchema.safeParse(params);
  if (!parsed.success || !(await revokeOwnSession(user.id, parsed.data.id, actorFor(request, user)))) throw new AppError("not_found", "session_not_found");
  return Response.json({ revoked: true });
});
