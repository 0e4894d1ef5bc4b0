"use client";

import { useState, type ComponentProps } from "react";
import NextLink from "next/link";

/**
 * A link that prefetches its page once the reader shows intent (pointer over it, finger on it, keyboard
 * focus), not as soon as it is on screen. A marketing page shows a dozen links; prefetching those in view
 * on every visit (the contact page alone is 170 KiB of code and its data) spends a visitor's mobile data
 * on pages most never open, and runs their code while the page is still starting.
 */
export function IntentLink({ onMouseEnter, onTouchStart, onFocus, ...props }: Omit<ComponentProps<typeof NextLink>, "prefetch">) {
  const [intent, setIntent] = useState(false);
  return (
    <NextLink
      {...props}
      // null: Next's own prefetch, from the moment of intent on.
      prefetch={intent ? null : false}
      onMouseEnter={(event) => {
        setIntent(true);
        onMouseEnter?.(event);
      }}
      onTouchStart={(event) => {
        setIntent(true);
        onTouchStart?.(event);
      }}
      onFocus={(event) => {
        setIntent(true);
        onFocus?.(event);
      }}
    />
  );
}
