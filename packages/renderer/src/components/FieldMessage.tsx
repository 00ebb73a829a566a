/**
 * A field's hint and its error, with the ids the input points at through aria-describedby.
 * The error is role="alert" so it is announced when it appears.
 */
export function FieldHint({ id, children }: { id: string; children: string }) {
  return (
    <p id={id} className="field__hint">
      {children}
    </p>
  );
}

export function FieldErrorText({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="field__error" role="alert">
      {message}
    </p>
  );
}

/** The value for aria-describedby: the hint and the error that are actually rendered. */
export function describedBy(...ids: Array<string | false | undefined>): string | undefined {
  const present = ids.filter((id): id is string => typeof id === 'string' && id.length > 0);
  return present.length > 0 ? present.join(' ') : undefined;
}
