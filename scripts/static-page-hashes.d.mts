// Types of scripts/static-page-hashes.mjs for the TypeScript tests that read the build with it.
export const MANIFEST_FILE: string;
export function pageScriptSources(html: string, name?: string): string[];
export function withScriptIntegrity(html: string, distDir: string): string;
export function withScriptsStartedLater(html: string): string;
export function startedScripts(html: string): [src: string, integrity: string][];
export function firstScripts(html: string): [src: string, integrity: string][];
export function prerenderedPages(distDir: string): [page: string, file: string][];
export function writeManifest(distDir: string): Record<string, string[]>;
export function scriptsStart(html: string): "content" | "on-demand" | null;
