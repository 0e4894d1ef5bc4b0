import "@testing-library/jest-dom";
import { fireEvent, render, screen, within } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { FilePreviewDialog } from "@/components/admin/file-preview-dialog";
import en from "@/messages/en.json";

const image = {
  id: "7d4c1f3e-0000-4000-8000-000000000002",
  originalName: "chest-xray.png",
  size: 20480,
  mimeType: "image/png",
  createdAt: "2026-01-01T00:00:00Z",
};

function show(file: typeof image) {
  render(
    <NextIntlClientProvider locale="en" timeZone="UTC" messages={{ admin: en.admin, common: en.common, dicom: en.dicom }}>
      <FilePreviewDialog file={file} onClose={() => {}} />
    </NextIntlClientProvider>,
  );
  return screen.getByRole("dialog");
}

describe("an image in the admin preview dialog", () => {
  test("shows inline through the audited file route, with size, type and 'Download File'", () => {
    const dialog = show(image);
    expect(within(dialog).getByRole("img", { name: "chest-xray.png" })).toHaveAttribute("src", `/api/files/${image.id}?disposition=inline`);
    expect(dialog).toHaveTextContent("20 kB");
    expect(dialog).toHaveTextContent("image/png");
    expect(within(dialog).getByRole("link", { name: "Download File" })).toHaveAttribute("href", `/api/files/${image.id}`);
    expect(within(dialog).queryByText("Image not available")).not.toBeInTheDocument();
  });

  test("the 'Image not available' placeholder when the image fails to load; the download stays", () => {
    const dialog = show(image);
    fireEvent.error(within(dialog).getByRole("img", { name: "chest-xray.png" }));
    expect(within(dialog).getByText("Image not available")).toBeVisible();
    expect(within(dialog).queryByRole("img", { name: "chest-xray.png" })).not.toBeInTheDocument();
    expect(within(dialog).getByRole("link", { name: "Download File" })).toBeVisible();
  });
});

describe("a HEIC photo (iPhone) in the admin preview dialog", () => {
  test("shows as the server's JPEG conversion; the download stays the original", () => {
    const photo = { ...image, originalName: "IMG_0001.HEIC", mimeType: "image/heic" };
    const dialog = show(photo);
    expect(within(dialog).getByRole("img", { name: "IMG_0001.HEIC" })).toHaveAttribute("src", `/api/files/${image.id}/heic-preview`);
    expect(within(dialog).getByRole("link", { name: "Download File" })).toHaveAttribute("href", `/api/files/${image.id}`);
  });
});
