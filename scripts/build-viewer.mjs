/**
 * Bundles the imaging viewer's engine (Cornerstone3D core, tools and DICOM image loader:
 * client/imaging/viewer-engine.ts), its decoding worker and the codecs' WebAssembly into
 * public/viewer-engine/, which the viewer imports at run time (components/imaging/dicom-stack.tsx).
 *
 * Why not through Next's bundler: Turbopack (Next 16.4) never finishes a build that reaches
 * @cornerstonejs/tools, whose compute worker imports, through the segmentation utilities, the module
 * that starts that same worker (a worker graph cycle; it waited, idle, for 10 minutes twice). esbuild
 * bundles the engine as plain ES modules; the loader finds its worker beside its own chunk
 * (`new URL("./decodeImageFrameWorker.js", import.meta.url)`) and its WebAssembly through `wasmBasePath`.
 * Everything is served by this site: nothing is fetched from elsewhere.
 *
 *   node scripts/build-viewer.mjs     (run by `npm run build`, `npm run dev` and `npm test`)
 */
import { copyFileSync, mkdirSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { build } from "esbuild";

const require = createRequire(import.meta.url);
const root = path.resolve(import.meta.dirname, "..");
export const VIEWER_ENGINE_DIR = path.join(root, "public", "viewer-engine");

/** The decoders' WebAssembly, under the names the loader asks `wasmBasePath` for. */
const wasm = [
  ["@cornerstonejs/codec-charls/decodewasm", "charlswasm_decode.wasm"],
  ["@cornerstonejs/codec-openjpeg/decodewasm", "openjpegwasm_decode.wasm"],
  ["@cornerstonejs/codec-libjpeg-turbo-8bit/decodewasm", "libjpegturbowasm_decode.wasm"],
  ["@cornerstonejs/codec-openjph/wasm", "openjphjs.wasm"],
  ["@cornerstonejs/codec-libjxl/decodewasm", "jpegxlwasm_decode.wasm"],
];

/**
 * The Emscripten codecs (and a few helpers) test for Node at run time and require its modules only
 * there; in the browser those requires must resolve to something: an empty module.
 */
const nodeBuiltinsAsEmpty = {
  name: "node-builtins-as-empty",
  setup(builder) {
    builder.onResolve({ filter: /^(node:)?(fs|path|crypto|module|url|worker_threads|os|util)$/ }, (args) => ({ path: args.path, namespace: "empty" }));
    builder.onLoad({ filter: /.*/, namespace: "empty" }, () => ({ contents: "module.exports = {};", loader: "js" }));
  },
};

rmSync(VIEWER_ENGINE_DIR, { recursive: true, force: true });
mkdirSync(VIEWER_ENGINE_DIR, { recursive: true });
const loaderDir = path.dirname(require.resolve("@cornerstonejs/dicom-image-loader"));
const started = performance.now();
const result = await build({
  absWorkingDir: root,
  entryPoints: {
    engine: "client/imaging/viewer-engine.ts",
    decodeImageFrameWorker: path.join(loaderDir, "decodeImageFrameWorker.js"),
  },
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "browser",
  target: "es2022",
  minify: true,
  legalComments: "linked",
  chunkNames: "chunk-[hash]",
  outdir: VIEWER_ENGINE_DIR,
  plugins: [nodeBuiltinsAsEmpty],
  define: { "process.env.NODE_ENV": '"production"' },
  logLevel: "warning",
  metafile: true,
});
for (const [specifier, name] of wasm) copyFileSync(require.resolve(specifier), path.join(VIEWER_ENGINE_DIR, name));
const bytes = Object.values(result.metafile.outputs).reduce((sum, output) => sum + output.bytes, 0);
console.log(
  `viewer engine: ${Object.keys(result.metafile.outputs).length} files, ${(bytes / 1024).toFixed(0)} KiB JS in ${(performance.now() - started).toFixed(0)} ms → public/viewer-engine/`,
);
