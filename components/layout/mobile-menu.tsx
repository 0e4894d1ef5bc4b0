"use client";

import { useEffect, useRef, type ReactNode } from "react";
import { IntentLink } from "@/components/i18n/intent-link";
import { usePathname } from "next/navigation";
import { Menu, X } from "lucide-react";

export interface MobileMenuLabels {
  open: string;
  close: string;
  navigation: string;
}

/**
 * The navigation below 1280 px: a <details> disclosure, so it opens and its links work without the page's
 * scripts (a marketing page starts them only when a visitor needs them: scripts/static-page-hashes.mjs).
 * Once they run, it also closes after a navigation within the site and on Escape.
 */
export function MobileMenu({ links, labels, children }: { links: { href: string; label: string }[]; labels: MobileMenuLabels; children: ReactNode }) {
  const menu = useRef<HTMLDetailsElement>(null);
  const pathname = usePathname();
  // Not on the first render: a menu opened before React took the page over stays open.
  const shownAt = useRef(pathname);
  useEffect(() => {
    if (shownAt.current === pathname) return;
    shownAt.current = pathname;
    if (menu.current) menu.current.open = false;
  }, [pathname]);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || !menu.current?.open) return;
      menu.current.open = false;
      menu.current.querySelector("summary")?.focus();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  return (
    <details ref={menu} className="group xl:hidden">
      <summary
        aria-controls="mobile-menu"
        className="inline-flex h-10 w-10 cursor-pointer list-none items-center justify-center rounded-md hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none [&::-webkit-details-marker]:hidden"
        data-testid="menu-toggle"
      >
        <span className="sr-only group-open:hidden">{labels.open}</span>
        <span className="sr-only hidden group-open:inline">{labels.close}</span>
        <Menu aria-hidden className="h-5 w-5 group-open:hidden" />
        <X aria-hidden className="hidden h-5 w-5 group-open:block" />
      </summary>
      <div id="mobile-menu" className="absolute inset-x-0 top-16 border-b bg-background p-4 shadow-lg">
        <nav aria-label={labels.navigation}>
          <ul className="flex flex-col gap-1">
            {links.map((link) => (
              <li key={link.href}>
                <IntentLink href={link.href} className="block rounded-md px-3 py-3 font-medium hover:bg-muted">
                  {link.label}
                </IntentLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="mt-4 border-t pt-4">{children}</div>
      </div>
    </details>
  );
}
