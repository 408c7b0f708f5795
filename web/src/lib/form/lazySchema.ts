/**
 * A form schema's loader for a list screen (`ResourcePage`'s `schema`, `FormSchema`): the module
 * that builds the schema, and zod with it, is downloaded when a form first opens rather than with
 * the list (issue 21). Every call gives the same promise; after a failed download the next call
 * asks again.
 */
export function lazySchema<S>(load: () => Promise<S>): () => Promise<S> {
  let loading: Promise<S> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}
