import type { ReactNode } from "react";
import type { LucideIcon } from "lucide-react";
import { Badge } from "@/components/ui/badge";

/** A feature card with a show/hide live demo: a native disclosure, no JavaScript. */
export function DemoFeature({
  id,
  icon: Icon,
  title,
  description,
  labels,
  children,
}: {
  id: string;
  icon: LucideIcon;
  title: string;
  description: string;
  labels: { show: string; hide: string; sample: string };
  children: ReactNode;
}) {
  return (
    <li className="flex flex-col rounded-lg border bg-card p-5 shadow-sm">
      <div className="flex items-start justify-between gap-3">
        <Icon aria-hidden className="size-7 text-primary" />
        <Badge variant="yellow">{labels.sample}</Badge>
      </div>
      <h2 id={`${id}-title`} className="mt-3 text-lg font-semibold">
        {title}
      </h2>
      <p className="mt-1 text-muted-foreground">{description}</p>
      <details className="group mt-4" data-testid={`demo-${id}`}>
        <summary className="inline-flex min-h-11 cursor-pointer list-none items-center rounded-md border px-4 text-sm font-medium outline-none hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring [&::-webkit-details-marker]:hidden">
          <span className="group-open:hidden">{labels.show}</span>
          <span className="hidden group-open:inline">{labels.hide}</span>
        </summary>
        <div className="mt-4 rounded-md border border-dashed bg-background p-4">{children}</div>
      </details>
    </li>
  );
}
