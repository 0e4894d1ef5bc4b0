/**
 * How the tests start Chromium: Playwright cannot download its own browser here, so Debian's is used,
 * with the flags that keep it from reaching out to Google's services (the machine has no internet).
 */
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
};
