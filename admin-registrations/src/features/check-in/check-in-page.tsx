import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from '@tdk/shared-ui/router';
import styled, { css } from 'styled-components';
import {
  DEFAULT_LANGUAGE,
  ENTRY_LIST_ID,
  KIT_ITEMS,
  KIT_LIST_ID,
  LANGUAGE_LOCALES,
  ageOn,
  gateSchema,
  parseLanguage,
  type KitItem,
  type Language,
} from '@tdk/api/contract';
import {
  Button,
  Card,
  CardBody,
  CardTitle,
  Field,
  Input,
  LanguageProvider,
  LanguageSwitcher,
  Select,
  indiaDateKey,
  useFormats,
  useLocalStorageState,
} from '@tdk/shared-ui';
import { PageHeader } from '@tdk/shared-ui/admin';
import { useValidationText } from '@tdk/shared-ui/forms';
import { gateMessage, useGateT } from './gate-words';
import { CameraScanner } from './camera-scanner';
import { OrderChooser } from './order-chooser';
import { useCheckInCounts, useCheckInEvents, useCheckInLists } from './queries';
import { useGate, type ScanAnswer } from './use-gate';

const DEFAULT_GATE = 'Gate 1';

/**
 * Gate check-in (issue 11) in the language set on this device (decision 019): the one screen of the
 * console a volunteer may read in Hindi or Marathi; the rest of the console stays English.
 */
/** Each kit item's words (literal keys, so the catalogue check finds every one used). */
const KIT_ITEM_TEXT = {
  bib: 'kit.item.bib',
  tshirt: 'kit.item.tshirt',
  medal: 'kit.item.medal',
  goodies: 'kit.item.goodies',
} as const satisfies Record<KitItem, string>;

export function CheckInPage() {
  const [stored, setStored] = useLocalStorageState<string>('tdk.check-in.language', DEFAULT_LANGUAGE);
  const language: Language = parseLanguage(stored) ?? DEFAULT_LANGUAGE;
  return (
    <LanguageProvider language={language} onLanguageChange={setStored}>
      <div lang={LANGUAGE_LOCALES[language]}>
        <GateScreen />
      </div>
    </LanguageProvider>
  );
}

