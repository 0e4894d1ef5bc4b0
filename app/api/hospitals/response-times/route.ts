import { apiRoute } from "@/lib/api/handler";
import { listHospitalResponseTimes } from "@/lib/partners/response-times";

export const dynamic = "force-dynamic";

/** Public: each active hospital's median time to a treatment plan (90 days, computed nightly), or null for a new partner. */
export const GET = apiRoute({ access: "public" }, async () =>
  Response.json(await listHospitalResponseTimes(), { headers: { "Cache-Control": "public, max-age=600" } }),
);
