/**
 * The Content-Security-Policy of every response that may carry a stored file's bytes (downloads,
 * previews, signed links) and of the other answers on those paths. Nothing loads or runs, and
 * `sandbox` gives the document a unique origin, so an uploaded HTML or SVG file opened inline cannot
 * act as the site. The app's own preview dialogs may frame it.
 *
 * Routes set it themselves (next.config.ts leaves these paths' policy to them: its headers would
 * replace the route's).
 */
export const STORED_FILE_POLICY = "sandbox; default-src 'none'; frame-ancestors 'self'; base-uri 'none'; form-action 'none'";

/**
 * Chrome's PDF viewer refuses to start in a sandboxed document, whatever the sandbox allows, and it
 * runs a PDF's scripts in its own process with no access to the site: an inline PDF alone goes
 * without `sandbox`. The type is the one the server found in the bytes at upload, never the client's.
 */
export function storedFilePolicy(contentType: string, disposition: "attachment" | "inline"): string {
  return disposition === "inline" && contentType.toLowerCase() === "application/pdf" ? STORED_FILE_POLICY.replace("sandbox; ", "") : STORED_FILE_POLICY;
}

/** Paths whose responses set their own policy; next.config.ts gives them every other header. */
export const STORED_FILE_PATHS = ["/api/files/", "/api/transcriptions/", "/api/storage/signed/"] as const;
