import { actorFor } from "@/lib/api/actor";
import { apiRoute } from "@/lib/api/handler";
import { scheduleAppointment } from "@/lib/partners/plans";
import { appointmentSchema } from "@/lib/contracts/plans";

export const dynamic = "force-dynamic";

/** Partners: { at (ISO date-time), note? } for their hospital's approved plan; tells the patient (appointment_scheduled). */
export const POST = apiRoute({ access: ["partner"], body: appointmentSchema }, async ({ request, user, body, params }) => {
  await scheduleAppointment(user, String(params.id), body, actorFor(request, user));
  return Response.json({ ok: true });
});
