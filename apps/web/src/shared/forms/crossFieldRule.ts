/** What an antd rule render receives of the form: the other fields' current values. */
interface FieldReader {
  getFieldValue: (name: string) => unknown;
}

/**
 * An antd Form rule comparing a value with another field's (list that field in the item's
 * `dependencies` so the check runs again when it changes): `problem` answers the text to show
 * under the field, or nothing when the pair is fine — a password typed twice, an end not before
 * its start, a receiver who is not the delegator.
 */
export function crossFieldRule<Value, Other = Value>(other: string, problem: (value: Value | undefined, otherValue: Other | undefined) => string | null | undefined | false) {
  return ({ getFieldValue }: FieldReader) => ({
    validator: async (_rule: unknown, value: Value | undefined) => {
      const text = problem(value, getFieldValue(other) as Other | undefined);
      if (text) {
        throw new Error(text);
      }
    },
  });
}
