import { apiRoute } from "@/lib/api/handler";
import { actorFor } from "@/lib/api/actor";
import { enforceRateLimit, RATE_RULES } from "@/lib/api/rate-limit";
import { announceFilesBodySchema, MAX_ANNOUNCEMENT_JSON_BYTES } from "@/lib/contracts/uploads";
import { announceUploads } from "@/lib/uploads/resumable";

export const dynamic = "force-dynamic";

/** More files for an existing case: announces them (name and size); each is then sent through /api/uploads. */
export const POST = apiRoute(
  { access: "signed-in", body: announceFilesBodySchema, maxJsonBytes: MAX_ANNOUNCEMENT_JSON_BYTES },
  async ({ request, user, body, params }) => {
    await enforceRateLimit(RATE_RULES.addFiles, user.id);
    const uploads = await announceUploads(String(params.id), user, actorFor(request, user), body.files);
    return Response.json({ uploads }, { status: 201 });
  },
);
