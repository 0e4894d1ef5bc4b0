"use client";

import { useTranslations } from "next-intl";
import { Send } from "lucide-react";
import { Controller, useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { NOTE_MAX, type AdminCase } from "@/lib/contracts/cases";
import { MAX_HOSPITALS_PER_ROUTING, routeCaseSchema, type RoutableHospital } from "@/lib/contracts/routings";
import { useErrorText } from "@/client/errors";
import { useRouteCase, useRoutableHospitals } from "@/client/queries/admin-cases";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/use-toast";
import { useActionFailed } from "./action-failed";

/** Choose partner hospitals (grouped by country, with how many partner users each has) and send the case to them. */
export function CaseRoutingPanel({ data }: { data: AdminCase }) {
  const t = useTranslations("adminCase");
  const errorText = useErrorText();
  const failed = useActionFailed();
  const hospitals = useRoutableHospitals();
  const route = useRouteCase(data.id);
  const form = useForm({ resolver: zodResolver(routeCaseSchema), defaultValues: { hospitalIds: [] as string[], note: "" } });
  const { errors } = form.formState;
  const pending = route.isPending;

  if (!data.actions.canRoute) return <p className="text-sm text-muted-foreground">{t("routingClosed")}</p>;
  if (hospitals.isPending) return <p className="text-sm text-muted-foreground">{t("hospitalsLoading")}</p>;
  if (hospitals.isError)
    return (
      <p role="alert" className="text-sm text-destructive">
        {t("hospitalsFailed")}
      </p>
    );

  const routed = new Set(data.routings.map((routing) => routing.hospitalId));
  const byCountry = new Map<string, RoutableHospital[]>();
  for (const hospital of hospitals.data) byCountry.set(hospital.country, [...(byCountry.get(hospital.country) ?? []), hospital]);

  const onSubmit = form.handleSubmit((body) =>
    route.mutate(body, {
      onSuccess: (answer) => {
        form.reset();
        toast({ title: t("routedToast", { count: answer.routed.length }) });
      },
      onError: (error) => failed(error, form),
    }),
  );
  const listError = errors.hospitalIds?.message ?? errors.hospitalIds?.root?.message;

  return (
    <form method="post" onSubmit={onSubmit} className="space-y-4 text-sm">
      <Controller
        control={form.control}
        name="hospitalIds"
        render={({ field }) => {
          const selected = field.value;
          const full = selected.length >= MAX_HOSPITALS_PER_ROUTING;
          const toggle = (id: string, on: boolean) => field.onChange(on ? [...selected.filter((x) => x !== id), id] : selected.filter((x) => x !== id));
          return (
            <>
              {[...byCountry].map(([country, list]) => (
                <fieldset key={country} className="space-y-2">
                  <legend className="mb-1 font-semibold">{country}</legend>
                  {list.map((hospital) => {
                    const already = routed.has(hospital.id);
                    const checked = already || selected.includes(hospital.id);
                    return (
                      <div key={hospital.id} className="flex items-start gap-2">
                        <Checkbox
                          id={`route-${hospital.id}`}
                          checked={checked}
                          disabled={already || pending || (full && !checked)}
                          onCheckedChange={(value) => toggle(hospital.id, value === true)}
                          className="mt-0.5"
                        />
                        <Label htmlFor={`route-${hospital.id}`} className="block font-normal leading-snug">
                          <span className="font-medium">{hospital.name}</span>
                          <span className="block text-muted-foreground">
                            {hospital.city} ·{" "}
                            <span className={hospital.partnerUsers === 0 ? "text-amber-700" : undefined}>
                              {t("partnerUsers", { count: hospital.partnerUsers })}
                            </span>
                            {already && ` · ${t("alreadySent")}`}
                          </span>
                        </Label>
                      </div>
                    );
                  })}
                </fieldset>
              ))}
              <p className="text-muted-foreground" aria-live="polite">
                {t("selectedCount", { count: selected.length, max: MAX_HOSPITALS_PER_ROUTING })}
              </p>
              {listError && (
                <p role="alert" className="text-destructive">
                  {errorText(listError, { maximum: MAX_HOSPITALS_PER_ROUTING })}
                </p>
              )}
              <div className="space-y-2">
                <Label htmlFor="route-note">{t("routeNoteLabel")}</Label>
                <p id="route-note-hint" className="text-muted-foreground">
                  {t("routeNoteHint")}
                </p>
                <Textarea
                  id="route-note"
                  {...form.register("note")}
                  maxLength={NOTE_MAX}
                  rows={2}
                  aria-describedby="route-note-hint"
                  aria-invalid={errors.note ? true : undefined}
                />
                {errors.note?.message && <p className="text-destructive">{errorText(errors.note.message, { maximum: NOTE_MAX })}</p>}
              </div>
              <Button type="submit" disabled={selected.length === 0 || pending} className="w-full">
                <Send aria-hidden className="h-4 w-4" /> {pending ? t("sending") : t("sendToSelected")}
              </Button>
            </>
          );
        }}
      />
    </form>
  );
}
