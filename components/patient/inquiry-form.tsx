"use client";

import { useState, type FormEvent } from "react";
import { useTranslations } from "next-intl";
import { formSpecialtySlugs } from "@/content/specialties";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/use-toast";
import { FieldLabel, SelectField } from "./form-parts";

const empty = { name: "", email: "", phone: "", country: "", specialty: "", message: "" };

/** SPEC's 'General Inquiry' card: name, email and message required. */
export function InquiryForm() {
  const t = useTranslations("contact");
  const ts = useTranslations("specialties");
  const [fields, setFields] = useState(empty);
  const [pending, setPending] = useState(false);
  const set = (name: keyof typeof empty) => (event: { target: { value: string } }) => setFields((current) => ({ ...current, [name]: event.target.value }));
  const ready = fields.name.trim() && fields.email.trim() && fields.message.trim();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!ready || pending) return;
    setPending(true);
    try {
      const response = await fetch("/api/inquiries", {
        method: "POST",
        credentials: "include",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(fields),
      });
      if (!response.ok) {
        const text = await response.text();
        let message = text;
        try {
          message = (JSON.parse(text) as { error?: string }).error ?? text;
        } catch {
          // not JSON: SPEC reads the response text
        }
        toast({ title: t("toast.inquiryFailedTitle"), description: message || t("toast.inquiryFailed"), variant: "destructive" });
        return;
      }
      toast({ title: t("toast.inquirySent"), description: t("toast.inquirySentDescription") });
      setFields(empty);
    } catch {
      toast({ title: t("toast.inquiryFailedTitle"), description: t("toast.inquiryFailed"), variant: "destructive" });
    } finally {
      setPending(false);
    }
  }

  const input = (name: "name" | "email" | "phone" | "country", type = "text", required = false) => (
    <div className="space-y-1.5">
      <FieldLabel htmlFor={`inquiry-${name}`} required={required}>
        {t(`fields.${name}`)}
      </FieldLabel>
      <Input id={`inquiry-${name}`} type={type} value={fields[name]} onChange={set(name)} required={required} />
    </div>
  );

  return (
    <form method="post" onSubmit={onSubmit} className="space-y-4">
      <fieldset className="space-y-4" disabled={pending}>
        {input("name", "text", true)}
        {input("email", "email", true)}
        {input("phone", "tel")}
        {input("country")}
        <SelectField id="inquiry-specialty" label={t("fields.specialty")} value={fields.specialty} onChange={set("specialty")} placeholder={t("choose")} options={formSpecialtySlugs.map((slug) => ({ value: slug, label: ts(slug) }))} />
        <div className="space-y-1.5">
          <FieldLabel htmlFor="inquiry-message" required>
            {t("fields.message")}
          </FieldLabel>
          <Textarea id="inquiry-message" value={fields.message} onChange={set("message")} rows={5} required maxLength={5000} />
        </div>
      </fieldset>
      <Button type="submit" className="w-full" disabled={!ready || pending}>
        {pending ? t("sending") : t("sendInquiry")}
      </Button>
    </form>
  );
}
