import { act, fireEvent, render, screen } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { FileName, splitFileName } from "@/components/files/file-name";
import { FileRow } from "@/components/uploads/file-row";

const whatsapp = "WhatsApp Image 2025-11-25 at 14.30.12.jpeg";
const long = `${"scan-of-the-discharge-summary-from-lagos-university-teaching-hospital-".repeat(2).slice(0, 116)}.pdf`;

describe("FileName", () => {
  test("the visible end keeps the extension and the last characters before it; the head holds the rest", () => {
    const { container } = render(<FileName name={whatsapp} />);
    const tail = container.querySelector("[data-file-name-tail]")!;
    expect(tail.textContent).toBe("4.30.12.jpeg");
    expect(tail.previousElementSibling!.textContent! + tail.textContent).toBe(whatsapp);
  });

  test("a 120-character name is in the page once, whole (for screen readers and text search), and in the tooltip", () => {
    expect(long).toHaveLength(120);
    render(<FileName name={long} testId="name" />);
    const name = screen.getByTestId("name");
    expect(name).toHaveAttribute("title", long);
    expect(name.textContent).toBe(long);
    expect(name.querySelector("[aria-hidden]")).toBeNull();
    expect(name.querySelector("[data-file-name-tail]")!.textContent).toMatch(/\.pdf$/);
  });

  test("the tail is the last 12 characters, a short name is all tail, and no character is cut in half", () => {
    expect(splitFileName("discharge-summary.markdown")).toEqual({ head: "discharge-summ", tail: "ary.markdown" });
    expect(splitFileName("scan.pdf")).toEqual({ head: "", tail: "scan.pdf" });
    const emoji = splitFileName("🩻🩻🩻🩻🩻🩻🩻🩻🩻🩻🩻🩻🩻.png");
    expect(emoji.head + emoji.tail).toBe("🩻🩻🩻🩻🩻🩻🩻🩻🩻🩻🩻🩻🩻.png");
    expect(Array.from(emoji.tail)).toHaveLength(12);
  });
});

describe("FileRow", () => {
  let made: string[];
  let revoked: string[];
  beforeEach(() => {
    made = [];
    revoked = [];
    let next = 0;
    URL.createObjectURL = jest.fn(() => {
      const url = `blob:http://localhost/${next++}`;
      made.push(url);
      return url;
    });
    URL.revokeObjectURL = jest.fn((url: string) => void revoked.push(url));
  });

  const show = (file: File) =>
    render(
      <NextIntlClientProvider locale="en" timeZone="UTC" messages={{}}>
        <FileRow file={file} />
      </NextIntlClientProvider>,
    );

  test("a JPEG shows a thumbnail from an object URL, revoked when the row goes", () => {
    const view = show(new File([new Uint8Array(820 * 1024)], whatsapp, { type: "image/jpeg" }));
    const thumbnail = view.container.querySelector("img")!;
    expect(made).toHaveLength(1);
    expect(thumbnail).toHaveAttribute("src", made[0]);
    expect(view.container).toHaveTextContent("820 kB");
    expect(revoked).toEqual([]);
    view.unmount();
    expect(revoked).toEqual(made);
  });

  test("an image the browser cannot decode falls back to the icon, and its URL is revoked", () => {
    const view = show(new File(["not really a png"], "photo.png", { type: "image/png" }));
    act(() => void fireEvent.error(view.container.querySelector("img")!));
    expect(view.container.querySelector("img")).toBeNull();
    expect(revoked).toEqual(made);
  });

  test("HEIC, PDF and a nameless-type WebP: only the browser-drawable image gets a thumbnail", () => {
    expect(show(new File(["x"], "IMG_0042.HEIC", { type: "image/heic" })).container.querySelector("img")).toBeNull();
    expect(show(new File(["%PDF"], "lab.pdf", { type: "application/pdf" })).container.querySelector("img")).toBeNull();
    expect(show(new File(["x"], "camera.webp", { type: "" })).container.querySelector("img")).not.toBeNull();
    expect(made).toHaveLength(1);
  });
});
