// The event form's "Registration form" section (issue 23): the built-in fields asked, optional or
// hidden, and the staff's own questions, added, reordered and removed. Every input is controlled
// by the form, so a question moved or removed keeps its own values; the contract's schema judges
// them and its messages land on the question's own field.
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import {
  FIELD_MODES,
  MAX_QUESTIONS,
  PARTICIPANT_FIELDS,
  QUESTION_KINDS,
  type EventInput,
  type QuestionKind,
} from '@tdk/api/contract';
import { Button, Field, Input, Options, PlusIcon, Select, Textarea } from '@tdk/shared-ui';
import { Controller, useWatch, type UseFormReturn } from '@tdk/shared-ui/forms';
import type { EventPayload } from './queries';
import { useEventTicketTypes } from './queries';
import {
  FIELD_LABELS,
  KIND_LABELS,
  MODE_LABELS,
  blankQuestion,
  canAddQuestion,
  isChoiceKind,
  moved,
  withKind,
  withTicket,
  without,
  type QuestionDraft,
} from './registration-form';

type EventForm = UseFormReturn<EventInput, unknown, EventPayload>;
type TicketType = { id: number; name: string };

/** What the "Ask of" part can offer: this event's ticket types, or why there are none to choose. */
type TicketTypes = { state: 'new-event' } | { state: 'loading' } | { state: 'failed' } | { state: 'loaded'; types: TicketType[] };

let lastKey = 0;
/** A key for one question in the list, stable while it is moved (its index is not). */
const newKey = () => `question-${(lastKey += 1)}`;

/** The question as the form holds it, every field present (a stored or new one always is). */
const draft = (value: NonNullable<EventInput['questions']>[number] | undefined): QuestionDraft => ({
  ...blankQuestion(),
  ...value,
  options: value?.options ?? [],
  ticketIds: value?.ticketIds ?? [],
});

