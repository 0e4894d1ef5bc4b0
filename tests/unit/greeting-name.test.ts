/** @jest-environment node */
import { greetingName } from "@/lib/contracts/session";

describe("greetings address the person", () => {
  test("by the account's name, not the username", () => {
    expect(greetingName({ name: "Amina Bello", username: "amina_x7" })).toBe("Amina Bello");
  });

  test("by the username only when the name is blank", () => {
    expect(greetingName({ name: "  ", username: "amina_x7" })).toBe("amina_x7");
  });
});
