import { z } from "zod";
import type english from "@/messages/en.json";

/**
 * A stable name for each thing that can go wrong, shared by server and browser. Its text, in every
 * language, is `errors.<code>` in messages/<locale>.json; zod schemas in lib/contracts use codes as
 * their issue messages, so a form shows the same sentence whether the browser or the server refused.
 */
export type ErrorCode = keyof (typeof english)["errors"];

/** Values an error's text is formatted with ({max}, {trackingNumber}, ...). */
export type ErrorParams = Record<string, string | number>;

/**
 * What every API answers with a 4xx or 5xx: `error`, already in the request's language (the field
 * existing clients read), the stable `code`, and the input `field` it concerns when there is one.
 */
export const apiErrorSchema = z.object({
  error: z.string(),
  code: z.string().optional(),
  field: z.string().optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;
