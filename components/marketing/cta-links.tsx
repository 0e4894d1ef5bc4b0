import type { ReactNode } from "react";
import { LocalizedLink as Link } from "@/components/i18n/localized-link";
import { Button } from "@/components/ui/button";

type CtaLink = { href: string; label: string; icon?: ReactNode; variant?: "default" | "outline" | "secondary" };

/** One or more call-to-action buttons that are links, wrapping on narrow screens. */
export function CtaLinks({ links, className }: { links: readonly CtaLink[]; className?: string }) {
  return (
    <div className={className ?? "flex flex-wrap gap-3"}>
      {links.map((link) => (
        // Long labels (a specialty's name in Hausa is 55 letters) wrap instead of pushing the page sideways.
        <Button key={link.href} asChild size="lg" variant={link.variant ?? "default"} className="h-auto min-h-12 max-w-full whitespace-normal py-2 text-center">
          <Link href={link.href}>
            {link.icon}
            {link.label}
          </Link>
        </Button>
      ))}
    </div>
  );
}
