import "@testing-library/jest-dom";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { FileDropZone } from "@/components/patient/file-drop-zone";
import { UploadQueueList } from "@/components/uploads/upload-queue-list";
import { useUploadQueue } from "@/client/uploads/use-upload-queue";
import { compressPhoto } from "@/client/compress-photo";
import en from "@/messages/en.json";

// The browser's codecs are not in jsdom: the encoding itself is tested in Chromium
// (tests/integration/photo-compression.test.ts); here, what the upload list does with its result.
jest.mock("@/client/compress-photo", () => ({ ...jest.requireActual("@/client/compress-photo"), compressPhoto: jest.fn() }));
const compress = compressPhoto as jest.MockedFunction<typeof compressPhoto>;

const MB = 1024 * 1024;
/** A file with the first bytes of its type (the list checks them as the server does), then zeros. */
function withHead(head: number[] | string, name: string, bytes: number, type: string): File {
  const data = new Uint8Array(bytes);
  data.set(typeof head === "string" ? Array.from(head, (c) => c.charCodeAt(0)) : head);
  return new File([data], name, { type });
}
const pdf = (name: string, bytes = 2 * MB) => withHead("%PDF-1.4\n", name, bytes, "application/pdf");
const jpeg = (name: string, bytes: number) => withHead([0xff, 0xd8, 0xff, 0xe0], name, bytes, "image/jpeg");
const heic = (name: string, bytes: number) => withHead([0, 0, 0, 24, ...Array.from("ftypheic", (c) => c.charCodeAt(0))], name, bytes, "image/heic");

/** The records form's side: the drop area, the list, and the files it would send. */
function Picker({ lighterPhotos = true, onAdd }: { lighterPhotos?: boolean; onAdd?: (files: File[]) => void }) {
  const queue = useUploadQueue();
  return (
    <>
      <FileDropZone
        onAdd={(files) => {
          onAdd?.(files);
          void queue.add(files, { lighterPhotos });
        }}
        accept=".pdf"
        hint="PDF, JPG, PNG"
      />
      <UploadQueueList queue={queue} />
      <div data-testid="to-send">
        {queue.items
          .filter((item) => item.state === "ready")
          .map(({ file }) => `${file.name}:${file.size}`)
          .join(",")}
      </div>
    </>
  );
}

const show = (ui: React.ReactNode) =>
  render(
    <NextIntlClientProvider locale="en" timeZone="UTC" messages={en}>
      {ui}
    </NextIntlClientProvider>,
  );

async function add(files: File[]) {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
  await act(async () => {
    fireEvent.change(input, { target: { files } });
  });
}

beforeEach(() => compress.mockReset());

test("chosen files are listed with their size, and each can be removed", async () => {
  show(<Picker />);
  await add([pdf("echo.pdf"), pdf("ct.pdf", MB)]);
  const list = await screen.findByRole("list", { name: en.uploads.selectedFiles });
  await waitFor(() => expect(list).toHaveTextContent("echo.pdf"));
  expect(list).toHaveTextContent("2.0 MB");
  expect(list).toHaveTextContent("1.0 MB");
  fireEvent.click(screen.getByRole("button", { name: en.uploads.removeFile.replace("{name}", "echo.pdf") }));
  await waitFor(() => expect(list).not.toHaveTextContent("echo.pdf"));
  expect(list).toHaveTextContent("ct.pdf");
});

test("a file whose first bytes are not an accepted type is refused on its own row before anything is sent; the others stay ready", async () => {
  show(<Picker />);
  await add([withHead("MZ", "report.pdf", 4096, "application/pdf"), pdf("letter.pdf")]);
  await waitFor(() => expect(screen.getAllByTestId("upload-row")).toHaveLength(2));
  const [refused, ready] = screen.getAllByTestId("upload-row");
  expect(refused).toHaveAttribute("data-state", "refused");
  expect(within(refused).getByRole("alert")).toHaveTextContent("report.pdf: this file type is not accepted");
  expect(ready).toHaveAttribute("data-state", "ready");
  expect(screen.getByTestId("to-send")).toHaveTextContent(`letter.pdf:${2 * MB}`);
  expect(screen.getByTestId("to-send")).not.toHaveTextContent("report.pdf");
});

