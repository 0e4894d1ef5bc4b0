import "@testing-library/jest-dom";
import { useState } from "react";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { FileDropZone, toChosenFiles, type ChosenFile } from "@/components/patient/file-drop-zone";
import { compressPhoto } from "@/client/compress-photo";
import en from "@/messages/en.json";

// The browser's codecs are not in jsdom: the encoding itself is tested in Chromium
// (tests/integration/photo-compression.test.ts); here, what the form does with its result.
jest.mock("@/client/compress-photo", () => ({ ...jest.requireActual("@/client/compress-photo"), compressPhoto: jest.fn() }));
const compress = compressPhoto as jest.MockedFunction<typeof compressPhoto>;

const MB = 1024 * 1024;
const photo = (name: string, bytes: number, type = "image/jpeg") => new File([new Uint8Array(bytes)], name, { type });

/** The form's side: the files it would send, shown so the test can read them. */
function Form({ replace = true }: { replace?: boolean }) {
  const [files, setFiles] = useState<ChosenFile[]>([]);
  return (
    <>
      <FileDropZone
        files={files}
        onAdd={(added) => setFiles((current) => [...current, ...toChosenFiles(added)])}
        onRemove={(id) => setFiles((current) => current.filter((chosen) => chosen.id !== id))}
        onReplace={replace ? (id, file) => setFiles((current) => current.map((chosen) => (chosen.id === id ? { ...chosen, file } : chosen))) : undefined}
        hint="JPG, PNG, PDF"
      />
      <div data-testid="to-send">{files.map(({ file }) => `${file.name}:${file.size}`).join(",")}</div>
    </>
  );
}

async function add(files: File[]) {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
  await act(async () => {
    fireEvent.change(input, { target: { files } });
  });
}

const show = (ui: React.ReactNode) =>
  render(
    <NextIntlClientProvider locale="en" timeZone="UTC" messages={en}>
      {ui}
    </NextIntlClientProvider>,
  );

beforeEach(() => compress.mockReset());

test("a large photo is made lighter once added: the saving is shown, the lighter file is sent, and 'Send the original' switches back and forth", async () => {
  let finish: (value: Awaited<ReturnType<typeof compressPhoto>>) => void = () => {};
  compress.mockImplementation(() => new Promise((resolve) => (finish = resolve)));
  show(<Form />);
  const original = photo("IMG_0042.jpg", 4 * MB);
  await add([original]);
  expect(await screen.findByRole("status")).toHaveTextContent("Making the photo lighter…");
  expect(compress).toHaveBeenCalledWith(original);

  const lighter = photo("IMG_0042.jpg", 1 * MB);
  await act(async () => finish({ file: lighter, originalSize: 4 * MB, compressedSize: 1 * MB }));
  expect(screen.getByTestId("photo-saving")).toHaveTextContent("Saved 3.0 MB (75%)");
  expect(screen.getByTestId("to-send")).toHaveTextContent(`IMG_0042.jpg:${1 * MB}`);
  expect(screen.getByRole("list", { name: en.uploads.selectedFiles })).toHaveTextContent("1.00 MB");

  const choice = screen.getByRole("checkbox", { name: "Send the original (IMG_0042.jpg)" });
  expect(choice).not.toBeChecked();
  fireEvent.click(choice);
  await waitFor(() => expect(screen.getByTestId("to-send")).toHaveTextContent(`IMG_0042.jpg:${4 * MB}`));
  expect(screen.getByTestId("photo-saving")).toHaveTextContent("The original photo will be sent (4.0 MB).");
  expect(choice).toBeChecked();

  fireEvent.click(choice);
  await waitFor(() => expect(screen.getByTestId("to-send")).toHaveTextContent(`IMG_0042.jpg:${1 * MB}`));
  expect(screen.getByTestId("photo-saving")).toHaveTextContent("Saved 3.0 MB (75%)");
});

test("documents and small photos are not touched; a photo that could not be made smaller is sent as it is, without a choice", async () => {
  compress.mockImplementation(async (file) => ({ file, originalSize: file.size, compressedSize: file.size }));
  show(<Form />);
  const heic = photo("IMG_0001.HEIC", 3 * MB, "image/heic");
  await add([new File([new Uint8Array(4 * MB)], "report.pdf", { type: "application/pdf" }), photo("small.jpg", 500 * 1024), heic]);
  await waitFor(() => expect(compress).toHaveBeenCalledTimes(1));
  expect(compress).toHaveBeenCalledWith(heic);
  await waitFor(() => expect(screen.queryByRole("status")).not.toBeInTheDocument());
  expect(screen.queryByRole("checkbox")).not.toBeInTheDocument();
  expect(screen.getByTestId("to-send")).toHaveTextContent(`report.pdf:${4 * MB},small.jpg:${500 * 1024},IMG_0001.HEIC:${3 * MB}`);
});

test("a form that cannot swap files (no onReplace) sends photos as they are", async () => {
  show(<Form replace={false} />);
  await add([photo("IMG_0042.jpg", 4 * MB)]);
  expect(compress).not.toHaveBeenCalled();
  expect(screen.queryByRole("status")).not.toBeInTheDocument();
});
