import { NotFoundPage } from "@/components/layout/not-found-page";
import { defaultLocale } from "@/lib/i18n/locales";

// Requests that never reach a locale (rare: the proxy gives every page path one) still get a 404 page.
export default function GlobalNotFound() {
  return (
    <html lang={defaultLocale}>
      <body>
        <NotFoundPage locale={defaultLocale} />
      </body>
    </html>
  );
}
