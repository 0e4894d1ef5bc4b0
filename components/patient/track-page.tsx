import { PageMessages } from "./page-messages";
import { TrackView } from "./track-view";

/** /track, whichever of its two pages answers (lib/tracking/track-page.ts). */
export function TrackPage({ hasTrackCookie }: { hasTrackCookie: boolean }) {
  return (
    <PageMessages namespaces={["track", "plans", "statuses", "caseFiles"]}>
      <TrackView hasTrackCookie={hasTrackCookie} />
    </PageMessages>
  );
}
