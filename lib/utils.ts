import { clsx, type ClassValue } from "clsx";
import { twMerge } from "tailwind-merge";

export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}

const naturalCollator = new Intl.Collator("en", { numeric: true, sensitivity: "base" });

/** File names in the order people expect: IM000012 before IM000028, scan2 before scan10. */
export function naturalCompare(a: string, b: string): number {
  return naturalCollator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
}
