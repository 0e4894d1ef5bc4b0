import { act, fireEvent, render, screen, within } from "@testing-library/react";

import { Toaster } from "@/components/ui/toaster";
import { TOAST_REMOVE_DELAY, dismissToast, toast, useToast } from "@/components/ui/use-toast";

/** Exposes the store so tests can see closed-but-not-removed toasts. */
function StoreProbe() {
  const { toasts } = useToast();
  return <output data-testid="store">{JSON.stringify(toasts.map((t) => ({ id: t.id, open: t.open })))}</output>;
}

function storeState(): { id: string; open: boolean }[] {
  return JSON.parse(screen.getByTestId("store").textContent ?? "[]");
}

function renderToaster(props: React.ComponentProps<typeof Toaster> = {}) {
  return render(
    <>
      <Toaster {...props} />
      <StoreProbe />
    </>,
  );
}

/** The toast list (<ol>) inside the labelled region, excluding Radix's off-screen announcer. */
function toastList(): HTMLElement {
  return within(screen.getByRole("region")).getByRole("list");
}

beforeAll(() => {
  // jsdom has no PointerEvent (fireEvent would send a plain Event without clientX) and no pointer capture,
  // both of which Radix uses to track a swipe.
  if (typeof window.PointerEvent === "undefined") {
    class PointerEventPolyfill extends MouseEvent {
      readonly pointerId: number;
      readonly pointerType: string;
      constructor(type: string, init: PointerEventInit = {}) {
        super(type, init);
        this.pointerId = init.pointerId ?? 1;
        this.pointerType = init.pointerType ?? "mouse";
      }
    }
    window.PointerEvent = PointerEventPolyfill as unknown as typeof PointerEvent;
  }
  Element.prototype.setPointerCapture ??= () => {};
  Element.prototype.releasePointerCapture ??= () => {};
  Element.prototype.hasPointerCapture ??= () => false;
});

beforeEach(() => {
  jest.useFakeTimers();
});

afterEach(() => {
  act(() => {
    dismissToast();
    jest.advanceTimersByTime(TOAST_REMOVE_DELAY);
  });
  jest.useRealTimers();
});

describe("<Toaster />", () => {
  it("renders nothing but the labelled region when there is no toast", () => {
    renderToaster();
    expect(screen.getByRole("region", { name: "Notifications (F8)" })).toBeInTheDocument();
    expect(within(toastList()).queryAllByRole("listitem")).toHaveLength(0);
  });

  it("accepts a translated viewport label with the {hotkey} placeholder", () => {
    renderToaster({ viewportLabel: "Arifa ({hotkey})" });
    expect(screen.getByRole("region", { name: "Arifa (F8)" })).toBeInTheDocument();
  });

  it("renders the title and description of the active toast", () => {
    renderToaster();
    act(() => {
      toast({ title: "Referral sent", description: "The hospital will contact you." });
    });
    const list = toastList();
    expect(within(list).getByText("Referral sent")).toBeInTheDocument();
    expect(within(list).getByText("The hospital will contact you.")).toBeInTheDocument();
  });

  it("shows only the newest toast", () => {
    renderToaster();
    act(() => {
      toast({ title: "First" });
    });
    act(() => {
      toast({ title: "Second" });
    });
    const list = toastList();
    expect(within(list).queryByText("First")).not.toBeInTheDocument();
    expect(within(list).getByText("Second")).toBeInTheDocument();
    expect(within(list).getAllByRole("listitem")).toHaveLength(1);
  });

  it("auto-closes after 5 seconds, then removes the toast after TOAST_REMOVE_DELAY", () => {
    renderToaster();
    act(() => {
      toast({ title: "Short-lived" });
    });
    act(() => {
      jest.advanceTimersByTime(4999);
    });
    expect(within(toastList()).getByText("Short-lived")).toBeInTheDocument();

    act(() => {
      jest.advanceTimersByTime(1);
    });
    expect(within(toastList()).queryByText("Short-lived")).not.toBeInTheDocument();
    // Closed but still in the store until the removal delay passes.
    expect(storeState()).toEqual([expect.objectContaining({ open: false })]);

    act(() => {
      jest.advanceTimersByTime(TOAST_REMOVE_DELAY);
    });
    expect(storeState()).toEqual([]);
  });

  it("has a close button with an accessible (translatable) label that dismisses the toast", () => {
    renderToaster({ closeLabel: "Funga" });
    act(() => {
      toast({ title: "Closable" });
    });
    fireEvent.click(within(toastList()).getByRole("button", { name: "Funga" }));
    expect(within(toastList()).queryByText("Closable")).not.toBeInTheDocument();
    expect(storeState()).toEqual([expect.objectContaining({ open: false })]);
  });

  it("labels the close button 'Close' by default", () => {
    renderToaster();
    act(() => {
      toast({ title: "Closable" });
    });
    expect(within(toastList()).getByRole("button", { name: "Close" })).toBeInTheDocument();
  });

  it("focuses the toast region when F8 is pressed", () => {
    renderToaster();
    act(() => {
      toast({ title: "Focus me" });
    });
    expect(toastList()).not.toHaveFocus();
    fireEvent.keyDown(document, { key: "F8", code: "F8" });
    expect(toastList()).toHaveFocus();
  });

  describe("swipe to dismiss", () => {
    function swipe(item: HTMLElement, dx: number) {
      fireEvent.pointerDown(item, { button: 0, pointerId: 1, clientX: 100, clientY: 100 });
      fireEvent.pointerMove(item, { pointerId: 1, clientX: 100 + dx / 2, clientY: 100 });
      fireEvent.pointerMove(item, { pointerId: 1, clientX: 100 + dx, clientY: 100 });
      fireEvent.pointerUp(item, { pointerId: 1, clientX: 100 + dx, clientY: 100 });
    }

    it("keeps the toast when the right swipe is 50 px or less", () => {
      renderToaster();
      act(() => {
        toast({ title: "Swipe" });
      });
      swipe(within(toastList()).getByRole("listitem"), 50);
      expect(within(toastList()).getByText("Swipe")).toBeInTheDocument();
      expect(storeState()).toEqual([expect.objectContaining({ open: true })]);
    });

    it("dismisses the toast when swiped right more than 50 px", () => {
      renderToaster();
      act(() => {
        toast({ title: "Swipe" });
      });
      swipe(within(toastList()).getByRole("listitem"), 51);
      expect(within(toastList()).queryByText("Swipe")).not.toBeInTheDocument();
      expect(storeState()).toEqual([expect.objectContaining({ open: false })]);
    });

    it("ignores a swipe to the left", () => {
      renderToaster();
      act(() => {
        toast({ title: "Swipe" });
      });
      swipe(within(toastList()).getByRole("listitem"), -120);
      expect(within(toastList()).getByText("Swipe")).toBeInTheDocument();
    });
  });
});
