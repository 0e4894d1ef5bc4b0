import { fireEvent, render, screen } from "@testing-library/react";

import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from "@/components/ui/accordion";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";

describe("<Tabs />", () => {
  it("switches panels and marks the active tab", () => {
    render(
      <Tabs defaultValue="active">
        <TabsList aria-label="Referrals">
          <TabsTrigger value="active">Active</TabsTrigger>
          <TabsTrigger value="past">Past</TabsTrigger>
        </TabsList>
        <TabsContent value="active">Active referrals</TabsContent>
        <TabsContent value="past">Past referrals</TabsContent>
      </Tabs>,
    );
    expect(screen.getByRole("tablist", { name: "Referrals" })).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "Active" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("tabpanel")).toHaveTextContent("Active referrals");

    // Radix activates tabs on mousedown
    fireEvent.mouseDown(screen.getByRole("tab", { name: "Past" }), { button: 0 });
    expect(screen.getByRole("tab", { name: "Past" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("tabpanel")).toHaveTextContent("Past referrals");
  });
});

describe("<Accordion />", () => {
  it("expands and collapses an item", () => {
    render(
      <Accordion type="single" collapsible>
        <AccordionItem value="q1">
          <AccordionTrigger>What is a referral?</AccordionTrigger>
          <AccordionContent>A letter from your clinic.</AccordionContent>
        </AccordionItem>
      </Accordion>,
    );
    const trigger = screen.getByRole("button", { name: "What is a referral?" });
    expect(trigger).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByText("A letter from your clinic.")).not.toBeInTheDocument();
    fireEvent.click(trigger);
    expect(trigger).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByRole("region", { name: "What is a referral?" })).toHaveTextContent("A letter from your clinic.");
    fireEvent.click(trigger);
    expect(trigger).toHaveAttribute("aria-expanded", "false");
  });
});

describe("<Alert />", () => {
  it("is announced with role alert and supports the destructive variant", () => {
    render(
      <Alert variant="destructive">
        <AlertTitle>Upload failed</AlertTitle>
        <AlertDescription>Check your connection.</AlertDescription>
      </Alert>,
    );
    const alert = screen.getByRole("alert");
    expect(alert).toHaveTextContent("Upload failed");
    expect(alert).toHaveTextContent("Check your connection.");
    expect(alert).toHaveClass("text-destructive");
    expect(alert).toHaveAttribute("data-variant", "destructive");
  });

  it("can be made polite with role status", () => {
    render(<Alert role="status">Saved offline</Alert>);
    expect(screen.getByRole("status")).toHaveClass("bg-card");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });
});

describe("<Card />", () => {
  it("renders all its parts with data-slot attributes", () => {
    const { container } = render(
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>Kenyatta Hospital</h2>
          </CardTitle>
          <CardDescription>Nairobi</CardDescription>
        </CardHeader>
        <CardContent>Body</CardContent>
        <CardFooter>Footer</CardFooter>
      </Card>,
    );
    expect(screen.getByRole("heading", { level: 2, name: "Kenyatta Hospital" })).toHaveAttribute("data-slot", "card-title");
    for (const slot of ["card", "card-header", "card-description", "card-content", "card-footer"]) {
      expect(container.querySelector(`[data-slot="${slot}"]`)).toBeInTheDocument();
    }
  });
});

describe("<Skeleton />", () => {
  it("is decorative and pulses unless the user prefers reduced motion", () => {
    const { container } = render(<Skeleton className="h-4 w-32" />);
    const skeleton = container.firstElementChild;
    expect(skeleton).toHaveAttribute("aria-hidden", "true");
    expect(skeleton).toHaveClass("animate-pulse", "motion-reduce:animate-none", "h-4", "w-32");
  });
});
