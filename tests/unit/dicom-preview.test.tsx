import { render, screen, within } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { NextIntlClientProvider } from "next-intl";
import { FilePreviewDialog } from "@/components/admin/file-preview-dialog";
import { dicomMetadataSchema } from "@/lib/contracts/files";
import en from "@/messages/en.json";
import { jsonAnswer } from "./json-answer";

const file = {
  id: "7d4c1f3e-0000-4000-8000-000000000001",
  originalName: "brain.dcm",
  size: 8732,
  mimeType: "application/dicom",
  createdAt: "2026-01-01T00:00:00Z",
};
const metadata = dicomMetadataSchema.parse({
  fileId: file.id,
  name: "brain.dcm",
  patientName: "John Doe",
  patientId: "AFY-12345",
  modality: "MR",
  studyDate: "2024-03-15",
  studyDescription: "Brain MRI",
  bodyPartExamined: "HEAD",
  seriesDescription: null,
  institutionName: "Lagos University Teaching Hospital",
  rows: 64,
  columns: 64,
  frames: 1,
  photometricInterpretation: "MONOCHROME2",
  transferSyntax: { uid: "1.2.840.10008.1.2.1", name: "Explicit VR Little Endian" },
  preview: { renderable: true },
});

function show(answer: { status: number; body: unknown }) {
  global.fetch = jest.fn(() => jsonAnswer(answer.body, answer.status)) as unknown as typeof fetch;
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <NextIntlClientProvider locale="en" timeZone="UTC" messages={{ admin: en.admin, common: en.common, dicom: en.dicom, imagingViewer: en.imagingViewer }}>
        <FilePreviewDialog file={file} onClose={() => {}} />
      </NextIntlClientProvider>
    </QueryClientProvider>,
  );
  return screen.getByRole("dialog");
}

describe("DICOM in the admin preview dialog", () => {
  test("key metadata, the other details and the image in the viewer's component", async () => {
    const dialog = show({ status: 200, body: metadata });
    const key = await within(dialog).findByLabelText("Key details");
    expect(key).toHaveTextContent("Patient name");
    expect(key).toHaveTextContent("John Doe");
    expect(key).toHaveTextContent("Modality");
    expect(key).toHaveTextContent("MR");
    expect(key).toHaveTextContent("Study date");
    expect(key).toHaveTextContent("Mar 15, 2024");
    expect(key).toHaveTextContent("Body part");
    expect(key).toHaveTextContent("HEAD");
    expect(within(dialog).getByRole("row", { name: /Series description/ })).toHaveTextContent("Not recorded");
    expect(within(dialog).getByRole("row", { name: /Image size/ })).toHaveTextContent("64 × 64 px");
    expect(within(dialog).getByRole("row", { name: /Transfer syntax/ })).toHaveTextContent("Explicit VR Little Endian (1.2.840.10008.1.2.1)");
    // Cornerstone draws it in the browser (tests/e2e/dicom-audit.spec.ts); here, the component and its toolbar.
    expect(within(dialog).getByRole("img", { name: "DICOM image: brain.dcm" })).toBeInTheDocument();
    expect(within(dialog).getByRole("toolbar", { name: "Viewer tools" })).toBeInTheDocument();
    expect(global.fetch).toHaveBeenCalledWith(`/api/files/${file.id}/dicom`, expect.objectContaining({ method: "GET" }));
    expect(within(dialog).getByRole("link", { name: "Download File" })).toHaveAttribute("href", `/api/files/${file.id}`);
  });

  test("a compressed image is shown by the viewer's component too; a file without pixel data says why there is no image", async () => {
    const dialog = show({
      status: 200,
      body: {
        ...metadata,
        transferSyntax: { uid: "1.2.840.10008.1.2.4.50", name: "JPEG Baseline (Process 1)" },
        preview: { renderable: false, reason: "compressed" },
      },
    });
    expect(await within(dialog).findByRole("img", { name: "DICOM image: brain.dcm" })).toBeInTheDocument();
    expect(within(dialog).getByText("John Doe")).toBeVisible();
    expect(within(dialog).queryByText("Preview not available for this file type")).toBeNull();
  });

  test("an unreadable file says so", async () => {
    const dialog = show({ status: 400, body: { error: "This file could not be read as DICOM.", code: "dicom_unreadable" } });
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("This file could not be read as DICOM.");
  });

  test("a failure to load is not called unreadable", async () => {
    const dialog = show({ status: 503, body: { error: "The service is unavailable.", code: "unavailable" } });
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(en.dicom.loadFailed);
  });
});
