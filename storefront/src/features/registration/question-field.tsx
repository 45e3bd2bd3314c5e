import { useId, type ReactNode } from 'react';
import styled from 'styled-components';
import type { EventQuestion } from '@tdk/api/contract';
import { Field, Input, Options, Select, Textarea } from '@tdk/shared-ui';
import { useController } from '@tdk/shared-ui/forms';
import { useCheckoutT } from '../checkout-messages/i18n';
import { MAX_RADIO_CHOICES } from './event-form';
import type { CheckoutForm } from './use-checkout-form';

/** The limits the contract's answerProblem holds text to. */
const SHORT_TEXT_MAX = 200;
const LONG_TEXT_MAX = 2000;

interface QuestionFieldProps {
  checkout: CheckoutForm;
  slotKey: string;
  question: EventQuestion;
}

type AnswerName = `answers.${string}.${string}`;

/**
 * One of the event's questions for one attendee (issue 23), in the input its kind takes: text, a
 * longer text, a number, a date, one choice (radios, or a select of many), several (boxes to
 * tick), or yes/no (a box; for a waiver, its text above 'I accept'). Staff's words are shown as
 * written; the help text describes the input and the error is tied to it as on every field.
 */
export function QuestionField({ checkout, slotKey, question }: QuestionFieldProps) {
  const { form } = checkout;
  const name: AnswerName = `answers.${slotKey}.${question.id}`;
  const error = form.formState.errors.answers?.[slotKey]?.[question.id]?.message;
  const hint = question.helpText || undefined;
  const common = { label: question.label, required: question.required, error, hint };
  const other = 'off';
  switch (question.kind) {
    case 'shortText':
      return (
        <Field {...common}>
          <Input autoComplete={other} maxLength={SHORT_TEXT_MAX} {...form.register(name)} />
        </Field>
      );
    case 'longText':
      return (
        <Wide>
          <Field {...common}>
            <Textarea rows={3} maxLength={LONG_TEXT_MAX} {...form.register(name)} />
          </Field>
        </Wide>
      );
    case 'number':
      return (
        <Field {...common}>
          <Input type="number" inputMode="decimal" step="any" autoComplete={other} {...form.register(name)} />
        </Field>
      );
    case 'date':
      return (
        <Field {...common}>
          <Input type="date" autoComplete={other} {...form.register(name)} />
        </Field>
      );
    case 'singleChoice':
      return question.options.length > MAX_RADIO_CHOICES ? (
        <ChoiceSelect {...common} checkout={checkout} name={name} options={question.options} />
      ) : (
        <Wide>
          <RadioChoices {...common} checkout={checkout} name={name} options={question.options} />
        </Wide>
      );
    case 'multipleChoice':
      return (
        <Wide>
          <CheckboxChoices {...common} checkout={checkout} name={name} options={question.options} />
        </Wide>
      );
    case 'yesNo':
      return (
        <Wide>
          <YesNo {...common} checkout={checkout} name={name} waiverText={question.waiverText} />
        </Wide>
      );
  }
}

interface PartProps {
  checkout: CheckoutForm;
  name: AnswerName;
  label: string;
  required: boolean;
  error: string | undefined;
  hint: string | undefined;
}

function ChoiceSelect({ checkout: { form }, name, options, ...common }: PartProps & { options: string[] }) {
  const t = useCheckoutT();
  return (
    <Field {...common}>
      <Select {...form.register(name)}>
        <option value="">{t('form.choose')}</option>
        <Options values={options} />
      </Select>
    </Field>
  );
}

/** The ids a group's hint and error take, and the describedby its inputs carry. */
function useDescribed(hint: string | undefined, error: string | undefined) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return { id, hintId, errorId, describedBy, invalid: error ? (true as const) : undefined };
}

/** A question answered by choosing among inputs: its label is the group's legend. */
function ChoiceGroup({
  label,
  required,
  hint,
  error,
  ids,
  children,
}: Omit<PartProps, 'checkout' | 'name'> & { ids: ReturnType<typeof useDescribed>; children: ReactNode }) {
  return (
    <Fieldset>
      <Legend>
        {label}
        {required && <Asterisk aria-hidden="true">*</Asterisk>}
      </Legend>
      {hint && <Hint id={ids.hintId}>{hint}</Hint>}
      {children}
      {error && <ErrorText id={ids.errorId}>{error}</ErrorText>}
    </Fieldset>
  );
}

function RadioChoices({ checkout: { form }, name, options, ...common }: PartProps & { options: string[] }) {
  const ids = useDescribed(common.hint, common.error);
  return (
    <ChoiceGroup {...common} ids={ids}>
      <Choices>
        {options.map((option, i) => (
          <Choice key={option}>
            <input
              type="radio"
              id={`${ids.id}-${i}`}
              value={option}
              required={common.required || undefined}
              aria-invalid={ids.invalid}
              aria-describedby={ids.describedBy}
              {...form.register(name)}
            />
            <label htmlFor={`${ids.id}-${i}`}>{option}</label>
          </Choice>
        ))}
      </Choices>
    </ChoiceGroup>
  );
}

