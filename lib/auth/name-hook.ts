import "server-only";
import { APIError } from "better-auth/api";
import { nameMessageKey } from "@/lib/contracts/name-messages";
import { normalizeName, personName } from "@/lib/contracts/people";
import { localizedIssueMessage } from "@/lib/people/name-messages";
import { requestLocale } from "@/lib/i18n/request-locale";

/** The error code of a refused account name; the message is already in the reader's language, `problem` names the rule broken. */
export const NAME_INVALID = "NAME_INVALID";

/** Better Auth's endpoints that set an account's name, which the person-name rule applies to as everywhere else. */
const NAME_PATHS = new Set(["/sign-up/email", "/update-user", "/admin/create-user"]);

/** Before-hook step: refuses a name that breaks the person-name rule (a name left out of /update-user is not changed). */
export async function refuseInvalidName(ctx: { path: string; body?: unknown; headers?: Headers }): Promise<void> {
  if (!NAME_PATHS.has(ctx.path)) return;
  const body = (ctx.body ?? {}) as Record<string, unknown>;
  if (ctx.path === "/update-user" && body.name === undefined) return;
  const result = personName().safeParse(typeof body.name === "string" ? normalizeName(body.name) : body.name);
  if (result.success) return;
  const issue = result.error.issues[0]?.message ?? "";
  const message = await localizedIssueMessage(issue, requestLocale(ctx.headers ? { headers: ctx.headers } : undefined));
  throw new APIError("BAD_REQUEST", { message, code: NAME_INVALID, problem: nameMessageKey(issue) });
}
