import { adminRoute } from "@/lib/admin/route";
import { listRoutableHospitals } from "@/lib/cases/routing";

export const dynamic = "force-dynamic";

/** The active partner hospitals a case can be routed to, with country, city and number of partner users. */
export const GET = adminRoute({}, async () => Response.json({ hospitals: await listRoutableHospitals() }, { headers: { "Cache-Control": "no-store" } }));
