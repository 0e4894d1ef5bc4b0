/*
 * Cornerstone3D for the viewer: the rendering core, the DICOM image loader (its decoders run in a
 * module Web Worker and load their WebAssembly codecs on demand) and the tools. Bundled on its own by
 * scripts/build-viewer.mjs into public/viewer-engine/ and imported at run time by
 * components/imaging/dicom-stack.tsx (loadViewerEngine), so no other page ships any of it and
 * nothing is fetched from elsewhere.
 */
import {
  Enums as CoreEnums,
  RenderingEngine,
  cache,
  eventTarget,
  getRenderingEngine,
  imageLoader,
  init as initCore,
  isCornerstoneInitialized,
  utilities,
  type Types,
} from "@cornerstonejs/core";
import { init as initLoader } from "@cornerstonejs/dicom-image-loader";
import {
  Enums as ToolEnums,
  LengthTool,
  PanTool,
  StackScrollTool,
  ToolGroupManager,
  WindowLevelTool,
  ZoomTool,
  addTool,
  annotation,
  init as initTools,
} from "@cornerstonejs/tools";

export type ViewerTool = "windowLevel" | "pan" | "zoom" | "length";

const toolNames: Record<ViewerTool, string> = {
  windowLevel: WindowLevelTool.toolName,
  pan: PanTool.toolName,
  zoom: ZoomTool.toolName,
  length: LengthTool.toolName,
};

let ready: Promise<void> | undefined;

/** Starts Cornerstone once per page load. */
export function startCornerstone(): Promise<void> {
  ready ??= (async () => {
    if (!isCornerstoneInitialized()) initCore();
    // Two decoding workers at most: the app's users are on laptops and tablets.
    // The codecs' WebAssembly lies beside this bundle (scripts/build-viewer.mjs).
    // The dicom-parser metadata path: the newer "naturalized" one (dcmjs) finds no pixel data in a
    // deflated file (1.2.840.10008.1.2.1.99), which this one inflates first.
    initLoader({
      maxWebWorkers: Math.max(1, Math.min(2, navigator.hardwareConcurrency || 1)),
      wasmBasePath: new URL(".", import.meta.url).pathname,
      useLegacyMetadataProvider: true,
    });
    initTools();
    for (const tool of [WindowLevelTool, PanTool, ZoomTool, StackScrollTool, LengthTool]) addTool(tool);
  })();
  return ready;
}

export interface StackHandle {
  /** Shows the slice at `index` (0-based). */
  show(index: number): Promise<void>;
  /** Replaces the images (another series), showing `index`. */
  setImages(imageIds: string[], index: number): Promise<void>;
  current(): number;
  setWindow(width: number, center: number): void;
  /** The window in use, once an image is shown. */
  window(): { width: number; center: number } | null;
  setPrimaryTool(tool: ViewerTool): void;
  reset(): void;
  resize(): void;
  destroy(): void;
}

export interface StackEvents {
  onSlice(index: number): void;
  onWindow(window: { width: number; center: number }): void;
  onError(error: unknown): void;
}

let counter = 0;

/**
 * A stack viewport in `element`: the wheel and a two-finger or right-button drag scroll slices (the
 * keyboard is the component's), the primary button (one finger on a tablet) uses the chosen tool,
 * the middle button pans, and the secondary button zooms.
 */
