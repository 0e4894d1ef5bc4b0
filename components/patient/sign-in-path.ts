/** Sends a signed-out visitor to the sign-in page and back to `returnTo` afterwards. */
export function signInPath(returnTo: string) {
  return { pathname: "/simple-login.html", query: { next: returnTo } } as const;
}
