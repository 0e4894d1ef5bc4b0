"use client";

import { useState, type ComponentProps, type FocusEvent, type MouseEvent, type TouchEvent } from "react";
import NextLink from "next/link";

type IntentHandlers = {
  onMouseEnter?: (event: MouseEvent<HTMLAnchorElement>) => void;
  onTouchStart?: (event: TouchEvent<HTMLAnchorElement>) => void;
  onFocus?: (event: FocusEvent<HTMLAnchorElement>) => void;
};

/**
 * A link's props that prefetch its page once the reader shows intent (pointer over it, finger on it, keyboard
 * focus), not as soon as it is on screen. A marketing page shows a dozen links; prefetching those in view
 * on every visit (the contact page alone is 170 KiB of code and its data) spends a visitor's mobile data
 * on pages most never open, and runs their code while the page is still starting.
 */
export function useIntentPrefetch<P extends IntentHandlers>({ onMouseEnter, onTouchStart, onFocus, ...props }: P) {
  const [intent, setIntent] = useState(false);
  return {
    ...props,
    // null: Next's own prefetch, from the moment of intent on.
    prefetch: intent ? null : false,
    onMouseEnter: (event: MouseEvent<HTMLAnchorElement>) => {
      setIntent(true);
      onMouseEnter?.(event);
    },
    onTouchStart: (event: TouchEvent<HTMLAnchorElement>) => {
      setIntent(true);
      onTouchStart?.(event);
    },
    onFocus: (event: FocusEvent<HTMLAnchorElement>) => {
      setIntent(true);
      onFocus?.(event);
    },
  };
}

/** Next's link, for an href that already has its locale (server components: LocalizedLink), prefetching on intent. */
export function IntentLink(props: Omit<ComponentProps<typeof NextLink>, "prefetch">) {
  return <NextLink {...useIntentPrefetch(props)} />;
}
