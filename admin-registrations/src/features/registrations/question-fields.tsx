import { useId } from 'react';
import styled from 'styled-components';
import type { AnswerValue, EventQuestion } from '@tdk/api/contract';
import { Field, Input, Select, Textarea } from '@tdk/shared-ui';
import { useController, type Control, type FieldErrors } from '@tdk/shared-ui/forms';
import { answerKey } from './answers-form';

/** The part of the edit form the questions live in. */
type AnswersForm = { answers?: Record<string, AnswerValue> };

/**
 * The event's questions asked of the attendee's ticket type, one input per kind: a text box, a
 * text area, a number, a date, a list to choose one, boxes to tick several, and a box to tick (under
 * its waiver's text) for a yes/no. Each shows its own error.
 */
export function QuestionFields<Form extends AnswersForm>({
  questions,
  control,
  errors,
}: {
  questions: EventQuestion[];
  control: Control<Form>;
  errors: FieldErrors<Form>;
}) {
  const answerErrors = (errors as FieldErrors<AnswersForm>).answers as
    Record<string, { message?: string } | undefined> | undefined;
  return (
    <>
      {questions.map((question) => (
        <QuestionField
          key={question.id}
          question={question}
          control={control as unknown as Control<AnswersForm>}
          error={answerErrors?.[answerKey(question.id)]?.message}
        />
      ))}
    </>
  );
}

function QuestionField({
  question,
  control,
  error,
}: {
  question: EventQuestion;
  control: Control<AnswersForm>;
  error: string | undefined;
}) {
  const { field } = useController({ control, name: `answers.${answerKey(question.id)}` });
  const id = useId();
  const value = field.value;
  const hint = question.helpText || undefined;

  switch (question.kind) {
    case 'shortText':
    case 'date':
      return (
        <Field label={question.label} hint={hint} error={error} required={question.required}>
          {(props) => (
            <Input
              {...props}
              ref={field.ref}
              name={field.name}
              type={question.kind === 'date' ? 'date' : 'text'}
              value={typeof value === 'string' ? value : ''}
              onChange={(event) => field.onChange(event.target.value)}
              onBlur={field.onBlur}
            />
          )}
        </Field>
      );
    case 'longText':
      return (
        <Wide>
          <Field label={question.label} hint={hint} error={error} required={question.required}>
            {(props) => (
              <Textarea
                {...props}
                ref={field.ref}
                name={field.name}
                rows={3}
                value={typeof value === 'string' ? value : ''}
                onChange={(event) => field.onChange(event.target.value)}
                onBlur={field.onBlur}
              />
            )}
          </Field>
        </Wide>
      );
    case 'number':
      return (
        <Field label={question.label} hint={hint} error={error} required={question.required}>
          {(props) => (
            <Input
              {...props}
              ref={field.ref}
              name={field.name}
              type="number"
              inputMode="decimal"
              value={typeof value === 'number' || typeof value === 'string' ? String(value) : ''}
              onChange={(event) => {
                const text = event.target.value;
                const n = Number(text);
                // Empty is unanswered; anything a number input lets through that is not a number stays text, and is refused.
                field.onChange(text.trim() === '' ? '' : Number.isFinite(n) ? n : text);
              }}
              onBlur={field.onBlur}
            />
          )}
        </Field>
      );
    case 'singleChoice':
      return (
        <Field label={question.label} hint={hint} error={error} required={question.required}>
          {(props) => (
            <Select
              {...props}
              ref={field.ref}
              name={field.name}
              value={typeof value === 'string' ? value : ''}
              onChange={(event) => field.onChange(event.target.value)}
              onBlur={field.onBlur}
            >
              <option value="">Not answered</option>
              {question.options.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </Select>
          )}
        </Field>
      );
    case 'multipleChoice': {
      const ticked = Array.isArray(value) ? value : [];
      const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
      return (
        <Wide>
          <Group aria-describedby={describedBy}>
            <legend>
              <QuestionText label={question.label} required={question.required} />
            </legend>
            {hint && <Hint id={`${id}-hint`}>{hint}</Hint>}
            <Choices>
              {question.options.map((option, index) => (
                <Tick key={option}>
                  <input
                    type="checkbox"
                    ref={index === 0 ? field.ref : undefined}
                    name={field.name}
                    value={option}
                    checked={ticked.includes(option)}
                    onChange={(event) =>
                      field.onChange(
                        // Kept in the options' order, whatever order they were ticked in.
                        question.options.filter((o) => (o === option ? event.target.checked : ticked.includes(o))),
                      )
                    }
                    onBlur={field.onBlur}
                  />
                  <span>{option}</span>
                </Tick>
              ))}
            </Choices>
            {error && <ErrorText id={`${id}-error`}>{error}</ErrorText>}
          </Group>
        </Wide>
      );
    }
    case 'yesNo': {
      const describedBy =
        [question.waiverText && `${id}-waiver`, hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') ||
        undefined;
      return (
        <Wide>
          <Group>
            {question.waiverText && <Waiver id={`${id}-waiver`}>{question.waiverText}</Waiver>}
            <Tick>
              <input
                type="checkbox"
                ref={field.ref}
                name={field.name}
                checked={value === true}
                aria-describedby={describedBy}
                aria-invalid={error ? true : undefined}
                aria-required={question.required || undefined}
                onChange={(event) => field.onChange(event.target.checked)}
                onBlur={field.onBlur}
              />
              <QuestionText label={question.label} required={question.required} />
            </Tick>
            {hint && <Hint id={`${id}-hint`}>{hint}</Hint>}
            {error && <ErrorText id={`${id}-error`}>{error}</ErrorText>}
          </Group>
        </Wide>
      );
    }
  }
}

/** A question's words where a Field's label cannot be (a group's legend, a tick box's own label). */
function QuestionText({ label, required }: { label: string; required: boolean }) {
  return (
    <Strong>
      {label}
      {required && <Asterisk aria-hidden="true">*</Asterisk>}
    </Strong>
  );
}

const Strong = styled.span`
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  line-height: 1.4;
`;

const Asterisk = styled.span`
  margin-left: 2px;
  color: ${({ theme }) => theme.colors.danger};
`;

const Wide = styled.div`
  grid-column: 1 / -1;
`;

const Group = styled.fieldset`
  margin: 0;
  padding: 0;
  border: none;
  min-width: 0;
  display: grid;
  gap: 6px;

  legend {
    padding: 0;
    margin-bottom: 6px;
  }
`;

const Choices = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => `${theme.space.xs} ${theme.space.md}`};
`;

const Tick = styled.label`
  display: inline-flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.sm};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  cursor: pointer;

  input {
    flex: none;
    width: 18px;
    height: 18px;
    margin: 1px 0 0;
    accent-color: ${({ theme }) => theme.colors.primary};
  }
  input:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;

const Waiver = styled.div`
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  white-space: pre-wrap;
  overflow-wrap: anywhere;
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
