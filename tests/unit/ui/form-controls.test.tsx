import { fireEvent, render, screen } from "@testing-library/react";

import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect, NativeSelectOptGroup, NativeSelectOption } from "@/components/ui/native-select";
import {
  Select,
  SelectContent,
  SelectGroup,
  SelectItem,
  SelectLabel,
  SelectTrigger,
  SelectValue,
} from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";

beforeAll(() => {
  // jsdom gaps used by Radix Select when it opens.
  Element.prototype.scrollIntoView ??= () => {};
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => {};
});

describe("<Input /> and <Label />", () => {
  it("associates the label and forwards props", () => {
    const onChange = jest.fn();
    render(
      <>
        <Label htmlFor="phone">Phone number</Label>
        <Input id="phone" type="tel" aria-invalid onChange={onChange} />
      </>,
    );
    const input = screen.getByLabelText("Phone number");
    expect(input).toHaveAttribute("type", "tel");
    expect(input).toHaveAttribute("data-slot", "input");
    expect(input).toHaveAttribute("aria-invalid", "true");
    // 16px text avoids iOS zoom; 44px height touch target; visible focus ring
    expect(input).toHaveClass("text-base", "h-11", "focus-visible:ring-2");
    fireEvent.change(input, { target: { value: "+254700000000" } });
    expect(onChange).toHaveBeenCalled();
    expect(screen.getByText("Phone number")).toHaveAttribute("data-slot", "label");
  });
});

describe("<Textarea />", () => {
  it("is labelled and accepts text", () => {
    render(
      <>
        <Label htmlFor="symptoms">Symptoms</Label>
        <Textarea id="symptoms" defaultValue="Fever" />
      </>,
    );
    const textarea = screen.getByLabelText("Symptoms");
    expect(textarea.tagName).toBe("TEXTAREA");
    expect(textarea).toHaveValue("Fever");
    expect(textarea).toHaveAttribute("data-slot", "textarea");
  });
});

describe("<NativeSelect />", () => {
  it("renders a labelled native <select> with a decorative chevron at the inline end", () => {
    const onChange = jest.fn();
    const { container } = render(
      <>
        <Label htmlFor="county">County</Label>
        <NativeSelect id="county" defaultValue="" onChange={onChange} wrapperClassName="max-w-xs">
          <NativeSelectOption value="" disabled>
            Choose…
          </NativeSelectOption>
          <NativeSelectOptGroup label="Coast">
            <NativeSelectOption value="mombasa">Mombasa</NativeSelectOption>
          </NativeSelectOptGroup>
          <NativeSelectOption value="nairobi">Nairobi</NativeSelectOption>
        </NativeSelect>
      </>,
    );
    const select = screen.getByRole("combobox", { name: "County" });
    expect(select.tagName).toBe("SELECT");
    expect(select).toHaveClass("ps-3", "pe-10", "appearance-none");
    fireEvent.change(select, { target: { value: "nairobi" } });
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(select).toHaveValue("nairobi");

    const icon = container.querySelector('[data-slot="native-select-icon"]');
    expect(icon).toHaveAttribute("aria-hidden", "true");
    expect(icon).toHaveClass("end-3");
    expect(container.querySelector('[data-slot="native-select-wrapper"]')).toHaveClass("max-w-xs");
  });
});

describe("<Select /> (Radix)", () => {
  function Example({ onValueChange }: { onValueChange?: (value: string) => void }) {
    return (
      <Select onValueChange={onValueChange}>
        <SelectTrigger aria-label="Urgency">
          <SelectValue placeholder="Pick urgency" />
        </SelectTrigger>
        <SelectContent>
          <SelectGroup>
            <SelectLabel>Urgency</SelectLabel>
            <SelectItem value="routine">Routine</SelectItem>
            <SelectItem value="urgent">Urgent</SelectItem>
          </SelectGroup>
        </SelectContent>
      </Select>
    );
  }

  it("renders an accessible trigger with the placeholder", () => {
    render(<Example />);
    const trigger = screen.getByRole("combobox", { name: "Urgency" });
    expect(trigger).toHaveAttribute("aria-expanded", "false");
    expect(trigger).toHaveTextContent("Pick urgency");
    expect(trigger).toHaveAttribute("data-slot", "select-trigger");
  });

  it("opens from the keyboard and selects an option", () => {
    const onValueChange = jest.fn();
    render(<Example onValueChange={onValueChange} />);
    const trigger = screen.getByRole("combobox", { name: "Urgency" });
    fireEvent.keyDown(trigger, { key: "Enter" });
    expect(screen.getByRole("listbox")).toBeInTheDocument();
    const option = screen.getByRole("option", { name: "Urgent" });
    expect(option).toHaveClass("pe-8", "ps-2");
    fireEvent.click(option);
    expect(onValueChange).toHaveBeenCalledWith("urgent");
    expect(trigger).toHaveTextContent("Urgent");
  });
});
