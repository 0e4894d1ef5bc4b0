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
