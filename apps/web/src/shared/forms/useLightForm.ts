import { useCallback, useId, useMemo, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { firstProblem, type FieldRule } from './fieldRules';

type StringFields = Record<string, string>;

export interface LightField {
  id: string;
  name: string;
  value: string;
  /** i18n key of the problem to show, or null. */
  error: string | null;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  onBlur: () => void;
}

export interface LightForm<V extends StringFields> {
  values: V;
  field: (name: keyof V & string) => LightField;
  setValue: (name: keyof V & string, value: string) => void;
  /** Checks one field now and shows its problem; true when it is valid. */
  validateField: (name: keyof V & string) => boolean;
  handleSubmit: (onValid: (values: V) => void) => (event: FormEvent) => void;
  reset: (values?: Partial<V>) => void;
}

/**
 * A small form state for the sign-in pages: string fields, rules checked as the user types (once
 * a field was left or a submit was tried) and before sending. The sign-in bundle stays small
 * without antd's Form; the rules are the same zod schemas the server uses.
 */
export function useLightForm<V extends StringFields>(
  initialValues: V,
  rules: Partial<Record<keyof V, FieldRule<V>[]>>,
): LightForm<V> {
  const formId = useId();
  const [values, setValues] = useState<V>(initialValues);
  const [visible, setVisible] = useState<Partial<Record<keyof V, boolean>>>({});
  const rulesRef = useRef(rules);
  rulesRef.current = rules;
  const initialRef = useRef(initialValues);

  const problemOf = useCallback(
    (name: keyof V, current: V) => firstProblem(rulesRef.current[name], current[name] ?? '', current),
    [],
  );

  const setValue = useCallback((name: keyof V & string, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
  }, []);

  const validateField = useCallback(
    (name: keyof V & string) => {
      setVisible((current) => ({ ...current, [name]: true }));
      return problemOf(name, values) === null;
    },
    [problemOf, values],
  );

  const field = useCallback(
    (name: keyof V & string): LightField => ({
      id: `${formId}-${name}`,
      name,
      value: values[name] ?? '',
      error: visible[name] ? problemOf(name, values) : null,
      onChange: (event) => setValue(name, event.target.value),
      onBlur: () => {
        if ((values[name] ?? '') !== '') {
          setVisible((current) => ({ ...current, [name]: true }));
        }
      },
    }),
    [formId, problemOf, setValue, values, visible],
  );

  const handleSubmit = useCallback(
    (onValid: (values: V) => void) => (event: FormEvent) => {
      event.preventDefault();
      const names = Object.keys(values) as (keyof V)[];
      setVisible(Object.fromEntries(names.map((name) => [name, true])) as Partial<Record<keyof V, boolean>>);
      const firstInvalid = names.find((name) => problemOf(name, values) !== null);
      if (firstInvalid === undefined) {
        onValid(values);
      } else if (typeof document !== 'undefined') {
        document.getElementById(`${formId}-${String(firstInvalid)}`)?.focus();
      }
    },
    [formId, problemOf, values],
  );

  const reset = useCallback((next?: Partial<V>) => {
    setValues({ ...initialRef.current, ...next });
    setVisible({});
  }, []);

  return useMemo(
    () => ({ values, field, setValue, validateField, handleSubmit, reset }),
    [values, field, setValue, validateField, handleSubmit, reset],
  );
}
