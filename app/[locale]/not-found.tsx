import { NotFoundPage } from "@/components/layout/not-found-page";

export default function LocaleNotFound() {
  return <NotFoundPage />;
}
