import type { AbstractIntlMessages } from "next-intl";

/**
 * Only the namespaces that client components read are sent to the browser: page content is
 * rendered on the server and would only add weight to every page on a costly mobile connection.
 */
export const CLIENT_NAMESPACES = ["common", "nav", "auth", "toast"] as const;

export function clientMessages(messages: AbstractIntlMessages): AbstractIntlMessages {
  return Object.fromEntries(CLIENT_NAMESPACES.filter((ns) => ns in messages).map((ns) => [ns, messages[ns]]));
}
