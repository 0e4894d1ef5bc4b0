import { render, screen } from "@testing-library/react";

import { Progress } from "@/components/ui/progress";

describe("<Progress />", () => {
  it("exposes role progressbar with aria-valuenow/min/max", () => {
    render(<Progress value={40} aria-label="Upload progress" />);
    const bar = screen.getByRole("progressbar", { name: "Upload progress" });
    expect(bar).toHaveAttribute("aria-valuenow", "40");
    expect(bar).toHaveAttribute("aria-valuemin", "0");
    expect(bar).toHaveAttribute("aria-valuemax", "100");
    expect(bar).toHaveAttribute("aria-valuetext", "40%");
  });

  it("sizes the indicator from the inline start (RTL-safe width, not a translateX)", () => {
    render(<Progress value={25} aria-label="p" />);
    const indicator = screen.getByRole("progressbar").firstElementChild as HTMLElement;
    expect(indicator.style.width).toBe("25%");
    expect(indicator.style.transform).toBe("");
  });

  it("updates aria-valuenow when the value changes", () => {
    const { rerender } = render(<Progress value={10} aria-label="p" />);
    rerender(<Progress value={90} aria-label="p" />);
    expect(screen.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "90");
  });

  it("clamps values outside 0..100", () => {
    const { rerender } = render(<Progress value={150} aria-label="p" />);
    expect(screen.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "100");
    rerender(<Progress value={-5} aria-label="p" />);
    expect(screen.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "0");
  });

  it("is indeterminate without a value", () => {
    render(<Progress aria-label="p" />);
    const bar = screen.getByRole("progressbar");
    expect(bar).not.toHaveAttribute("aria-valuenow");
    expect(bar).toHaveAttribute("data-state", "indeterminate");
  });
});
