import { apiRoute } from "@/lib/api/handler";
import { actorFor } from "@/lib/api/actor";
import { enforceRateLimit } from "@/lib/api/rate-limit";
import { contentDisposition } from "@/lib/storage";
import { accountExportArchive, EXPORT_RATE_RULE } from "@/lib/privacy/export";

export const dynamic = "force-dynamic";

/** "Download my data": one zip with data.json and the user's stored files, streamed. */
export const GET = apiRoute({ access: "signed-in" }, async ({ request, user }) => {
  await enforceRateLimit(EXPORT_RATE_RULE, user.id);
  const archive = await accountExportArchive(user.id, actorFor(request, user));
  return new Response(archive.body, {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": contentDisposition(archive.fileName, "attachment"),
      "Cache-Control": "no-store, private",
      "X-Content-Type-Options": "nosniff",
    },
  });
});
