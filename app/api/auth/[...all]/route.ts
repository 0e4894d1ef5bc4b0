import { toNextJsHandler } from "better-auth/next-js";
import { getAuth } from "@/lib/auth/server";
import { errorResponse } from "@/lib/api/handler";
import { assertSameOrigin } from "@/lib/api/origin";
import { toApiErrorResponse } from "@/lib/auth/errors";

export const dynamic = "force-dynamic";

async function handle(request: Request): Promise<Response> {
  try {
    assertSameOrigin(request);
  } catch (error) {
    return errorResponse(error);
  }
  const handlers = toNextJsHandler(getAuth());
  const response = await (request.method === "GET" ? handlers.GET(request) : handlers.POST(request));
  return toApiErrorResponse(response);
}

export const GET = handle;
export const POST = handle;
