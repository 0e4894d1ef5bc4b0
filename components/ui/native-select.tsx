import * as React from "react";
import { ChevronDown } from "lucide-react";

import { cn } from "@/lib/utils";

type NativeSelectProps = React.ComponentProps<"select"> & {
  /** Classes for the wrapping element (width, margins); `className` styles the <select> itself. */
  wrapperClassName?: string;
};

/**
 * A styled native <select>: no JavaScript, opens the phone's own picker, cheap on slow devices.
 * The chevron sits at the inline end so it mirrors in right-to-left layouts.
 */
function NativeSelect({ className, wrapperClassName, multiple, ...props }: NativeSelectProps) {
  return (
    <div data-slot="native-select-wrapper" className={cn("relative w-full has-[select:disabled]:opacity-50", wrapperClassName)}>
      <select
        data-slot="native-select"
        multiple={multiple}
        className={cn(
          "flex w-full min-w-0 appearance-none rounded-md border border-input bg-background text-base text-foreground shadow-xs transition-[color,box-shadow] outline-none",
          multiple ? "min-h-24 px-3 py-2" : "h-11 ps-3 pe-10",
          "focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/50",
          "disabled:cursor-not-allowed",
          "aria-invalid:border-destructive aria-invalid:ring-destructive/20",
          className,
        )}
        {...props}
      />
      {multiple ? null : (
        <ChevronDown
          aria-hidden="true"
          data-slot="native-select-icon"
          className="pointer-events-none absolute end-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
        />
      )}
    </div>
  );
}

function NativeSelectOption(props: React.ComponentProps<"option">) {
  return <option data-slot="native-select-option" {...props} />;
}

export { NativeSelect, NativeSelectOption };
