import { createNavigation } from "next-intl/navigation";
import { routing } from "./routing";

// Components take Link from components/i18n/link, which wraps this one to prefetch on intent only.
export const { Link, redirect, usePathname, useRouter, getPathname } = createNavigation(routing);
