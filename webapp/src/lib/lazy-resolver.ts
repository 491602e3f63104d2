// A react-hook-form resolver whose validation code (zod and the shared schemas, tens of KB to evaluate on a
// phone) loads on the form's first validation instead of with the page: for forms on a page that most people
// read without submitting (the organiser's check-in and message forms on an event). A failed load is tried
// again on the next validation.
import type { FieldValues, Resolver } from 'react-hook-form';

export function lazyResolver<TValues extends FieldValues, TOutput>(
  load: () => Promise<Resolver<TValues, unknown, TOutput>>,
): Resolver<TValues, unknown, TOutput> {
  let loading: Promise<Resolver<TValues, unknown, TOutput>> | undefined;
  return async (values, context, options) => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return (await loading)(values, context, options);
  };
}
