/** @jest-environment node */
import type { ResolverOptions } from "react-hook-form";
import { lazyZodResolver } from "@/client/lazy-resolver";
import { ApiError } from "@/client/api";
import { inquirySchema, type InquiryInput } from "@/lib/contracts/inquiries";

/*
 * The forms of the records, inquiry and tracking pages check their fields with the contract's schema,
 * imported on the first check (client/lazy-resolver.ts). The check must be the schema's own, and a
 * phone that could not import it (offline) must be told so and be able to try again.
 */
const options: ResolverOptions<InquiryInput> = { fields: {}, shouldUseNativeValidation: false };
const errorText = (error: unknown) => (error instanceof ApiError ? `text for ${error.code}` : "text for something else");
const typed: InquiryInput = { name: "  Amina Bello ", email: "amina@", phone: "", country: "", specialty: "", message: "" };

test("the fields are checked with the contract's schema once it is imported", async () => {
  const resolver = lazyZodResolver(async () => inquirySchema, errorText);

  const refused = await resolver(typed, undefined, options);
  expect(Object.keys(refused.errors).sort()).toEqual(["email", "message"]);
  expect(refused.errors.message?.message).toBe("inquiry_message_required");

  const accepted = await resolver({ ...typed, email: "amina@example.com", message: "Hello" }, undefined, options);
  expect(accepted.errors).toEqual({});
  expect(accepted.values).toMatchObject({ name: "Amina Bello", email: "amina@example.com", message: "Hello" });
});

test("a schema that cannot be imported refuses the form with the connection error, and the next check imports it again", async () => {
  const load = jest.fn<Promise<typeof inquirySchema>, []>().mockRejectedValueOnce(new TypeError("Failed to fetch dynamically imported module"));
  load.mockResolvedValue(inquirySchema);
  const resolver = lazyZodResolver(load, errorText);

  const offline = await resolver(typed, undefined, options);
  expect(offline.values).toEqual({});
  expect(offline.errors).toEqual({ root: { server: { type: "network", message: "text for network" } } });

  const online = await resolver(typed, undefined, options);
  expect(Object.keys(online.errors).sort()).toEqual(["email", "message"]);
  expect(load).toHaveBeenCalledTimes(2);
});
