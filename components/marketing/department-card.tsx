import { Upload } from "lucide-react";
import { getTranslations } from "next-intl/server";
import { LocalizedLink as Link } from "@/components/i18n/localized-link";
import { Button } from "@/components/ui/button";
import { VISIBLE_DEPARTMENT_HOSPITALS, type Department, type DepartmentGroup } from "@/content/departments";
import { hospitalById } from "@/content/hospitals";
import { messageKey } from "@/content/message-keys";
import { paths } from "@/content/paths";

/** A department: its treatments (or services), its hospitals (two, then "+N more") and a submit button. */
export async function DepartmentCard({ department, kind }: { department: Department; kind: DepartmentGroup["kind"] }) {
  const t = await getTranslations();
  const name = t(messageKey.department(department.id));
  const hospitalNames = department.hospitalIds.map((id) => hospitalById(id)!.name);
  const visible = hospitalNames.slice(0, VISIBLE_DEPARTMENT_HOSPITALS);
  const more = hospitalNames.slice(VISIBLE_DEPARTMENT_HOSPITALS);
  return (
    <li data-testid="department-card" className="flex flex-col gap-4 rounded-lg border bg-card p-5 shadow-sm">
      <h4 className="text-lg font-semibold">{name}</h4>
      <div>
        <p className="text-sm font-medium">{t(kind === "support" ? "services.servicesLabel" : "services.treatmentsLabel")}</p>
        <ul className="mt-1 list-disc space-y-0.5 ps-5 text-sm text-muted-foreground">
          {department.treatments.map((treatment) => (
            <li key={treatment}>{t(messageKey.treatment(treatment))}</li>
          ))}
        </ul>
      </div>
      <div className="flex-1">
        <p className="text-sm font-medium">{t("services.hospitalsLabel")}</p>
        <ul className="mt-1 space-y-0.5 text-sm text-muted-foreground">
          {visible.map((hospital) => (
            <li key={hospital}>{hospital}</li>
          ))}
        </ul>
        {more.length > 0 ? (
          <details className="group text-sm">
            <summary className="flex min-h-10 cursor-pointer items-center font-medium text-primary underline-offset-4 hover:underline">
              {t("services.moreHospitals", { count: more.length })}
            </summary>
            <ul className="space-y-0.5 text-muted-foreground">
              {more.map((hospital) => (
                <li key={hospital}>{hospital}</li>
              ))}
            </ul>
          </details>
        ) : null}
      </div>
      {department.specialty ? (
        <Button asChild className="w-full whitespace-normal text-center">
          <Link href={paths.contactFor(department.specialty)}>
            <Upload aria-hidden="true" />
            {t("services.submitFiles", { department: name })}
          </Link>
        </Button>
      ) : (
        <p className="text-sm text-muted-foreground">{t("services.languageSupportNote")}</p>
      )}
    </li>
  );
}