/** The drop area is named by all it shows (WCAG 2.5.3, label in name): the call to action, then the hint. */
const dropArea = () => screen.getByRole("button", { name: `${en.uploads.chooseFiles} PDF, JPG, PNG` });

test("a dropped file of any type reaches the list's own checks", async () => {
  const onAdd = jest.fn();
  show(<Picker onAdd={onAdd} />);
  const zone = dropArea();
  const file = new File(["MZ"], "scan.exe", { type: "application/x-msdownload" });
  await act(async () => {
    fireEvent.drop(zone, { dataTransfer: { files: [file], items: [{ kind: "file", type: file.type, getAsFile: () => file }], types: ["Files"] } });
  });
  await waitFor(() => expect(onAdd).toHaveBeenCalledWith([file]));
});

test("the drop area is reached with the keyboard and opens the picker with Enter", () => {
  const { container } = show(<Picker />);
  const zone = dropArea();
  expect(zone).toHaveAttribute("tabindex", "0");
  const input = container.querySelector<HTMLInputElement>('input[type="file"]')!;
  expect(input).toHaveAttribute("accept", ".pdf");
  const click = jest.spyOn(input, "click");
  zone.focus();
  fireEvent.keyDown(zone, { key: "Enter" });
  expect(click).toHaveBeenCalled();
});

test("a large photo is made lighter once added: the saving is shown, the lighter file is sent, and 'Send the original' switches back and forth", async () => {
  let finish: (value: Awaited<ReturnType<typeof compressPhoto>>) => void = () => {};
  compress.mockImplementation(() => new Promise((resolve) => (finish = resolve)));
  show(<Picker />);
  const original = jpeg("IMG_0042.jpg", 4 * MB);
  await add([original]);
  expect(await screen.findByRole("status")).toHaveTextContent("Making the photo lighter…");
  expect(compress).toHaveBeenCalledWith(original);
  expect(screen.getByTestId("to-send")).toHaveTextContent("", { normalizeWhitespace: true });

  const lighter = jpeg("IMG_0042.jpg", 1 * MB);
  await act(async () => finish({ file: lighter, originalSize: 4 * MB, compressedSize: 1 * MB }));
  expect(screen.getByTestId("photo-saving")).toHaveTextContent("Saved 3.0 MB (75%)");
  expect(screen.getByTestId("to-send")).toHaveTextContent(`IMG_0042.jpg:${1 * MB}`);

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
  show(<Picker />);
  const iphone = heic("IMG_0001.HEIC", 3 * MB);
  await add([pdf("report.pdf", 4 * MB), jpeg("small.jpg", 500 * 1024), iphone]);
  await waitFor(() => expect(compress).toHaveBeenCalledTimes(1));
  expect(compress).toHaveBeenCalledWith(iphone);
  await waitFor(() => expect(screen.queryByRole("status")).not.toBeInTheDocument());
  expect(screen.queryByRole("checkbox")).not.toBeInTheDocument();
  expect(screen.getByTestId("to-send")).toHaveTextContent(`report.pdf:${4 * MB},small.jpg:${500 * 1024},IMG_0001.HEIC:${3 * MB}`);
});

test("files that continue an announced upload are sent as they are (never made lighter)", async () => {
  show(<Picker lighterPhotos={false} />);
  await add([jpeg("IMG_0042.jpg", 4 * MB)]);
  await waitFor(() => expect(screen.getByTestId("to-send")).toHaveTextContent(`IMG_0042.jpg:${4 * MB}`));
  expect(compress).not.toHaveBeenCalled();
});
