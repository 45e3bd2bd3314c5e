// An event's race reports for managers (issue 44, decisions 066 and 073): one download per report
// and its printable PDF beside it, each saying what it holds and its columns; the server writes them
// (GET /api/admin/events/:id/reports/*.csv and *.pdf) and audits each download. Words in the console's language (namespace 'raceReports').
import styled from 'styled-components';
import {
  PERSONAL_RACE_REPORTS,
  RACE_REPORT_COLUMNS,
  RACE_REPORT_KINDS,
  TIMING_FORMATS,
  PLAIN_TIMING_COLUMNS,
  RACERESULT_TIMING_COLUMNS,
  type RaceReportKind,
  type SportEvent,
} from '@tdk/api/contract';
import { Button, Dialog, registerCatalogues, useT } from '@tdk/shared-ui';
import en from './i18n/en.json';
import { ChipsImport } from './chips-import';

registerCatalogues('raceReports', {
  en,
  hi: () => import(/* webpackChunkName: "i18n-race-reports-hi" */ './i18n/hi.json'),
  mr: () => import(/* webpackChunkName: "i18n-race-reports-mr" */ './i18n/mr.json'),
});

/** Each report's name and what it holds, as catalogue keys. */
const WORDS: Readonly<Record<RaceReportKind, readonly [name: string, about: string]>> = {
  tshirts: ['tshirts.name', 'tshirts.about'],
  medical: ['medical.name', 'medical.about'],
  guardians: ['guardians.name', 'guardians.about'],
  'start-list': ['start-list.name', 'start-list.about'],
  kit: ['kit.name', 'kit.about'],
  'check-ins': ['check-ins.name', 'check-ins.about'],
};

/** The timing hand-off's start lists (decision 068): each format's name, what it is, its columns. */
const TIMING_WORDS = {
  plain: ['timing.plain.name', 'timing.plain.about', PLAIN_TIMING_COLUMNS],
  raceresult: ['timing.raceresult.name', 'timing.raceresult.about', RACERESULT_TIMING_COLUMNS],
} as const;

/** Where a timing start list downloads from. */
export const timingHref = (eventId: number, format: string) => `/api/admin/events/${eventId}/reports/timing.csv?format=${format}`;

/** Where a report downloads from: its CSV, or its PDF to print (decision 073). */
export const raceReportHref = (eventId: number, kind: string, format: 'csv' | 'pdf' = 'csv') =>
  `/api/admin/events/${eventId}/reports/${kind}.${format}`;

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 1rem;
`;
const Item = styled.li`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  align-items: flex-start;
  gap: 0.5rem 1rem;
  & h3 {
    margin: 0;
    font-size: 1rem;
  }
  & p {
    margin: 0.25rem 0 0;
  }
`;
const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
`;
const Small = styled.p`
  font-size: 0.875rem;
  opacity: 0.8;
`;

export function ReportsDialog({ event, onClose }: { event: SportEvent | null; onClose: () => void }) {
  const t = useT('raceReports');
  return (
    <Dialog
      open={event !== null}
      onClose={onClose}
      title={t('title', { event: event?.title ?? '' })}
      size="lg"
      footer={
        <Button variant="outline" onClick={onClose}>
          {t('close')}
        </Button>
      }
    >
      <p>{t('intro')}</p>
      {event && (
        <List>
          {RACE_REPORT_KINDS.map((kind) => (
            <Item key={kind} aria-labelledby={`race-report-${kind}`}>
              <div>
                <h3 id={`race-report-${kind}`}>
                  {t(WORDS[kind][0])}
                  {PERSONAL_RACE_REPORTS.includes(kind) && <Small as="span"> · {t('personal')}</Small>}
                </h3>
                <p>{t(WORDS[kind][1])}</p>
                <Small>{t('columns', { columns: RACE_REPORT_COLUMNS[kind].join(', ') })}</Small>
              </div>
              <Actions>
                <Button
                  as="a"
                  href={raceReportHref(event.id, kind)}
                  variant="outline"
                  download
                  aria-label={`${t('download')}: ${t(WORDS[kind][0])}`}
                >
                  {t('download')}
                </Button>
                {/* The server answers it inline: it opens in a tab of its own, to print. */}
                <Button
                  as="a"
                  href={raceReportHref(event.id, kind, 'pdf')}
                  target="_blank"
                  rel="noopener"
                  variant="outline"
                  aria-label={`${t('print')}: ${t(WORDS[kind][0])}`}
                >
                  {t('print')}
                </Button>
              </Actions>
            </Item>
          ))}
          {TIMING_FORMATS.map((format) => (
            <Item key={format} aria-labelledby={`race-report-timing-${format}`}>
              <div>
                <h3 id={`race-report-timing-${format}`}>
                  {t(TIMING_WORDS[format][0])}
                  <Small as="span"> · {t('personal')}</Small>
                </h3>
                <p>{t(TIMING_WORDS[format][1])}</p>
                <Small>{t('columns', { columns: TIMING_WORDS[format][2].join(', ') })}</Small>
              </div>
              <Button
                as="a"
                href={timingHref(event.id, format)}
                variant="outline"
                download
                aria-label={`${t('download')}: ${t(TIMING_WORDS[format][0])}`}
              >
                {t('download')}
              </Button>
            </Item>
          ))}
        </List>
      )}
      {event && <ChipsImport eventId={event.id} />}
    </Dialog>
  );
}
