import { fireEvent, render, screen } from "@testing-library/react";
import Link from "next/link";

import { Button } from "@/components/ui/button";

describe("<Button />", () => {
  it("is a button named by its text that runs its action when clicked", () => {
    const onClick = jest.fn();
    render(<Button onClick={onClick}>Send</Button>);
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it("with asChild is the link it wraps (no button inside), keeping the link's target", () => {
    render(
      <Button asChild variant="outline">
        <Link href="/referrals">My referrals</Link>
      </Button>,
    );
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "My referrals" })).toHaveAttribute("href", "/referrals");
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

  it("submits the form it is in unless told it is a plain button", () => {
    const onSubmit = jest.fn((event: React.FormEvent) => event.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <Button type="button">Add a file</Button>
        <Button>Submit</Button>
      </form>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Add a file" }));
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole("button", { name: "Submit" }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });
});
