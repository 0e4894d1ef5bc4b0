"use client";

import type { ReactNode } from "react";
import { usePathname } from "next/navigation";
import { splitLocalePath } from "@/lib/i18n/locales";

/** The coordinators' dashboard and the hospitals' portal (with their sub-pages). */
const STAFF_AREAS = ["/admin-dashboard", "/admin-setup", "/partner"];

/**
 * Shows its children everywhere but in the staff areas. For the patients' support chat: staff have no
 * use for it, and at a phone's width its button covered their controls (the scorecard's open case).
 */
export function OutsideStaffAreas({ children }: { children: ReactNode }) {
  const { path } = splitLocalePath(usePathname());
  return STAFF_AREAS.some((area) => path === area || path.startsWith(`${area}/`)) ? null : children;
}
