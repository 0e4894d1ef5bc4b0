import type { ReactNode } from "react";
import { cn } from "@/lib/utils";

/** The top of a marketing page: its one <h1>, an introduction and optional actions. */
export function PageHeader({ title, intro, children }: { title: string; intro?: string; children?: ReactNode }) {
  return (
    <div className="bg-gradient-to-b from-secondary to-background">
      <div className="mx-auto max-w-4xl px-4 py-14 text-center sm:py-20">
        <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-5xl">{title}</h1>
        {intro ? <p className="mx-auto mt-5 max-w-2xl text-lg text-muted-foreground">{intro}</p> : null}
        {children ? <div className="mt-8 flex flex-wrap items-center justify-center gap-3">{children}</div> : null}
      </div>
    </div>
  );
}

/** A page section named by its <h2> (a region landmark for screen readers). */
export function Section({ id, title, intro, muted = false, children }: { id: string; title: string; intro?: ReactNode; muted?: boolean; children: ReactNode }) {
  const headingId = `${id}-heading`;
  return (
    <section id={id} aria-labelledby={headingId} className={cn("scroll-mt-20", muted && "bg-muted")}>
      <div className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
        <h2 id={headingId} className="text-2xl font-bold tracking-tight sm:text-3xl">
          {title}
        </h2>
        {intro ? <div className="mt-3 max-w-3xl text-muted-foreground">{intro}</div> : null}
        <div className="mt-8">{children}</div>
      </div>
    </section>
  );
}
