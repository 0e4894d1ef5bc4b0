import { Button } from "./button";
import { Skeleton } from "./skeleton";

/** Placeholder cards while a list loads, or the failure with a retry; nothing once loaded. */
export function LoadState({ status, labels, onRetry }: { status: string; labels: { loading: string; failed: string; retry: string }; onRetry: () => void }) {
  if (status === "loading")
    return (
      <div className="space-y-4" aria-busy="true" aria-label={labels.loading}>
        <Skeleton className="h-40 w-full" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  if (status === "error")
    return (
      <p role="alert" className="text-destructive">
        {labels.failed}{" "}
        <Button variant="link" onClick={onRetry}>
          {labels.retry}
        </Button>
      </p>
    );
  return null;
}
