/** @jest-environment node */
import { DEFAULT_SUPPORT_EMAIL, DEFAULT_SUPPORT_PHONE, parseSiteConfig, telephoneUrl, whatsappUrl } from "@/lib/site-config";
import { faqPageJsonLd, medicalOrganizationJsonLd } from "@/lib/seo/structured-data";

const config = parseSiteConfig({ NEXT_PUBLIC_SUPPORT_PHONE: "+234 (803) 123-4567", NEXT_PUBLIC_SUPPORT_EMAIL: "care@example.org" });

describe("site configuration", () => {
  test("keeps the number as written and derives its digits for links", () => {
    expect(config).toMatchObject({ supportPhone: "+234 (803) 123-4567", supportPhoneDigits: "2348031234567", supportEmail: "care@example.org" });
    expect(telephoneUrl(config)).toBe("tel:+2348031234567");
  });

  test("falls back to the defaults when the variables are unset or empty", () => {
    for (const source of [{}, { NEXT_PUBLIC_SUPPORT_PHONE: " ", NEXT_PUBLIC_SUPPORT_EMAIL: "" }]) {
      expect(parseSiteConfig(source)).toMatchObject({ supportPhone: DEFAULT_SUPPORT_PHONE, supportEmail: DEFAULT_SUPPORT_EMAIL });
    }
  });

  test.each([
    ["NEXT_PUBLIC_SUPPORT_PHONE", "0803 123 4567"],
    ["NEXT_PUBLIC_SUPPORT_PHONE", "+234 12"],
    ["NEXT_PUBLIC_SUPPORT_PHONE", "+234 803 CALL NOW"],
    ["NEXT_PUBLIC_SUPPORT_EMAIL", "support-at-example.org"],
  ])("rejects %s=%s with a message naming the variable", (name, value) => {
    expect(() => parseSiteConfig({ [name]: value })).toThrow(name);
  });

  test("builds a WhatsApp deep link with the prefilled text encoded", () => {
    expect(whatsappUrl("URGENT: help & call me?", config)).toBe("https://wa.me/2348031234567?text=URGENT%3A%20help%20%26%20call%20me%3F");
  });
});

describe("structured data", () => {
  beforeAll(() => {
    process.env.APP_URL = "https://afyabridge.example";
  });

  test("describes the site as a MedicalOrganization with a 24/7 support contact", () => {
    const data = medicalOrganizationJsonLd({ locale: "fr", description: "Description", config });
    expect(data).toMatchObject({
      "@context": "https://schema.org",
      "@type": "MedicalOrganization",
      name: "AfyaBridge",
      url: "https://afyabridge.example/fr",
      description: "Description",
      telephone: "+234 (803) 123-4567",
      email: "care@example.org",
      contactPoint: { "@type": "ContactPoint", telephone: "+234 (803) 123-4567", hoursAvailable: { opens: "00:00", closes: "23:59" } },
    });
    expect((data.contactPoint as { hoursAvailable: { dayOfWeek: string[] } }).hoursAvailable.dayOfWeek).toHaveLength(7);
    expect(data.sameAs).toEqual(config.socialLinks.map((link) => link.url));
  });

  test("turns questions and answers into a FAQPage", () => {
    const data = faqPageJsonLd({
      locale: "ar",
      path: "/faq",
      questions: [
        { question: "Q1?", answer: "A1." },
        { question: "Q2?", answer: "A2." },
      ],
    });
    expect(data).toEqual({
      "@context": "https://schema.org",
      "@type": "FAQPage",
      url: "https://afyabridge.example/ar/faq",
      inLanguage: "ar",
      mainEntity: [
        { "@type": "Question", name: "Q1?", acceptedAnswer: { "@type": "Answer", text: "A1." } },
        { "@type": "Question", name: "Q2?", acceptedAnswer: { "@type": "Answer", text: "A2." } },
      ],
    });
  });
});
