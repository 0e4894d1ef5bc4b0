import { apiRoute } from "@/lib/api/handler";
import { actorFor } from "@/lib/api/actor";
import { enforceRateLimit, RATE_RULES } from "@/lib/api/rate-limit";
import { addFilesToSubmission } from "@/lib/submissions/add-files";

export const dynamic = "force-dynamic";

/** More files for an existing submission: multipart with submissionId (first) and files. */
export const POST = apiRoute({ access: "signed-in" }, async ({ request, user }) => {
  await enforceRateLimit(RATE_RULES.addFiles, user.id);
  const result = await addFilesToSubmission(request, user, actorFor(request, user));
  return Response.json({ success: true, ...result }, { status: 201 });
});
