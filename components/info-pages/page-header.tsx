import type { ReactNode } from "react";
import { cn } from "@/lib/utils";

/** Content widths of the information pages: wide for cards and grids, narrow for long reading. */
export const pageWidth = {
  wide: "mx-auto max-w-5xl px-4",
  narrow: "mx-auto max-w-4xl px-4",
} as const;

/** The title block at the top of an information page (about, FAQ, legal, demo). */
export function PageHeader({
  title,
  intro,
  width = "wide",
  children,
}: {
  title: string;
  intro?: ReactNode;
  width?: keyof typeof pageWidth;
  children?: ReactNode;
}) {
  return (
    <header className="bg-gradient-to-b from-secondary to-background">
      <div className={cn(pageWidth[width], "pt-12 pb-8 sm:pt-16")}>
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
        {intro && <p className="mt-4 max-w-3xl text-lg text-muted-foreground">{intro}</p>}
        {children}
      </div>
    </header>
  );
}
