import { fireEvent, render, screen } from "@testing-library/react";

import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect, NativeSelectOption } from "@/components/ui/native-select";
import { Textarea } from "@/components/ui/textarea";

describe("<Input /> and <Label />", () => {
  it("is named by its label, takes what is typed and reports itself invalid when told", () => {
    const onChange = jest.fn();
    render(
      <>
        <Label htmlFor="phone">Phone number</Label>
        <Input id="phone" type="tel" aria-invalid onChange={onChange} />
      </>,
    );
    const input = screen.getByRole("textbox", { name: "Phone number" });
    expect(input).toHaveAttribute("type", "tel");
    expect(input).toBeInvalid();
    fireEvent.change(input, { target: { value: "+254700000000" } });
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(input).toHaveValue("+254700000000");
  });
});

describe("<Textarea />", () => {
  it("is a text box named by its label that keeps line breaks", () => {
    render(
      <>
        <Label htmlFor="symptoms">Symptoms</Label>
        <Textarea id="symptoms" defaultValue="Fever" />
      </>,
    );
    const textarea = screen.getByRole("textbox", { name: "Symptoms" });
    fireEvent.change(textarea, { target: { value: "Fever\nCough" } });
    expect(textarea).toHaveValue("Fever\nCough");
  });
});

describe("<NativeSelect />", () => {
  it("is a labelled native select whose chosen option is its value", () => {
    const onChange = jest.fn();
    render(
      <>
        <Label htmlFor="county">County</Label>
        <NativeSelect id="county" defaultValue="" onChange={onChange}>
          <NativeSelectOption value="" disabled>
            Choose…
          </NativeSelectOption>
          <NativeSelectOption value="mombasa">Mombasa</NativeSelectOption>
          <NativeSelectOption value="nairobi">Nairobi</NativeSelectOption>
        </NativeSelect>
      </>,
    );
    const select = screen.getByRole("combobox", { name: "County" });
    expect(screen.getByRole("option", { name: "Choose…" })).toBeDisabled();
    fireEvent.change(select, { target: { value: "nairobi" } });
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(select).toHaveValue("nairobi");
    expect(screen.getByRole<HTMLOptionElement>("option", { name: "Nairobi" }).selected).toBe(true);
  });

  it("lists every chosen option when multiple", () => {
    render(
      <NativeSelect aria-label="Countries" multiple defaultValue={["Turkey", "India"]}>
        <NativeSelectOption value="Turkey">Turkey</NativeSelectOption>
        <NativeSelectOption value="India">India</NativeSelectOption>
        <NativeSelectOption value="Kenya">Kenya</NativeSelectOption>
      </NativeSelect>,
    );
    expect(screen.getByRole("listbox", { name: "Countries" })).toHaveValue(["Turkey", "India"]);
  });
});
