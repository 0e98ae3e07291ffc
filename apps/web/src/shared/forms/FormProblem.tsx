/**
 * What a form checked as a whole when saving found (a rule across fields, the server's
 * `*Problems` of the domain), under its fields in the error colour and read out; nothing when
 * there is none.
 */
export function FormProblem({ problem }: { problem: string | null }) {
  if (!problem) {
    return null;
  }
  return (
    <div role="alert" className="ant-form-item-explain-error">
      {problem}
    </div>
  );
}
