// The weekly report's schedule (Settings' Weekly Reports: Monday 09:00 India time, once per week):
// whether one is due is asked at start and every few minutes; services/weekly-reports.ts decides
// and queues it, once per week by its weekly_reports row, so several instances may all ask.
import type { Database } from '../db/client';
import { sendWeeklyReportIfDue } from '../services/weekly-reports';

export const WEEKLY_REPORT_CHECK_MS = 5 * 60_000;

/**
 * The job: at start, then every five minutes, each check in a transaction of its own. Everything
 * it knows is in the database. A check still running when the next is due is not run twice;
 * stop() resolves once the one under way (if any) has finished.
 */
export function startWeeklyReportJob(database: Database, intervalMs = WEEKLY_REPORT_CHECK_MS) {
  let running: Promise<void> | undefined;
  const run = () => {
    running ??= database
      .transaction((tx) => sendWeeklyReportIfDue(tx))
      .then(
        (week) => {
          if (week) console.log(`[reports] weekly report for the week of ${week} queued`);
        },
        (error: unknown) => console.error('[reports] weekly report failed:', error),
      )
      .finally(() => {
        running = undefined;
      });
  };
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
