import { AdminGate } from "@/components/admin/admin-gate";
import { PageMessages } from "@/components/patient/page-messages";

/** What a staff page shows an admin whose password gate is locked: the gate, and nothing the page would read with admin power. */
export function LockedAdmin() {
  return (
    <PageMessages namespaces={["admin"]}>
      <AdminGate initiallyUnlocked={false} />
    </PageMessages>
  );
}
