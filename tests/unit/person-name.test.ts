/** @jest-environment node */
import { nameForMail, nameProblem, normalizeName, personName, optionalPersonName, NAME_MAX_LENGTH } from "@/lib/contracts/people";

describe("person names: one line of letters, marks, spaces and ' ’ - . ,", () => {
  test.each([
    "Ngozi Okonkwo-Adeyemi",
    "Chiamaka O’Neil",
    "Chiamaka O'Neil",
    "José Ñúñez",
    "محمد",
    "Nguyễn Thị Minh",
    "St. John Smith",
    "J.R.R. Tolkien",
    "Martin Luther King, Jr.",
    "Zoë Ó Briain",
    "Łukasz Żółć",
    "Ayşe Yılmaz",
    "Дмитрий Иванов",
    "王小明",
    "अमित शर्मा",
    "Amina",
    "Louis XIV",
    "محمد\u200cرضا", // zero-width non-joiner between two letters (Persian)
    "Nguyen Van A\u0301n", // a combining accent
  ])("accepts %j", (name) => {
    expect(nameProblem(name)).toBeNull();
    expect(personName().safeParse(name)).toEqual({ success: true, data: name.normalize("NFC") });
  });

  test.each([
    ["", "required"],
    ["   ", "required"],
    ["Amina\nClick https://evil.example", "lineBreak"],
    ["Amina\r\nBcc: x@evil.example", "lineBreak"],
    ["Amina\u2028Bello", "lineBreak"],
    ["report\u202Efdp", "invisible"],
    ["Amina\u2066Bello\u2069", "invisible"],
    ["Amina\u200bBello", "invisible"],
    ["Amina\u0000", "invisible"],
    ["\u200cAmina", "invisible"], // a joiner not between two letters does nothing but hide
    ["Amina\u00adBello", "invisible"],
    ["https://evil.example", "link"],
    ["Visit evil.example now", "link"],
    ["Amina www.evil", "link"],
    ["hxxp://evil", "link"],
    ["Amina Bello.com", "link"],
    ["J.Smith", "link"],
    ["amina@example.com", "email"],
    ["Amina @ home", "email"],
    ["<a href=x>Amina</a>", "markup"],
    ["Amina <b>", "markup"],
    ["Amina 2", "digits"],
    ["Patient1", "digits"],
    ["Amina ٣", "digits"],
    ["Amina & Musa", "character"],
    ["Amina: call me", "character"],
    ["Amina 😀", "character"],
    ["Amina/Bello", "character"],
    ["Amina_Bello", "character"],
    ["a".repeat(NAME_MAX_LENGTH + 1), "tooLong"],
  ])("refuses %j (%s)", (name, problem) => {
    const result = personName().safeParse(name);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(`nameRules.${problem}`);
  });

  test("non-breaking and repeated spaces become one space; ends are trimmed", () => {
    expect(normalizeName("  Amina\u00a0\u00a0 Bello\t")).toBe("Amina Bello");
    expect(personName().parse(" Amina   Bello ")).toBe("Amina Bello");
  });

  test("an optional name: empty is not given, anything else follows the rule", () => {
    expect(optionalPersonName().parse(undefined)).toBeUndefined();
    expect(optionalPersonName().parse("  ")).toBeUndefined();
    expect(optionalPersonName().parse("Dr. Elif Aydın")).toBe("Dr. Elif Aydın");
    expect(optionalPersonName().safeParse("Dr. evil.example").error?.issues[0]?.message).toBe("nameRules.link");
  });

  test("stored names from before the rule are left out of e-mails", () => {
    expect(nameForMail("Amina  Bello")).toBe("Amina Bello");
    expect(nameForMail("Amina\nVisit https://evil.example")).toBeNull();
    expect(nameForMail(null)).toBeNull();
  });
});
