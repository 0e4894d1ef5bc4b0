import { fireEvent, render, screen } from "@testing-library/react";
import { UnavailablePage } from "@/components/errors/unavailable-page";

let pathname = "/account";
jest.mock("next/navigation", () => ({ usePathname: () => pathname }));

describe("the page shown when a page fails (app/[locale]/error.tsx)", () => {
  it("says so in the page's language, offers a retry and the way home", async () => {
    pathname = "/fr/account";
    const retry = jest.fn();
    render(<UnavailablePage retry={retry} />);
    expect(await screen.findByRole("heading", { level: 1, name: "Temporairement indisponible" })).toBeInTheDocument();
    expect(screen.getByText("Cette page ne peut pas être affichée pour le moment. Veuillez réessayer dans une minute.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Retour à l’accueil" })).toHaveAttribute("href", "/fr");
    fireEvent.click(screen.getByRole("button", { name: "Réessayer" }));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it("uses English for paths without a locale prefix", async () => {
    pathname = "/partner";
    render(<UnavailablePage retry={jest.fn()} />);
    expect(await screen.findByRole("heading", { level: 1, name: "Temporarily unavailable" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to home" })).toHaveAttribute("href", "/");
  });
});

describe("the same page in the error boundaries (error.tsx, global-error.tsx): every text in the path's language", () => {
  it.each([
    ["en", "/journey"],
    ["ar", "/ar/journey"],
    ["yo", "/yo/journey"],
    ["pcm", "/pcm/journey"],
  ])("%s", async (locale, path) => {
    pathname = path;
    const { unavailable } = (await import(`@/messages/${locale}.json`)) as { unavailable: Record<string, string> };
    render(<UnavailablePage retry={jest.fn()} />);
    expect(await screen.findByRole("heading", { level: 1, name: unavailable.title })).toBeInTheDocument();
    for (const text of [unavailable.description, unavailable.autoRetry]) expect(screen.getByText(text)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: unavailable.retry })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: unavailable.home })).toBeInTheDocument();
  });
});

describe("trying again by itself", () => {
  afterEach(() => jest.useRealTimers());

  it("a boundary retries after 10 s, then waits twice as long after each failure", async () => {
    pathname = "/account";
    jest.useFakeTimers();
    const retry = jest.fn();
    for (const wait of [10_000, 20_000, 40_000]) {
      const { unmount } = render(<UnavailablePage retry={retry} />);
      const before = retry.mock.calls.length;
      jest.advanceTimersByTime(wait - 1);
      expect(retry).toHaveBeenCalledTimes(before);
      jest.advanceTimersByTime(1);
      expect(retry).toHaveBeenCalledTimes(before + 1);
      // The retry failed: the boundary shows the page again.
      unmount();
    }
  });
});
