import { cn } from "@/lib/utils";

/** How many characters of a name's end stay visible: enough for any usual extension and a few before it. */
const TAIL_LENGTH = 12;

/**
 * Splits a file name into the part that may be cut (the head) and the end that always shows (the
 * tail: the last 12 characters, so the extension). Counts code points, so an emoji or a character
 * outside the BMP is never cut in half.
 */
export function splitFileName(name: string): { head: string; tail: string } {
  const chars = Array.from(name);
  if (chars.length <= TAIL_LENGTH) return { head: "", tail: name };
  return { head: chars.slice(0, -TAIL_LENGTH).join(""), tail: chars.slice(-TAIL_LENGTH).join("") };
}

/**
 * A user's file name on one line that never widens its container: when it does not fit, the middle
 * is cut ("WhatsApp Image 20…4.30.12.jpeg") and the end with the extension stays visible. Pure CSS:
 * the head shrinks with an ellipsis, the tail does not, so it adapts to any width. The cut is only
 * visual: the text in the page is the whole name, once (what screen readers read and text search
 * finds), and it is the `title` too. `dir="auto"` (on a bdi) takes the direction from the name itself,
 * so a Latin name in an Arabic page keeps its order (and an Arabic name in an English page too).
 *
 * Give the parent room to shrink it (in a flex row it is `min-w-0`; add `flex-1` where it should fill).
 */
export function FileName({ name, className, testId }: { name: string; className?: string; testId?: string }) {
  const { head, tail } = splitFileName(name);
  // The outer box follows the page (the name sits at its start edge); the inner one, the name.
  return (
    <span title={name} className={cn("flex min-w-0 max-w-full", className)} data-testid={testId}>
      <bdi dir="auto" className="flex min-w-0">
        <span className="min-w-0 overflow-hidden text-ellipsis whitespace-pre">{head}</span>
        <span className="shrink-0 whitespace-pre" data-file-name-tail="">
          {tail}
        </span>
      </bdi>
    </span>
  );
}