/** Pick the event and the gate, then scan or type; works offline once prepared. */
function GateScreen() {
  const t = useGateT();
  const formats = useFormats();
  const text = useValidationText();
  const [params, setParams] = useSearchParams();
  const events = useCheckInEvents();
  const today = indiaDateKey();
  const chosen = Number(params.get('event')) || null;
  const eventId = chosen ?? events.data?.find((event) => event.date === today)?.id ?? null;
  const [gate, setGate] = useLocalStorageState('tdk.check-in.gate', DEFAULT_GATE);
  const [gateDraft, setGateDraft] = useState(gate);
  const gateCheck = gateSchema.safeParse(gateDraft);
  const gateIssue = gateCheck.success ? undefined : gateCheck.error.issues[0]?.message;
  const gateError = gateIssue && text(gateIssue);
  // The list admitted to (decision 065): entry by default, kit at the expo, or the organiser's own.
  const listId = params.get('list') || ENTRY_LIST_ID;
  const lists = useCheckInLists(eventId);
  const counts = useCheckInCounts(eventId);
  const listCounts = counts.data?.lists.find((each) => each.id === listId);
  const [items, setItems] = useLocalStorageState<KitItem[]>('tdk.check-in.kit-items', ['bib', 'tshirt']);
  const door = useGate(eventId, gate, listId, items);
  const listName = (list: { id: string; name: string; builtIn: boolean }) =>
    list.builtIn ? t(list.id === KIT_LIST_ID ? 'list.kit' : 'list.entry') : list.name;
  const chooseList = (value: string) =>
    setParams({ ...(eventId !== null && { event: String(eventId) }), ...(value !== ENTRY_LIST_ID && { list: value }) });
  const [typed, setTyped] = useState('');
  const ids = { event: useId(), code: useId(), list: useId() };

  const options = useMemo(() => {
    const list = events.data ?? [];
    // A device reloaded offline knows its event from the list it kept.
    if (eventId !== null && !list.some((event) => event.id === eventId) && door.list) {
      return [{ id: door.list.eventId, title: door.list.eventTitle, date: door.list.eventDate }, ...list];
    }
    return list;
  }, [events.data, eventId, door.list]);

  const commitGate = () => {
    if (gateCheck.success) setGate(gateCheck.data);
  };
  const submitTyped = async (event: FormEvent) => {
    event.preventDefault();
    if (!typed.trim()) return;
    await door.scan(typed, 'typed');
    setTyped('');
  };
  const ready = eventId !== null && gateCheck.success;

  // Scans this device admitted that the server refused on sync: nobody may read the banner as all well.
  const refusedOnSync = door.problems.filter((problem) => problem.refused).length;
  return (
    <>
      <PageHeader
        title={t('gate.title')}
        subtitle={t('gate.subtitle')}
        actions={
          <>
            <LanguageSwitcher />
            <Button as={Link} to=".." relative="path" variant="outline">
              {t('gate.allRegistrations')}
            </Button>
          </>
        }
      />
      <Banner role="status" $online={door.online}>
        <strong>{door.online ? t('gate.online') : t('gate.offline')}</strong>
        <span>
          {door.online ? '' : `${t('gate.judgedHere')} `}
          {door.pending === 0 ? t('gate.allSynced') : t('gate.pending', { count: door.pending })}
          {refusedOnSync > 0 && ` ${t('gate.refusedOnSync', { count: refusedOnSync })}`}
        </span>
      </Banner>

      <Layout>
        {door.answer?.tone === 'choose' ? (
          <OrderChooser choice={door.answer} onAdmit={door.admit} style={{ gridArea: 'verdict' }} />
        ) : (
          <Answer answer={door.answer} eventDate={options.find((event) => event.id === eventId)?.date ?? null} />
        )}
        <Card style={{ gridArea: 'scan' }}>
          <CardBody>
            <ScanTitle>{t('gate.scan')}</ScanTitle>
            <CameraScanner onCode={(code) => void door.scan(code)} disabled={!ready} />
            <TypedCode onSubmit={submitTyped}>
              <Field label={t('gate.codeLabel')} htmlFor={ids.code}>
                <Input
                  id={ids.code}
                  value={typed}
                  autoComplete="off"
                  autoCapitalize="characters"
                  spellCheck={false}
                  onChange={(event) => setTyped(event.target.value)}
                />
              </Field>
              <Button type="submit" disabled={!ready || !typed.trim()}>
                {t('gate.checkIn')}
              </Button>
            </TypedCode>
          </CardBody>
        </Card>

        <Card style={{ gridArea: 'setup' }}>
          <CardBody>
            <Setup>
              <Field label={t('gate.event')} htmlFor={ids.event}>
                <Select
                  id={ids.event}
                  value={eventId ?? ''}
                  onChange={(event) => setParams(event.target.value ? { event: event.target.value } : {})}
                >
                  <option value="">{t('gate.chooseEvent')}</option>
                  {options.map((event) => (
                    <option key={event.id} value={event.id}>
                      {event.date === today ? `${t('gate.today')} · ` : `${formats.shortDate(event.date)} · `}
                      {event.title}
                    </option>
                  ))}
                </Select>
              </Field>
              <Field label={t('list.label')} htmlFor={ids.list}>
                <Select id={ids.list} value={listId} onChange={(event) => chooseList(event.target.value)}>
                  {(lists.data ?? [{ id: ENTRY_LIST_ID, name: '', builtIn: true, ticketTypeIds: [] }]).map((list) => (
                    <option key={list.id} value={list.id}>
                      {listName(list)}
                    </option>
                  ))}
                </Select>
              </Field>
              <Field label={t('gate.gate')} error={gateError} hint={t('gate.gateHint')}>
                <Input
                  value={gateDraft}
                  maxLength={40}
                  onChange={(event) => setGateDraft(event.target.value)}
                  onBlur={commitGate}
                />
              </Field>
            </Setup>
            {listId === KIT_LIST_ID && (
              <KitItems>
                <legend>{t('kit.handedOver')}</legend>
                {KIT_ITEMS.map((item) => (
                  <label key={item}>
                    <input
                      type="checkbox"
                      checked={items.includes(item)}
                      onChange={(event) =>
                        setItems(event.target.checked ? [...items, item] : items.filter((each) => each !== item))
                      }
                    />{' '}
                    {t(KIT_ITEM_TEXT[item])}
                  </label>
                ))}
              </KitItems>
            )}
            <Offline>
              <Button
                type="button"
                variant="outline"
                onClick={() => void door.prepare()}
                disabled={!door.online || eventId === null || door.preparing}
              >
                {door.preparing ? t('gate.preparing') : t('gate.prepare')}
              </Button>
              <span role={door.prepareError ? 'alert' : undefined}>
                {door.prepareError ??
                  (door.prepared
                    ? t('gate.ready', {
                        count: formats.number(door.list?.entries.length ?? 0),
                        time: formats.dateTime(door.prepared.at),
                      })
                    : t('gate.notPrepared'))}
              </span>
            </Offline>
          </CardBody>
        </Card>

        <Count aria-live="polite" style={{ gridArea: 'count' }}>
          <span>{t('gate.checkedIn')}</span>
          <strong>
            {door.counts ? `${formats.number(door.counts.checkedIn)} / ${formats.number(door.counts.confirmed)}` : '– / –'}
          </strong>
          <span>{t('gate.ofConfirmed')}</span>
          {listCounts && listCounts.gates.length > 0 && (
            <GateCounts aria-label={t('list.byGate')}>
              {listCounts.gates.map((each) => (
                <li key={each.gate ?? ''}>
                  {each.gate ?? t('list.noGate')}: {formats.number(each.count)}
                </li>
              ))}
            </GateCounts>
          )}
        </Count>
      </Layout>

      {door.problems.length > 0 && (
        <Card>
          <CardBody>
            <CardTitle>{t('gate.problems')}</CardTitle>
            <Problems>
              {door.problems.map((problem, index) => (
                <li key={`${problem.code}-${index}`}>
                  <strong>{problem.name}</strong>: {gateMessage(t, problem.message)}
                </li>
              ))}
            </Problems>
            <Button type="button" variant="ghost" onClick={door.dismissProblems}>
              {t('gate.clear')}
            </Button>
          </CardBody>
        </Card>
      )}
    </>
  );
}

