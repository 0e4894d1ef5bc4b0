import { notFound } from "next/navigation";

// Any path that matches no page renders the localized 'Page Not Found' with HTTP 404.
export default function CatchAll() {
  notFound();
}
