// Messages to an event's registrants for managers (issue 44, decision 072): write a message (English
// required, Hindi and Marathi optional), choose who gets it and when, preview it in each language,
// send it; then each message's recipients with their delivery states. The server resolves the
// audience and hands the e-mails to the outbox (POST/GET /api/admin/events/:id/messages…).
// Words in the console's language (namespace 'eventMessages').
import { useState } from 'react';
import styled from 'styled-components';
import type { CreateMessageInput, EmailDeliveryState, EventMessageSummary, MessageState } from '@tdk/api/contract/messages';
import { LANGUAGE_NAMES, type SportEvent } from '@tdk/api/contract';
import {
  Button,
  Dialog,
  Field,
  Input,
  Select,
  Textarea,
  getErrorMessage,
  registerCatalogues,
  useT,
  useToast,
} from '@tdk/shared-ui';
import { Controller, applyServerErrors, useLazySchemaForm } from '@tdk/shared-ui/forms';
import en from './i18n/en.json';
import { useEventMessage, useEventMessages, useEventTicketTypes, useSendMessage } from './queries';

registerCatalogues('eventMessages', {
  en,
  hi: () => import(/* webpackChunkName: "i18n-event-messages-hi" */ './i18n/hi.json'),
  mr: () => import(/* webpackChunkName: "i18n-event-messages-mr" */ './i18n/mr.json'),
});

const STATUSES = ['Confirmed', 'Checked-In', 'Pending', 'Cancelled', 'No-Show'] as const;
const LANGUAGES = ['en', 'hi', 'mr'] as const;

const EMPTY: CreateMessageInput = {
  subject: '',
  body: { en: '', hi: '', mr: '' },
  channels: ['email'],
  audience: { statuses: ['Confirmed', 'Checked-In'], ticketIds: [], languages: [] },
};

/** Each state's words, as catalogue keys. */
const STATE_WORDS: Readonly<Record<MessageState, string>> = {
  queued: 'state.queued',
  sending: 'state.sending',
  sent: 'state.sent',
};
const DELIVERY_WORDS: Readonly<Record<EmailDeliveryState, string>> = {
  pending: 'delivery.pending',
  queued: 'delivery.queued',
  sent: 'delivery.sent',
  failed: 'delivery.failed',
  unsubscribed: 'delivery.unsubscribed',
  no_address: 'delivery.no_address',
  duplicate: 'delivery.duplicate',
  not_requested: 'delivery.not_requested',
};

const FIELDS = ['subject', 'body.en', 'body.hi', 'body.mr', 'channels', 'audience', 'sendAt'] as const;

