import { signedLinkSchema } from "@/lib/contracts/files";
import { apiFetch } from "./api";

/** Asks for a short-lived signed link to a file (POST /api/files/{id}/signed-link) and opens it in a new tab; false on failure. */
export async function openSignedLink(fileId: string): Promise<boolean> {
  const link = await apiFetch(`/api/files/${encodeURIComponent(fileId)}/signed-link`, { method: "POST", schema: signedLinkSchema }).catch(() => null);
  if (!link) return false;
  window.open(link.url, "_blank", "noopener,noreferrer");
  return true;
}
