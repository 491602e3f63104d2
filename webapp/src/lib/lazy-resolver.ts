// A react-hook-form resolver whose validation code (zod and the shared schemas, tens of KB to evaluate on a
// phone) loads on the form's first validation instead of with the page: for forms on a page that most people
// read without submitting (the organiser's check-in and message forms on an event). When the load fails (no
// connection, or a new release replaced the files this page named), the form shows FORM_LOAD_FAILED (in the page's language) on
// `field` instead of doing nothing, and the next submit tries the load again.
import type { FieldErrors, FieldValues, Path, Resolver } from 'react-hook-form';
import { defineMessages, translate } from '../i18n';

const messages = defineMessages({
  loadFailed: {
    id: 'web.lib.form.loadFailed',
    defaultMessage: 'This form could not be loaded. Check your connection or reload the page, then try again.',
  },
});

/** The failure in English, as the English page shows it. */
export const FORM_LOAD_FAILED = messages.loadFailed.defaultMessage;

export function lazyResolver<TValues extends FieldValues, TOutput>(
  load: () => Promise<Resolver<TValues, unknown, TOutput>>,
  field: Path<TValues>,
): Resolver<TValues, unknown, TOutput> {
  let loading: Promise<Resolver<TValues, unknown, TOutput>> | undefined;
  return async (values, context, options) => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    let resolve: Resolver<TValues, unknown, TOutput>;
    try {
      resolve = await loading;
    } catch {
      const errors = { [field]: { type: 'load', message: translate(messages.loadFailed) } } as FieldErrors<TValues>;
      return { values: {}, errors };
    }
    return resolve(values, context, options);
  };
}