const HEADINGS = { green: 'gate.admitted', amber: 'gate.already', red: 'gate.notAdmitted' } as const;

type Verdict = Exclude<ScanAnswer, { tone: 'choose' }>;

/** The verdict, large enough to read at arm's length; announced as soon as it changes. */
function Answer({ answer, eventDate }: { answer: Verdict | null; eventDate: string | null }) {
  const t = useGateT();
  const formats = useFormats();
  const box = useRef<HTMLElement>(null);
  // A typed code leaves the page scrolled to the field: bring the answer into view with it.
  useEffect(() => {
    if (answer) box.current?.scrollIntoView?.({ block: 'nearest' });
  }, [answer]);
  return (
    <VerdictBox
      ref={box}
      style={{ gridArea: 'verdict' }}
      role="status"
      aria-live="assertive"
      aria-atomic="true"
      $tone={answer?.tone ?? null}
      data-tone={answer?.tone ?? 'none'}
    >
      {!answer && <p>{t('gate.waiting')}</p>}
      {answer && <h2>{t(HEADINGS[answer.tone])}</h2>}
      {answer?.tone === 'green' && (
        <>
          <p className="name">{answer.name || t('gate.nameMissing')}</p>
          <p>
            {answer.ticketName} · {answer.registrationNumber}
          </p>
          {answer.offline && <p>{t('gate.offlineAdmitted')}</p>}
          {answer.kit && (
            <KitFacts>
              <dt>{t('kit.bib')}</dt>
              <dd>{answer.kit.bib ?? '–'}</dd>
              <dt>{t('kit.shirt')}</dt>
              <dd>{answer.kit.shirtSize || '–'}</dd>
              {answer.kit.wave && (
                <>
                  <dt>{t('kit.wave')}</dt>
                  <dd>{t('kit.waveStart', { wave: answer.kit.wave.name, start: answer.kit.wave.start })}</dd>
                </>
              )}
              {answer.kit.collectorName && (
                <>
                  <dt>{t('kit.collector')}</dt>
                  <dd data-testid="kit-collector">{answer.kit.collectorName}</dd>
                </>
              )}
              <dt>{answer.kit.collectorName ? t('kit.checkCollectorId') : t('kit.checkId')}</dt>
              <dd>
                {answer.kit.collectorName ? `${answer.kit.collectorName} · ` : ''}
                {answer.name}
                {answer.kit.dateOfBirth &&
                  ` · ${formats.shortDate(answer.kit.dateOfBirth)}${
                    eventDate ? ` (${t('kit.age', { age: ageOn(answer.kit.dateOfBirth, eventDate) })})` : ''
                  }`}
              </dd>
              <dt>{t('kit.handedOver')}</dt>
              <dd>
                {answer.kit.items.length > 0
                  ? answer.kit.items.map((item) => t(KIT_ITEM_TEXT[item])).join(', ')
                  : t('kit.nothing')}
              </dd>
            </KitFacts>
          )}
        </>
      )}
      {answer?.tone === 'amber' && (
        <>
          {answer.name && <p className="name">{answer.name}</p>}
          <p>{gateMessage(t, answer.message)}</p>
        </>
      )}
      {answer?.tone === 'red' && <p className="name">{gateMessage(t, answer.message)}</p>}
    </VerdictBox>
  );
}

