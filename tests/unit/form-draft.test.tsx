import { act, fireEvent, render, screen } from "@testing-library/react";
import { useForm } from "react-hook-form";
import { useFormDraft } from "@/client/form-draft";

interface Fields {
  name: string;
  condition: string;
  countries: string[];
  consent: boolean;
  consentDate: string;
  files?: FileList;
}

const KEY = "afya:draft:test";

function DraftForm() {
  const form = useForm<Fields>({ defaultValues: { name: "", condition: "", countries: [], consent: false, consentDate: "2026-11-26" } });
  const draft = useFormDraft("test", form, { exclude: ["consentDate"] });
  return (
    <form>
      <label>
        Name <input {...form.register("name")} />
      </label>
      <label>
        Condition <input {...form.register("condition")} />
      </label>
      <label>
        Country
        <select {...form.register("countries", { setValueAs: (value: string | string[]) => (Array.isArray(value) ? value : value ? [value] : []) })}>
          <option value="">-</option>
          <option value="Turkey">Turkey</option>
        </select>
      </label>
      <label>
        Consent <input type="checkbox" {...form.register("consent")} />
      </label>
      <label>
        Consent date <input {...form.register("consentDate")} />
      </label>
      <label>
        Files <input type="file" {...form.register("files")} />
      </label>
      {/* What the records form does once the server has the case. */}
      <button type="button" onClick={draft.clear}>
        Sent
      </button>
    </form>
  );
}

const stored = () => JSON.parse(window.localStorage.getItem(KEY) ?? "null") as { savedAt: number; values: Record<string, unknown> } | null;
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

beforeEach(() => {
  jest.useFakeTimers();
  window.localStorage.clear();
});
afterEach(() => jest.useRealTimers());

test("typing is saved a moment later, text fields only: not the consent, its date or the files", () => {
  render(<DraftForm />);
  type("Name", "Amina Bello");
  fireEvent.click(screen.getByLabelText("Consent"));
  fireEvent.change(screen.getByLabelText("Files"), { target: { files: [new File(["%PDF"], "echo.pdf")] } });
  expect(stored()).toBeNull();
  act(() => void jest.advanceTimersByTime(1000));
  expect(stored()!.values).toEqual({ name: "Amina Bello", condition: "", countries: [] });
  expect(window.localStorage.getItem(KEY)).not.toMatch(/consent|echo\.pdf|2026-11-26/);
});

test("after a reload the saved values are back", () => {
  const first = render(<DraftForm />);
  type("Name", "Amina Bello");
  type("Condition", "Coronary artery disease");
  fireEvent.change(screen.getByLabelText("Country"), { target: { value: "Turkey" } });
  act(() => void jest.advanceTimersByTime(1000));
  first.unmount();

  render(<DraftForm />);
  expect(screen.getByLabelText("Name")).toHaveValue("Amina Bello");
  expect(screen.getByLabelText("Condition")).toHaveValue("Coronary artery disease");
  expect(screen.getByLabelText("Country")).toHaveValue("Turkey");
  expect(screen.getByLabelText("Consent")).not.toBeChecked();
});

test("leaving the page before the delay still saves what was typed", () => {
  render(<DraftForm />);
  type("Name", "Musa");
  act(() => void window.dispatchEvent(new Event("pagehide")));
  expect(stored()!.values.name).toBe("Musa");
});

test("clear() after a successful submit drops the draft, and a new visit starts empty", () => {
  const first = render(<DraftForm />);
  type("Name", "Amina Bello");
  act(() => void jest.advanceTimersByTime(1000));
  expect(stored()).not.toBeNull();
  fireEvent.click(screen.getByRole("button", { name: "Sent" }));
  expect(stored()).toBeNull();
  first.unmount();
  render(<DraftForm />);
  expect(screen.getByLabelText("Name")).toHaveValue("");
});

test("a draft older than a day is not restored, and a form back to how it opened keeps none", () => {
  window.localStorage.setItem(KEY, JSON.stringify({ savedAt: Date.now() - 25 * 60 * 60 * 1000, values: { name: "Old" } }));
  render(<DraftForm />);
  expect(screen.getByLabelText("Name")).toHaveValue("");
  expect(stored()).toBeNull();
  type("Name", "x");
  act(() => void jest.advanceTimersByTime(1000));
  expect(stored()).not.toBeNull();
  type("Name", "");
  act(() => void jest.advanceTimersByTime(1000));
  expect(stored()).toBeNull();
});
