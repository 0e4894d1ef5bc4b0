import type { AbstractIntlMessages } from "next-intl";

/**
 * Only the namespaces that client components read are sent to the browser: page content is
 * rendered on the server and would only add weight to every page on a costly mobile connection.
 */
export const CLIENT_NAMESPACES = ["common", "nav", "auth", "toast"] as const;

/** The site-wide client namespaces, plus those one page's client components need. */
export function clientMessages(messages: AbstractIntlMessages, pageNamespaces: readonly string[] = []): AbstractIntlMessages {
  return Object.fromEntries([...CLIENT_NAMESPACES, ...pageNamespaces].filter((ns) => ns in messages).map((ns) => [ns, messages[ns]]));
}
