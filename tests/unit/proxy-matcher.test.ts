/** @jest-environment node */
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { config } from "@/proxy";

/** Whether the proxy runs for a path: its page matcher, read as Next reads it (the whole path). */
const proxied = (pathname: string) => new RegExp(`^${config.matcher[0]}$`).test(pathname);

describe("the proxy's matcher", () => {
  it("leaves out every file the app serves from public/ and Next's own files", () => {
    // public/ holds only generated files (the viewer engine, made by the build): none on a fresh clone.
    const publicFiles = (existsSync("public") ? readdirSync("public", { recursive: true, withFileTypes: true }) : [])
      .filter((entry) => entry.isFile())
      .map((entry) => "/" + path.relative("public", path.join(entry.parentPath, entry.name)).split(path.sep).join("/"));
    for (const file of [...publicFiles, "/viewer-engine/viewer.js", "/icon.svg", "/robots.txt", "/sitemap.xml", "/_next/static/chunks/a.js", "/api/auth/me"])
      expect([file, proxied(file)]).toEqual([file, false]);
  });

  it("takes every page address, one with a file extension too, so that it gets a language and the translated 404", () => {
    for (const page of ["/", "/fr/services", "/simple-login.html", "/missing.png", "/fr/old-report.pdf", "/favicon.ico", "/icon.svg.bak"])
      expect([page, proxied(page)]).toEqual([page, true]);
  });
});
