import { render, screen } from "@testing-library/react";
import Link from "next/link";

import { Badge, badgeVariants, type BadgeVariant } from "@/components/ui/badge";

const colourVariants = ["blue", "yellow", "green", "red", "grey", "purple", "orange"] as const satisfies readonly BadgeVariant[];
const allVariants = ["default", "secondary", "destructive", "outline", ...colourVariants] as const satisfies readonly BadgeVariant[];

describe("<Badge />", () => {
  it("renders a span with data-slot and the default variant", () => {
    render(<Badge>New</Badge>);
    const badge = screen.getByText("New");
    expect(badge.tagName).toBe("SPAN");
    expect(badge).toHaveAttribute("data-slot", "badge");
    expect(badge).toHaveClass("bg-primary");
  });

  it("gives every variant distinct classes", () => {
    const classes = allVariants.map((variant) => badgeVariants({ variant }));
    expect(new Set(classes).size).toBe(allVariants.length);
  });

  it.each(colourVariants)("the %s variant uses its own colour", (variant) => {
    const colour = variant === "grey" ? "gray" : variant;
    render(<Badge variant={variant}>{variant}</Badge>);
    const badge = screen.getByText(variant);
    expect(badge).toHaveClass(`bg-${colour}-100`, `text-${colour}-800`);
    expect(badge).toHaveAttribute("data-variant", variant);
    // no other colour variant's background leaks in
    for (const other of colourVariants.filter((v) => v !== variant)) {
      expect(badge).not.toHaveClass(`bg-${other === "grey" ? "gray" : other}-100`);
    }
  });

  it("lets className override the variant classes", () => {
    render(
      <Badge variant="blue" className="bg-blue-200">
        Override
      </Badge>,
    );
    const badge = screen.getByText("Override");
    expect(badge).toHaveClass("bg-blue-200");
    expect(badge).not.toHaveClass("bg-blue-100");
  });

  it("supports asChild", () => {
    render(
      <Badge asChild variant="green">
        <Link href="/status">Accepted</Link>
      </Badge>,
    );
    expect(screen.getByRole("link", { name: "Accepted" })).toHaveClass("bg-green-100");
  });
});
