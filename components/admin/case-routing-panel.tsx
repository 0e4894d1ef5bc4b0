"use client";

import { useEffect, useState, type FormEvent } from "react";
import { useTranslations } from "next-intl";
import { Send } from "lucide-react";
import type { AdminCase } from "@/lib/contracts/cases";
import type { RoutableHospital } from "@/lib/contracts/routings";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/use-toast";
import { postCaseAction } from "./case-api";
import { NOTE_MAX } from "./case-status";

/** The same limit as the route API (lib/cases/routing.ts MAX_HOSPITALS_PER_ROUTING). */
const MAX_SELECTED = 10;

type Hospitals = { status: "loading" } | { status: "error" } | { status: "ready"; hospitals: RoutableHospital[] };

/** Choose partner hospitals (grouped by country, with how many partner users each has) and send the case to them. */
export function CaseRoutingPanel({ data, onChange }: { data: AdminCase; onChange: (data: AdminCase) => void }) {
  const t = useTranslations("adminCase");
  const [hospitals, setHospitals] = useState<Hospitals>({ status: "loading" });
  const [selected, setSelected] = useState<string[]>([]);
  const [note, setNote] = useState("");
  const [pending, setPending] = useState(false);

  useEffect(() => {
    let live = true;
    fetch("/api/admin/hospitals", { credentials: "include", cache: "no-store" })
      .then(async (response) => {
        if (!response.ok) throw new Error(`${response.status}`);
        const body = (await response.json()) as { hospitals: RoutableHospital[] };
        if (live) setHospitals({ status: "ready", hospitals: body.hospitals });
      })
      .catch((error: unknown) => {
        console.error("Could not load hospitals", error);
        if (live) setHospitals({ status: "error" });
      });
    return () => {
      live = false;
    };
  }, []);

  if (!data.actions.canRoute) return <p className="text-sm text-muted-foreground">{t("routingClosed")}</p>;
  if (hospitals.status === "loading") return <p className="text-sm text-muted-foreground">{t("hospitalsLoading")}</p>;
  if (hospitals.status === "error")
    return (
      <p role="alert" className="text-sm text-destructive">
        {t("hospitalsFailed")}
      </p>
    );

  const routed = new Set(data.routings.map((routing) => routing.hospitalId));
  const byCountry = new Map<string, RoutableHospital[]>();
  for (const hospital of hospitals.hospitals) byCountry.set(hospital.country, [...(byCountry.get(hospital.country) ?? []), hospital]);
  const full = selected.length >= MAX_SELECTED;

  function toggle(id: string, on: boolean) {
    setSelected((current) => (on ? [...current.filter((x) => x !== id), id] : current.filter((x) => x !== id)));
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (selected.length === 0 || pending) return;
    setPending(true);
    try {
      const result = await postCaseAction<{ case: AdminCase; routed: unknown[] }>(data.id, "route", { hospitalIds: selected, note: note.trim() || undefined });
      onChange(result.case);
      setSelected([]);
      setNote("");
      toast({ title: t("routedToast", { count: result.routed.length }) });
    } catch (error) {
      toast({ title: t("actionFailed"), description: (error as Error).message, variant: "destructive" });
    } finally {
      setPending(false);
    }
  }

  return (
    <form method="post" onSubmit={onSubmit} className="space-y-4 text-sm">
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
                    <span className={hospital.partnerUsers === 0 ? "text-amber-700" : undefined}>{t("partnerUsers", { count: hospital.partnerUsers })}</span>
                    {already && ` · ${t("alreadySent")}`}
                  </span>
                </Label>
              </div>
            );
          })}
        </fieldset>
      ))}
      <p className="text-muted-foreground" aria-live="polite">
        {t("selectedCount", { count: selected.length, max: MAX_SELECTED })}
      </p>
      <div className="space-y-2">
        <Label htmlFor="route-note">{t("noteLabel")}</Label>
        <Textarea id="route-note" value={note} maxLength={NOTE_MAX} onChange={(event) => setNote(event.target.value)} rows={2} />
      </div>
      <Button type="submit" disabled={selected.length === 0 || pending} className="w-full">
        <Send aria-hidden className="h-4 w-4" /> {pending ? t("sending") : t("sendToSelected")}
      </Button>
    </form>
  );
}
