"use client";

import type { ComponentProps } from "react";
import { Link as NavigationLink } from "@/lib/i18n/navigation";
import { useIntentPrefetch } from "./intent-link";

/**
 * The link client components use: lib/i18n/navigation's (the locale prefix added in the browser), prefetching on
 * intent like IntentLink. Apart from IntentLink, whose pages load no translation runtime.
 */
export function Link(props: Omit<ComponentProps<typeof NavigationLink>, "prefetch">) {
  return <NavigationLink {...useIntentPrefetch(props)} />;
}
