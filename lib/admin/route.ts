import "server-only";
import type { z } from "zod";
import { apiRoute, type RouteContext } from "@/lib/api/handler";

/**
 * Every admin API is declared through this: admins only (anyone else gets 404, a guest 401), and
 * only once the admin gate is unlocked in this session (403 otherwise, from requireUser).
 */
export function adminRoute<Body = undefined, Query = undefined>(
  config: { body?: z.ZodType<Body>; query?: z.ZodType<Query> },
  handler: (context: RouteContext<readonly ["admin"], Body, Query>) => Promise<Response> | Response,
) {
  return apiRoute({ ...config, access: ["admin"] as const }, handler);
}
