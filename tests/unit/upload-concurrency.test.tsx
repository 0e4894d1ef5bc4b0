import "@testing-library/jest-dom";
import { useEffect } from "react";
import { act, render, screen } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { UploadQueueList } from "@/components/uploads/upload-queue-list";
import { useUploadQueue, type UploadQueue } from "@/client/uploads/use-upload-queue";
import { sendFile } from "@/client/uploads/send-file";
import en from "@/messages/en.json";

/*
 * How the upload list sends a CD's many images (client/uploads/use-upload-queue.ts): small files four
 * at a time, each created with its first bytes; larger files alone; and a series shown as one row.
 * sendFile (tus) is replaced by a fake that records what runs at once.
 */
jest.mock("@/client/uploads/send-file", () => ({ sendFile: jest.fn() }));
const send = sendFile as jest.MockedFunction<typeof sendFile>;

const MB = 1024 * 1024;
const file = (name: string, bytes: number) => new File([new Uint8Array(bytes)], name);

let running: string[] = [];
let peak = 0;
let largeWithOthers = false;
beforeEach(() => {
  running = [];
  peak = 0;
  largeWithOthers = false;
  send.mockReset();
  send.mockImplementation((chosen) => {
    running.push(chosen.name);
    peak = Math.max(peak, running.length);
    if (running.some((name) => name.startsWith("large")) && running.length > 1) largeWithOthers = true;
    const done = new Promise<void>((resolve) =>
      setTimeout(() => {
        running = running.filter((name) => name !== chosen.name);
        resolve();
      }, 5),
    );
    return { pause() {}, resume() {}, done };
  });
});

const harness: { queue?: UploadQueue } = {};
function Harness() {
  const queue = useUploadQueue();
  useEffect(() => {
    harness.queue = queue;
  });
  return <UploadQueueList queue={queue} />;
}
const show = () =>
  render(
    <NextIntlClientProvider locale="en" timeZone="UTC" messages={en}>
      <Harness />
    </NextIntlClientProvider>,
  );

test("small files travel four at a time, created with their first bytes; a large file travels alone", async () => {
  show();
  const group = { key: "1.2.3", label: "#1 · CT · CHEST" };
  let arrived = 0;
  await act(async () => {
    const images = harness.queue!.addPrepared(Array.from({ length: 12 }, (_, i) => ({ file: file(`IM${i}`, 500_000), group })));
    const large = harness.queue!.addPrepared([{ file: file("large-report", 5 * MB), group: { key: "other", label: "other" } }]);
    const all = [...images, ...large];
    arrived = await harness.queue!.sendAll(
      all,
      all.map((_, i) => ({ id: `upload${i}` })),
    );
  });
  expect(arrived).toBe(13);
  expect(peak).toBe(4);
  expect(largeWithOthers).toBe(false);
  expect(send.mock.calls.every(([, , , options]) => options?.fresh === true)).toBe(true);
  expect(send.mock.calls.map(([, uploadId]) => uploadId).sort()).toEqual(Array.from({ length: 13 }, (_, i) => `upload${i}`).sort());
});

test("800 images of one series are one row with one progress bar, not 800 rows", async () => {
  show();
  await act(async () => {
    harness.queue!.addPrepared(Array.from({ length: 800 }, (_, i) => ({ file: file(`IM${i}`, 1000), group: { key: "1.2.3", label: "#1 · CT · CHEST" } })));
  });
  expect(screen.getAllByTestId("upload-group")).toHaveLength(1);
  expect(screen.queryAllByTestId("upload-row")).toHaveLength(0);
  expect(screen.getAllByRole("progressbar")).toHaveLength(1);
  expect(screen.getByTestId("upload-group")).toHaveTextContent("0 of 800 images sent");
});
