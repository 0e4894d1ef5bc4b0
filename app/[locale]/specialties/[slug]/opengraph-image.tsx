import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { ImageResponse } from "next/og";
import { homeSpecialtySlugs, isHomeSpecialtySlug, specialtyEnglishNames } from "@/content/specialties";

/**
 * The picture shown when a specialty page is shared (WhatsApp, Facebook, X), made at build time for each
 * page. It names the specialty by its English, international name: the renderer (Satori) cannot shape
 * Arabic or Devanagari, nor place Yoruba's and Igbo's stacked marks, and would fetch a font from the
 * internet for a glyph it lacks. The shared link's title and description are in the page's language.
 * The font comes from node_modules (@fontsource/noto-sans); nothing is downloaded.
 */
export const size = { width: 1200, height: 630 };
export const contentType = "image/png";

const font = (file: string) => readFile(join(process.cwd(), "node_modules/@fontsource/noto-sans/files", file));

export default async function SpecialtyImage({ params }: { params: Promise<{ locale: string; slug: string }> }) {
  const { slug } = await params;
  const name = isHomeSpecialtySlug(slug) ? specialtyEnglishNames[slug] : "";
  const [regular, bold] = await Promise.all([font("noto-sans-latin-400-normal.woff"), font("noto-sans-latin-700-normal.woff")]);
  return new ImageResponse(
    <div
      style={{
        display: "flex",
        flexDirection: "column",
        justifyContent: "space-between",
        width: "100%",
        height: "100%",
        padding: 72,
        background: "linear-gradient(135deg, #0f766e 0%, #134e4a 100%)",
        color: "#ffffff",
        fontFamily: "Noto Sans",
      }}
    >
      <div style={{ display: "flex", alignItems: "center", gap: 20, fontSize: 40, fontWeight: 700 }}>
        <div style={{ display: "flex", width: 64, height: 64, borderRadius: 16, background: "#ffffff", alignItems: "center", justifyContent: "center" }}>
          <div style={{ display: "flex", width: 36, height: 10, background: "#0f766e", borderRadius: 5, position: "absolute" }} />
          <div style={{ display: "flex", width: 10, height: 36, background: "#0f766e", borderRadius: 5 }} />
        </div>
        AfyaBridge
      </div>
      <div style={{ display: "flex", fontSize: name.length > 24 ? 72 : 96, fontWeight: 700, lineHeight: 1.1 }}>{name}</div>
      <div style={{ display: "flex", height: 12, width: 240, borderRadius: 6, background: "#5eead4" }} />
    </div>,
    {
      ...size,
      fonts: [
        { name: "Noto Sans", data: regular, weight: 400, style: "normal" },
        { name: "Noto Sans", data: bold, weight: 700, style: "normal" },
      ],
    },
  );
}

/** Made at build time for each specialty (the locale comes from the layout's static params). */
export function generateStaticParams() {
  return homeSpecialtySlugs.map((slug) => ({ slug }));
}
