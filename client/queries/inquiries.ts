"use client";

import { useMutation } from "@tanstack/react-query";
import type { InquiryInput } from "@/lib/contracts/inquiries";
import { apiFetch } from "../api";

/** Sends a general inquiry (nothing the page lists changes with it). */
export function useSendInquiry() {
  return useMutation({
    mutationFn: (body: InquiryInput) =>
      apiFetch("/api/inquiries", { method: "POST", body, schema: async () => (await import("@/lib/contracts/inquiries")).inquiryCreatedSchema }),
  });
}
