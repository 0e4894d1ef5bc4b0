import type { AbstractIntlMessages } from "next-intl";

/**
 * Only the namespaces that client components read are sent to the browser: page content is
 * rendered on the server and would only add weight to every page on a costly mobile connection.
 */
export const CLIENT_NAMESPACES = ["common", "nav", "auth", "toast"] as const;

/**
 * The site-wide client namespaces, plus those one page's client components need. A page may ask for
 * part of a namespace ("accountProtection.form"), leaving out what only the server uses (e-mail texts).
 */
export function clientMessages(messages: AbstractIntlMessages, pageNamespaces: readonly string[] = []): AbstractIntlMessages {
  const picked: AbstractIntlMessages = {};
  for (const ns of [...CLIENT_NAMESPACES, ...pageNamespaces]) {
    const [top, part] = ns.split(".", 2);
    const value = messages[top];
    if (value === undefined) continue;
    if (!part) picked[top] = value;
    else if (typeof value === "object" && part in value) picked[top] = { ...(picked[top] as AbstractIntlMessages | undefined), [part]: value[part] };
  }
  return picked;
}
