import "@testing-library/jest-dom";
import { useState } from "react";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { FileDropZone, toChosenFiles, type ChosenFile } from "@/components/patient/file-drop-zone";
import en from "@/messages/en.json";

function Picker({ onAdd }: { onAdd?: (files: File[]) => void }) {
  const [files, setFiles] = useState<ChosenFile[]>([]);
  return (
    <FileDropZone
      files={files}
      onAdd={(added) => {
        onAdd?.(added);
        setFiles((current) => [...current, ...toChosenFiles(added)]);
      }}
      onRemove={(id) => setFiles((current) => current.filter((chosen) => chosen.id !== id))}
      accept=".pdf"
      hint="PDF, JPG, PNG"
    />
  );
}

const show = (ui: React.ReactNode) =>
  render(
    <NextIntlClientProvider locale="en" timeZone="UTC" messages={en}>
      {ui}
    </NextIntlClientProvider>,
  );

const pdf = (name: string, bytes = 2 * 1024 * 1024) => new File([new Uint8Array(bytes)], name, { type: "application/pdf" });

test("chosen files are listed with their size, and each can be removed", async () => {
  const { container } = show(<Picker />);
  const input = container.querySelector<HTMLInputElement>('input[type="file"]')!;
  await act(async () => {
    fireEvent.change(input, { target: { files: [pdf("echo.pdf"), pdf("ct.pdf", 1024 * 1024)] } });
  });
  const list = await screen.findByRole("list", { name: en.uploads.selectedFiles });
  expect(list).toHaveTextContent("echo.pdf");
  expect(list).toHaveTextContent("2.0 MB");
  expect(list).toHaveTextContent("1.0 MB");
  fireEvent.click(screen.getByRole("button", { name: en.uploads.removeFile.replace("{name}", "echo.pdf") }));
  await waitFor(() => expect(list).not.toHaveTextContent("echo.pdf"));
  expect(list).toHaveTextContent("ct.pdf");
});

test("a dropped file of any type reaches the form's own checks (the server judges the bytes)", async () => {
  const onAdd = jest.fn();
  show(<Picker onAdd={onAdd} />);
  const zone = screen.getByRole("button", { name: en.uploads.chooseFiles });
  const file = new File(["MZ"], "scan.exe", { type: "application/x-msdownload" });
  await act(async () => {
    fireEvent.drop(zone, { dataTransfer: { files: [file], items: [{ kind: "file", type: file.type, getAsFile: () => file }], types: ["Files"] } });
  });
  await waitFor(() => expect(onAdd).toHaveBeenCalledWith([file]));
});

test("the drop area is reached with the keyboard and opens the picker with Enter", () => {
  const { container } = show(<Picker />);
  const zone = screen.getByRole("button", { name: en.uploads.chooseFiles });
  expect(zone).toHaveAttribute("tabindex", "0");
  const input = container.querySelector<HTMLInputElement>('input[type="file"]')!;
  expect(input).toHaveAttribute("accept", ".pdf");
  const click = jest.spyOn(input, "click");
  zone.focus();
  fireEvent.keyDown(zone, { key: "Enter" });
  expect(click).toHaveBeenCalled();
});
