import * as React from "react";
import { cva, type VariantProps } from "class-variance-authority";

import { cn } from "@/lib/utils";

/**
 * Colour variants (blue … orange) back the referral status and urgency badges.
 * Each pairs a 100 background with 800 text for at least 4.5:1 contrast.
 * Never rely on colour alone: the badge text must name the status.
 */
const badgeVariants = cva(
  "inline-flex w-fit shrink-0 items-center justify-center gap-1 overflow-hidden rounded-md border px-2 py-0.5 text-xs font-medium whitespace-nowrap transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-1 [&>svg]:pointer-events-none [&>svg]:size-3",
  {
    variants: {
      variant: {
        default: "border-transparent bg-primary text-primary-foreground",
        secondary: "border-transparent bg-secondary text-secondary-foreground",
        destructive: "border-transparent bg-destructive text-destructive-foreground",
        outline: "border-border text-foreground",
        blue: "border-blue-200 bg-blue-100 text-blue-800",
        yellow: "border-yellow-200 bg-yellow-100 text-yellow-800",
        green: "border-green-200 bg-green-100 text-green-800",
        red: "border-red-200 bg-red-100 text-red-800",
        grey: "border-gray-200 bg-gray-100 text-gray-800",
        purple: "border-purple-200 bg-purple-100 text-purple-800",
        orange: "border-orange-200 bg-orange-100 text-orange-800",
      },
    },
    defaultVariants: {
      variant: "default",
    },
  },
);

type BadgeVariant = NonNullable<VariantProps<typeof badgeVariants>["variant"]>;

type BadgeProps = React.ComponentProps<"span"> & VariantProps<typeof badgeVariants>;

function Badge({ className, variant, ...props }: BadgeProps) {
  return <span data-slot="badge" data-variant={variant ?? "default"} className={cn(badgeVariants({ variant }), className)} {...props} />;
}

export { Badge };
export type { BadgeVariant };
