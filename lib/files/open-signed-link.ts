/** Asks for a short-lived signed link to a file (POST /api/files/{id}/signed-link) and opens it in a new tab; false on failure. */
export async function openSignedLink(fileId: string): Promise<boolean> {
  const response = await fetch(`/api/files/${fileId}/signed-link`, { method: "POST", credentials: "include" }).catch(() => null);
  const body = response?.ok ? ((await response.json()) as { url: string }) : null;
  if (!body) return false;
  window.open(body.url, "_blank", "noopener,noreferrer");
  return true;
}
