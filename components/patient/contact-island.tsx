"use client";

import { lazy, type ComponentType } from "react";
import { importUntilLoaded } from "@/client/import-again";
import type { ContactPartProps } from "./contact-parts";

// The forms, the translation runtime and the query cache (about 90 KiB gzip) are not among the page's first
// scripts: the browser fetches them when those run, i.e. once a form is used (ADR 35), and React takes the
// page over when they have come; until then it stays as pre-rendered, and the fields take typing. The
// server renders them at once (`typeof window` is fixed at build time, so the browser's bundle has no
// `require` of them), and no Suspense boundary is around them: React would send so large a part after the
// rest of the page, for a script to move it into place. In the browser the import starts as soon as the page's
// scripts run and React reads the page's payload, before it renders.
const contactParts = typeof window === "undefined" ? undefined : importUntilLoaded(() => import("./contact-parts"));
const ContactPart: ComponentType<ContactPartProps> =
  typeof window === "undefined"
    ? // eslint-disable-next-line @typescript-eslint/no-require-imports -- the server's copy, never in the browser's bundle (above)
      (require("./contact-parts") as typeof import("./contact-parts")).default
    : lazy(() => contactParts!);

/** A part of the contact page rendered by ContactPart, loaded apart (docs/decisions/037-contact-forms-loaded-apart.md). */
export function ContactIsland(props: ContactPartProps) {
  return <ContactPart {...props} />;
}