export function RegistrationFormSection({ form, eventId }: { form: EventForm; eventId: number | undefined }) {
  const watched = useWatch({ control: form.control, name: 'questions' });
  const questions = (watched ?? []).map(draft);
  const [keys, setKeys] = useState(() => questions.map(newKey));
  // A list replaced as a whole (the form reset) gets keys for its new length.
  if (keys.length !== questions.length) {
    setKeys(questions.map((_, i) => keys[i] ?? newKey()));
  }
  const [focusId, setFocusId] = useState<string | null>(null);
  useEffect(() => {
    if (!focusId) return;
    document.getElementById(focusId)?.focus();
    setFocusId(null);
  }, [focusId]);

  const ticketQuery = useEventTicketTypes(eventId);
  const ticketTypes: TicketTypes =
    eventId === undefined
      ? { state: 'new-event' }
      : ticketQuery.data
        ? { state: 'loaded', types: ticketQuery.data }
        : ticketQuery.isError
          ? { state: 'failed' }
          : { state: 'loading' };

  const setQuestions = (next: QuestionDraft[]) =>
    form.setValue('questions', next, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
  const setQuestion = (index: number, next: QuestionDraft) => setQuestions(questions.map((q, i) => (i === index ? next : q)));

  const add = () => {
    const key = newKey();
    setKeys([...keys, key]);
    setQuestions([...questions, blankQuestion()]);
    setFocusId(`${key}-kind`);
  };
  const move = (from: number, to: number) => {
    const key = keys[from]!;
    setKeys(moved(keys, from, to));
    setQuestions(moved(questions, from, to));
    // The moved question's button is refocused (React moved its node); at either end the other one.
    const atEnd = to === 0 || to === questions.length - 1;
    const direction = to < from ? 'up' : 'down';
    setFocusId(`${key}-${atEnd ? (direction === 'up' ? 'down' : 'up') : direction}`);
  };
  const remove = (index: number) => {
    const nextKey = keys[index + 1] ?? keys[index - 1];
    setKeys(without(keys, index));
    setQuestions(without(questions, index));
    setFocusId(nextKey ? `${nextKey}-kind` : 'add-question');
  };

  const listError = questionsRootError(form.formState.errors.questions);

  return (
    <>
      <Wide>
        <SubHeading id="built-in-fields">Fields every attendee is asked</SubHeading>
        <Hint>Name, email, phone, date of birth and gender are always asked. Choose for the rest:</Hint>
        <FieldGrid role="group" aria-labelledby="built-in-fields">
          {PARTICIPANT_FIELDS.map((name) => (
            <Field key={name} label={FIELD_LABELS[name]} error={form.formState.errors.participantFields?.[name]?.message}>
              <Select {...form.register(`participantFields.${name}`)}>
                <Options values={FIELD_MODES} label={(mode) => MODE_LABELS[mode]} />
              </Select>
            </Field>
          ))}
        </FieldGrid>
        <Field
          label="Why this event needs blood group or medical conditions"
          error={form.formState.errors.healthReason?.message}
          hint="Shown beside them on the registration form (DPDP Act: health details only when the event needs them, saying why). Empty shows a standard reason. Leave both fields hidden unless you need them."
        >
          <Textarea rows={2} {...form.register('healthReason')} />
        </Field>
      </Wide>
      <Wide>
        <SubHeading>Your questions</SubHeading>
        <Hint>Asked of each attendee after the fields above, in this order. Up to {MAX_QUESTIONS} questions.</Hint>
        {questions.length === 0 && <Hint>No questions yet.</Hint>}
        <QuestionList>
          {questions.map((question, index) => (
            <li key={keys[index] ?? index}>
              <QuestionEditor
                form={form}
                index={index}
                count={questions.length}
                question={question}
                idBase={keys[index] ?? `question-at-${index}`}
                ticketTypes={ticketTypes}
                onChange={(next) => setQuestion(index, next)}
                onMove={(to) => move(index, to)}
                onRemove={() => remove(index)}
              />
            </li>
          ))}
        </QuestionList>
        {listError && <ErrorText role="alert">{listError}</ErrorText>}
        <Actions>
          <Button
            id="add-question"
            variant="outline"
            leftIcon={<PlusIcon size={16} />}
            onClick={add}
            disabled={!canAddQuestion(questions.length)}
            aria-describedby={canAddQuestion(questions.length) ? undefined : 'questions-full'}
          >
            Add question
          </Button>
          {!canAddQuestion(questions.length) && (
            <Hint id="questions-full">An event can ask up to {MAX_QUESTIONS} questions.</Hint>
          )}
        </Actions>
      </Wide>
    </>
  );
}

/** The message for the list as a whole ("At most 30 questions"), wherever the resolver put it. */
function questionsRootError(errors: unknown): string | undefined {
  const list = errors as { message?: string; root?: { message?: string } } | undefined;
  return list?.root?.message ?? list?.message;
}

function QuestionEditor({
  form,
  index,
  count,
  question,
  idBase,
  ticketTypes,
  onChange,
  onMove,
  onRemove,
}: {
  form: EventForm;
  index: number;
  count: number;
  question: QuestionDraft;
  idBase: string;
  ticketTypes: TicketTypes;
  onChange: (next: QuestionDraft) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
}) {
  const number = index + 1;
  const path = `questions.${index}` as const;
  const errors = form.formState.errors.questions?.[index];
  const choicesError = questionsRootError(errors?.options);
  const choices = isChoiceKind(question.kind);

  return (
    <QuestionBox aria-labelledby={`${idBase}-title`} role="group">
      <QuestionHeader>
        <h4 id={`${idBase}-title`}>Question {number}</h4>
        <HeaderButtons>
          <Button
            id={`${idBase}-up`}
            size="sm"
            variant="ghost"
            aria-label={`Move up question ${number}`}
            disabled={index === 0}
            onClick={() => onMove(index - 1)}
          >
            Move up
          </Button>
          <Button
            id={`${idBase}-down`}
            size="sm"
            variant="ghost"
            aria-label={`Move down question ${number}`}
            disabled={index === count - 1}
            onClick={() => onMove(index + 1)}
          >
            Move down
          </Button>
          <Button size="sm" variant="ghost" aria-label={`Remove question ${number}`} onClick={onRemove}>
            Remove question
          </Button>
        </HeaderButtons>
      </QuestionHeader>
      <QuestionGrid>
        <Field id={`${idBase}-kind`} label="Kind of answer" error={errors?.kind?.message}>
          <Select value={question.kind} onChange={(e) => onChange(withKind(question, e.target.value as QuestionKind))}>
            <Options values={QUESTION_KINDS} label={(kind) => KIND_LABELS[kind]} />
          </Select>
        </Field>
        <Controller
          control={form.control}
          name={`${path}.label`}
          render={({ field, fieldState }) => (
            <Field id={`${idBase}-label`} label="Question" required error={fieldState.error?.message}>
              <Input {...field} value={field.value ?? ''} />
            </Field>
          )}
        />
        <Wide>
          <Controller
            control={form.control}
            name={`${path}.helpText`}
            render={({ field, fieldState }) => (
              <Field
                id={`${idBase}-help`}
                label="Help text (optional)"
                hint="Shown under the question"
                error={fieldState.error?.message}
              >
                <Input {...field} value={field.value ?? ''} />
              </Field>
            )}
          />
        </Wide>
        {choices && (
          <Wide>
            <Choices
              aria-labelledby={`${idBase}-choices`}
              aria-describedby={choicesError ? `${idBase}-choices-error` : undefined}
            >
              <SubHeading as="legend" id={`${idBase}-choices`}>
                Choices
              </SubHeading>
              {question.options.map((_, j) => (
                <Controller
                  key={j}
                  control={form.control}
                  name={`${path}.options.${j}`}
                  render={({ field, fieldState }) => (
                    <Field id={`${idBase}-choice-${j}`} label={`Choice ${j + 1}`} error={fieldState.error?.message}>
                      {(control) => (
                        <ChoiceRow>
                          <Input {...control} {...field} value={field.value ?? ''} />
                          <Button
                            size="sm"
                            variant="ghost"
                            aria-label={`Remove choice ${j + 1}`}
                            onClick={() => onChange({ ...question, options: without(question.options, j) })}
                          >
                            Remove
                          </Button>
                        </ChoiceRow>
                      )}
                    </Field>
                  )}
                />
              ))}
              {choicesError && <ErrorText id={`${idBase}-choices-error`}>{choicesError}</ErrorText>}
              <div>
                <Button
                  size="sm"
                  variant="outline"
                  leftIcon={<PlusIcon size={14} />}
                  onClick={() => onChange({ ...question, options: [...question.options, ''] })}
                >
                  Add choice
                </Button>
              </div>
            </Choices>
          </Wide>
        )}
        {question.kind === 'yesNo' && (
          <Wide>
            <Controller
              control={form.control}
              name={`${path}.waiverText`}
              render={({ field, fieldState }) => (
                <Field
                  id={`${idBase}-waiver`}
                  label="Waiver text (optional)"
                  hint="With a text, the question is a waiver shown above a box to tick; if it is required, the attendee must accept it."
                  error={fieldState.error?.message}
                >
                  <Textarea rows={3} {...field} value={field.value ?? ''} />
                </Field>
              )}
            />
          </Wide>
        )}
        <Wide>
          <Controller
            control={form.control}
            name={`${path}.required`}
            render={({ field }) => (
              <CheckLabel>
                <input
                  type="checkbox"
                  ref={field.ref}
                  name={field.name}
                  checked={field.value ?? false}
                  onChange={(e) => field.onChange(e.target.checked)}
                  onBlur={field.onBlur}
                />
                Required
              </CheckLabel>
            )}
          />
        </Wide>
        <Wide>
          <AskOf
            idBase={idBase}
            ticketIds={question.ticketIds}
            ticketTypes={ticketTypes}
            onChange={(ticketIds) => onChange({ ...question, ticketIds })}
          />
        </Wide>
      </QuestionGrid>
    </QuestionBox>
  );
}

/** "Ask of": every attendee, or those holding the ticket types ticked. */
function AskOf({
  idBase,
  ticketIds,
  ticketTypes,
  onChange,
}: {
  idBase: string;
  ticketIds: number[];
  ticketTypes: TicketTypes;
  onChange: (ticketIds: number[]) => void;
}) {
  // "Chosen" before any type is ticked is the form's own state; the question holds only the ids.
  const [choosing, setChoosing] = useState(ticketIds.length > 0);
  const chosen = choosing || ticketIds.length > 0;
  const legend = <SubHeading as="legend">Ask of</SubHeading>;

  if (ticketTypes.state !== 'loaded' || ticketTypes.types.length === 0) {
    const why =
      ticketTypes.state === 'new-event'
        ? 'All ticket types. Once the event is created and has ticket types, a question can be asked of chosen ones.'
        : ticketTypes.state === 'loading'
          ? 'Loading the ticket types…'
          : ticketTypes.state === 'failed'
            ? "The event's ticket types could not be loaded; the question is asked as it was."
            : 'All ticket types (the event has none yet).';
    return (
      <Choices>
        {legend}
        <Hint>{why}</Hint>
      </Choices>
    );
  }

  return (
    <Choices>
      {legend}
      <AskChoices>
        <CheckLabel>
          <input
            type="radio"
            name={`${idBase}-ask`}
            checked={!chosen}
            onChange={() => {
              setChoosing(false);
              onChange([]);
            }}
          />
          All ticket types
        </CheckLabel>
        <CheckLabel>
          <input type="radio" name={`${idBase}-ask`} checked={chosen} onChange={() => setChoosing(true)} />
          Chosen ticket types
        </CheckLabel>
      </AskChoices>
      {chosen && (
        <TicketChoices role="group" aria-label="Ticket types asked">
          {ticketTypes.types.map((type) => (
            <CheckLabel key={type.id}>
              <input
                type="checkbox"
                checked={ticketIds.includes(type.id)}
                onChange={(e) => onChange(withTicket(ticketIds, type.id, e.target.checked))}
              />
              {type.name}
            </CheckLabel>
          ))}
          {ticketIds.length === 0 && <Hint>None ticked yet: the question is asked of every attendee.</Hint>}
        </TicketChoices>
      )}
    </Choices>
  );
}

const Wide = styled.div`
  grid-column: 1 / -1;
  min-width: 0;
`;

const SubHeading = styled.h3`
  margin: 0 0 ${({ theme }) => theme.space.xs};
  padding: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
`;

const Hint = styled.p`
  margin: 0 0 ${({ theme }) => theme.space.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.xs};
`;

const ErrorText = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.dangerHover};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
`;

const FieldGrid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(180px, 1fr));
  gap: ${({ theme }) => theme.space.md};
`;

const QuestionList = styled.ol`
  list-style: none;
  margin: 0 0 ${({ theme }) => theme.space.md};
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space.md};
`;

const QuestionBox = styled.section`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  padding: ${({ theme }) => theme.space.md};
`;

const QuestionHeader = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
  margin-bottom: ${({ theme }) => theme.space.sm};

  h4 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.md};
  }
`;

const HeaderButtons = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs};
`;

const QuestionGrid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(200px, 1fr));
  gap: ${({ theme }) => theme.space.md};
`;

const Choices = styled.fieldset`
  border: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  min-width: 0;
`;

const ChoiceRow = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space.sm};
  align-items: center;

  > input {
    flex: 1;
    min-width: 0;
  }
`;

const AskChoices = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.lg};
`;

const TicketChoices = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.lg};
  padding-left: ${({ theme }) => theme.space.lg};
`;

const CheckLabel = styled.label`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  min-height: 44px;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  cursor: pointer;

  input {
    width: 18px;
    height: 18px;
    margin: 0;
    accent-color: ${({ theme }) => theme.colors.primary};
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
`;
