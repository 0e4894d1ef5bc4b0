import type { LucideIcon } from "lucide-react";

/** An icon, a short title and a sentence: benefits, reasons to choose us. */
export function FeatureTile({
  icon: Icon,
  title,
  body,
  headingLevel: Heading = "h3",
}: {
  icon: LucideIcon;
  title: string;
  body: string;
  headingLevel?: "h3" | "h4";
}) {
  return (
    <div className="rounded-lg border bg-card p-5 shadow-sm">
      <Icon aria-hidden="true" className="size-8 text-primary" />
      <Heading className="mt-3 text-lg font-semibold">{title}</Heading>
      <p className="mt-2 text-sm text-muted-foreground">{body}</p>
    </div>
  );
}