function CheckboxChoices({ checkout: { form }, name, options, ...common }: PartProps & { options: string[] }) {
  const ids = useDescribed(common.hint, common.error);
  const { field } = useController({ control: form.control, name });
  const ticked = Array.isArray(field.value) ? field.value : [];
  return (
    <ChoiceGroup {...common} ids={ids}>
      <Choices>
        {options.map((option, i) => (
          <Choice key={option}>
            <input
              type="checkbox"
              id={`${ids.id}-${i}`}
              name={field.name}
              value={option}
              checked={ticked.includes(option)}
              aria-invalid={ids.invalid}
              aria-describedby={ids.describedBy}
              onBlur={field.onBlur}
              // In the order of the choices, whatever the order of the ticks.
              onChange={(event) =>
                field.onChange(options.filter((o) => (o === option ? event.target.checked : ticked.includes(o))))
              }
            />
            <label htmlFor={`${ids.id}-${i}`}>{option}</label>
          </Choice>
        ))}
      </Choices>
    </ChoiceGroup>
  );
}

/** A yes/no question: one box, ticked for yes. A waiver shows its text above 'I accept'. */
function YesNo({ checkout: { form }, name, waiverText, ...common }: PartProps & { waiverText: string }) {
  const t = useCheckoutT();
  const ids = useDescribed(common.hint, common.error);
  const legendId = `${ids.id}-legend`;
  const { field } = useController({ control: form.control, name });
  const box = (
    <input
      type="checkbox"
      id={`${ids.id}-box`}
      name={field.name}
      ref={field.ref}
      checked={field.value === true}
      required={common.required || undefined}
      aria-invalid={ids.invalid}
      aria-describedby={ids.describedBy}
      onBlur={field.onBlur}
      onChange={(event) => field.onChange(event.target.checked)}
    />
  );
  if (!waiverText) {
    return (
      <Single>
        <Choice>
          {box}
          <label htmlFor={`${ids.id}-box`}>
            {common.label}
            {common.required && <Asterisk aria-hidden="true">*</Asterisk>}
          </label>
        </Choice>
        {common.hint && <Hint id={ids.hintId}>{common.hint}</Hint>}
        {common.error && <ErrorText id={ids.errorId}>{common.error}</ErrorText>}
      </Single>
    );
  }
  return (
    <Fieldset>
      <Legend id={legendId}>
        {common.label}
        {common.required && <Asterisk aria-hidden="true">*</Asterisk>}
      </Legend>
      {common.hint && <Hint id={ids.hintId}>{common.hint}</Hint>}
      {/* Focusable so that a keyboard can scroll it; named by the question. */}
      <Waiver role="region" aria-labelledby={legendId} tabIndex={0} data-testid="waiver-text">
        {waiverText}
      </Waiver>
      <Choice>
        {box}
        <label htmlFor={`${ids.id}-box`}>{t('question.accept')}</label>
      </Choice>
      {common.error && <ErrorText id={ids.errorId}>{common.error}</ErrorText>}
    </Fieldset>
  );
}

const Wide = styled.div`
  grid-column: 1 / -1;
  min-width: 0;
`;

const Fieldset = styled.fieldset`
  display: flex;
  flex-direction: column;
  gap: 6px;
  min-width: 0;
  margin: 0;
  padding: 0;
  border: 0;
`;

const Single = styled.div`
  display: flex;
  flex-direction: column;
  gap: 6px;
  min-width: 0;
`;

/** As a Field's label. */
const Legend = styled.legend`
  padding: 0;
  margin-bottom: 6px;
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  line-height: 1.4;
`;

const Asterisk = styled.span`
  margin-left: 2px;
  color: ${({ theme }) => theme.colors.danger};
`;

const Hint = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.xs};
`;

const ErrorText = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.dangerHover};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
`;

const Choices = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.lg};
`;

/** A box or radio and its words: a 32 px row, the whole of it a target. */
const Choice = styled.div`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  min-height: 32px;
  min-width: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};

  input {
    flex: none;
    width: 20px;
    height: 20px;
    margin: 0;
    accent-color: ${({ theme }) => theme.colors.primary};
    cursor: pointer;
  }
  input:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.primary};
    outline-offset: 2px;
  }
  input[aria-invalid='true'] {
    outline: 2px solid ${({ theme }) => theme.colors.danger};
    outline-offset: 1px;
  }
  label {
    overflow-wrap: anywhere;
    cursor: pointer;
  }
`;

/** A waiver's text: kept to a few lines, scrolled within, its paragraphs as written. */
const Waiver = styled.div`
  max-height: 10rem;
  overflow-y: auto;
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  white-space: pre-wrap;
  overflow-wrap: anywhere;

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.primary};
    outline-offset: 2px;
  }
`;
