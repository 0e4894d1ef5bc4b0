import type { FieldErrors, FieldValues, Resolver } from "react-hook-form";
import type { z } from "zod";
import { connectionLost } from "./api";

/** Imports a contract's schema: a function of its module's, so that each is imported once. */
export type SchemaLoader<Input, Output> = () => Promise<z.ZodType<Output, Input>>;

type AnyLoader = () => Promise<z.ZodType>;
const resolvers = new Map<AnyLoader, Promise<Resolver<FieldValues, unknown, unknown>>>();

/**
 * A react-hook-form resolver checking a form with its contract's schema, as zodResolver does, but
 * importing zod, the schema and zodResolver on the form's first check (or on `preloadResolver`), not
 * with the page's first scripts: on a phone they are a third of the page's start-up work
 * (docs/decisions/034-validation-loaded-on-use.md). A form that cannot import them (the phone went
 * offline) is told so as a refusal of the whole form (`errors.root.server`), in the page's words.
 */
export function lazyZodResolver<Input extends FieldValues, Output>(
  load: SchemaLoader<Input, Output>,
  errorText: (error: unknown) => string,
): Resolver<Input, unknown, Output> {
  return async (values, context, options) => {
    let resolver: Resolver<Input, unknown, Output>;
    try {
      resolver = (await loadedResolver(load)) as unknown as Resolver<Input, unknown, Output>;
    } catch {
      const errors: FieldErrors<Input> = {};
      errors.root = { server: { type: "network", message: errorText(connectionLost()) } };
      return { values: {}, errors };
    }
    return resolver(values, context, options);
  };
}

/** Starts importing what `lazyZodResolver(load)` checks with, when a form is about to be used. */
export function preloadResolver(load: AnyLoader): void {
  loadedResolver(load).catch(() => undefined); // a failure is told at the check
}

function loadedResolver(load: AnyLoader): Promise<Resolver<FieldValues, unknown, unknown>> {
  let resolver = resolvers.get(load);
  if (!resolver) {
    resolver = Promise.all([import("@hookform/resolvers/zod"), load()]).then(
      ([{ zodResolver }, schema]) => zodResolver(schema as z.ZodType<unknown, FieldValues>) as Resolver<FieldValues, unknown, unknown>,
    );
    resolvers.set(load, resolver);
    resolver.catch(() => resolvers.delete(load)); // the next check tries again
  }
  return resolver;
}
