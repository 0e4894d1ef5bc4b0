import { fireEvent, render, screen, waitFor } from "@testing-library/react";

import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";

function Example({ closeLabel }: { closeLabel?: string }) {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button>Cancel referral</Button>
      </DialogTrigger>
      <DialogContent closeLabel={closeLabel}>
        <DialogHeader>
          <DialogTitle>Cancel this referral?</DialogTitle>
          <DialogDescription>The hospital will be told.</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="destructive">Yes, cancel</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

describe("<Dialog />", () => {
  it("is closed until the trigger is clicked", () => {
    render(<Example />);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Cancel referral" }));
    const dialog = screen.getByRole("dialog", { name: "Cancel this referral?" });
    expect(dialog).toHaveAccessibleDescription("The hospital will be told.");
    expect(dialog).toHaveAttribute("data-slot", "dialog-content");
  });

  it("has a close button labelled with closeLabel that closes the dialog", () => {
    render(<Example closeLabel="Funga" />);
    fireEvent.click(screen.getByRole("button", { name: "Cancel referral" }));
    const close = screen.getByRole("button", { name: "Funga" });
    expect(close).toHaveAttribute("aria-label", "Funga");
    expect(close.querySelector("svg")).toHaveAttribute("aria-hidden", "true");
    fireEvent.click(close);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("labels the close button 'Close' by default", () => {
    render(<Example />);
    fireEvent.click(screen.getByRole("button", { name: "Cancel referral" }));
    expect(screen.getByRole("button", { name: "Close" })).toBeInTheDocument();
  });

  it("moves focus into the dialog, closes on Escape and returns focus to the trigger", async () => {
    render(<Example />);
    const trigger = screen.getByRole("button", { name: "Cancel referral" });
    trigger.focus();
    fireEvent.click(trigger);
    const dialog = screen.getByRole("dialog");
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    fireEvent.keyDown(dialog, { key: "Escape" });
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    await waitFor(() => expect(trigger).toHaveFocus());
  });

  it("places the close button at the inline end (RTL-safe)", () => {
    render(<Example />);
    fireEvent.click(screen.getByRole("button", { name: "Cancel referral" }));
    expect(screen.getByRole("button", { name: "Close" })).toHaveClass("end-2", "size-10");
  });
});
