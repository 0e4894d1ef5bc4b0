"use client";

import { useEffect, useState, type ReactNode } from "react";
import { IntentLink } from "@/components/i18n/intent-link";
import { usePathname } from "next/navigation";
import { Menu, X } from "lucide-react";
import { useHydrated } from "@/client/use-hydrated";

export interface MobileMenuLabels {
  open: string;
  close: string;
  navigation: string;
}

export function MobileMenu({ links, labels, children }: { links: { href: string; label: string }[]; labels: MobileMenuLabels; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  // A tap before the page's scripts run would do nothing: until then the button says it is not ready.
  const hydrated = useHydrated();
  const pathname = usePathname();
  // Close the menu after navigating.
  const [openedAt, setOpenedAt] = useState(pathname);
  if (open && openedAt !== pathname) {
    setOpen(false);
    setOpenedAt(pathname);
  }
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && setOpen(false);
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open]);

  return (
    <div className="xl:hidden">
      <button
        type="button"
        disabled={!hydrated}
        aria-expanded={open}
        aria-controls="mobile-menu"
        aria-label={open ? labels.close : labels.open}
        onClick={() => {
          setOpenedAt(pathname);
          setOpen((value) => !value);
        }}
        className="inline-flex h-10 w-10 items-center justify-center rounded-md hover:bg-muted"
      >
        {open ? <X aria-hidden className="h-5 w-5" /> : <Menu aria-hidden className="h-5 w-5" />}
      </button>
      {open && (
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
      )}
    </div>
  );
}
