import { fireEvent, render, screen } from "@testing-library/react";

import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";

function LabelledCheckbox(props: React.ComponentProps<typeof Checkbox>) {
  return (
    <div className="flex items-center gap-2">
      <Checkbox id="consent" {...props} />
      <Label htmlFor="consent">I agree to share my records</Label>
    </div>
  );
}

describe("<Checkbox />", () => {
  it("is a checkbox named by its label, unchecked by default", () => {
    render(<LabelledCheckbox />);
    const box = screen.getByRole("checkbox", { name: "I agree to share my records" });
    expect(box).toHaveAttribute("aria-checked", "false");
    expect(box).toHaveAttribute("data-slot", "checkbox");
    expect(box).not.toBeChecked();
  });

  it("toggles on click and reports the state through onCheckedChange", () => {
    const onCheckedChange = jest.fn();
    render(<LabelledCheckbox onCheckedChange={onCheckedChange} />);
    const box = screen.getByRole("checkbox");

    fireEvent.click(box);
    expect(onCheckedChange).toHaveBeenLastCalledWith(true);
    expect(box).toBeChecked();
    expect(box).toHaveAttribute("data-state", "checked");

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

  it("shows the check icon only when checked", () => {
    const { container } = render(<Checkbox aria-label="c" />);
    expect(container.querySelector('[data-slot="checkbox-indicator"]')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole("checkbox"));
    expect(container.querySelector('[data-slot="checkbox-indicator"] svg')).toBeInTheDocument();
  });

  it("does not toggle when disabled", () => {
    const onCheckedChange = jest.fn();
    render(<LabelledCheckbox disabled onCheckedChange={onCheckedChange} />);
    fireEvent.click(screen.getByRole("checkbox"));
    expect(onCheckedChange).not.toHaveBeenCalled();
    expect(screen.getByRole("checkbox")).toBeDisabled();
  });

  it("has a 40px touch target around the 20px box and a visible focus ring", () => {
    render(<Checkbox aria-label="c" />);
    expect(screen.getByRole("checkbox")).toHaveClass("size-5", "after:-inset-2.5", "focus-visible:ring-2");
  });
});