export async function createStack(element: HTMLDivElement, imageIds: string[], index: number, events: StackEvents): Promise<StackHandle> {
  await startCornerstone();
  counter += 1;
  const engineId = `afya-engine-${counter}`;
  const viewportId = `afya-stack-${counter}`;
  const groupId = `afya-tools-${counter}`;
  const engine = getRenderingEngine(engineId) ?? new RenderingEngine(engineId);
  engine.enableElement({ viewportId, type: CoreEnums.ViewportType.STACK, element });
  const viewport = engine.getViewport(viewportId) as Types.IStackViewport;
  // Sizes the canvas to the element now (it keeps the default 300 × 150 otherwise until a resize).
  engine.resize(true, false);

  const group = ToolGroupManager.createToolGroup(groupId);
  if (!group) throw new Error("tool group");
  for (const name of [WindowLevelTool.toolName, PanTool.toolName, ZoomTool.toolName, StackScrollTool.toolName, LengthTool.toolName]) group.addTool(name);
  group.addViewport(viewportId, engineId);
  const { MouseBindings } = ToolEnums;
  let primary: ViewerTool = "windowLevel";
  const bindAll = () => {
    group.setToolActive(toolNames[primary], { bindings: [{ mouseButton: MouseBindings.Primary }] });
    if (primary !== "pan") group.setToolActive(PanTool.toolName, { bindings: [{ mouseButton: MouseBindings.Auxiliary }] });
    if (primary !== "zoom") group.setToolActive(ZoomTool.toolName, { bindings: [{ mouseButton: MouseBindings.Secondary }] });
    group.setToolActive(StackScrollTool.toolName, { bindings: [{ mouseButton: MouseBindings.Wheel }, { numTouchPoints: 2 }] });
  };
  bindAll();

  const onNewImage = () => events.onSlice(viewport.getCurrentImageIdIndex());
  const onVoi = () => {
    const range = viewport.getProperties().voiRange;
    if (range) events.onWindow(toWindow(range));
  };
  element.addEventListener(CoreEnums.Events.STACK_NEW_IMAGE, onNewImage);
  element.addEventListener(CoreEnums.Events.VOI_MODIFIED, onVoi);
  element.addEventListener(CoreEnums.Events.IMAGE_RENDERED, onVoi);
  const onLoadFailed = (event: Event) => events.onError((event as CustomEvent).detail?.error ?? event);
  eventTarget.addEventListener(CoreEnums.Events.IMAGE_LOAD_FAILED, onLoadFailed);

  await viewport.setStack(imageIds, index).catch((error: unknown) => events.onError(error));
  viewport.render();

  const handle: StackHandle = {
    async show(next) {
      const last = viewport.getImageIds().length - 1;
      const clamped = Math.max(0, Math.min(last, next));
      if (clamped === viewport.getCurrentImageIdIndex()) return;
      await viewport.setImageIdIndex(clamped).catch((error: unknown) => events.onError(error));
    },
    async setImages(ids, at) {
      annotation.state.removeAllAnnotations();
      // Another series opens with its own window, not the one chosen for the last.
      viewport.resetProperties();
      await viewport.setStack(ids, at).catch((error: unknown) => events.onError(error));
      viewport.resetCamera();
      viewport.render();
    },
    current: () => viewport.getCurrentImageIdIndex(),
    setWindow(width, center) {
      // DICOM's linear VOI function (PS3.3 C.11.2.1.2.1), as the image's own window is read.
      viewport.setProperties({ voiRange: utilities.windowLevel.toLowHighRange(width, center) });
      viewport.render();
    },
    window() {
      const range = viewport.getProperties().voiRange;
      return range ? toWindow(range) : null;
    },
    setPrimaryTool(tool) {
      for (const name of Object.values(toolNames)) group.setToolPassive(name);
      primary = tool;
      bindAll();
    },
    reset() {
      viewport.resetCamera();
      viewport.resetProperties();
      viewport.render();
    },
    resize() {
      engine.resize(true, false);
    },
    destroy() {
      element.removeEventListener(CoreEnums.Events.STACK_NEW_IMAGE, onNewImage);
      element.removeEventListener(CoreEnums.Events.VOI_MODIFIED, onVoi);
      element.removeEventListener(CoreEnums.Events.IMAGE_RENDERED, onVoi);
      eventTarget.removeEventListener(CoreEnums.Events.IMAGE_LOAD_FAILED, onLoadFailed);
      ToolGroupManager.destroyToolGroup(groupId);
      engine.destroy();
      cache.purgeCache();
    },
  };
  return handle;
}

function toWindow(range: { lower: number; upper: number }) {
  const { windowWidth, windowCenter } = utilities.windowLevel.toWindowLevel(range.lower, range.upper);
  return { width: Math.round(windowWidth), center: Math.round(windowCenter) };
}

/**
 * Draws one image into a small canvas (a series thumbnail), fitted, with the image's own window (or
 * its full range when it has none) and its photometric interpretation, in a bitmap of the canvas's
 * laid-out size at the screen's pixel density.
 *
 * Not through `loadImageToCanvas`, for three faults of Cornerstone 5.14 seen here: its WebGL path
 * drew RGB images inverted (red as cyan); its CPU path asks for RGBA pixels, and a cached RGBA image
 * shown later by the stack viewport (which wants RGB) came out striped, or the other way round a black
 * thumbnail; and for colour images under a 256/128 window the CPU path draws `image.getCanvas()`,
 * which the DICOM loader memoises by image id in one canvas shared by every image, so a thumbnail
 * drawn again came out black. So: the image loaded apart from the cache (`ignoreCache`: decoded again
 * from the loader's copy of the file, not fetched again), in the viewport's RGB form, drawn by the CPU
 * renderer from its pixels.
 */
export async function drawThumbnail(canvas: HTMLCanvasElement, imageId: string): Promise<void> {
  await startCornerstone();
  const { width, height } = canvas.getBoundingClientRect();
  const ratio = window.devicePixelRatio || 1;
  canvas.width = Math.max(1, Math.round(width * ratio));
  canvas.height = Math.max(1, Math.round(height * ratio));
  const image = await imageLoader.loadImage(imageId, { priority: -5, requestType: CoreEnums.RequestType.Thumbnail, ignoreCache: true });
  delete (image as Partial<Types.IImage>).getCanvas;
  // As loadImageToCanvas does: pixels the loader has already rescaled are not rescaled again.
  image.isPreScaled = image.isPreScaled || image.preScale?.scaled;
  await utilities.renderToCanvasCPU(canvas, image);
}
