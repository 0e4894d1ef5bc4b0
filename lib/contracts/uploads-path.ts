/**
 * Where resumable uploads are sent (tus): apart from the announcement's schemas (./uploads.ts) so that
 * the browser's upload client, loaded while the records form's page is idle, does not bring zod with it
 * (docs/decisions/034-validation-loaded-on-use.md).
 */
export const UPLOADS_PATH = "/api/uploads";
