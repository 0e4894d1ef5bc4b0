/** @jest-environment node */
import { COMMON_PASSWORDS } from "@/lib/contracts/common-passwords";
import { isCommonPassword } from "@/lib/contracts/password-strength";
import { changePasswordSchema, resetPasswordSchema, signUpSchema } from "@/lib/contracts/auth";
import { describeDevice } from "@/lib/auth/describe-device";

const owner = { email: "amina.bello@example.com", username: "amina_b", name: "Amina Bello" };

describe("very common passwords", () => {
  it("refuses every word of the bundled leak list (hundreds of them), typed in any case", () => {
    expect(COMMON_PASSWORDS.size).toBeGreaterThan(600);
    const accepted = [...COMMON_PASSWORDS, "123456", "password", "qwerty", "iloveyou", "password123", "sunshine"]
      .flatMap((word) => [word, word.toUpperCase()])
      .filter((word) => !isCommonPassword(word));
    expect(accepted).toEqual([]);
  });

  it.each([
    "password1234",
    "Password2024!",
    "P@ssw0rd2024",
    "iloveyou123",
    "ILOVEYOU!!!!",
    "monkey 2024 !!",
    "1234567890",
    "0987654321",
    "qwertyuiop",
    "asdfghjkl;",
    "1qaz2wsx3edc",
    "abcdefghijkl",
    "zyxwvutsrq",
    "aaaaaaaaaaaa",
    "abcabcabcabc",
    "121212121212",
  ])("refuses %s", (password) => {
    expect(isCommonPassword(password)).toBe(true);
  });

  it("refuses passwords containing the account's e-mail, username or name", () => {
    for (const password of ["amina.bello99!", "AMINA_B-secret", "my name is bello 1", "amina.bello@example.com"])
      expect(isCommonPassword(password, owner)).toBe(true);
  });

  it.each(["correct horse battery", "a long enough password", "Kx9#mQ2vLp", "mango river lantern 42", "tafiya zuwa asibiti 7"])("accepts %s", (password) => {
    expect(isCommonPassword(password, owner)).toBe(false);
  });
});

describe("form rules use the same check", () => {
  const issue = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
    result.error?.issues.map((i) => `${String(i.path[0])}:${i.message}`);

  it("sign-up", () => {
    expect(issue(signUpSchema.safeParse({ ...owner, password: "qwerty123456" }))).toEqual(["password:passwordTooCommon"]);
    expect(issue(signUpSchema.safeParse({ ...owner, password: "amina.bello2025" }))).toEqual(["password:passwordTooCommon"]);
    expect(signUpSchema.safeParse({ ...owner, password: "correct horse battery" }).success).toBe(true);
  });

  it("password change and reset", () => {
    const change = changePasswordSchema(owner);
    expect(issue(change.safeParse({ currentPassword: "x", newPassword: "letmein12345", confirmPassword: "letmein12345" }))).toEqual([
      "newPassword:passwordTooCommon",
    ]);
    expect(issue(change.safeParse({ currentPassword: "x", newPassword: "mango river lantern", confirmPassword: "mango river lantren" }))).toEqual([
      "confirmPassword:passwordsDiffer",
    ]);
    expect(issue(change.safeParse({ currentPassword: "", newPassword: "short", confirmPassword: "short" }))).toEqual([
      "currentPassword:passwordRequired",
      "newPassword:passwordTooShort",
    ]);
    expect(issue(resetPasswordSchema.safeParse({ newPassword: "sunshine!2025", confirmPassword: "sunshine!2025" }))).toEqual(["newPassword:passwordTooCommon"]);
    expect(resetPasswordSchema.safeParse({ newPassword: "mango river lantern", confirmPassword: "mango river lantern" }).success).toBe(true);
  });
});

describe("device names for the sessions list", () => {
  it.each([
    ["Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36", "Chrome on Windows"],
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
      "Safari on iOS",
    ],
    [
      "Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36",
      "Samsung Internet on Android",
    ],
    ["Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:131.0) Gecko/20100101 Firefox/131.0", "Firefox on macOS"],
    ["Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0", "Edge on Windows"],
    ["curl/8.5.0", null],
    [null, null],
  ])("%s", (userAgent, expected) => {
    expect(describeDevice(userAgent)).toBe(expected);
  });
});
