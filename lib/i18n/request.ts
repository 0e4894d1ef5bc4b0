import { getRequestConfig } from "next-intl/server";
import { hasLocale } from "next-intl";
import { routing } from "./routing";

export default getRequestConfig(async ({ requestLocale }) => {
  const requested = await requestLocale;
  const locale = hasLocale(routing.locales, requested) ? requested : routing.defaultLocale;
  const messages = (await import(`../../messages/${locale}.json`)).default;
  const fallback = locale === routing.defaultLocale ? messages : (await import(`../../messages/en.json`)).default;
  return {
    locale,
    messages,
    // A missing key falls back to English, then to the key itself (SPEC section 9).
    getMessageFallback: ({ namespace, key }) => {
      const path = [namespace, key].filter(Boolean).join(".");
      const english = path.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], fallback);
      return typeof english === "string" ? english : path;
    },
    onError: () => {},
  };
});
