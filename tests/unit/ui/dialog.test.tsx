import { fireEvent, render, screen, waitFor } from "@testing-library/react";

import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";

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

function open() {
  const trigger = screen.getByRole("button", { name: "Cancel referral" });
  trigger.focus();
  fireEvent.click(trigger);
  return { trigger, dialog: screen.getByRole("dialog") };
}

describe("<Dialog />", () => {
  it("is closed until the trigger is clicked, then named by its title and described by its description", () => {
    render(<Example />);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    const { dialog } = open();
    expect(dialog).toHaveAccessibleName("Cancel this referral?");
    expect(dialog).toHaveAccessibleDescription("The hospital will be told.");
  });

  it("has a close button named closeLabel ('Close' by default) that closes the dialog", () => {
    const { unmount } = render(<Example />);
    open();
    expect(screen.getByRole("button", { name: "Close" })).toBeInTheDocument();
    unmount();

    render(<Example closeLabel="Funga" />);
    open();
    fireEvent.click(screen.getByRole("button", { name: "Funga" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("moves focus into the dialog, closes on Escape and returns focus to the trigger", async () => {
    render(<Example />);
    const { trigger, dialog } = open();
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    fireEvent.keyDown(dialog, { key: "Escape" });
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    await waitFor(() => expect(trigger).toHaveFocus());
  });

  it("hides the page behind it from assistive technology while open", () => {
    render(
      <>
        <main>Your referrals</main>
        <Example />
      </>,
    );
    expect(screen.getByRole("main")).toBeInTheDocument();
    open();
    expect(screen.queryByRole("main")).not.toBeInTheDocument();
    expect(screen.getByRole("main", { hidden: true })).toHaveTextContent("Your referrals");
  });
});
