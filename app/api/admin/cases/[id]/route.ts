import { caseIdParam, getAdminCase } from "@/lib/admin/case-detail";
import { adminRoute } from "@/lib/admin/route";
import { AppError } from "@/lib/app-error";

export const dynamic = "force-dynamic";

/** One case for the coordinator: details, files, history, routings with their clocks and plans, document requests. */
export const GET = adminRoute({}, async ({ params }) => {
  const found = await getAdminCase(caseIdParam(params));
  if (!found) throw new AppError("not_found", "case_not_found");
  return Response.json(found, { headers: { "Cache-Control": "no-store" } });
});