const Banner = styled.div<{ $online: boolean }>`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  align-items: baseline;
  padding: ${({ theme }) => `${theme.space.md} ${theme.space.lg}`};
  margin-bottom: ${({ theme }) => theme.space.lg};
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme, $online }) => ($online ? theme.tones.green.border : theme.tones.yellow.border)};
  background: ${({ theme, $online }) => ($online ? theme.tones.green.bg : theme.tones.yellow.bg)};
  color: ${({ theme, $online }) => ($online ? theme.tones.green.fg : theme.tones.yellow.fg)};
`;

/**
 * The scan and its verdict first, the set-up below: on a phone the verdict sits above the camera,
 * where the steward is looking. The source order is the visual order, so Tab follows the eye.
 */
const Layout = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  margin-bottom: ${({ theme }) => theme.space.lg};
  grid-template-columns: minmax(0, 1fr);
  grid-template-areas: 'verdict' 'scan' 'setup' 'count';

  @media (min-width: 900px) {
    grid-template-columns: minmax(0, 3fr) minmax(0, 2fr);
    grid-template-areas: 'scan verdict' 'setup count';
  }
`;

const ScanTitle = styled(CardTitle)`
  margin-bottom: ${({ theme }) => theme.space.md};
`;

const Setup = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  grid-template-columns: repeat(auto-fit, minmax(220px, 1fr));
`;

const Offline = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  margin-top: ${({ theme }) => theme.space.lg};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Count = styled.div`
  display: grid;
  align-content: center;
  justify-items: center;
  gap: ${({ theme }) => theme.space.xs};
  padding: ${({ theme }) => theme.space.xl};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  color: ${({ theme }) => theme.colors.textMuted};

  strong {
    font-size: ${({ theme }) => theme.fontSizes.display};
    color: ${({ theme }) => theme.colors.text};
    font-variant-numeric: tabular-nums;
  }
`;

const TypedCode = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space.md};
  margin-top: ${({ theme }) => theme.space.lg};

  > :first-child {
    flex: 1 1 240px;
  }
`;

const VerdictBox = styled.section<{ $tone: Verdict['tone'] | null }>`
  display: grid;
  align-content: center;
  gap: ${({ theme }) => theme.space.sm};
  min-height: 120px;

  @media (min-width: 900px) {
    min-height: 220px;
  }
  padding: ${({ theme }) => theme.space.xl};
  border-radius: ${({ theme }) => theme.radii.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.textMuted};
  overflow-wrap: anywhere;

  h2,
  p {
    margin: 0;
  }
  h2 {
    font-size: ${({ theme }) => theme.fontSizes.display};
  }
  .name {
    font-size: ${({ theme }) => theme.fontSizes.xxl};
    font-weight: ${({ theme }) => theme.fontWeights.bold};
  }

  ${({ theme, $tone }) =>
    $tone &&
    css`
      /* White on green and red, dark on amber: each at least 4.5:1. */
      background: ${{ green: theme.colors.success, amber: theme.tones.yellow.solid, red: theme.colors.danger }[$tone]};
      border-color: transparent;
      color: ${$tone === 'amber' ? theme.colors.text : theme.colors.onPrimary};
    `}
`;

const KitItems = styled.fieldset`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.md};
  margin: ${({ theme }) => `${theme.space.md} 0 0`};
  border: 0;
  padding: 0;
`;

const KitFacts = styled.dl`
  display: grid;
  grid-template-columns: max-content minmax(0, 1fr);
  gap: ${({ theme }) => `${theme.space.xs} ${theme.space.md}`};
  margin: 0;

  dd {
    margin: 0;
    font-weight: ${({ theme }) => theme.fontWeights.bold};
  }
`;

const GateCounts = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  text-align: center;
`;

const Problems = styled.ul`
  margin: ${({ theme }) => `${theme.space.md} 0`};
  padding-left: ${({ theme }) => theme.space.xl};
`;