const Form = styled.form`
  display: grid;
  gap: 1rem;
`;
const Group = styled.fieldset`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: 8px;
  padding: 0.5rem 0.75rem;
  display: flex;
  flex-wrap: wrap;
  gap: 0.25rem 1rem;
  & legend {
    font-weight: 600;
    padding: 0 0.25rem;
  }
`;
const Problem = styled.p`
  color: ${({ theme }) => theme.colors.danger};
  margin: 0;
  width: 100%;
`;
const Preview = styled.section`
  display: grid;
  gap: 0.5rem;
  & article {
    border-left: 3px solid ${({ theme }) => theme.colors.border};
    padding-left: 0.75rem;
    white-space: pre-wrap;
  }
  & h4 {
    margin: 0;
  }
`;
const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  & th,
  & td {
    text-align: left;
    padding: 0.25rem 0.5rem;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

/** Checkboxes for a list of values (none ticked: no filter). */
function Choice<T extends string | number>({
  legend,
  options,
  value,
  onChange,
  error,
}: {
  legend: string;
  options: readonly { value: T; label: string }[];
  value: readonly T[] | undefined;
  onChange: (next: T[]) => void;
  error?: string;
}) {
  const chosen = value ?? [];
  return (
    <Group>
      <legend>{legend}</legend>
      {options.map((option) => (
        <label key={String(option.value)}>
          <input
            type="checkbox"
            checked={chosen.includes(option.value)}
            onChange={(e) => onChange(e.target.checked ? [...chosen, option.value] : chosen.filter((v) => v !== option.value))}
          />{' '}
          {option.label}
        </label>
      ))}
      {error && <Problem role="alert">{error}</Problem>}
    </Group>
  );
}

export function MessagesDialog({ event, onClose }: { event: SportEvent | null; onClose: () => void }) {
  const t = useT('eventMessages');
  const [viewing, setViewing] = useState<number | null>(null);
  const close = () => {
    setViewing(null);
    onClose();
  };
  return (
    <Dialog
      open={event !== null}
      onClose={close}
      title={t('title', { event: event?.title ?? '' })}
      size="lg"
      footer={
        <Button variant="outline" onClick={close}>
          {t('close')}
        </Button>
      }
    >
      {event &&
        (viewing !== null ? (
          <Recipients eventId={event.id} messageId={viewing} onBack={() => setViewing(null)} />
        ) : (
          <>
            <Compose eventId={event.id} onSent={setViewing} />
            <History eventId={event.id} onView={setViewing} />
          </>
        ))}
    </Dialog>
  );
}

function Compose({ eventId, onSent }: { eventId: number; onSent: (messageId: number) => void }) {
  const t = useT('eventMessages');
  const { toast } = useToast();
  const send = useSendMessage(eventId);
  const ticketTypes = useEventTicketTypes(eventId).data ?? [];
  const [checkedIn, setCheckedIn] = useState<'' | 'yes' | 'no'>('');
  const [later, setLater] = useState(false);
  const [sendAt, setSendAt] = useState('');
  const [sendAtError, setSendAtError] = useState<string | undefined>();
  const form = useLazySchemaForm(() => import('@tdk/api/contract/messages').then((m) => m.createMessageSchema), {
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;
  const subject = form.watch('subject') ?? '';
  const bodies = form.watch('body') ?? EMPTY.body;

  const submit = form.handleSubmit(async (values) => {
    setSendAtError(undefined);
    const audience = values.audience ?? {};
    const input: CreateMessageInput = {
      subject: values.subject,
      body: {
        en: values.body.en,
        ...(values.body.hi ? { hi: values.body.hi } : {}),
        ...(values.body.mr ? { mr: values.body.mr } : {}),
      },
      channels: ['email'],
      audience: {
        ...(audience.statuses?.length ? { statuses: audience.statuses } : {}),
        ...(audience.ticketIds?.length ? { ticketIds: audience.ticketIds } : {}),
        ...(audience.languages?.length ? { languages: audience.languages } : {}),
        ...(checkedIn ? { checkedIn: checkedIn === 'yes' } : {}),
      },
      // The time is India's wall clock, as every time in the console.
      ...(later && sendAt ? { sendAt: `${sendAt}:00+05:30` } : {}),
    };
    try {
      const { id, recipients } = await send.mutateAsync(input);
      toast({ title: t('sent', { n: recipients }), variant: 'success' });
      form.reset(EMPTY);
      onSent(id);
    } catch (error) {
      const fields = (error as { fields?: Record<string, string> }).fields;
      if (fields?.sendAt) setSendAtError(fields.sendAt);
      if (applyServerErrors<CreateMessageInput>(error, form.setError, FIELDS)) return;
      if (fields?.sendAt) return;
      toast({ title: 'Error', description: getErrorMessage(error), variant: 'destructive' });
    }
  });

  return (
    <Form id="compose-message" aria-label={t('send')} onSubmit={(e) => void submit(e)} noValidate>
      <p>{t('intro')}</p>
      <Field label={t('subject')} required error={errors.subject?.message}>
        <Input maxLength={150} {...form.register('subject')} />
      </Field>
      <Field label={t('bodyEn')} required error={errors.body?.en?.message}>
        <Textarea rows={5} {...form.register('body.en')} />
      </Field>
      <Field label={t('bodyHi')} error={errors.body?.hi?.message}>
        <Textarea rows={4} lang="hi" {...form.register('body.hi')} />
      </Field>
      <Field label={t('bodyMr')} error={errors.body?.mr?.message}>
        <Textarea rows={4} lang="mr" {...form.register('body.mr')} />
      </Field>
      <Group>
        <legend>{t('channels')}</legend>
        <label>
          <input type="checkbox" checked readOnly disabled /> {t('email')}
        </label>
        <span>{t('whatsappLater')}</span>
      </Group>
      <Controller
        control={form.control}
        name="audience.statuses"
        render={({ field }) => (
          <Choice
            legend={t('statuses')}
            options={STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
            value={field.value}
            onChange={field.onChange}
          />
        )}
      />
      {ticketTypes.length > 0 && (
        <Controller
          control={form.control}
          name="audience.ticketIds"
          render={({ field }) => (
            <Choice
              legend={t('tickets')}
              options={ticketTypes.map((type) => ({ value: type.id, label: type.name }))}
              value={field.value}
              onChange={field.onChange}
            />
          )}
        />
      )}
      <Controller
        control={form.control}
        name="audience.languages"
        render={({ field }) => (
          <Choice
            legend={t('languages')}
            options={LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
            value={field.value}
            onChange={field.onChange}
          />
        )}
      />
      <Field label={t('checkedIn')}>
        <Select value={checkedIn} onChange={(e) => setCheckedIn(e.target.value as '' | 'yes' | 'no')}>
          <option value="">{t('checkedIn.any')}</option>
          <option value="yes">{t('checkedIn.yes')}</option>
          <option value="no">{t('checkedIn.no')}</option>
        </Select>
      </Field>
      {(errors.audience as { message?: string } | undefined)?.message && (
        <Problem role="alert">{(errors.audience as { message?: string }).message}</Problem>
      )}
      <Group>
        <legend>{t('when')}</legend>
        <label>
          <input type="radio" name="when" checked={!later} onChange={() => setLater(false)} /> {t('now')}
        </label>
        <label>
          <input type="radio" name="when" checked={later} onChange={() => setLater(true)} /> {t('later')}
        </label>
      </Group>
      {later && (
        <Field label={t('sendAt')} required error={sendAtError}>
          <Input type="datetime-local" value={sendAt} onChange={(e) => setSendAt(e.target.value)} />
        </Field>
      )}
      <Preview aria-label={t('preview')}>
        <h3>{t('preview')}</h3>
        {LANGUAGES.map((language) => {
          const own = bodies[language]?.trim();
          return (
            <article key={language} aria-label={LANGUAGE_NAMES[language]} lang={language}>
              <h4>
                {LANGUAGE_NAMES[language]}: {subject}
              </h4>
              {own || bodies.en}
              {!own && language !== 'en' && <em>{`\n${t('previewFallback')}`}</em>}
            </article>
          );
        })}
      </Preview>
      <div>
        <Button type="submit" loading={send.isPending}>
          {later ? t('schedule') : t('send')}
        </Button>
      </div>
    </Form>
  );
}

function History({ eventId, onView }: { eventId: number; onView: (id: number) => void }) {
  const t = useT('eventMessages');
  const messages = useEventMessages(eventId).data?.messages ?? [];
  return (
    <section aria-label={t('history')}>
      <h3>{t('history')}</h3>
      {messages.length === 0 ? (
        <p>{t('none')}</p>
      ) : (
        <Table>
          <tbody>
            {messages.map((m: EventMessageSummary) => (
              <tr key={m.id}>
                <td>{m.subject}</td>
                <td>{t(STATE_WORDS[m.state])}</td>
                <td>{t('recipientCount', { n: m.recipientCount })}</td>
                <td>
                  <Button variant="outline" size="sm" onClick={() => onView(m.id)} aria-label={`${t('view')}: ${m.subject}`}>
                    {t('view')}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </section>
  );
}

function Recipients({ eventId, messageId, onBack }: { eventId: number; messageId: number; onBack: () => void }) {
  const t = useT('eventMessages');
  const detail = useEventMessage(eventId, messageId).data;
  return (
    <section aria-label={t('recipients', { subject: detail?.message.subject ?? '' })}>
      <Button variant="outline" size="sm" onClick={onBack}>
        {t('back')}
      </Button>
      {detail && (
        <>
          <h3>{t('recipients', { subject: detail.message.subject })}</h3>
          <p>
            {t(STATE_WORDS[detail.message.state])} · {t('recipientCount', { n: detail.message.recipientCount })}
          </p>
          {detail.recipients.length < detail.message.recipientCount && (
            <p>{t('shownOf', { shown: detail.recipients.length, total: detail.message.recipientCount })}</p>
          )}
          <Table>
            <thead>
              <tr>
                <th>{t('col.name')}</th>
                <th>{t('col.email')}</th>
                <th>{t('col.language')}</th>
                <th>{t('col.delivery')}</th>
              </tr>
            </thead>
            <tbody>
              {detail.recipients.map((r) => (
                <tr key={r.id}>
                  <td>{r.name}</td>
                  <td>{r.email}</td>
                  <td>{LANGUAGE_NAMES[r.language]}</td>
                  <td>{t(DELIVERY_WORDS[r.emailState])}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </>
      )}
    </section>
  );
}
