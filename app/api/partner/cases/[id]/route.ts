import { actorFor } from "@/lib/api/actor";
import { apiRoute } from "@/lib/api/handler";
import { getPartnerCase } from "@/lib/partners/cases";

export const dynamic = "force-dynamic";

/** Partners: { case } — one case routed to their hospital (404 otherwise), with files and their own routing and plan. */
export const GET = apiRoute({ access: ["partner"] }, async ({ request, user, params }) =>
  Response.json({ case: await getPartnerCase(user, String(params.id), actorFor(request, user)) }, { headers: { "Cache-Control": "no-store" } }),
);
