/**
 * How statuses look (SPEC section 4; PRODUCT.md adds the workflow states). SPEC's colours for its
 * names: submitted blue, under_review yellow, responded green, urgent red; anything else grey.
 */
export const submissionStatuses = ["submitted", "under_review", "sent_to_hospitals", "responded", "plan_accepted", "closed", "cancelled"] as const;
export type SubmissionStatus = (typeof submissionStatuses)[number];

export type BadgeColour = "blue" | "yellow" | "green" | "red" | "grey";

export function statusColour(status: string): BadgeColour {
  switch (status) {
    case "submitted":
      return "blue";
    case "under_review":
      return "yellow";
    case "responded":
      return "green";
    case "urgent":
      return "red";
    default:
      return "grey";
  }
}

/** SPEC: underscores shown as spaces. */
export function statusText(status: string | null | undefined): string {
  return (status || "Submitted").replace(/_/g, " ");
}

/** SPEC's urgency badge: urgent and emergency stand out; anything else has the standard style. */
export function urgencyColour(urgency: string | null | undefined): BadgeColour {
  return urgency === "urgent" || urgency === "emergency" ? "red" : "grey";
}

/** The patient dashboard's stages and their progress (SPEC: Received 25, Under Review 65, Hospital Response 90, Complete 100). */
export type ApplicationStage = "received" | "under_review" | "hospital_responded" | "completed" | "cancelled";

export function applicationStage(status: string): { stage: ApplicationStage; progress: number } {
  switch (status) {
    case "submitted":
      return { stage: "received", progress: 25 };
    case "under_review":
    case "sent_to_hospitals":
      return { stage: "under_review", progress: 65 };
    case "responded":
      return { stage: "hospital_responded", progress: 90 };
    case "plan_accepted":
    case "closed":
      return { stage: "completed", progress: 100 };
    default:
      return { stage: "cancelled", progress: 0 };
  }
}

export function stageColour(stage: ApplicationStage): BadgeColour {
  return ({ received: "blue", under_review: "yellow", hospital_responded: "green", completed: "green", cancelled: "grey" } as const)[stage];
}
