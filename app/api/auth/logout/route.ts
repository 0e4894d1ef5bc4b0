import { apiRoute } from "@/lib/api/handler";
import { AppError } from "@/lib/app-error";
import { getAuth } from "@/lib/auth/server";
import { getEnv } from "@/lib/env";

export const dynamic = "force-dynamic";

/**
 * Sign-out: ends the database session (so the cookie is worthless from now on) through Better
 * Auth's own sign-out, which also checks the request's origin, then answers JSON.
 */
export const POST = apiRoute({ access: "public" }, async ({ request }) => {
  const headers = new Headers(request.headers);
  headers.set("content-type", "application/json");
  const signOut = await getAuth().handler(new Request(new URL("/api/auth/sign-out", getEnv().APP_URL), { method: "POST", headers, body: "{}" }));
  if (!signOut.ok) throw signOut.status >= 500 ? new Error(`Sign-out answered ${signOut.status}`) : new AppError("bad_request", "logout_failed");
  const response = Response.json({ success: true }, { headers: { "Cache-Control": "no-store" } });
  for (const cookie of signOut.headers.getSetCookie()) response.headers.append("Set-Cookie", cookie);
  return response;
});
