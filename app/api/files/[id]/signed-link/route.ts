import { apiRoute } from "@/lib/api/handler";
import { actorFor } from "@/lib/api/actor";
import { audit } from "@/lib/audit";
import { db } from "@/lib/db";
import { getEnv } from "@/lib/env";
import type { SignedLink } from "@/lib/contracts/files";
import { findReadableFile } from "@/lib/files/read";
import { getStore } from "@/lib/storage";
import { trackedSubmissionId } from "@/lib/tracking/access-cookie";

export const dynamic = "force-dynamic";

/** PRODUCT.md: a file's "Drive" link is a short-lived signed link, issued only to those who may read it. */
export const POST = apiRoute({ access: "public" }, async ({ request, user, params }) => {
  const file = await findReadableFile(String(params.id), user, trackedSubmissionId(request));
  await audit(db(), actorFor(request, user), { action: "file.link", entityType: "file", entityId: file.id, metadata: { submissionId: file.submissionId } });
  const url = await getStore().signedUrl(file.storageKey, { downloadName: file.originalName, contentType: file.mimeType });
  const link: SignedLink = { url, expiresIn: getEnv().SIGNED_URL_TTL_SECONDS };
  return Response.json(link, { headers: { "Cache-Control": "no-store" } });
});
