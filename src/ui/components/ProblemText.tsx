/** A problem of the address the page was opened with, shown beside its control. */
export function ProblemText({ id, message }: { id: string; message: string | null | undefined }) {
  if (!message) return null;
  return (
    <span id={id} className="field-error" role="alert">
      {message}
    </span>
  );
}
