import { fireEvent, render, screen, waitFor } from "@testing-library/react";

import { Skeleton } from "@/components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";

describe("<Tabs />", () => {
  function Example() {
    return (
      <Tabs defaultValue="active">
        <TabsList aria-label="Referrals">
          <TabsTrigger value="active">Active</TabsTrigger>
          <TabsTrigger value="past">Past</TabsTrigger>
        </TabsList>
        <TabsContent value="active">Active referrals</TabsContent>
        <TabsContent value="past">Past referrals</TabsContent>
      </Tabs>
    );
  }

  it("shows the panel of the selected tab and switches on click", () => {
    render(<Example />);
    expect(screen.getByRole("tablist", { name: "Referrals" })).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "Active" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("tabpanel", { name: "Active" })).toHaveTextContent("Active referrals");

    // Radix activates tabs on mousedown
    fireEvent.mouseDown(screen.getByRole("tab", { name: "Past" }), { button: 0 });
    expect(screen.getByRole("tab", { name: "Past" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("tabpanel", { name: "Past" })).toHaveTextContent("Past referrals");
    expect(screen.queryByText("Active referrals")).not.toBeInTheDocument();
  });

  it("moves between tabs with the arrow keys, selecting the one it lands on", async () => {
    render(<Example />);
    const active = screen.getByRole("tab", { name: "Active" });
    active.focus();
    fireEvent.keyDown(active, { key: "ArrowRight" });
    const past = screen.getByRole("tab", { name: "Past" });
    await waitFor(() => expect(past).toHaveFocus());
    expect(past).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("tabpanel")).toHaveTextContent("Past referrals");
  });
});

describe("<Skeleton />", () => {
  it("is a decorative placeholder that assistive technology does not read", () => {
    render(<Skeleton>Loading</Skeleton>);
    expect(screen.getByText("Loading")).toHaveAttribute("aria-hidden", "true");
  });
});
