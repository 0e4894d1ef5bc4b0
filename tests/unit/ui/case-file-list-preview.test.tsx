import "@testing-library/jest-dom";
import { render, screen } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { NextIntlClientProvider } from "next-intl";
import { CaseFileList } from "@/components/files/case-file-list";
import en from "@/messages/en.json";

const file = (id: string, originalName: string, mimeType: string) => ({ id, originalName, mimeType, size: 2048, createdAt: "2026-01-01T00:00:00Z" });

test("a partner's Preview opens a HEIC photo as the server's JPEG and other files as stored; Download is always the original", () => {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <NextIntlClientProvider locale="en" timeZone="UTC" messages={{ caseFiles: en.caseFiles }}>
        <CaseFileList files={[file("a1", "IMG_0001.HEIC", "image/heic"), file("b2", "scan.png", "image/png")]} preview="tab" />
      </NextIntlClientProvider>
    </QueryClientProvider>,
  );
  expect(screen.getByRole("link", { name: "Preview IMG_0001.HEIC" })).toHaveAttribute("href", "/api/files/a1/heic-preview");
  expect(screen.getByRole("link", { name: "Preview scan.png" })).toHaveAttribute("href", "/api/files/b2?disposition=inline");
  expect(screen.getByRole("link", { name: "Download IMG_0001.HEIC" })).toHaveAttribute("href", "/api/files/a1");
});
