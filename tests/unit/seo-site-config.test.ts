/** @jest-environment node */
import { DEFAULT_SUPPORT_EMAIL, parseSiteConfig, telephoneUrl, whatsappUrl } from "@/lib/site-config";
import { faqPageJsonLd, medicalOrganizationJsonLd } from "@/lib/seo/structured-data";

const config = parseSiteConfig({
  NEXT_PUBLIC_SUPPORT_PHONE: "+234 (803) 123-4567",
  NEXT_PUBLIC_SUPPORT_WHATSAPP: "+234 803 765 4321",
  NEXT_PUBLIC_SUPPORT_EMAIL: "care@example.org",
  NEXT_PUBLIC_SUPPORT_ADDRESS: "12 Example Street, Lagos",
  NEXT_PUBLIC_SOCIAL_INSTAGRAM: "https://www.instagram.com/example",
});

describe("site configuration", () => {
  test("keeps the number as written and derives its digits for links", () => {
    expect(config).toMatchObject({ supportPhone: "+234 (803) 123-4567", supportPhoneDigits: "2348031234567", supportEmail: "care@example.org" });
    expect(telephoneUrl(config)).toBe("tel:+2348031234567");
  });

  test("an unset or empty contact is absent (its link is hidden), never a placeholder", () => {
    for (const source of [
      {},
      { NEXT_PUBLIC_SUPPORT_PHONE: " ", NEXT_PUBLIC_SUPPORT_WHATSAPP: "", NEXT_PUBLIC_SUPPORT_EMAIL: "", NEXT_PUBLIC_SOCIAL_FACEBOOK: " " },
    ]) {
      const unset = parseSiteConfig(source);
      expect(unset).toEqual({
        supportPhone: null,
        supportPhoneDigits: null,
        whatsappDigits: null,
        supportEmail: DEFAULT_SUPPORT_EMAIL,
        supportAddress: null,
        socialLinks: [],
      });
      expect(telephoneUrl(unset)).toBeNull();
      expect(whatsappUrl("Hello", unset)).toBeNull();
      expect(medicalOrganizationJsonLd({ locale: "en", description: "D", config: unset })).not.toHaveProperty("telephone");
    }
  });

  test("keeps the WhatsApp number, the address and only the configured social accounts", () => {
    expect(config).toMatchObject({ whatsappDigits: "2348037654321", supportAddress: "12 Example Street, Lagos" });
    expect(config.socialLinks).toEqual([{ network: "instagram", url: "https://www.instagram.com/example" }]);
  });

  test.each([
    ["NEXT_PUBLIC_SUPPORT_PHONE", "0803 123 4567"],
    ["NEXT_PUBLIC_SUPPORT_PHONE", "+234 12"],
    ["NEXT_PUBLIC_SUPPORT_PHONE", "+234 803 CALL NOW"],
    ["NEXT_PUBLIC_SUPPORT_WHATSAPP", "0803 123 4567"],
    ["NEXT_PUBLIC_SUPPORT_EMAIL", "support-at-example.org"],
    ["NEXT_PUBLIC_SUPPORT_ADDRESS", "x"],
    ["NEXT_PUBLIC_SOCIAL_FACEBOOK", "http://www.facebook.com/afyabridge"],
    ["NEXT_PUBLIC_SOCIAL_FACEBOOK", "https://www.instagram.com/afyabridge"],
    ["NEXT_PUBLIC_SOCIAL_LINKEDIN", "https://www.linkedin.com/"],
  ])("rejects %s=%s with a message naming the variable", (name, value) => {
    expect(() => parseSiteConfig({ [name]: value })).toThrow(name);
  });

  test("builds a WhatsApp deep link with the prefilled text encoded", () => {
    expect(whatsappUrl("URGENT: help & call me?", config)).toBe("https://wa.me/2348037654321?text=URGENT%3A%20help%20%26%20call%20me%3F");
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
      address: "12 Example Street, Lagos",
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
