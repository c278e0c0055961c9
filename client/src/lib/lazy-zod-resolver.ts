import type { FieldValues, Resolver } from 'react-hook-form';
import type { ZodType } from 'zod';

export type LazyResolver<Input extends FieldValues, Output> = Resolver<Input, unknown, Output> & {
  /** Starts loading the schema and the resolver (a form's first focus), so the first check waits for nothing. */
  preload: () => void;
};

/**
 * A react-hook-form resolver that validates with a zod schema loaded on first use: the same schema and the
 * same zodResolver, only fetched when the form is first focused or checked. The sign-in page shows its
 * forms without zod and the resolver in its first load (issue 13); nothing is submitted unvalidated, since
 * react-hook-form awaits the resolver before it calls the submit handler.
 */
export function lazyZodResolver<Input extends FieldValues, Output>(
  loadSchema: () => Promise<ZodType<Output, Input>>,
): LazyResolver<Input, Output> {
  let loading: Promise<Resolver<Input, unknown, Output>> | undefined;
  const load = () =>
    (loading ??= Promise.all([import('@hookform/resolvers/zod'), loadSchema()]).then(
      ([{ zodResolver }, schema]) => zodResolver(schema) as unknown as Resolver<Input, unknown, Output>,
      (error: unknown) => {
        // A failed download (offline) is tried again on the next check.
        loading = undefined;
        throw error;
      },
    ));
  const resolver: Resolver<Input, unknown, Output> = async (values, context, options) =>
    (await load())(values, context, options);
  return Object.assign(resolver, {
    preload: () => {
      load().catch(() => undefined);
    },
  });
}
