import { fireEvent, render, screen } from "@testing-library/react";
import Link from "next/link";

import { Button, buttonVariants } from "@/components/ui/button";

describe("<Button />", () => {
  it("renders a <button> with default variant and size", () => {
    const onClick = jest.fn();
    render(<Button onClick={onClick}>Send</Button>);
    const button = screen.getByRole("button", { name: "Send" });
    expect(button.tagName).toBe("BUTTON");
    expect(button).toHaveAttribute("data-slot", "button");
    expect(button).toHaveClass("bg-primary", "text-primary-foreground", "h-11", "focus-visible:ring-2");
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it("renders its child instead of a <button> with asChild", () => {
    render(
      <Button asChild variant="outline" className="w-full">
        <Link href="/referrals">My referrals</Link>
      </Button>,
    );
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
    const link = screen.getByRole("link", { name: "My referrals" });
    expect(link.tagName).toBe("A");
    expect(link).toHaveAttribute("href", "/referrals");
    expect(link).toHaveAttribute("data-slot", "button");
    expect(link).toHaveClass("border-input", "w-full", "inline-flex");
    expect(link).not.toHaveClass("bg-primary");
  });

  it("gives each variant different classes", () => {
    const variants = ["default", "destructive", "outline", "secondary", "ghost", "link"] as const;
    const classes = variants.map((variant) => buttonVariants({ variant }));
    expect(new Set(classes).size).toBe(variants.length);
    expect(buttonVariants({ variant: "destructive" })).toContain("bg-destructive");
  });

  it("keeps every size at least 40px high (h-10 = 40px and up)", () => {
    for (const size of ["default", "sm", "lg", "icon"] as const) {
      // whole-class match only (skips the "[&_svg...]:size-4" icon rule)
      const match = buttonVariants({ size }).match(/(?:^|\s)(?:h|size)-(\d+)(?=\s|$)/);
      expect(match).not.toBeNull();
      expect(Number(match![1])).toBeGreaterThanOrEqual(10);
    }
  });

  it("is disabled and not clickable when disabled", () => {
    const onClick = jest.fn();
    render(
      <Button disabled onClick={onClick}>
        Wait
      </Button>,
    );
    const button = screen.getByRole("button", { name: "Wait" });
    expect(button).toBeDisabled();
    fireEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });
});
