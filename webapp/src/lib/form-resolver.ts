// react-hook-form validation with the shared zod schemas (the server's own rules). A form's raw values can be
// mapped first (a datetime-local to ISO, an unchosen select to undefined) so the schema sees what the API gets.
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

export function schemaResolver<TValues extends FieldValues, TSchema extends z.ZodType>(
  schema: TSchema,
  toInput: (values: TValues) => unknown = (values) => values,
): Resolver<TValues, unknown, z.output<TSchema>> {
  const resolve = zodResolver(schema as never) as unknown as Resolver<FieldValues, unknown, z.output<TSchema>>;
  return (values, context, options) =>
    resolve(toInput(values) as FieldValues, context, options as never) as ReturnType<
      Resolver<TValues, unknown, z.output<TSchema>>
    >;
}
