/** Window presets of the viewers (width / centre, in Hounsfield units). */
export const WINDOW_PRESETS = {
  softTissue: { width: 400, center: 40 },
  lung: { width: 1500, center: -600 },
  bone: { width: 1800, center: 400 },
  brain: { width: 80, center: 40 },
} as const;
export type WindowPreset = keyof typeof WINDOW_PRESETS;
