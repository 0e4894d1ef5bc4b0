import { act, renderHook } from "@testing-library/react";

import { TOAST_REMOVE_DELAY, dismissToast, reducer, toast, useToast, type ToasterToast } from "@/components/ui/use-toast";

beforeEach(() => {
  jest.useFakeTimers();
});

afterEach(() => {
  // Empty the module-level store so tests do not leak toasts into each other.
  act(() => {
    dismissToast();
    jest.advanceTimersByTime(TOAST_REMOVE_DELAY);
  });
  jest.useRealTimers();
});

describe("toast store", () => {
  it("starts empty", () => {
    const { result } = renderHook(() => useToast());
    expect(result.current.toasts).toEqual([]);
  });

  it("adds an open toast with an id, title, description and variant", () => {
    const { result } = renderHook(() => useToast());
    let handle!: ReturnType<typeof toast>;
    act(() => {
      handle = toast({ title: "Saved", description: "Referral sent", variant: "destructive" });
    });
    expect(result.current.toasts).toHaveLength(1);
    const [current] = result.current.toasts;
    expect(current.id).toBe(handle.id);
    expect(typeof current.id).toBe("string");
    expect(current).toMatchObject({ title: "Saved", description: "Referral sent", variant: "destructive", open: true });
  });

  it("keeps only one toast: a second toast replaces the first", () => {
    const { result } = renderHook(() => useToast());
    let first!: ReturnType<typeof toast>;
    let second!: ReturnType<typeof toast>;
    act(() => {
      first = toast({ title: "First" });
    });
    act(() => {
      second = toast({ title: "Second" });
    });
    expect(first.id).not.toBe(second.id);
    expect(result.current.toasts).toHaveLength(1);
    expect(result.current.toasts[0]).toMatchObject({ id: second.id, title: "Second", open: true });
  });

  it("gives every toast a unique id", () => {
    const ids = new Set<string>();
    act(() => {
      for (let i = 0; i < 5; i++) ids.add(toast({ title: `T${i}` }).id);
    });
    expect(ids.size).toBe(5);
  });

  it("dismiss marks the toast closed and removes it only after TOAST_REMOVE_DELAY", () => {
    const { result } = renderHook(() => useToast());
    let handle!: ReturnType<typeof toast>;
    act(() => {
      handle = toast({ title: "Bye" });
    });
    act(() => handle.dismiss());
    expect(result.current.toasts).toHaveLength(1);
    expect(result.current.toasts[0]).toMatchObject({ id: handle.id, open: false });

    act(() => {
      jest.advanceTimersByTime(TOAST_REMOVE_DELAY - 1);
    });
    expect(result.current.toasts).toHaveLength(1);

    act(() => {
      jest.advanceTimersByTime(1);
    });
    expect(result.current.toasts).toHaveLength(0);
  });

  it("the hook's dismiss() without an id closes every toast", () => {
    const { result } = renderHook(() => useToast());
    act(() => {
      toast({ title: "One" });
    });
    act(() => result.current.dismiss());
    expect(result.current.toasts.every((t) => !t.open)).toBe(true);
  });

  it("onOpenChange(false) (auto-close, swipe, close button) dismisses through the store", () => {
    const { result } = renderHook(() => useToast());
    act(() => {
      toast({ title: "Auto" });
    });
    act(() => result.current.toasts[0].onOpenChange(false));
    expect(result.current.toasts[0].open).toBe(false);
    act(() => {
      jest.advanceTimersByTime(TOAST_REMOVE_DELAY);
    });
    expect(result.current.toasts).toHaveLength(0);
  });

  it("a toast replaced after being dismissed does not remove the new toast later", () => {
    const { result } = renderHook(() => useToast());
    act(() => {
      toast({ title: "Old" }).dismiss();
    });
    act(() => {
      toast({ title: "New" });
    });
    act(() => {
      jest.advanceTimersByTime(TOAST_REMOVE_DELAY);
    });
    expect(result.current.toasts).toHaveLength(1);
    expect(result.current.toasts[0]).toMatchObject({ title: "New", open: true });
  });

  it("update() changes the toast in place", () => {
    const { result } = renderHook(() => useToast());
    let handle!: ReturnType<typeof toast>;
    act(() => {
      handle = toast({ title: "Uploading" });
    });
    act(() => handle.update({ title: "Uploaded", variant: "default" }));
    expect(result.current.toasts).toHaveLength(1);
    expect(result.current.toasts[0]).toMatchObject({ id: handle.id, title: "Uploaded", open: true });
  });
});

describe("reducer", () => {
  const make = (id: string): ToasterToast => ({ id, title: id, open: true, onOpenChange: () => {} });

  it("ADD_TOAST puts the newest first and keeps only it", () => {
    const state = reducer({ toasts: [make("a")] }, { type: "ADD_TOAST", toast: make("b") });
    expect(state.toasts.map((t) => t.id)).toEqual(["b"]);
  });

  it("REMOVE_TOAST without an id clears the list", () => {
    expect(reducer({ toasts: [make("a")] }, { type: "REMOVE_TOAST" }).toasts).toEqual([]);
  });

  it("does not mutate the previous state", () => {
    const before = { toasts: [make("a")] };
    const after = reducer(before, { type: "DISMISS_TOAST", toastId: "a" });
    expect(before.toasts[0].open).toBe(true);
    expect(after.toasts[0].open).toBe(false);
  });
});
