import { renderHook } from "@testing-library/react";
import { useWarnBeforeLeaving } from "@/client/warn-before-leaving";

/** Whether leaving the page now would make the browser ask first (the listener cancels beforeunload). */
function leavingAsks(): boolean {
  const event = new Event("beforeunload", { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

test("the browser asks before leaving only while active, and stops asking once it is not", () => {
  const view = renderHook(({ active }) => useWarnBeforeLeaving(active), { initialProps: { active: false } });
  expect(leavingAsks()).toBe(false);
  view.rerender({ active: true });
  expect(leavingAsks()).toBe(true);
  view.rerender({ active: false });
  expect(leavingAsks()).toBe(false);
  view.rerender({ active: true });
  view.unmount();
  expect(leavingAsks()).toBe(false);
});
