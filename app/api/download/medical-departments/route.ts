import { renderDepartmentsGuide } from "@/lib/departments-pdf/guide";
import { guideLocale } from "@/lib/departments-pdf/messages";
import { contentDisposition } from "@/lib/storage/content-disposition";
import { serveApi } from "@/lib/api/handler";

/**
 * GET /api/download/medical-departments?locale=xx: the departments guide as a PDF download, in the
 * requested language (English for an unknown one), its fonts embedded.
 * Public and the same for everyone, so it reads no session (unlike apiRoute handlers) and may be
 * cached by browsers and proxies for an hour. Generated per request.
 */
export function GET(request: Request): Promise<Response> {
  return serveApi(request, () => guide(request));
}

async function guide(request: Request): Promise<Response> {
  const locale = guideLocale(new URL(request.url).searchParams.get("locale"));
  const pdf = await renderDepartmentsGuide(locale);
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": contentDisposition(`afyabridge-medical-departments-${locale}.pdf`, "attachment"),
      "Content-Language": locale,
      "Content-Length": String(pdf.length),
      "Cache-Control": "public, max-age=3600",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
