import { apiRoute } from "@/lib/api/handler";
import { AppError } from "@/lib/app-error";
import { getStore, StorageNotFoundError, verifySignedToken } from "@/lib/storage";
import { fileResponse } from "@/lib/storage/download";

export const dynamic = "force-dynamic";

/**
 * Short-lived signed links for files on local disk (S3 links go to the bucket directly). The link
 * itself is the permission: it was issued to someone allowed to read the file, and it expires.
 */
export const GET = apiRoute({ access: "public" }, async ({ params }) => {
  const signed = verifySignedToken(String(params.token ?? ""));
  if (!signed) throw new AppError("not_found", "signed_link_invalid");
  try {
    return fileResponse(await getStore().get(signed.key), { name: signed.downloadName, contentType: signed.contentType });
  } catch (error) {
    if (error instanceof StorageNotFoundError) throw new AppError("not_found", "file_no_longer_available");
    throw error;
  }
});
