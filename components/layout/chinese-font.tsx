"use client";

import { useEffect } from "react";

/**
 * Chinese glyphs for Chinese pages only, after first paint: the stylesheet of Noto Sans SC's slices is
 * 100 KB of @font-face rules, too much to put in every page's render-blocking CSS. Until the slices
 * arrive the phone's own Chinese font draws the text (font-display: swap; Chinese characters are one em
 * wide in every font, so the swap moves nothing).
 */
export function ChineseFont() {
  useEffect(() => {
    void import("./chinese-font.css");
  }, []);
  return null;
}
