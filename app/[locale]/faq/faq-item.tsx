import { ChevronDown } from "lucide-react";
import type { FaqEntry } from "./faq-content";

/** One question as a native disclosure: opens and closes without JavaScript. */
export function FaqItem({ entry }: { entry: FaqEntry }) {
  return (
    <details id={entry.id} className="group border-b last:border-b-0">
      <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-4 rounded-md py-3 text-start font-medium outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring [&::-webkit-details-marker]:hidden">
        {entry.question}
        <ChevronDown aria-hidden className="size-4 shrink-0 text-muted-foreground transition-transform group-open:rotate-180 motion-reduce:transition-none" />
      </summary>
      <p className="pb-4 leading-relaxed text-muted-foreground">{entry.answer}</p>
    </details>
  );
}
