import { apiRoute } from "@/lib/api/handler";
import { emailLanguageSchema } from "@/lib/contracts/account";
import { db } from "@/lib/db";

export const dynamic = "force-dynamic";

/** Chooses the language of the e-mails this account gets about its work (partners and admins; patients' case e-mails follow their case). */
export const PUT = apiRoute({ access: "signed-in", body: emailLanguageSchema }, async ({ user, body }) => {
  await db().user.update({ where: { id: user.id }, data: { emailLocale: body.locale } });
  return Response.json(body, { headers: { "Cache-Control": "no-store" } });
});
