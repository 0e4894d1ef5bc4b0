"use client";

import { useMutation } from "@tanstack/react-query";
import type { z } from "zod";
import { apiFetch } from "@/client/api";
import { adminSetupAnswerSchema, adminUnlockAnswerSchema, type adminSetupSchema, type adminUnlockSchema } from "@/lib/contracts/admin";

/** The admin gate: the server sets the unlock cookie every admin API requires. */
export const useAdminUnlock = () =>
  useMutation({
    mutationFn: (body: z.input<typeof adminUnlockSchema>) => apiFetch("/api/admin/unlock", { method: "POST", body, schema: adminUnlockAnswerSchema }),
  });

/** Promotes an account to admin with the setup key. */
export const useAdminSetup = () =>
  useMutation({
    mutationFn: (body: z.output<typeof adminSetupSchema>) => apiFetch("/api/admin/setup", { method: "POST", body, schema: adminSetupAnswerSchema }),
  });
