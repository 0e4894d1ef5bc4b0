import "server-only";
import type { CreatedSubmission } from "./create";

/** 201 for a new submission; 200 with the same body when an idempotent retry found the earlier one. */
export function createdResponse(result: CreatedSubmission): Response {
  return Response.json(
    { success: true, id: result.id, trackingNumber: result.trackingNumber, ...(result.uploads ? { uploads: result.uploads } : {}) },
    { status: result.created ? 201 : 200, headers: result.setCookie ? { "Set-Cookie": result.setCookie } : undefined },
  );
}
