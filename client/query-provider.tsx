"use client";

import { useState, type ReactNode } from "react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { ApiError } from "./api";

function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Data a page shows is fresh for half a minute; a focused tab refetches what is older.
        staleTime: 30_000,
        // A refusal (4xx) will not change by asking again; a dropped connection or a 5xx may.
        retry: (failures, error) => failures < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      },
      mutations: { retry: false },
    },
  });
}

let sharedClient: QueryClient | undefined;

/**
 * One query cache for the parts of a page that load apart (components/patient/contact-parts.tsx): the same
 * one for all of them in the browser, a new one for each render on the server, where nothing is fetched.
 */
export function sharedQueryClient(): QueryClient {
  if (typeof window === "undefined") return makeQueryClient();
  return (sharedClient ??= makeQueryClient());
}

/** One query cache per page load, for the app's pages only: marketing pages load none of this. */
export function QueryProvider({ children }: { children: ReactNode }) {
  const [client] = useState(makeQueryClient);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
