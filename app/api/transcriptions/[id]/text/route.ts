import { apiRoute } from "@/lib/api/handler";
import { actorFor } from "@/lib/api/actor";
import { AppError } from "@/lib/app-error";
import { contentDisposition } from "@/lib/storage";
import { transcriptAsText } from "@/lib/contracts/transcriptions";
import { auditTranscriptRead, getTranscription } from "@/lib/transcriptions/queries";

export const dynamic = "force-dynamic";

/** The transcript as a .txt download, with its timestamps or pages; every download is audited. */
export const GET = apiRoute({ access: ["admin", "partner"] }, async ({ request, user, params }) => {
  const item = await getTranscription(user, String(params.id));
  if (item.status !== "completed") throw new AppError("conflict", "transcript_not_ready");
  await auditTranscriptRead(actorFor(request, user), item.id, "text");
  const name = `${item.title.replace(/\.[A-Za-z0-9]{1,5}$/, "") || "transcript"}.txt`;
  return new Response(transcriptAsText(item), {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Content-Disposition": contentDisposition(name, "attachment"),
      "Cache-Control": "no-store, private",
      "X-Content-Type-Options": "nosniff",
    },
  });
});
