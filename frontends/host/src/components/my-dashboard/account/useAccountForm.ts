import { useMutation } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { fieldErrorsOf } from './account-api';
import type { FieldMessages } from './account-text';

interface Options<F extends string, Answer> {
  /** the form's fields, in the order they are shown (the first refused one takes the focus) */
  fields: readonly F[];
  /** the page's own checks, before anything is sent */
  check: (values: Record<F, string>) => FieldMessages<F>;
  send: (values: Record<F, string>) => Promise<Answer>;
  /** a refusal's messages for the fields (by default the problem's `errors[]` for these fields) */
  refusedFields?: (err: unknown) => FieldMessages<F>;
  onDone: (answer: Answer, values: Record<F, string>) => void;
}

export interface AccountForm<F extends string> {
  values: Record<F, string>;
  errors: FieldMessages<F>;
  /** a failure that belongs to no field (too many links, no connection), shown above the button */
  problem: unknown;
  pending: boolean;
  /** the props of a field's input */
  input: (field: F) => {
    value: string;
    onChange: (e: { target: { value: string } }) => void;
    ref: (el: HTMLInputElement | null) => void;
  };
  submit: (e?: FormEvent) => void;
}

/**
 * One of My Dashboard's account forms: its values, its checks before sending, the server's refusal
 * put on the fields it names (the focus goes to the first), and the other failures beside the button.
 */
export function useAccountForm<F extends string, Answer>(opts: Options<F, Answer>): AccountForm<F> {
  const { fields } = opts;
  const empty = () => Object.fromEntries(fields.map((f) => [f, ''])) as Record<F, string>;
  const [values, setValues] = useState<Record<F, string>>(empty);
  const [errors, setErrors] = useState<FieldMessages<F>>({});
  const inputs = useRef(new Map<F, HTMLInputElement>());

  const focusFirst = (found: FieldMessages<F>) => {
    const first = fields.find((f) => found[f] !== undefined);
    if (first) inputs.current.get(first)?.focus();
  };

  const mutation = useMutation({
    mutationFn: opts.send,
    onSuccess: (answer, sent) => {
      setValues(empty());
      opts.onDone(answer, sent);
    },
    onError: (err) => {
      const found = opts.refusedFields ? opts.refusedFields(err) : fieldErrorsOf(err, fields);
      setErrors(found);
      focusFirst(found);
    },
  });
  // a failure the fields show is not repeated above the button
  const problem =
    mutation.isError && !fields.some((f) => errors[f] !== undefined) ? mutation.error : undefined;

  return {
    values,
    errors,
    problem,
    pending: mutation.isPending,
    input: (field) => ({
      value: values[field],
      onChange: (e) => setValues((v) => ({ ...v, [field]: e.target.value })),
      ref: (el) => {
        if (el) inputs.current.set(field, el);
        else inputs.current.delete(field);
      },
    }),
    submit: (e) => {
      e?.preventDefault();
      if (mutation.isPending) return;
      const found = opts.check(values);
      setErrors(found);
      if (fields.some((f) => found[f] !== undefined)) {
        mutation.reset();
        focusFirst(found);
        return;
      }
      mutation.mutate(values);
    },
  };
}
