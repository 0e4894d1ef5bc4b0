import { apiRoute } from "@/lib/api/handler";
import { listPartnerCases } from "@/lib/partners/cases";

export const dynamic = "force-dynamic";

/** Partners: { cases } routed to their own hospital, newest routing first, each with that hospital's routing and plan. */
export const GET = apiRoute({ access: ["partner"] }, async ({ user }) => Response.json({ cases: await listPartnerCases(user) }, { headers: { "Cache-Control": "no-store" } }));
