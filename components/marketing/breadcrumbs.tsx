import { Fragment } from "react";
import { LocalizedLink as Link } from "@/components/i18n/localized-link";

/** "Home / Specialties / Cardiology": links to the pages above this one, then its own name. */
export function Breadcrumbs({ label, trail, current }: { label: string; trail: readonly { href: string; label: string }[]; current: string }) {
  return (
    <nav aria-label={label} className="mx-auto max-w-6xl px-4 pt-4 text-sm">
      <ol className="flex flex-wrap items-center gap-2 text-muted-foreground">
        {trail.map((crumb) => (
          <Fragment key={crumb.href}>
            <li>
              <Link href={crumb.href} className="inline-flex min-h-10 items-center underline-offset-4 hover:underline">
                {crumb.label}
              </Link>
            </li>
            <li aria-hidden="true">/</li>
          </Fragment>
        ))}
        <li aria-current="page" className="font-medium text-foreground">
          {current}
        </li>
      </ol>
    </nav>
  );
}
