import { act, fireEvent, render, screen } from "@testing-library/react";

import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";

function LabelledCheckbox(props: React.ComponentProps<typeof Checkbox>) {
  return (
    <div>
      <Checkbox id="consent" {...props} />
      <Label htmlFor="consent">I agree to share my records</Label>
    </div>
  );
}

describe("<Checkbox />", () => {
  it("is a checkbox named by its label, unchecked by default", () => {
    render(<LabelledCheckbox />);
    expect(screen.getByRole("checkbox", { name: "I agree to share my records" })).not.toBeChecked();
  });

  it("toggles on click and reports the state through onCheckedChange", () => {
    const onCheckedChange = jest.fn();
    render(<LabelledCheckbox onCheckedChange={onCheckedChange} />);
    const box = screen.getByRole("checkbox");

    fireEvent.click(box);
    expect(onCheckedChange).toHaveBeenLastCalledWith(true);
    expect(box).toBeChecked();

    fireEvent.click(box);
    expect(onCheckedChange).toHaveBeenLastCalledWith(false);
    expect(box).not.toBeChecked();
    expect(onCheckedChange).toHaveBeenCalledTimes(2);
  });

  it("toggles when its label is clicked", () => {
    const onCheckedChange = jest.fn();
    render(<LabelledCheckbox onCheckedChange={onCheckedChange} />);
    fireEvent.click(screen.getByText("I agree to share my records"));
    expect(onCheckedChange).toHaveBeenCalledWith(true);
    expect(screen.getByRole("checkbox")).toBeChecked();
  });

  it("does not toggle on Enter (a checkbox toggles with Space, which the browser turns into a click)", () => {
    render(<LabelledCheckbox />);
    const box = screen.getByRole("checkbox");
    box.focus();
    fireEvent.keyDown(box, { key: "Enter" });
    expect(box).not.toBeChecked();
  });

  it("does not toggle when disabled", () => {
    const onCheckedChange = jest.fn();
    render(<LabelledCheckbox disabled onCheckedChange={onCheckedChange} />);
    // click(), as a browser clicks: jsdom, unlike browsers, lets a dispatched click event toggle a disabled box.
    act(() => screen.getByRole("checkbox").click());
    fireEvent.click(screen.getByText("I agree to share my records"));
    expect(onCheckedChange).not.toHaveBeenCalled();
    expect(screen.getByRole("checkbox")).toBeDisabled();
    expect(screen.getByRole("checkbox")).not.toBeChecked();
  });
});
