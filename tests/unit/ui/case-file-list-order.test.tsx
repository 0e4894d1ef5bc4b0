import "@testing-library/jest-dom";
import { render, screen } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { NextIntlClientProvider } from "next-intl";
import { CaseFileList } from "@/components/files/case-file-list";
import en from "@/messages/en.json";

const file = (originalName: string, deleted = false) => ({
  id: originalName,
  originalName,
  mimeType: "application/pdf",
  size: 2048,
  createdAt: "2026-01-01T00:00:00Z",
  ...(deleted ? { deleted: true } : {}),
});

function renderList(files: ReturnType<typeof file>[], downloadAllHref?: string) {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <NextIntlClientProvider locale="en" timeZone="UTC" messages={{ caseFiles: en.caseFiles }}>
        <CaseFileList files={files} downloadAllHref={downloadAllHref} itemTestId="row" />
      </NextIntlClientProvider>
    </QueryClientProvider>,
  );
}

test("files are listed by name in natural order (IM000012 before IM000028, scan2 before scan10), not in the order they arrived", () => {
  renderList(["IM000028", "IM000012", "scan10.pdf", "IM000014", "scan2.pdf", "Report.pdf"].map((name) => file(name)));
  expect(screen.getAllByTestId("row").map((row) => row.querySelector("[title]")!.getAttribute("title"))).toEqual([
    "IM000012",
    "IM000014",
    "IM000028",
    "Report.pdf",
    "scan2.pdf",
    "scan10.pdf",
  ]);
});

test("Download all links to the case's zip while some file can still be downloaded", () => {
  const { unmount } = renderList([file("a.pdf"), file("b.pdf", true)], "/api/cases/c1/files/zip");
  expect(screen.getByRole("link", { name: "Download all (zip)" })).toHaveAttribute("href", "/api/cases/c1/files/zip");
  unmount();
  renderList([file("b.pdf", true)], "/api/cases/c1/files/zip");
  expect(screen.queryByRole("link", { name: "Download all (zip)" })).toBeNull();
});
