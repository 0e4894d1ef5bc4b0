"use client";

import { useTranslations } from "next-intl";
import { useForm, useWatch } from "react-hook-form";
import { formSpecialtySlugs } from "@/content/specialties";
import type { InquiryInput } from "@/lib/contracts/inquiries";
import { lazyZodResolver, preloadResolver } from "@/client/lazy-resolver";
import { useSendInquiry } from "@/client/queries/inquiries";
import { useTypedBeforeHydration } from "@/client/typed-before-hydration";
import { showApiError, useErrorText } from "@/client/errors";
import { Input } from "@/components/ui/input";
import { SubmitButton } from "@/components/ui/submit-button";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/use-toast";
import { errorIdOf, FieldError, FieldLabel, SelectField } from "./form-parts";

const inquiryContract = async () => (await import("@/lib/contracts/inquiries")).inquirySchema;

const empty: InquiryInput = { name: "", email: "", phone: "", country: "", specialty: "", message: "" };

/** The 'General Inquiry' card: name, email and message required, checked with the server's schema. */
export function InquiryForm() {
  const t = useTranslations("contact");
  const ts = useTranslations("specialties");
  const errorText = useErrorText();
  const form = useForm({ resolver: lazyZodResolver(inquiryContract, errorText), defaultValues: empty });
  const { register, formState, control } = form;
  const values = useWatch({ control });
  const send = useSendInquiry();
  // The fields take what is typed before React has the pre-rendered form (ADR 35); Send waits for React.
  useTypedBeforeHydration(form);
  const ready = values.name?.trim() && values.email?.trim() && values.message?.trim();

  async function onValid(body: InquiryInput) {
    try {
      await send.mutateAsync(body);
      toast({ title: t("toast.inquirySent"), description: t("toast.inquirySentDescription") });
      form.reset(empty);
    } catch (error) {
      showApiError(form, error, errorText);
      toast({ title: t("toast.inquiryFailedTitle"), description: errorText(error), variant: "destructive" });
    }
  }

  const input = (name: "name" | "email" | "phone" | "country", type = "text", required = false) => {
    const id = `inquiry-${name}`;
    const error = formState.errors[name]?.message;
    return (
      <div className="space-y-1.5">
        <FieldLabel htmlFor={id} required={required}>
          {t(`fields.${name}`)}
        </FieldLabel>
        <Input
          id={id}
          type={type}
          {...register(name)}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorIdOf(id) : undefined}
        />
        <FieldError fieldId={id} message={error} />
      </div>
    );
  };
  const messageError = formState.errors.message?.message;

  return (
    <form
      method="post"
      onSubmit={form.handleSubmit((body) => onValid(body))}
      onFocus={() => preloadResolver(inquiryContract)}
      noValidate
      className="space-y-4"
      // Its page starts its scripts when it is used (scripts/static-page-hashes.mjs).
      data-scripts-on-use=""
    >
      <fieldset className="min-w-0 space-y-4" disabled={send.isPending}>
        {input("name", "text", true)}
        {input("email", "email", true)}
        {input("phone", "tel")}
        {input("country")}
        <SelectField
          id="inquiry-specialty"
          label={t("fields.specialty")}
          {...register("specialty")}
          error={formState.errors.specialty?.message}
          placeholder={t("choose")}
          options={formSpecialtySlugs.map((slug) => ({ value: slug, label: ts(slug) }))}
        />
        <div className="space-y-1.5">
          <FieldLabel htmlFor="inquiry-message" required>
            {t("fields.message")}
          </FieldLabel>
          <Textarea
            id="inquiry-message"
            {...register("message")}
            rows={5}
            required
            maxLength={5000}
            aria-invalid={messageError ? true : undefined}
            aria-describedby={messageError ? errorIdOf("inquiry-message") : undefined}
          />
          <FieldError fieldId="inquiry-message" message={messageError} />
        </div>
        {formState.errors.root?.server && (
          <p role="alert" className="text-sm text-destructive">
            {formState.errors.root.server.message}
          </p>
        )}
      </fieldset>
      <SubmitButton className="w-full" disabled={!ready || send.isPending}>
        {send.isPending ? t("sending") : t("sendInquiry")}
      </SubmitButton>
    </form>
  );
}
