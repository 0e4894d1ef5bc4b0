import { apiRoute } from "@/lib/api/handler";
import { AppError } from "@/lib/api/errors";
import { contentDisposition } from "@/lib/storage";
import { getTranscription, transcriptAsText } from "@/lib/transcriptions/queries";

export const dynamic = "force-dynamic";

/** The transcript as a .txt download, with its timestamps or pages. */
export const GET = apiRoute({ access: ["admin", "partner"] }, async ({ user, params }) => {
  const item = await getTranscription(user, String(params.id));
  if (item.status !== "completed") throw new AppError("conflict", "This transcript is not ready yet.");
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
