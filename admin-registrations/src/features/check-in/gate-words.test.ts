import { describe, expect, it } from 'vitest';
import { CHECK_IN_REFUSALS, alreadyCheckedInMessage } from '@tdk/api/contract';
import { loadLanguage, translator } from '@tdk/shared-ui';
import { gateMessage } from './gate-words';
import { NO_LIST_MESSAGE } from './use-gate';

describe('the gate’s answers in its language', () => {
  it('says every refusal and a duplicate in Marathi', async () => {
    await loadLanguage('mr');
    const t = translator('mr', 'gate');
    expect(gateMessage(t, CHECK_IN_REFUSALS.cancelled)).toBe('ही नोंदणी रद्द झाली आहे');
    expect(gateMessage(t, CHECK_IN_REFUSALS.otherEvent)).toBe('हे तिकीट दुसऱ्या कार्यक्रमाचे आहे');
    expect(gateMessage(t, NO_LIST_MESSAGE)).toMatch(/^नेटवर्क नाही/);
    expect(gateMessage(t, alreadyCheckedInMessage('2026-11-24T05:12:00Z', 'Gate 2'))).toMatch(
      /^24 Nov, 10:42 am वाजता Gate 2 येथे आधीच प्रवेश झाला आहे$/,
    );
    for (const text of Object.values(CHECK_IN_REFUSALS)) expect(gateMessage(t, text)).not.toMatch(/[A-Za-z]{3}/);
  });

  it('leaves English as it is, and a message it does not know as it came', () => {
    const t = translator('en', 'gate');
    expect(gateMessage(t, CHECK_IN_REFUSALS.unpaid)).toBe(CHECK_IN_REFUSALS.unpaid);
    expect(gateMessage(translator('mr', 'gate'), 'Something new')).toBe('Something new');
  });
});
