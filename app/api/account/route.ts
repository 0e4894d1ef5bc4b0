import { apiRoute } from "@/lib/api/handler";
import { deleteAccountSchema } from "@/lib/contracts/account";
import { deleteAccount } from "@/lib/privacy/delete-account";

export const dynamic = "force-dynamic";

/** "Delete my account": erases the user's files and personal data, then ends this browser's session. */
export const DELETE = apiRoute({ access: "signed-in", body: deleteAccountSchema }, async ({ request, user, body }) => {
  await deleteAccount(user.id, body.confirmEmail);
  const response = Response.json({ deleted: true }, { headers: { "Cache-Control": "no-store" } });
  // The sessions are gone from the database; also drop the auth cookies this browser still holds.
  for (const name of authCookieNames(request.headers.get("cookie")))
    response.headers.append("Set-Cookie", `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${name.startsWith("__Secure-") ? "; Secure" : ""}`);
  return response;
});

function authCookieNames(header: string | null): string[] {
  return (header ?? "")
    .split(";")
    .map((part) => part.split("=")[0].trim())
    .filter((name) => name.includes("better-auth") || name.includes("afya"));
}
